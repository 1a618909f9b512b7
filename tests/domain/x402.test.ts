// x402's pure rules (ADR 0023): a payment must answer the requirements issued for the call before the
// facilitator is asked, and what comes back from the facilitator is passed on only in bounded fields.
import { describe, expect, test } from "bun:test";
import { facilitatorReason, paymentMismatch, requirementsFor, settleReceipt, type PaymentPayload } from "../../server/domain/x402.ts";

const PAY_TO = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C";
const OTHER = "0x1111111111111111111111111111111111111111";
const requirements = requirementsFor("pdf_render", { payTo: PAY_TO, network: "eip155:84532", facilitatorUrl: "http://facilitator.test" });

function payment(changes: { accepted?: Record<string, unknown> | null; value?: string; to?: string; v1?: boolean } = {}): PaymentPayload {
  const authorization = { from: OTHER, to: changes.to ?? PAY_TO, value: changes.value ?? requirements.amount, validAfter: "0", validBefore: "9999999999", nonce: `0x${"ab".repeat(32)}` };
  const payload = { signature: "0x1234", authorization };
  if (changes.v1) return { x402Version: 1, scheme: "exact", network: "base-sepolia", payload };
  const accepted = changes.accepted === null ? undefined : { ...requirements, ...changes.accepted };
  // Without accepted, v1's top-level scheme and network: right, but not what v2 names.
  return { x402Version: 2, ...(accepted ? { accepted } : { scheme: "exact", network: requirements.network }), payload } as PaymentPayload;
}

describe("paymentMismatch", () => {
  test("a payment for exactly what the call asks passes, addresses in any case", () => {
    expect(paymentMismatch(payment(), requirements)).toBeNull();
    expect(paymentMismatch(payment({ accepted: { payTo: PAY_TO.toLowerCase(), asset: requirements.asset.toUpperCase().replace("0X", "0x") }, to: PAY_TO.toLowerCase() }), requirements)).toBeNull();
    expect(paymentMismatch(payment({ v1: true }), requirements)).toBeNull();
  });

  test.each([
    [{ accepted: { scheme: "upto" } }, "Pay with the exact scheme on eip155:84532"],
    [{ accepted: { network: "eip155:8453" } }, "Pay with the exact scheme on eip155:84532"],
    [{ accepted: { amount: "1" } }, "accepted.amount is not what this call asks (5000)"],
    [{ accepted: { amount: 5000 } }, "accepted.amount is not what this call asks (5000)"],
    [{ accepted: { asset: OTHER } }, `accepted.asset is not what this call asks (${requirements.asset})`],
    [{ accepted: { payTo: OTHER } }, `accepted.payTo is not what this call asks (${PAY_TO})`],
    [{ accepted: null }, "names the requirements it accepted"],
    [{ value: "4999" }, "authorization value is not what this call asks (5000)"],
    [{ to: OTHER }, `authorization recipient is not what this call asks (${PAY_TO})`],
    [{ v1: true, value: "1" }, "authorization value"],
  ] as const)("%o is refused: %s", (changes, reason) => {
    const refused = paymentMismatch(payment(changes as never), requirements);
    expect(refused).toContain(reason);
    // What the payer sent is never echoed back.
    expect(refused).not.toContain(OTHER);
  });
});

describe("what the facilitator says, bounded", () => {
  test("a reason is one line of at most 200 characters; not text is no reason", () => {
    expect(facilitatorReason("invalid_exact_evm_signature")).toBe("invalid_exact_evm_signature");
    expect(facilitatorReason("a\nb\r\n\tc")).toBe("a b c");
    expect(facilitatorReason("x".repeat(10_000))).toBe(`${"x".repeat(200)}…`);
    expect(facilitatorReason({ reason: "x" })).toBeUndefined();
    expect(facilitatorReason("  ")).toBeUndefined();
  });

  test("the receipt keeps success, a hash-shaped transaction, our network and an address-shaped payer, nothing else", () => {
    const hash = `0x${"ab".repeat(32)}`;
    const base58 = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";
    expect(settleReceipt({ success: true, transaction: hash, network: "elsewhere", payer: PAY_TO, extra: "y".repeat(1000) }, "eip155:84532")).toEqual({ success: true, transaction: hash, network: "eip155:84532", payer: PAY_TO });
    expect(settleReceipt({ success: true, transaction: base58 }, "eip155:84532").transaction).toBe(base58);
    expect(settleReceipt({ success: true, transaction: `0x${"ab".repeat(100)}`, payer: "x".repeat(5000) }, "eip155:84532")).toEqual({ success: true, transaction: "", network: "eip155:84532" });
    expect(settleReceipt({ success: "yes", transaction: "<script>", errorReason: "z".repeat(500) }, "eip155:84532")).toEqual({ success: false, transaction: "", network: "eip155:84532", errorReason: `${"z".repeat(200)}…` });
  });
});
