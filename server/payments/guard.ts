// The payment rail (ADR 0023): every paid procedure runs through `chargeFor`. A credential covers
// the call and counts it as its account's usage, up to its tier's monthly allowance; a caller
// without one (or past the allowance) pays per call with x402: check the payment answers the
// requirements issued for this call (price, payee, asset, network), verify with the facilitator, claim
// the authorization's nonce, run the operation, settle, and only then hand the result back with its
// receipt. Anything that fails before settlement releases the claim and charges nothing.
import type { Principal } from "../domain/access.ts";
import { AppError } from "../domain/errors.ts";
import { PAID_OPERATIONS, type PaidOperation } from "../domain/prices.ts";
import { sha256Hex } from "../domain/secrets.ts";
import {
  encodeHeader,
  missingSettings,
  nonceKey,
  paymentMismatch,
  paymentRequired,
  readPayment,
  requirementsFor,
  v1Body,
  type PaymentPayload,
  type PaymentRequired,
  type PaymentRequirements,
  type SettleResponse,
} from "../domain/x402.ts";
import { addPaidUsage, paidUsageOf } from "../../db/queries/paid-usage.ts";
import { claimPayment, completePayment, paymentTaken, releasePayment } from "../../db/queries/x402-payments.ts";
import type { Services } from "../services.ts";
import { facilitatorAt, FACILITATOR_RETRY_AFTER, type FacilitatorRequest } from "./facilitator.ts";

/** What a call presents to pay (a header's base64 or MCP's `_meta` object) and the receipt it earns. */
export type PaymentSlot = { presented: unknown; receipt: SettleResponse | null };

/** What the rail needs of a call: who it is, where it came from, and where the headers go. */
export type PaidCall = {
  services: Services;
  principal: Principal | null;
  requestId: string;
  responseHeaders: Record<string, string>;
  payment: PaymentSlot;
  /** The URL the payment is for (REST path, tRPC path, or the MCP tool). */
  resource: string;
};

type Outcome = { ok: boolean; data?: unknown };

/** The calendar month (UTC) usage is counted in. */
export function usageMonth(now: Date): string {
  return now.toISOString().slice(0, 7);
}

export async function chargeFor<Result extends Outcome>(call: PaidCall, operation: PaidOperation, run: () => Promise<Result>): Promise<Result> {
  const { services, principal } = call;
  if (principal && (!PAID_OPERATIONS[operation].metered || (await withinAllowance(services, principal)))) {
    const result = await run();
    if (result.ok) await services.database.write((tx) => addPaidUsage(tx, principal.accountId, usageMonth(services.clock.now()), operation));
    return result;
  }
  return paidPerCall(call, operation, run, principal ? `The ${principal.tier} tier's paid operations for this month are used up` : null);
}

/** The calls of a month that count against the allowance (the metered operations'). */
export function meteredCalls(rows: readonly { operation: string; count: number }[]): number {
  return rows.reduce((sum, row) => sum + (PAID_OPERATIONS[row.operation as PaidOperation]?.metered ? row.count : 0), 0);
}

async function withinAllowance(services: Services, principal: Principal): Promise<boolean> {
  const allowance = services.config.paidCallsPerMonth[principal.tier];
  if (allowance === null) return true;
  return meteredCalls(await paidUsageOf(services.database.db, principal.accountId, usageMonth(services.clock.now()))) < allowance;
}

