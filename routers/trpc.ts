// tRPC set-up and the named procedure builders. Every procedure starts from one of the builders at
// the bottom; each says in one line who may call it. One guard middleware runs first for every face:
// authenticate (a present but invalid key is 401 everywhere) → key required? → scope → rate limit,
// then it re-codes whatever fails after it (schema issues, domain errors) through the error table.
import { initTRPC, TRPCError } from "@trpc/server";
import type { z } from "zod";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { Face, Principal } from "../server/domain/access.ts";
import { AppError, ERROR_TABLE, codeForTrpcCode } from "../server/domain/errors.ts";
import type { ProgressReporter } from "../server/domain/progress.ts";
import type { Scope } from "../server/domain/scopes.ts";
import { errorFromIssues, type SchemaIssue } from "../server/domain/validation.ts";
import type { Catalog } from "../server/http/catalog.ts";
import { addressSubject } from "../server/access/rate-limit.ts";
import type { PaidOperation } from "../server/domain/prices.ts";
import { chargeFor, type PaymentSlot } from "../server/payments/guard.ts";
import { failedPart, unavailable } from "../server/platform/faults.ts";
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

export type ToolHints = { readOnly: boolean; destructive: boolean; idempotent: boolean; openWorld: boolean };

/** Exposes a procedure as (part of) a JSON-RPC/MCP tool; aggregate tools dispatch on `action`. */
export type ToolMeta = {
  name: string;
  /** Set when several procedures share the tool; the caller picks one with `{action}`. */
  action?: string;
  /** The action run when a call names none (invoices.query lists, invoices.finalize finalizes). */
  isDefault?: boolean;
  /** Runs, when a call names no action, if the arguments hold this field (invoices.export's `invoice`). */
  selectWhen?: string;
  /** For `entities.*`: which entity the action is about (`{entity, action}`). */
  entity?: string;
  title: string;
  description: string;
  /** The spec's Auth column: "none" tools are open to call, though stored data still needs a key. */
  auth: "none" | "key";
  hints: ToolHints;
  /** The tool's output is an exported file's link (MCP: text inline, the rest as a resource_link). */
  returnsFile?: boolean;
  /**
   * One valid call of this action, without `action`/`entity` (the registry adds them): tools/list
   * shows it in the tool's description, and a test runs it through the procedure's input schema.
   */
  example: Record<string, unknown>;
};

/** What the procedures of one aggregate tool share; each procedure adds its action and example. */
export type ToolFamily = Omit<ToolMeta, "action" | "isDefault" | "selectWhen" | "entity" | "example">;

/** A price that applies to some inputs only: the test on the parsed input, and the same in words for the catalogs. */
export type PriceCondition<Input> = { appliesTo: (input: Input) => boolean; when: string };

export type Meta = OpenApiMeta & {
  tool?: ToolMeta;
  /** REST success status when it is not 200 (create: 201 with Location). */
  successStatus?: 201;
  /**
   * For a 201 route whose output is not the created resource itself: the created id in the output,
   * or null when the call created nothing (a dry run answers 200 without Location).
   */
  createdId?: (output: never) => string | null;
  /** REST also takes the body as text/plain, as this input field (the rest from the query string). */
  textBody?: string;
  /** Housekeeping (health, capabilities): never rate limited. */
  unmetered?: boolean;
  /** The scope a key needs, recorded by the builder for capabilities and docs. */
  scope?: Scope;
  /** Set by keyProcedure (and so scopedProcedure): a call without a valid credential is 401. */
  keyRequired?: true;
  /** The kinds of credential allowed (unset: all); another kind gets 403. */
  principals?: Principal["kind"][];
  /**
   * A paid operation (spec §8): a caller without a credential pays per call with x402, a credential
   * counts it as its account's usage. `when` says in words which inputs are priced, when not all
   * are (an inline export is priced only when it renders a PDF or PNG).
   */
  price?: { operation: PaidOperation; when?: string };
  /**
   * REST also takes the body as raw bytes of these media types (an image, a PDF), up to `maxBytes`,
   * into `field` as base64 with `content_type` beside it; the rest of the input from the query string.
   */
  binaryBody?: { field: string; types: readonly string[]; maxBytes: number };
  /**
   * REST also takes a multipart/form-data upload: one file part fills `file` (base64) and `name`;
   * several fill `many` as a list of {content, file_name}. Needs binaryBody's limit, for all parts.
   */
  multipartBody?: { file: string; name: string; many?: string };
  /** REST: where the created (201) or accepted (202) resource is read, `{id}` its id, when not at the collection's own path. */
  location?: string;
  /** REST answers 202 Accepted when this holds of the output: the work goes on after the answer. */
  acceptedWhen?: (output: never) => boolean;
};

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const app = error.cause instanceof AppError ? error.cause : null;
      return {
        ...shape,
        data: {
          ...shape.data,
          stack: undefined,
          appCode: app?.code ?? codeForTrpcCode(error.code),
          details: app?.details ?? null,
        },
      };
    },
  });

