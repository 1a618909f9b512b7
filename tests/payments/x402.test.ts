// x402 on every face: a caller without a credential pays per call (ADR 0023).
// Real clients pay: @x402/fetch with a local viem account over REST, the MCP SDK client with the
// payment in _meta, the tRPC client with the payment header; a local facilitator checks every
// signature for real. Then every refusal: replays (one after another and at once), tampered
// signatures, wrong amounts, recipients and networks, expired authorizations, a facilitator that is
// down, a failed settlement and a failed operation — each refused with nothing charged twice.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import { x402Client } from "@x402/core/client";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import type { AppRouter } from "../../routers/index.ts";
import { startFacilitator, type FacilitatorDouble } from "../helpers/facilitator.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";

const PAY_TO = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C";
const SEPOLIA_USDC = "0x036CbD53842c5426634e7929541eC2318f3dCF7e";
const INVOICE = { from_name: "Acme GmbH", bill_to_name: "Globex Corporation", currency: "EUR", locale: "en-IE", issue_date: "2026-11-21", items: [{ description: "Consulting", quantity: 2, rate: 12_000 }] };
const RENDER = { invoice: INVOICE, format: "png" };
/** A metered operation that needs no OCR: extraction of a plain-text invoice. */
const EXTRACT = { content: "Acme Widgets Ltd\n\nInvoice INV-7\nInvoice date: 2026-11-05\n\nDescription    Qty    Unit price    Amount\nWidget           4        £12.50    £50.00\n\nTotal £50.00", encoding: "text" };

let facilitator: FacilitatorDouble;
let server: TestServer;
let payer: PrivateKeyAccount;
let client: x402Client;

type Required = { x402Version: 2; error: string; resource: { url: string }; accepts: Array<Record<string, unknown> & { amount: string }> };

const decode = <T>(header: string | null): T => JSON.parse(Buffer.from(header ?? "", "base64").toString("utf8")) as T;
const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString("base64");

function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(server.url + path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
}

/** What a 402 asks for, from its PAYMENT-REQUIRED header. */
async function requirementsOf(path = "/api/render", body: unknown = RENDER): Promise<Required> {
  const response = await post(path, body);
  expect(response.status).toBe(402);
  return decode<Required>(response.headers.get("payment-required"));
}

/** A fresh signed payment for what the server asks, as @x402/fetch would make it; `bend` changes the requirements first. */
async function signedPayment(bend: (accept: Record<string, unknown>) => Record<string, unknown> = (accept) => accept, path?: string, body?: unknown): Promise<Record<string, unknown>> {
  const required = await requirementsOf(path, body);
  return (await client.createPaymentPayload({ ...required, accepts: required.accepts.map(bend) } as never)) as unknown as Record<string, unknown>;
}

async function paymentRows(): Promise<Array<Record<string, unknown>>> {
  const result = await server.services.database.client.execute("select * from x402_payments order by created_at");
  return result.rows as unknown as Array<Record<string, unknown>>;
}

beforeAll(async () => {
  facilitator = await startFacilitator();
  server = await startTestServer({ env: { X402_PAY_TO: PAY_TO, X402_NETWORK: "eip155:84532", X402_FACILITATOR_URL: facilitator.url, PAID_CALLS_FREE: "2", RATE_LIMIT_ANONYMOUS: "1000,10000,100000" } });
  payer = privateKeyToAccount(generatePrivateKey());
  client = new x402Client().register("eip155:*", new ExactEvmScheme(payer));
});

afterAll(async () => {
  await server.close();
  facilitator.close();
});