async function paidPerCall<Result extends Outcome>(call: PaidCall, operation: PaidOperation, run: () => Promise<Result>, overAllowance: string | null): Promise<Result> {
  const { services } = call;
  const settings = services.config.x402;
  const missing = missingSettings(settings);
  const price = `${PAID_OPERATIONS[operation].usd} USD`;
  if (settings.payTo === null || settings.facilitatorUrl === null) {
    const why = overAllowance ?? "This operation needs a credential or a payment";
    throw new AppError("PAYMENT_REQUIRED", `${why}; paying per call is not configured on this server (${missing.join(", ")} unset), so use an API key`, {
      operation,
      price_usd: PAID_OPERATIONS[operation].usd,
      missing,
    });
  }
  const requirements = requirementsFor(operation, { ...settings, payTo: settings.payTo });
  const ask = (reason: string | null): AppError => {
    const message = reason ?? `${overAllowance ? `${overAllowance}: ` : ""}Payment required: ${price} in USDC on ${settings.network} (x402)`;
    return refusal(call, paymentRequired(operation, call.resource, message, [requirements]), operation, reason);
  };
  if (call.payment.presented === null || call.payment.presented === undefined) throw ask(null);
  const read = readPayment(call.payment.presented);
  if ("reason" in read) throw ask(read.reason);
  const payment = read.payment;
  const mismatch = paymentMismatch(payment, requirements);
  if (mismatch) throw ask(mismatch);

  // A spent authorization is refused here without asking the facilitator; the claim below settles races.
  const key = nonceKey(payment, requirements);
  const alreadyUsed = "This payment was already used: sign a new authorization (a new nonce) for each call";
  if (await paymentTaken(services.database.db, key)) throw ask(alreadyUsed);
  const facilitator = facilitatorAt(settings.facilitatorUrl);
  const request = facilitatorRequest(payment, requirements, call.resource, operation);
  const verified = await unavailableAsRetry(call, () => facilitator.verify(request));
  if (!verified.isValid) throw ask(`The payment was refused: ${verified.invalidReason ?? "invalid"}${verified.invalidMessage ? ` (${verified.invalidMessage})` : ""}`);

  const claimed = await services.database.write((tx) =>
    claimPayment(tx, {
      nonceKey: key,
      operation,
      network: requirements.network,
      amount: requirements.amount,
      payer: payment.payload.authorization.from.toLowerCase(),
      requestId: call.requestId,
      createdAt: services.clock.now().toISOString(),
    }),
  );
  if (!claimed) throw ask(alreadyUsed);

  let settled: SettleResponse;
  let result: Result;
  try {
    result = await run();
    if (!result.ok) {
      await services.database.write((tx) => releasePayment(tx, key));
      return result;
    }
    settled = await unavailableAsRetry(call, () => facilitator.settle(request));
  } catch (error) {
    await services.database.write((tx) => releasePayment(tx, key));
    throw error;
  }
  if (!settled.success) {
    await services.database.write((tx) => releasePayment(tx, key));
    throw ask(`Settlement failed: ${settled.errorReason ?? "unknown reason"}; nothing was delivered or charged`);
  }
  const resultSha256 = await sha256Hex(JSON.stringify(result.data ?? null));
  await services.database.write((tx) => completePayment(tx, key, { transaction: settled.transaction, resultSha256, settledAt: services.clock.now().toISOString() }));
  call.payment.receipt = settled;
  call.responseHeaders[payment.x402Version === 1 ? "x-payment-response" : "payment-response"] = encodeHeader(settled);
  return result;
}

/** The facilitator's request: v2 as offered; v1 clients get the requirements in v1's shape. */
function facilitatorRequest(payment: PaymentPayload, requirements: PaymentRequirements, resource: string, operation: PaidOperation): FacilitatorRequest {
  if (payment.x402Version === 2) return { x402Version: 2, paymentPayload: payment, paymentRequirements: requirements };
  const [v1Requirements] = v1Body(paymentRequired(operation, resource, "", [requirements])).accepts as Record<string, unknown>[];
  return { x402Version: 1, paymentPayload: payment, paymentRequirements: v1Requirements ?? {} };
}

/** A 402 carrying the requirements: the PAYMENT-REQUIRED header here, the faces put the rest in their bodies. */
function refusal(call: PaidCall, required: PaymentRequired, operation: PaidOperation, reason: string | null): AppError {
  call.responseHeaders["payment-required"] = encodeHeader(required);
  return new AppError("PAYMENT_REQUIRED", required.error, { operation, price_usd: PAID_OPERATIONS[operation].usd, ...(reason ? { reason } : {}), x402: required });
}

async function unavailableAsRetry<T>(call: PaidCall, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === "SERVICE_UNAVAILABLE") call.responseHeaders["retry-after"] = String(FACILITATOR_RETRY_AFTER);
    throw error;
  }
}