export const router = t.router;
export const mergeRouters = t.mergeRouters;

function issuesOf(cause: unknown): SchemaIssue[] | null {
  const issues = (cause as { issues?: unknown } | null)?.issues;
  return Array.isArray(issues) ? (issues as SchemaIssue[]) : null;
}

/**
 * Any failure as our AppError: domain errors pass through, the input's schema issues get the spec's
 * codes, a part the service stands on failing is 503 (server/platform/faults.ts). Anything else keeps only its
 * code and the table's message: an output that fails its schema is our fault (500), and a runtime's
 * own message is not for callers.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const part = failedPart(error);
  if (part) return unavailable(part);
  if (error instanceof TRPCError) {
    if (error.cause instanceof AppError) return error.cause;
    const issues = issuesOf(error.cause);
    if (issues && error.code === "BAD_REQUEST") return errorFromIssues(issues);
    return new AppError(codeForTrpcCode(error.code));
  }
  return new AppError("INTERNAL_ERROR");
}

/** A failure as the TRPCError every face reads: its tRPC code from the error table, our AppError as cause. */
function recoded(ctx: Context, path: string, error: unknown): TRPCError {
  const app = toAppError(error);
  Object.assign(ctx.responseHeaders, app.headers);
  if (app.code === "INTERNAL_ERROR") {
    const thrown = (error instanceof TRPCError ? error.cause : undefined) ?? error;
    // An internal error raised elsewhere (a render worker) carries what really happened as its cause.
    const cause = thrown instanceof AppError && thrown.cause !== undefined ? thrown.cause : thrown;
    ctx.services.logger.error("procedure failed", {
      path,
      request_id: ctx.requestId,
      error: cause instanceof Error ? (cause.stack ?? cause.message) : String(cause),
    });
  }
  if (app.code === "SERVICE_UNAVAILABLE" && app.details?.part) {
    ctx.services.logger.warn("part unavailable", { path, request_id: ctx.requestId, part: app.details.part, error: error instanceof Error ? error.message : String(error) });
  }
  // tRPC wraps a thrown AppError as INTERNAL_SERVER_ERROR: re-code it so /trpc answers the right status.
  if (error instanceof TRPCError && error.cause === app && error.code === ERROR_TABLE[app.code].trpc) return error;
  return new TRPCError({ code: ERROR_TABLE[app.code].trpc, message: app.message, cause: app });
}

/** 403 unless the caller holds `scope`; also for open procedures that need a scope only for some data. */
export function assertScope(principal: Principal, scope: Scope): void {
  if (!principal.scopes.includes(scope)) throw new AppError("FORBIDDEN", `The ${CREDENTIAL_NAMES[principal.kind]} lacks the ${scope} scope`, { required_scope: scope });
}

const CREDENTIAL_NAMES: Record<Principal["kind"], string> = { key: "API key", session: "signed-in member's role", agent: "agent's grant" };

/**
 * Admits a call: resolves its credential (a present but invalid bearer one is 401 everywhere), then
 * — when the procedure needs them — checks that there is one, of an allowed kind, holding the
 * scope, and last counts the call against its tier, so a refused caller gets 401/403, never 429.
 * One middleware, so a request pays for one context merge.
 */
async function admit(ctx: Context, meta: Meta | undefined, needsKey: boolean): Promise<Principal | null> {
  const principal = await ctx.services.credentials.resolve({ authorization: ctx.authorization, sessionToken: ctx.sessionToken }, ctx.clientIp, ctx.face);
  if (principal) ctx.log.accountId = principal.accountId;
  if (needsKey && !principal) throw new AppError("UNAUTHORIZED", "This operation needs a credential: Authorization: Bearer svc_… (an API key) or an OAuth access token");
  if (principal && meta?.principals && !meta.principals.includes(principal.kind)) {
    throw new AppError("FORBIDDEN", `This operation is not open to ${KIND_NAMES[principal.kind]}: it needs ${meta.principals.map((kind) => KIND_NAMES[kind]).join(" or ")}`, { allowed: meta.principals });
  }
  const scope = meta?.scope;
  if (scope && principal) assertScope(principal, scope);
  if (!meta?.unmetered) await countCall(ctx, principal);
  return principal;
}