describe("asking for payment", () => {
  test("a keyless call is 402 with the v2 PAYMENT-REQUIRED header and a body v1 clients read", async () => {
    const response = await post("/api/render", RENDER);
    expect(response.status).toBe(402);
    const required = decode<Required>(response.headers.get("payment-required"));
    expect(required).toMatchObject({ x402Version: 2, resource: { url: `${server.url}/api/render`, mimeType: "application/json" } });
    expect(required.accepts).toEqual([
      { scheme: "exact", network: "eip155:84532", amount: "5000", asset: SEPOLIA_USDC, payTo: PAY_TO, maxTimeoutSeconds: 120, extra: { name: "USDC", version: "2" } },
    ]);
    const body = await response.json();
    expect(body).toMatchObject({ code: "PAYMENT_REQUIRED", x402Version: 1, details: { operation: "pdf_render", price_usd: "0.005" } });
    expect(body.accepts[0]).toMatchObject({ scheme: "exact", network: "base-sepolia", maxAmountRequired: "5000", resource: `${server.url}/api/render`, payTo: PAY_TO, asset: SEPOLIA_USDC });
    expect(response.headers.get("access-control-expose-headers")).toContain("PAYMENT-REQUIRED");
  });

  test("each paid operation asks its own price; an inline export of a text format stays free", async () => {
    expect((await requirementsOf("/api/export", { invoice: INVOICE, format: "pdf" })).accepts[0]?.amount).toBe("5000");
    expect((await requirementsOf("/api/brand-extract", { url: "https://example.com" })).accepts[0]?.amount).toBe("10000");
    expect((await requirementsOf("/api/ocr", { content: "aGVsbG8=" })).accepts[0]?.amount).toBe("5000");
    expect((await requirementsOf("/api/extract", { content: "Invoice 1", encoding: "text" })).accepts[0]?.amount).toBe("10000");
    const free = await post("/api/export", { invoice: INVOICE, format: "md" });
    expect(free.status).toBe(200);
    expect(facilitator.verified).toHaveLength(0);
  });
});

describe("paying over REST with @x402/fetch", () => {
  test("a real client pays, gets the result and the PAYMENT-RESPONSE receipt; the payment is recorded once", async () => {
    const paidFetch = wrapFetchWithPayment(fetch, client);
    const response = await paidFetch(server.url + "/api/render", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(RENDER) });
    expect(response.status).toBe(200);
    const file = await response.json();
    expect(file).toMatchObject({ format: "png", content_type: "image/png" });
    const receipt = decode<{ success: boolean; transaction: string; network: string; payer: string }>(response.headers.get("payment-response"));
    expect(receipt).toMatchObject({ success: true, network: "eip155:84532", payer: payer.address });
    expect(facilitator.settlements).toHaveLength(1);
    expect(facilitator.settlements[0]).toMatchObject({ payer: payer.address, to: PAY_TO, value: 5000n, transaction: receipt.transaction });
    const [row] = await paymentRows();
    expect(row).toMatchObject({ status: "settled", operation: "pdf_render", amount: "5000", payer: payer.address.toLowerCase(), transaction: receipt.transaction });
    expect(row?.result_sha256).toMatch(/^[0-9a-f]{64}$/);
    // What was bought can be fetched.
    expect((await fetch(file.url)).status).toBe(200);
  });

  test("a v1 client pays with X-PAYMENT and gets X-PAYMENT-RESPONSE", async () => {
    const v2 = await signedPayment();
    const v1 = { x402Version: 1, scheme: "exact", network: "base-sepolia", payload: v2.payload };
    const response = await post("/api/render", RENDER, { "x-payment": encode(v1) });
    expect(response.status).toBe(200);
    expect(decode<{ success: boolean }>(response.headers.get("x-payment-response")).success).toBe(true);
  });
});

