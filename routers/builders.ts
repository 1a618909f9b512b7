// tRPC set-up and the named procedure builders. Every procedure starts from one of the builders at
// the bottom; each says in one line who may call it. One guard middleware runs first for every face:
// authenticate (a present but invalid key is 401 everywhere) → key required? → scope → rate limit,
// then it re-codes whatever fails after it (schema issues, domain errors) through the error table.
import { initTRPC, TRPCError } from "@trpc/server";
import type { z } from "zod";
import type { Principal } from "../server/domain/access.ts";
import { AppError, ERROR_TABLE, codeForTrpcCode } from "../server/domain/errors.ts";
import type { PaidOperation } from "../server/domain/prices.ts";
import type { Scope } from "../server/domain/scopes.ts";
import { addressSubject } from "../server/access/rate-limit.ts";
import { chargeFor } from "../server/payments/guard.ts";
import type { Context } from "./context.ts";
import { toAppError } from "./errors.ts";
import type { Meta, PriceCondition } from "./meta.ts";

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

/**
 * Whose turn a call's heavy work (OCR, extraction, a brand page) waits for in a fair worker pool:
 * its account's, or a keyless caller's address's, so no caller's documents queue another's.
 */
export function workOwner(ctx: { accountId: string | null; clientIp: string }): string {
  return ctx.accountId ?? addressSubject(ctx.clientIp);
}

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
 * Open to anyone, but paid (README "Payments"): without a credential the call needs an x402
 * payment, verified before the work runs and settled after it (ADR 0023); with one it counts as the
 * account's usage.
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
