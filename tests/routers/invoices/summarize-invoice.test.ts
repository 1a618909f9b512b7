// invoices.summarize on every face: a stored invoice (key), the one a share token opens and one
// given inline (no key), and a set of stored invoices chosen by the list's filters (key). The wording
// per language is tested in tests/render/summary; here: the right invoice, day and language arrive.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTRPCClient, httpLink } from "@trpc/client";
import type { AppRouter } from "../../../routers/index.ts";
import { summarizeInvoice } from "../../../render/summary/invoice.ts";
import type { InvoiceRecord } from "../../../server/domain/invoice.ts";
import { api } from "../../helpers/http.ts";
import { invoiceInput } from "../../helpers/factories.ts";
import { expectError, expectStatus, invoicePath, setProfile, steppedAccount, type Invoice, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: SteppedAccount;
let globex: { id: string; name: string };
let late: Invoice;

beforeAll(async () => {
  server = await startTestServer({ now: "2026-11-21T10:00:00Z" });
  owner = await steppedAccount(server);
  await setProfile(owner.client, { legal_name: "Acme GmbH", locale: "en-GB", currency: "EUR", timezone: "Europe/Berlin" });
  globex = expectStatus(await owner.client.post("/api/clients", { name: "Globex Corporation", email: "ap@globex.example" }), 201);
  // Due 2026-11-06: 15 days late on the 21st.
  late = await owner.steps.sent({ client_id: globex.id, bill_to_name: undefined, bill_to_email: undefined, locale: "en-GB", issue_date: "2026-10-07", due_date: "2026-11-06" });
  await owner.steps.sent({ client_id: globex.id, bill_to_name: undefined, bill_to_email: undefined, locale: "en-GB", issue_date: "2026-11-01", due_date: "2026-12-01" });
  await owner.steps.create({ client_id: globex.id, bill_to_name: undefined, bill_to_email: undefined, issue_date: "2026-11-10" });
});
afterAll(() => server.close());

describe("invoices.summarize: happy", () => {
  test("a stored invoice, in its own language, as of today in the account's time zone", async () => {
    const body = expectStatus(await owner.client.get(invoicePath(late.id, "/summary")), 200);
    expect(body).toEqual(summarizeInvoice(late as unknown as InvoiceRecord, { today: "2026-11-21" }));
    expect(body.facts).toMatchObject({ number: late.number, days_overdue: 15, next_action: "remind", total: late.total });
    expect(body.text).toContain("Globex Corporation");
  });

  test("language picks the summary's language; an unknown one reads English", async () => {
    const german = expectStatus(await owner.client.get(invoicePath(late.id, "/summary?language=de")), 200);
    expect(german.language).toBe("de");
    expect(german.text).toContain("Rechnung");
    expect(expectStatus(await owner.client.get(invoicePath(late.id, "/summary?language=sv")), 200).language).toBe("en");
  });

  test("the invoice a share token opens, without a key", async () => {
    const share = expectStatus(await owner.client.post(invoicePath(late.id, "/share"), {}), 200);
    const body = expectStatus(await api(server.url).get(`/api/shared/${share.token}/summary?language=fr`), 200);
    expect(body).toEqual(summarizeInvoice(expectStatus(await owner.client.get(invoicePath(late.id)), 200), { today: "2026-11-21", language: "fr" }));
    expectError(await api(server.url).get("/api/shared/not-a-token/summary"), 404, "NOT_FOUND");
  });

  test("an invoice given inline, without a key, stored nowhere", async () => {
    const invoice = invoiceInput({ locale: "ja-JP", currency: "JPY", items: [{ description: "相談", quantity: 2, rate: 15_000 }] });
    const body = expectStatus(await api(server.url).post("/api/summary", { invoice }), 200);
    expect(body.language).toBe("ja");
    expect(body.facts).toMatchObject({ currency: "JPY", subtotal: 30_000, next_action: "finalize" });
  });

  test("a set chosen by the list's filters: how many, to whom, what is overdue and due, in the account's language", async () => {
    const body = expectStatus(await owner.client.get(`/api/invoices/summary?client_id=${globex.id}`), 200);
    expect(body.language).toBe("en");
    expect(body.figures).toMatchObject({ count: 3, client: "Globex Corporation", by_status: { sent: 2, draft: 1 } });
    expect(body.figures.currencies).toEqual([
      { currency: "EUR", count: 3, total: 3 * 148_215, amount_due: 2 * 148_215, overdue_count: 1, overdue_amount: 148_215, oldest_overdue_days: 15 },
    ]);
    expect(body.text).toContain("3 invoices to Globex Corporation");
    expect(body.text).toBe("3 invoices to Globex Corporation (1 draft and 2 open), 1 overdue by 15 days for €1,482.15. €2,964.30 is still due.");
    const none = expectStatus(await owner.client.get("/api/invoices/summary?status=paid"), 200);
    expect(none.figures.count).toBe(0);
    expect(none.text.length).toBeGreaterThan(0);
  });

  test("the same through tRPC and the MCP tool, each way in chosen by its field", async () => {
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${owner.key}` } })] });
    const rest = expectStatus(await owner.client.get(invoicePath(late.id, "/summary")), 200);
    expect(await trpc.invoices.summarize.query({ id: late.id })).toEqual(rest);
    const call = async (args: Record<string, unknown>, key: string | null = owner.key) =>
      (await api(server.url, key ?? undefined).post("/api/mcp", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "invoices.summarize", arguments: args } }, key)).body.result;
    expect((await call({ id: late.id })).structuredContent).toEqual(rest);
    expect((await call({ client_id: globex.id })).structuredContent.figures.count).toBe(3);
    expect((await call({ invoice: invoiceInput() }, null)).structuredContent.facts.next_action).toBe("finalize");
  });
});

describe("invoices.summarize: errors", () => {
  test("a missing invoice is 404, a bad language or filter 422, an inline invoice naming a stored one 422", async () => {
    expectError(await owner.client.get(invoicePath("inv_missing", "/summary")), 404, "NOT_FOUND");
    expect((await owner.client.get(invoicePath(late.id, "/summary?language=12"))).body.details.field).toBe("language");
    expect((await owner.client.get("/api/invoices/summary?status=lost")).body.details.field).toBe("status");
    const naming = await api(server.url).post("/api/summary", { invoice: invoiceInput({ type: "credit_note", preceding_invoice: { id: late.id } }) });
    expectError(naming, 422, "VALIDATION_ERROR");
    expect(naming.body.details.field).toBe("invoice.preceding_invoice.id");
  });
});

describe("invoices.summarize: security", () => {
  test("a stored invoice: no key, unknown key, revoked key, wrong scope, another account's", async () => {
    await expectSecurityCases({ server, owner, scope: "invoices:read", call: (key) => api(server.url).get(invoicePath(late.id, "/summary"), key) });
  });

  test("a set: no key, unknown key, revoked key, wrong scope; another account's client is 403", async () => {
    await expectSecurityCases({ server, owner, scope: "invoices:read", ownsResource: false, call: (key) => api(server.url).get("/api/invoices/summary", key) });
    const stranger = await steppedAccount(server);
    expectError(await stranger.client.get(`/api/invoices/summary?client_id=${globex.id}`), 403, "FORBIDDEN");
    expect(expectStatus(await stranger.client.get("/api/invoices/summary"), 200).figures.count).toBe(0);
  });

  test("the open ways still refuse a key that is present but invalid", async () => {
    expectError(await api(server.url).post("/api/summary", { invoice: invoiceInput() }, "svc_0000000000000000000000000000"), 401, "UNAUTHORIZED");
  });
});
