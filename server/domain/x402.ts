// x402 (ADR 0023): what the service asks for and what it accepts, as pure data. The
// service offers the `exact` scheme in USDC on one Base network; a facilitator verifies and settles.
import { Buffer } from "node:buffer";
import { z } from "zod";
import { PAID_OPERATIONS, usdcAtomic, type PaidOperation } from "./prices.ts";

export const X402_NETWORKS = ["eip155:8453", "eip155:84532"] as const;
export type X402Network = (typeof X402_NETWORKS)[number];

/** USDC on each network, with the EIP-712 domain (name, version) its transferWithAuthorization is signed under. */
export const USDC: Record<X402Network, { address: string; name: string; version: string }> = {
  "eip155:8453": { address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", name: "USD Coin", version: "2" },
  "eip155:84532": { address: "0x036CbD53842c5426634e7929541eC2318f3dCF7e", name: "USDC", version: "2" },
};

/** How long a payer's signed authorization may take to reach us and be settled. */
export const MAX_TIMEOUT_SECONDS = 120;

export type X402Settings = { payTo: string | null; network: X402Network; facilitatorUrl: string | null };

export type PaymentRequirements = {
  scheme: "exact";
  network: X402Network;
  amount: string;
  asset: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra: { name: string; version: string };
};

export type ResourceInfo = { url: string; description: string; mimeType: string };

/** The v2 402 answer (the PAYMENT-REQUIRED header's JSON). */
export type PaymentRequired = { x402Version: 2; error: string; resource: ResourceInfo; accepts: PaymentRequirements[] };

/** What the facilitator's /settle answers, and what the service hands back as the receipt. */
export type SettleResponse = { success: boolean; transaction: string; network: string; payer?: string; errorReason?: string };

/** The settings still missing before payments can be taken (X402_PAY_TO, X402_FACILITATOR_URL). */
export function missingSettings(settings: X402Settings): string[] {
  return [settings.payTo ? null : "X402_PAY_TO", settings.facilitatorUrl ? null : "X402_FACILITATOR_URL"].filter((name) => name !== null);
}

/** The one way to pay for `operation`: its price in USDC on the configured network, to the configured address. */
export function requirementsFor(operation: PaidOperation, settings: X402Settings & { payTo: string }): PaymentRequirements {
  const usdc = USDC[settings.network];
  return {
    scheme: "exact",
    network: settings.network,
    amount: usdcAtomic(PAID_OPERATIONS[operation].usd),
    asset: usdc.address,
    payTo: settings.payTo,
    maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
    extra: { name: usdc.name, version: usdc.version },
  };
}

export function paymentRequired(operation: PaidOperation, resource: string, error: string, accepts: PaymentRequirements[]): PaymentRequired {
  return {
    x402Version: 2,
    error,
    resource: { url: resource, description: `${PAID_OPERATIONS[operation].title}: ${PAID_OPERATIONS[operation].usd} USD per call`, mimeType: "application/json" },
    accepts,
  };
}

/** The same requirements as x402 v1 clients read them from the 402 body. */
export function v1Body(required: PaymentRequired): { x402Version: 1; error: string; accepts: unknown[] } {
  return {
    x402Version: 1,
    error: required.error,
    accepts: required.accepts.map((accept) => ({
      scheme: accept.scheme,
      network: V1_NETWORK_NAMES[accept.network],
      maxAmountRequired: accept.amount,
      resource: required.resource.url,
      description: required.resource.description,
      mimeType: required.resource.mimeType,
      payTo: accept.payTo,
      maxTimeoutSeconds: accept.maxTimeoutSeconds,
      asset: accept.asset,
      extra: accept.extra,
    })),
  };
}

const hex = (bytes: number) => z.string().regex(new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`));
const uint = z.string().regex(/^\d{1,78}$/);

const authorization = z.object({ from: hex(20), to: hex(20), value: uint, validAfter: uint, validBefore: uint, nonce: hex(32) });

/** A payment as clients send it: v2 names what it accepted, v1 its scheme and network. */
export const paymentPayloadSchema = z.object({
  x402Version: z.union([z.literal(1), z.literal(2)]),
  scheme: z.string().optional(),
  network: z.string().optional(),
  accepted: z.object({ scheme: z.string(), network: z.string() }).loose().optional(),
  resource: z.unknown().optional(),
  payload: z.object({ signature: z.string().regex(/^0x[0-9a-fA-F]+$/), authorization }),
  extensions: z.unknown().optional(),
});

export type PaymentPayload = z.infer<typeof paymentPayloadSchema>;

/**
 * The payment a call presents, from a base64 header or an MCP `_meta` object; a reason when it cannot
 * be read. Whether it answers this call is paymentMismatch's to say, whether it is good the facilitator's.
 */
export function readPayment(presented: unknown): { payment: PaymentPayload } | { reason: string } {
  let value = presented;
  if (typeof presented === "string") {
    try {
      value = JSON.parse(Buffer.from(presented, "base64").toString("utf8"));
    } catch {
      return { reason: "The payment header is not base64-encoded JSON" };
    }
  }
  const parsed = paymentPayloadSchema.safeParse(value);
  if (!parsed.success) return { reason: `The payment is not an x402 exact-scheme payload (${parsed.error.issues[0]?.path.join(".") || "payload"})` };
  return { payment: parsed.data };
}

/**
 * Why the payment does not answer the requirements the service issued for this call, or null when
 * it does. Its scheme and network (v2: what it `accepted`; v1: its own); v2's accepted amount, asset
 * and payTo; and, either version, the signed authorization's value and recipient must all be ours,
 * so a payment for another price or another payee is refused here, before the facilitator is asked.
 * The reason names the field and what this call asks, never what the payer sent.
 */
export function paymentMismatch(payment: PaymentPayload, requirements: PaymentRequirements): string | null {
  const scheme = payment.accepted?.scheme ?? payment.scheme;
  const network = payment.accepted?.network ?? payment.network;
  const ourNetwork = network === requirements.network || (payment.x402Version === 1 && network === V1_NETWORK_NAMES[requirements.network]);
  if (scheme !== requirements.scheme || !ourNetwork) return `Pay with the exact scheme on ${requirements.network}`;
  const sameAddress = (value: unknown, ours: string): boolean => typeof value === "string" && value.toLowerCase() === ours.toLowerCase();
  const differs = (field: string, ours: string): string => `The payment's ${field} is not what this call asks (${ours}): pay what PAYMENT-REQUIRED says`;
  if (payment.x402Version === 2) {
    const accepted = payment.accepted;
    if (!accepted) return "A v2 payment names the requirements it accepted (accepted)";
    if (accepted.amount !== requirements.amount) return differs("accepted.amount", requirements.amount);
    if (!sameAddress(accepted.asset, requirements.asset)) return differs("accepted.asset", requirements.asset);
    if (!sameAddress(accepted.payTo, requirements.payTo)) return differs("accepted.payTo", requirements.payTo);
  }
  const { authorization } = payment.payload;
  if (authorization.value !== requirements.amount) return differs("authorization value", requirements.amount);
  if (!sameAddress(authorization.to, requirements.payTo)) return differs("authorization recipient", requirements.payTo);
  return null;
}

/** v1 clients name networks by their old names. */
const V1_NETWORK_NAMES: Record<X402Network, string> = { "eip155:8453": "base", "eip155:84532": "base-sepolia" };

/** What makes a payment one payment: its authorization's nonce, per payer, token and network (EIP-3009). */
export function nonceKey(payment: PaymentPayload, requirements: PaymentRequirements): string {
  const { from, nonce } = payment.payload.authorization;
  return `${requirements.network}:${requirements.asset.toLowerCase()}:${from.toLowerCase()}:${nonce.toLowerCase()}`;
}

/** A transaction a receipt names: an EVM hash (0x and hex) or a base58 signature, of a bounded length. */
const TRANSACTION = /^(0x[0-9a-fA-F]{1,128}|[1-9A-HJ-NP-Za-km-z]{32,128})$/;
/** A payer a receipt names: an EVM address or a base58 public key. */
const PAYER = /^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/;
/** The most of a facilitator's reason passed on to the caller (reasons are short codes). */
export const MAX_FACILITATOR_REASON = 200;

/** A facilitator's reason as the caller reads it: one line of at most 200 characters; absent when not text. */
export function facilitatorReason(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const line = value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  if (line === "") return undefined;
  return line.length > MAX_FACILITATOR_REASON ? `${line.slice(0, MAX_FACILITATOR_REASON)}…` : line;
}

/**
 * The receipt handed back (PAYMENT-RESPONSE, MCP `_meta`) from a facilitator's /settle answer: only
 * success, the transaction, the network the service asked for and the payer, each checked for its
 * form, so however much a facilitator answers the header stays a few hundred bytes. A transaction
 * that is not a hash of a sane length is left out (empty); the settlement stands, the facilitator
 * said so. A failed settlement keeps its reason, bounded, for the 402 that says why.
 */
export function settleReceipt(answer: Record<string, unknown>, network: string): SettleResponse {
  const success = answer.success === true;
  const transaction = typeof answer.transaction === "string" && TRANSACTION.test(answer.transaction) ? answer.transaction : "";
  const payer = typeof answer.payer === "string" && PAYER.test(answer.payer) ? answer.payer : undefined;
  const errorReason = success ? undefined : facilitatorReason(answer.errorReason);
  return { success, transaction, network, ...(payer ? { payer } : {}), ...(errorReason ? { errorReason } : {}) };
}

export function encodeHeader(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64");
}
