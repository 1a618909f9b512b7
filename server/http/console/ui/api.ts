// The console's one way to the service: the typed tRPC client over /trpc, its types inferred from
// AppRouter (nothing here is written by hand), with the session cookie sent as on any same-origin call.
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../routers/index.ts";

export const api = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: "/trpc", fetch: (url, options) => fetch(url, { ...options, credentials: "same-origin" }) })],
});

export type Outputs = inferRouterOutputs<AppRouter>;
export type Inputs = inferRouterInputs<AppRouter>;
export type Me = Outputs["me"]["get"];
export type Invoice = Outputs["invoices"]["get"];

/** The service's own error code (`FORBIDDEN`, `REVISION_CONFLICT`, …), or null for a network failure. */
export function appCodeOf(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data = error.data as { appCode?: string } | undefined;
  return data?.appCode ?? null;
}

/**
 * A new operation id for a revisioned write (invoices.transition). Made from getRandomValues, which
 * unlike randomUUID also works on a plain-http origin that is not loopback.
 */
export function newOperationId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
