// A local stand-in for an x402 payment facilitator: a real HTTP server on 127.0.0.1 answering
// /supported, /verify and /settle as facilitators do, for the `exact` scheme on Base and Base
// Sepolia. It checks what a real one checks before touching the chain: the scheme and network, the
// recipient, the amount, the time window, the EIP-712 transferWithAuthorization signature (for real,
// with viem), the payer's balance and whether the nonce was spent. Settling spends the nonce and
// moves the balance in memory, so a second settlement of one authorization fails as on chain.
import { getAddress, verifyTypedData, type Hex } from "viem";

export type FacilitatorDouble = {
  url: string;
  /** Bodies of the /verify and /settle calls, in order. */
  verified: unknown[];
  settled: unknown[];
  /** Successful settlements. */
  settlements: { payer: string; to: string; value: bigint; transaction: string }[];
  /** Balances in USDC atomic units; unknown payers hold 1 USDC. */
  balances: Map<string, bigint>;
  /** When set, /settle fails with this reason (the chain refused the transfer). */
  failSettlementWith: string | null;
  /** When set, every call answers this HTTP status with a non-JSON body (a facilitator in trouble). */
  answerStatus: number | null;
  /** When set, merged into every /verify and /settle answer (a facilitator answering more than it should). */
  answerExtra: Record<string, unknown> | null;
  close(): void;
};

const CHAIN_IDS: Record<string, number> = { "eip155:8453": 8453, "eip155:84532": 84532, base: 8453, "base-sepolia": 84532 };

const AUTHORIZATION_TYPES = {
  TransferWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
} as const;

type Authorization = { from: string; to: string; value: string; validAfter: string; validBefore: string; nonce: string };
type Body = {
  x402Version: number;
  paymentPayload: { x402Version: number; scheme?: string; network?: string; accepted?: { scheme: string; network: string }; payload: { signature: string; authorization: Authorization } };
  paymentRequirements: { scheme: string; network: string; amount?: string; maxAmountRequired?: string; asset: string; payTo: string; extra?: { name?: string; version?: string } };
};

export async function startFacilitator(): Promise<FacilitatorDouble> {
  const spent = new Set<string>();
  const double: FacilitatorDouble = {
    url: "",
    verified: [],
    settled: [],
    settlements: [],
    balances: new Map(),
    failSettlementWith: null,
    answerStatus: null,
    answerExtra: null,
    close: () => server.stop(true),
  };

  /** Why the payment is not good for these requirements, or null; what a facilitator checks before settling. */
  async function refusal(body: Body): Promise<string | null> {
    const { paymentPayload: payment, paymentRequirements: requirements } = body;
    const scheme = payment.accepted?.scheme ?? payment.scheme;
    const network = payment.accepted?.network ?? payment.network;
    if (scheme !== "exact" || requirements.scheme !== "exact") return "invalid_exact_evm_scheme";
    if (network !== requirements.network) return "invalid_exact_evm_network_mismatch";
    const chainId = CHAIN_IDS[requirements.network];
    if (chainId === undefined) return "invalid_exact_evm_network_mismatch";
    const authorization = payment.payload.authorization;
    if (getAddress(authorization.to) !== getAddress(requirements.payTo)) return "invalid_exact_evm_recipient_mismatch";
    const amount = requirements.amount ?? requirements.maxAmountRequired ?? "";
    if (authorization.value !== amount) return "invalid_exact_evm_payload_authorization_value_mismatch";
    const now = BigInt(Math.floor(Date.now() / 1000));
    if (BigInt(authorization.validAfter) > now) return "invalid_exact_evm_payload_authorization_valid_after";
    // A few seconds' margin for the transaction to be mined, as facilitators keep.
    if (BigInt(authorization.validBefore) < now + 6n) return "invalid_exact_evm_payload_authorization_valid_before";
    let signed = false;
    try {
      signed = await verifyTypedData({
        address: getAddress(authorization.from),
        domain: { name: requirements.extra?.name, version: requirements.extra?.version, chainId, verifyingContract: getAddress(requirements.asset) },
        types: AUTHORIZATION_TYPES,
        primaryType: "TransferWithAuthorization",
        message: {
          from: getAddress(authorization.from),
          to: getAddress(authorization.to),
          value: BigInt(authorization.value),
          validAfter: BigInt(authorization.validAfter),
          validBefore: BigInt(authorization.validBefore),
          nonce: authorization.nonce as Hex,
        },
        signature: payment.payload.signature as Hex,
      });
    } catch {
      return "invalid_exact_evm_failed_to_parse_signature";
    }
    if (!signed) return "invalid_exact_evm_signature";
    if (spent.has(spentKey(body))) return "invalid_exact_evm_nonce_already_used";
    if (balanceOf(authorization.from) < BigInt(authorization.value)) return "invalid_exact_evm_insufficient_balance";
    return null;
  }

  const spentKey = (body: Body): string => `${body.paymentRequirements.asset.toLowerCase()}:${body.paymentPayload.payload.authorization.from.toLowerCase()}:${body.paymentPayload.payload.authorization.nonce}`;
  const balanceOf = (address: string): bigint => double.balances.get(address.toLowerCase()) ?? 1_000_000n;
  const answer = (body: Record<string, unknown>, init?: ResponseInit): Response => Response.json({ ...body, ...double.answerExtra }, init);

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const path = new URL(request.url).pathname;
      if (double.answerStatus !== null) return new Response("facilitator trouble", { status: double.answerStatus });
      if (request.method === "GET" && path === "/supported") {
        return Response.json({
          kinds: [
            { x402Version: 2, scheme: "exact", network: "eip155:8453" },
            { x402Version: 2, scheme: "exact", network: "eip155:84532" },
            { x402Version: 1, scheme: "exact", network: "base" },
            { x402Version: 1, scheme: "exact", network: "base-sepolia" },
          ],
          extensions: [],
          signers: {},
        });
      }
      if (request.method !== "POST" || (path !== "/verify" && path !== "/settle")) return new Response("not found", { status: 404 });
      const body = (await request.json()) as Body;
      const payer = body.paymentPayload?.payload?.authorization?.from;
      if (path === "/verify") {
        double.verified.push(body);
        const reason = await refusal(body);
        return answer(reason ? { isValid: false, invalidReason: reason, payer } : { isValid: true, payer });
      }
      double.settled.push(body);
      const network = body.paymentRequirements.network;
      const reason = double.failSettlementWith ?? (await refusal(body));
      if (reason) return answer({ success: false, errorReason: reason, transaction: "", network, payer }, { status: 400 });
      const { from, to, value } = body.paymentPayload.payload.authorization;
      spent.add(spentKey(body));
      double.balances.set(from.toLowerCase(), balanceOf(from) - BigInt(value));
      const transaction = `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex")}`;
      double.settlements.push({ payer: from, to, value: BigInt(value), transaction });
      return answer({ success: true, transaction, network, payer: from });
    },
  });
  double.url = `http://127.0.0.1:${server.port}`;
  return double;
}