describe("refusals charge nothing", () => {
  test("a replayed payment is refused, one after another and at once, and settles once", async () => {
    const header = encode(await signedPayment());
    const settledBefore = facilitator.settlements.length;
    expect((await post("/api/render", RENDER, { "payment-signature": header })).status).toBe(200);
    const replay = await post("/api/render", RENDER, { "payment-signature": header });
    expect(replay.status).toBe(402);
    expect((await replay.json()).details.reason).toContain("already used");
    expect(facilitator.settlements.length).toBe(settledBefore + 1);

    const fresh = encode(await signedPayment());
    const statuses = (await Promise.all([1, 2, 3].map(() => post("/api/render", RENDER, { "payment-signature": fresh })))).map((response) => response.status).sort();
    expect(statuses).toEqual([200, 402, 402]);
    expect(facilitator.settlements.length).toBe(settledBefore + 2);
  });

  test("a tampered signature and an expired authorization are refused with the facilitator's reason; another amount, recipient or network with ours", async () => {
    const settledBefore = facilitator.settlements.length;
    const refusedFor = async (payment: Record<string, unknown>): Promise<string> => {
      const response = await post("/api/render", RENDER, { "payment-signature": encode(payment) });
      expect(response.status).toBe(402);
      expect(response.headers.get("payment-required")).not.toBeNull();
      return (await response.json()).details.reason as string;
    };
    const good = await signedPayment();
    const payload = good.payload as { signature: string; authorization: Record<string, string> };
    const flipped = payload.signature.slice(0, 10) + (payload.signature[10] === "a" ? "b" : "a") + payload.signature.slice(11);
    expect(await refusedFor({ ...good, payload: { ...payload, signature: flipped } })).toMatch(/invalid_exact_evm_(signature|failed_to_parse_signature)/);
    expect(await refusedFor(await signedPayment((accept) => ({ ...accept, amount: "1000" })))).toContain("accepted.amount is not what this call asks (5000)");
    expect(await refusedFor(await signedPayment((accept) => ({ ...accept, payTo: payer.address })))).toContain(`accepted.payTo is not what this call asks (${PAY_TO})`);
    expect(await refusedFor(await signedPayment((accept) => ({ ...accept, maxTimeoutSeconds: -60 })))).toContain("invalid_exact_evm_payload_authorization_valid_before");
    const mainnet = { network: "eip155:8453", asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", extra: { name: "USD Coin", version: "2" } };
    expect(await refusedFor(await signedPayment((accept) => ({ ...accept, ...mainnet })))).toContain("Pay with the exact scheme on eip155:84532");
    expect(await refusedFor({ ...good, payload: { ...payload, authorization: { ...payload.authorization, nonce: "0x1234" } } })).toContain("not an x402 exact-scheme payload");
    const garbage = await post("/api/render", RENDER, { "payment-signature": "%%%not-base64%%%" });
    expect(garbage.status).toBe(402);
    expect(facilitator.settlements.length).toBe(settledBefore);
    expect((await paymentRows()).every((row) => row.status === "settled")).toBe(true);
  });

  test("a payment whose accepted requirements or authorization differ from what the call asks is 402 again, the facilitator never asked", async () => {
    const asked = (): number => facilitator.verified.length + facilitator.settled.length;
    const before = asked();
    const refusal = async (payment: Record<string, unknown>, header = "payment-signature"): Promise<string> => {
      const response = await post("/api/render", RENDER, { [header]: encode(payment) });
      expect(response.status).toBe(402);
      expect(decode<Required>(response.headers.get("payment-required")).accepts[0]).toMatchObject({ amount: "5000", payTo: PAY_TO });
      return (await response.json()).details.reason as string;
    };
    const good = await signedPayment();
    const accepted = good.accepted as Record<string, unknown>;
    // The accepted terms edited after signing: the authorization still pays the right amount, the claim does not.
    expect(await refusal({ ...good, accepted: { ...accepted, amount: "1" } })).toBe("The payment's accepted.amount is not what this call asks (5000): pay what PAYMENT-REQUIRED says");
    expect(await refusal({ ...good, accepted: { ...accepted, payTo: payer.address } })).toContain(`accepted.payTo is not what this call asks (${PAY_TO})`);
    expect(await refusal({ ...good, accepted: { ...accepted, asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" } })).toContain(`accepted.asset is not what this call asks (${SEPOLIA_USDC})`);
    expect(await refusal({ ...good, accepted: { ...accepted, network: "eip155:8453" } })).toBe("Pay with the exact scheme on eip155:84532");
    expect(await refusal({ ...good, accepted: { ...accepted, scheme: "upto" } })).toBe("Pay with the exact scheme on eip155:84532");
    const { accepted: _left, ...withoutAccepted } = good;
    expect(await refusal({ ...withoutAccepted, scheme: "exact", network: "eip155:84532" })).toContain("names the requirements it accepted");
    // Addresses are compared as addresses: another spelling of ours is ours.
    const lower = { ...good, accepted: { ...accepted, payTo: PAY_TO.toLowerCase(), asset: SEPOLIA_USDC.toLowerCase() } };
    // v1 names no accepted terms: its signed authorization must pay our amount to our address.
    const cheap = await signedPayment((accept) => ({ ...accept, amount: "1" }));
    const cheapV1 = { x402Version: 1, scheme: "exact", network: "base-sepolia", payload: cheap.payload };
    expect(await refusal(cheapV1, "x-payment")).toContain("authorization value is not what this call asks (5000)");
    const elsewhere = await signedPayment((accept) => ({ ...accept, payTo: payer.address }));
    expect(await refusal({ x402Version: 1, scheme: "exact", network: "base-sepolia", payload: elsewhere.payload }, "x-payment")).toContain("authorization recipient");
    expect(asked()).toBe(before);
    expect((await post("/api/render", RENDER, { "payment-signature": encode(lower) })).status).toBe(200);
    expect(asked()).toBe(before + 2);
  });

  test("a facilitator answering more than 64 KiB is 503 \"answered too much\", its answer never echoed; the payment stays good", async () => {
    const header = encode(await signedPayment());
    const settledBefore = facilitator.settlements.length;
    facilitator.answerExtra = { invalidMessage: "x".repeat(100_000) };
    const flooded = await post("/api/render", RENDER, { "payment-signature": header });
    facilitator.answerExtra = null;
    expect(flooded.status).toBe(503);
    expect(flooded.headers.get("retry-after")).toBe("5");
    const text = await flooded.text();
    expect(JSON.parse(text)).toMatchObject({ code: "SERVICE_UNAVAILABLE", error: expect.stringContaining("answered too much") });
    expect(text).not.toContain("xxxxxxxxxx");
    expect(facilitator.settlements.length).toBe(settledBefore);
    expect((await post("/api/render", RENDER, { "payment-signature": header })).status).toBe(200);
  });

  test("the receipt carries only success, a well-formed transaction, network and payer; long reasons are cut", async () => {
    facilitator.answerExtra = { transaction: `0x${"ab".repeat(20_000)}`, extra: "y".repeat(20_000) };
    const response = await post("/api/render", RENDER, { "payment-signature": encode(await signedPayment()) });
    facilitator.answerExtra = null;
    expect(response.status).toBe(200);
    const header = response.headers.get("payment-response") ?? "";
    expect(header.length).toBeLessThan(512);
    expect(decode<Record<string, unknown>>(header)).toEqual({ success: true, transaction: "", network: "eip155:84532", payer: payer.address });
    expect((await paymentRows()).at(-1)).toMatchObject({ status: "settled", transaction: "" });

    facilitator.failSettlementWith = "z".repeat(50_000);
    const failed = await post("/api/render", RENDER, { "payment-signature": encode(await signedPayment()) });
    facilitator.failSettlementWith = null;
    expect(failed.status).toBe(402);
    const reason = (await failed.json()).details.reason as string;
    expect(reason).toContain(`Settlement failed: ${"z".repeat(200)}…`);
    expect(reason.length).toBeLessThan(400);
    expect((failed.headers.get("payment-required") ?? "").length).toBeLessThan(4096);
  });

  test("a facilitator that is down is 503 with Retry-After, and the same payment works once it is back", async () => {
    const header = encode(await signedPayment());
    facilitator.answerStatus = 502;
    const down = await post("/api/render", RENDER, { "payment-signature": header });
    facilitator.answerStatus = null;
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("5");
    expect((await down.json()).code).toBe("SERVICE_UNAVAILABLE");
    expect((await post("/api/render", RENDER, { "payment-signature": header })).status).toBe(200);
  });

  test("a facilitator that cannot be reached at all is 503 too", async () => {
    const unreachable = await startTestServer({ env: { X402_PAY_TO: PAY_TO, X402_NETWORK: "eip155:84532", X402_FACILITATOR_URL: "http://127.0.0.1:9" } });
    try {
      const response = await fetch(unreachable.url + "/api/render", { method: "POST", headers: { "content-type": "application/json", "payment-signature": encode(await signedPayment()) }, body: JSON.stringify(RENDER) });
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
    } finally {
      await unreachable.close();
    }
  });

  test("a failed settlement is 402 and delivers nothing; the claim is released", async () => {
    const header = encode(await signedPayment());
    facilitator.failSettlementWith = "invalid_exact_evm_insufficient_balance";
    const failed = await post("/api/render", RENDER, { "payment-signature": header });
    facilitator.failSettlementWith = null;
    expect(failed.status).toBe(402);
    const body = await failed.json();
    expect(body.details.reason).toContain("Settlement failed: invalid_exact_evm_insufficient_balance");
    expect(body.url).toBeUndefined();
    expect(failed.headers.get("payment-response")).toBeNull();
    expect((await paymentRows()).every((row) => row.status === "settled")).toBe(true);
  });

  test("an operation that fails is not settled: the payer keeps the authorization", async () => {
    const header = encode(await signedPayment());
    const settledBefore = facilitator.settlements.length;
    const invalid = await post("/api/render", { invoice: { ...INVOICE, currency: "XXX1" }, format: "png" }, { "payment-signature": header });
    expect(invalid.status).toBe(422);
    expect(facilitator.settlements.length).toBe(settledBefore);
    expect((await post("/api/render", RENDER, { "payment-signature": header })).status).toBe(200);
  });

  test("an invalid bearer key is 401 even with a payment", async () => {
    const response = await post("/api/render", RENDER, { authorization: "Bearer svc_not_a_key", "payment-signature": encode(await signedPayment()) });
    expect(response.status).toBe(401);
  });
});

describe("with a credential", () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await server.account({ tier: "free" });
  });

  test("a key needs no payment; metered calls count as usage up to the tier's allowance, then are paid per call", async () => {
    const headers = { authorization: `Bearer ${account.key}` };
    const settledBefore = facilitator.settlements.length;
    expect((await post("/api/extract", EXTRACT, headers)).status).toBe(200);
    expect((await post("/api/extract", EXTRACT, headers)).status).toBe(200);
    const usage = await (await fetch(server.url + "/api/usage", { headers })).json();
    expect(usage).toMatchObject({ month: "2026-11", tier: "free", allowance: 2, used: 2, remaining: 0 });
    expect(usage.operations.find((row: { operation: string }) => row.operation === "ai_extract")).toMatchObject({ count: 2, price_usd: "0.01", metered: true });
    const dashboard = await (await fetch(server.url + "/api/dashboard", { headers })).json();
    expect(dashboard.usage).toEqual(usage);

    const over = await post("/api/extract", EXTRACT, headers);
    expect(over.status).toBe(402);
    expect((await over.json()).error).toContain("free tier's paid operations for this month are used up");
    expect(facilitator.settlements.length).toBe(settledBefore);
    const paid = await post("/api/extract", EXTRACT, { ...headers, "payment-signature": encode(await signedPayment(undefined, "/api/extract", EXTRACT)) });
    expect(paid.status).toBe(200);
    expect(facilitator.settlements.length).toBe(settledBefore + 1);
    expect((await (await fetch(server.url + "/api/usage", { headers })).json()).used).toBe(2);

    server.clock.advance(10 * 86_400_000);
    expect((await post("/api/extract", EXTRACT, headers)).status).toBe(200);
    expect((await (await fetch(server.url + "/api/usage?month=2026-12", { headers })).json()).used).toBe(1);
    expect((await (await fetch(server.url + "/api/usage?month=2026-11", { headers })).json()).used).toBe(2);
  });

  test("the server-side render stays free with a key: counted, never limited by the allowance", async () => {
    const spent = await server.account({ tier: "free" });
    const headers = { authorization: `Bearer ${spent.key}` };
    for (let call = 0; call < 2; call++) expect((await post("/api/extract", EXTRACT, headers)).status).toBe(200);
    expect((await post("/api/render", RENDER, headers)).status).toBe(200);
    expect((await post("/api/export", { invoice: INVOICE, format: "pdf" }, headers)).status).toBe(200);
    expect((await post("/api/export", { invoice: INVOICE, format: "md" }, headers)).status).toBe(200);
    const usage = await (await fetch(server.url + "/api/usage", { headers })).json();
    expect(usage).toMatchObject({ allowance: 2, used: 2, remaining: 0 });
    expect(usage.operations.find((row: { operation: string }) => row.operation === "pdf_render")).toMatchObject({ count: 2, metered: false });
  });

  test("GET /api/usage needs a credential and a real month", async () => {
    expect((await fetch(server.url + "/api/usage")).status).toBe(401);
    expect((await fetch(server.url + "/api/usage?month=2026-13", { headers: { authorization: `Bearer ${account.key}` } })).status).toBe(422);
  });
});

describe("over MCP and tRPC", () => {
  test("the MCP SDK client is refused with the requirements, pays in _meta and gets the receipt in the result's _meta", async () => {
    const mcp = new Client({ name: "x402-test", version: "1.0.0" });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(server.url + "/api/mcp")));
    const args = { invoice: INVOICE, format: "pdf" };
    const refused = await mcp.callTool({ name: "invoices.export", arguments: args });
    expect(refused.isError).toBe(true);
    const text = JSON.parse((refused.content as Array<{ text: string }>)[0]?.text ?? "{}");
    expect(text.code).toBe("PAYMENT_REQUIRED");
    const required = text["x402/error"].data as Required;
    expect(text["x402/error"].code).toBe(402);
    expect(required.resource.url).toBe(`${server.url}/api/mcp#invoices.export`);
    const payment = await client.createPaymentPayload(required as never);
    const paid = await mcp.callTool({ name: "invoices.export", arguments: args, _meta: { "x402/payment": payment } });
    expect(paid.isError).toBeFalsy();
    expect(paid.structuredContent).toMatchObject({ format: "pdf", content_type: "application/pdf" });
    expect(paid._meta?.["x402/payment-response"]).toMatchObject({ success: true, network: "eip155:84532", payer: payer.address });
    const replay = await mcp.callTool({ name: "invoices.export", arguments: args, _meta: { "x402/payment": payment } });
    expect(replay.isError).toBe(true);
    await mcp.close();
  });

  test("a spec-style JSON-RPC call pays in params._meta too", async () => {
    const required = await requirementsOf();
    const payment = await client.createPaymentPayload(required as never);
    const response = await post("/api/mcp", { jsonrpc: "2.0", id: 7, method: "invoices.export", params: { invoice: INVOICE, format: "png", _meta: { "x402/payment": payment } } });
    const body = await response.json();
    expect(body.result).toMatchObject({ format: "png" });
    expect(body.result._meta["x402/payment-response"].success).toBe(true);
  });

  test("the tRPC client sends the payment header and reads the requirements from the error", async () => {
    const anonymous = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc` })] });
    const error = await anonymous.invoices.render.mutate({ invoice: INVOICE, format: "png" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCClientError);
    const data = (error as TRPCClientError<AppRouter>).data as unknown as { appCode: string; details: { x402: Required } };
    expect(data.appCode).toBe("PAYMENT_REQUIRED");
    const payment = await client.createPaymentPayload(data.details.x402 as never);
    const paying = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { "payment-signature": encode(payment) } })] });
    expect(await paying.invoices.render.mutate({ invoice: INVOICE, format: "png" })).toMatchObject({ format: "png" });
  });
});

describe("without payment settings", () => {
  test("a keyless call is 402 naming what is missing; a key still works", async () => {
    const plain = await startTestServer();
    try {
      const response = await fetch(plain.url + "/api/render", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(RENDER) });
      expect(response.status).toBe(402);
      expect(response.headers.get("payment-required")).toBeNull();
      const body = await response.json();
      expect(body.details.missing).toEqual(["X402_PAY_TO", "X402_FACILITATOR_URL"]);
      expect(body.error).toContain("use an API key");
      const { key } = await plain.account();
      const keyed = await fetch(plain.url + "/api/render", { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${key}` }, body: JSON.stringify(RENDER) });
      expect(keyed.status).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
