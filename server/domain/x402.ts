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
 * be read. Whether it is good is the facilitator's to say.
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

/** Whether the payment answers `requirements`' scheme and network at all (the facilitator checks the rest). */
export function offeredFor(payment: PaymentPayload, requirements: PaymentRequirements): boolean {
  const scheme = payment.accepted?.scheme ?? payment.scheme;
  const network = payment.accepted?.network ?? payment.network;
  return scheme === requirements.scheme && (network === requirements.network || (payment.x402Version === 1 && network === V1_NETWORK_NAMES[requirements.network]));
}

/** v1 clients name networks by their old names. */
const V1_NETWORK_NAMES: Record<X402Network, string> = { "eip155:8453": "base", "eip155:84532": "base-sepolia" };

/** What makes a payment one payment: its authorization's nonce, per payer, token and network (EIP-3009). */
export function nonceKey(payment: PaymentPayload, requirements: PaymentRequirements): string {
  const { from, nonce } = payment.payload.authorization;
  return `${requirements.network}:${requirements.asset.toLowerCase()}:${from.toLowerCase()}:${nonce.toLowerCase()}`;
}

export function encodeHeader(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64");
}