const KIND_NAMES: Record<Principal["kind"], string> = { key: "an API key", session: "a signed-in session", agent: "an agent's access token" };

/** Counts the call against the caller's tier: its account's with a credential, its address's without. */
async function countCall(ctx: Context, principal: Principal | null): Promise<void> {
  const tier = principal?.tier ?? "anonymous";
  const limits = ctx.services.config.tierLimits[tier];
  if (!limits) return;
  const subject = principal ? `acc:${principal.accountId}` : addressSubject(ctx.clientIp);
  const decision = await ctx.services.rateLimiter.hit(subject, limits, ctx.services.clock.now());
  Object.assign(ctx.responseHeaders, decision.headers);
  if (!decision.allowed) {
    throw new AppError("RATE_LIMITED", `Rate limit of the ${tier} tier exceeded; retry after ${decision.headers["Retry-After"]} s`, {
      tier,
      retry_after: Number(decision.headers["Retry-After"]),
    });
  }
}

type Admitted<NeedsKey extends boolean> = NeedsKey extends true
  ? { principal: Principal; accountId: string }
  : { principal: Principal | null; accountId: string | null };

/**
 * The one middleware every procedure starts with (one hop: tRPC copies its options at each):
 * admits the call, runs the rest, and re-codes any failure, including admission's own.
 */
function guarded<NeedsKey extends boolean>(needsKey: NeedsKey) {
  return t.procedure.use(async ({ ctx, meta, path, next }) => {
    let principal: Principal | null;
    try {
      principal = await admit(ctx, meta, needsKey);
    } catch (error) {
      throw recoded(ctx, path, error);
    }
    const result = await next({ ctx: { principal, accountId: principal?.accountId ?? null } as Admitted<NeedsKey> });
    return result.ok ? result : { ...result, error: recoded(ctx, path, result.error) };
  });
}

/** Open to anyone; a present but invalid bearer credential is still refused (401). Rate limited as the caller's tier. */
export const publicProcedure = guarded(false);

/** Open housekeeping (health, capabilities): never rate limited. */
export const housekeepingProcedure = publicProcedure.meta({ unmetered: true });

/**
 * Needs a credential (an API key, an agent's access token or a session), whatever its scopes; the
 * procedure then works inside that credential's account.
 */
export const keyProcedure = guarded(true).meta({ keyRequired: true });

/** Needs a credential holding `scope` (checked by `admit` from the meta). */
export function scopedProcedure(scope: Scope) {
  return keyProcedure.meta({ scope });
}

/**
 * Open to anyone, but paid (spec §8): without a credential the call needs an x402 payment, verified
 * before the work runs and settled after it (ADR 0023); with one it counts as the account's usage.
 * The input is parsed first, so a call that would be refused anyway is refused before anyone pays.
 */
export function pricedProcedure<Schema extends z.ZodType>(operation: PaidOperation, input: Schema, condition?: PriceCondition<z.output<Schema>>) {
  return publicProcedure
    .meta({ price: { operation, ...(condition ? { when: condition.when } : {}) } })
    .input(input)
    .use(({ ctx, meta, path, input: parsed, next }) => {
      if (condition && !condition.appliesTo(parsed as z.output<Schema>)) return next();
      return chargeFor({ ...ctx, resource: paidResource(ctx, meta, path) }, operation, next);
    });
}

/** What an x402 payment is for: the operation's REST route (also for /trpc), or the MCP tool. */
function paidResource(ctx: Context, meta: Meta | undefined, path: string): string {
  const base = ctx.services.config.publicUrl;
  if (ctx.face === "mcp") return `${base}/api/mcp#${meta?.tool?.name ?? path}`;
  return meta?.openapi ? `${base}/api${meta.openapi.path}` : `${base}/trpc/${path}`;
}

/** Needs a signed-in person's session (their own sessions, account switching, accepting an invite). */
export const sessionProcedure = keyProcedure.meta({ principals: ["session"] });

/** Needs a session holding `scope`: what a person does in the console and no key or agent may (granting agents). */
export function sessionScopedProcedure(scope: Scope) {
  return sessionProcedure.meta({ scope });
}
