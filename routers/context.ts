// What every face hands a procedure: the services, the catalog, the credentials the request carries,
// and the slots a procedure fills for the face (response headers, progress, the payment receipt).
import type { Face } from "../server/domain/access.ts";
import type { Catalog } from "../server/domain/catalog.ts";
import type { ProgressReporter } from "../server/domain/progress.ts";
import type { PaymentSlot } from "../server/payments/guard.ts";
import type { Services } from "../server/services.ts";

/** What every face hands a procedure. */
export type Context = {
  services: Services;
  /** The faces' own view of the router (tools, REST operations), for svc.capabilities. */
  catalog: Catalog;
  authorization: string | null;
  /** The session cookie's value, when the request carries one. */
  sessionToken: string | null;
  /** Which face the call came through: an access token bound to the MCP endpoint works only there. */
  face: Face;
  clientIp: string;
  requestId: string;
  /** Headers a middleware wants on the HTTP response (rate limits); the face copies them out. */
  responseHeaders: Record<string, string>;
  /** Filled in by authentication, read by the request log. */
  log: { accountId?: string };
  /**
   * Reports how far long work has got: MCP streams it as notifications/progress when the call asked
   * for it (a progressToken); elsewhere it goes nowhere.
   */
  progress: ProgressReporter;
  /**
   * x402: the payment the call presents (REST and /trpc: the PAYMENT-SIGNATURE or X-PAYMENT header;
   * MCP: params._meta["x402/payment"]) and, once settled, the receipt each face hands back.
   */
  payment: PaymentSlot;
};
