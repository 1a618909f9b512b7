// POST /api/invoices/dsl (invoices.createFromDsl): both layouts, JSON or text/plain, dry runs,
// FINALIZE and SEND in one transaction, the buyer linked to the account's client, every problem at once.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { createTRPCClient, httpLink } from "@trpc/client";
import { simpleParser } from "mailparser";
import type { AppRouter } from "../../../routers/index.ts";
import { api } from "../../helpers/http.ts";
import { deliverMail, outboxOf } from "../../helpers/mail.ts";
import { expectError, expectStatus, setProfile, steppedAccount, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: SteppedAccount;

const LAYOUT_A = `INVOICE
FROM Acme GmbH | Hauptstraße 1, 10115 Berlin, DE
TO Globex Corporation | ap@globex.example
DATE 2026-11-21
DUE Net 30
TAX DE
ITEMS
  Consulting 10 x €120.00
  Travel €89.50
`;

const LAYOUT_B = `INVOICE #2026-001
FROM: Acme GmbH | billing@acme.example
TO: Initech | ap@initech.example
DATE: 2026-11-20
DUE: 2026-12-20
CURRENCY: USD
Consulting | 10 | 120.00
Design review | 2 | 450
TAX: 8.875
NOTE: Thank you!
`;

beforeAll(async () => {
  server = await startTestServer({ now: "2026-11-21T10:00:00Z" });
  owner = await steppedAccount(server);
  await setProfile(owner.client, { currency: "EUR", locale: "de-DE" });
});
afterAll(() => server.close());

const postDsl = (account: SteppedAccount, body: unknown, headers: Record<string, string> = {}) => account.client.post("/api/invoices/dsl", body, undefined, headers);
const postText = (account: SteppedAccount, text: string, query = "") =>
  account.client.raw(`/api/invoices/dsl${query}`, { method: "POST", headers: { authorization: `Bearer ${account.key}`, "content-type": "text/plain; charset=utf-8" }, body: text });
const invoiceCount = async (account: SteppedAccount): Promise<number> => expectStatus(await account.client.get("/api/invoices?limit=1"), 200).total;

describe("POST /api/invoices/dsl: happy", () => {
  test("layout A as JSON: stored with totals, TAX DE at 19 %, Net 30 as the due date and terms", async () => {
    const reply = await postDsl(owner, { dsl: LAYOUT_A });
    expect(reply.status).toBe(201);
    const { invoice, layout, dry_run, finalized } = reply.body;
    expect(reply.headers.get("location")).toBe(`/api/invoices/${invoice.id}`);
    expect({ layout, dry_run, finalized }).toEqual({ layout: "A", dry_run: false, finalized: false });
    expect(invoice).toMatchObject({
      status: "draft",
      number: null,
      from_name: "Acme GmbH",
      bill_to_name: "Globex Corporation",
      bill_to_email: "ap@globex.example",
      currency: "EUR",
      locale: "de-DE",
      issue_date: "2026-11-21",
      due_date: "2026-12-21",
      payment_terms: "Net 30",
      tax_rate: 19,
      subtotal: 128_950,
      tax: 24_501,
      total: 153_451,
    });
    expect(invoice.from_address).toMatchObject({ line1: "Hauptstraße 1, 10115 Berlin", country: "DE" });
    expect(invoice.items.map((item: { description: string; quantity: number; rate: number }) => [item.description, item.quantity, item.rate])).toEqual([
      ["Consulting", 10, 12_000],
      ["Travel", 1, 8_950],
    ]);
    expect(expectStatus(await owner.client.get(`/api/invoices/${invoice.id}`), 200)).toEqual(invoice);
  });

  test("layout B as text/plain, with the dry run in the query: computed, nothing stored", async () => {
    const before = await invoiceCount(owner);
    const reply = await postText(owner, LAYOUT_B, "?dry_run=true");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("location")).toBeNull();
    expect(reply.body).toMatchObject({ layout: "B", dry_run: true, finalized: false });
    expect(reply.body.invoice).toMatchObject({ number: "2026-001", currency: "USD", tax_rate: 8.875, notes: "Thank you!", subtotal: 210_000, tax: 18_638, total: 228_638 });
    expect(await invoiceCount(owner)).toBe(before);
    expect((await owner.client.get(`/api/invoices/${reply.body.invoice.id}`)).status).toBe(404);
  });

  test("FINALIZE creates and finalizes in one transaction: a number, locked, two history entries", async () => {
    const reply = await postDsl(owner, { dsl: `${LAYOUT_A}FINALIZE\n` });
    expect(reply.status).toBe(201);
    expect(reply.body.finalized).toBe(true);
    expect(reply.body.invoice).toMatchObject({ number: "INV-2026-0001", locked: true, revision: 2, status: "draft" });
    const history = await owner.steps.history(reply.body.invoice.id);
    expect(history.map((entry) => [entry.revision, entry.action])).toEqual([
      [1, "created"],
      [2, "finalized"],
    ]);
  });

  test("TO links the account's client by e-mail, then by name (case and accents aside); archived clients are not linked", async () => {
    const account = await steppedAccount(server);
    const byEmail = expectStatus(await account.client.post("/api/clients", { name: "Globex Corporation", email: "AP@Globex.example", address: "1 Main St" }), 201);
    const byName = expectStatus(await account.client.post("/api/clients", { name: "Müller Söhne AG" }), 201);
    const archived = expectStatus(await account.client.post("/api/clients", { name: "Old Co", email: "old@old.example" }), 201);
    await account.client.put(`/api/clients/${archived.id}`, { archived: true });
    const linked = await postDsl(account, { dsl: "TO Globex | ap@globex.example\nCURRENCY EUR\nLOCALE en-IE\nFROM Acme\nITEMS\n  Work €10.00\n" });
    expect(linked.body.client_id).toBe(byEmail.id);
    expect(linked.body.invoice).toMatchObject({ client_id: byEmail.id, bill_to_name: "Globex", bill_to_address: { line1: "1 Main St" } });
    const named = await postDsl(account, { dsl: "TO MULLER SOHNE AG\nCURRENCY EUR\nLOCALE de-DE\nFROM Acme\nITEMS\n  Work €10.00\n" });
    expect(named.body.client_id).toBe(byName.id);
    const unlinked = await postDsl(account, { dsl: "TO Old Co | old@old.example\nCURRENCY EUR\nLOCALE de-DE\nFROM Acme\nITEMS\n  Work €10.00\n", dry_run: true });
    expect(unlinked.body.client_id).toBeNull();
  });

  test("FROM defaults from the account's legal name; DATE from today in the account's time zone", async () => {
    const account = await steppedAccount(server);
    await setProfile(account.client, { legal_name: "Profile GmbH", currency: "EUR", locale: "de-DE", timezone: "Pacific/Kiritimati" });
    const reply = await postDsl(account, { dsl: "TO Globex\nITEMS\n  Work 2 x 10,50\n", dry_run: true });
    expect(reply.body.invoice).toMatchObject({ from_name: "Profile GmbH", issue_date: "2026-11-22", subtotal: 2_100 });
  });

  test("without a LOCALE line, a locale the account and client do not give comes from the seller's country", async () => {
    const account = await steppedAccount(server);
    const reply = await postDsl(account, { dsl: "FROM Acme | Rue de Rivoli 1, Paris, FR\nTO Globex\nITEMS\n  Conseil €100.00\n", dry_run: true });
    expect(reply.body.invoice).toMatchObject({ locale: "fr-FR", currency: "EUR" });
  });

  test("an ambiguous amount is refused, and a LOCALE line decides it", async () => {
    const ambiguous = await postDsl(owner, { dsl: "TO Globex\nITEMS\n  Work €1,200\n" });
    expectError(ambiguous, 422, "VALIDATION_ERROR");
    expect(ambiguous.body.details.problems).toEqual([expect.objectContaining({ line: 3, text: "€1,200" })]);
    const english = await postDsl(owner, { dsl: "FROM Acme\nTO Globex\nLOCALE en-US\nITEMS\n  Work €1,200\n", dry_run: true });
    expect(english.body.invoice.items[0].rate).toBe(120_000);
    const german = await postDsl(owner, { dsl: "FROM Acme\nTO Globex\nLOCALE de-DE\nITEMS\n  Work €1,200\n", dry_run: true });
    expect(german.body.invoice.items[0].rate).toBe(120);
  });

  test("an idempotency key makes the create safe to retry", async () => {
    const headers = { "idempotency-key": `dsl-${crypto.randomUUID()}` };
    const first = await postDsl(owner, { dsl: LAYOUT_A }, headers);
    const again = await postDsl(owner, { dsl: LAYOUT_A }, headers);
    expect(again.status).toBe(201);
    expect(again.body.invoice).toEqual(first.body.invoice);
    expectError(await postDsl(owner, { dsl: LAYOUT_B }, headers), 409, "OPERATION_REUSED");
  });

  test("the same call through tRPC and the MCP tool", async () => {
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${owner.key}` } })] });
    const viaTrpc = await trpc.invoices.createFromDsl.mutate({ dsl: LAYOUT_B, dry_run: true });
    expect(viaTrpc).toMatchObject({ layout: "B", dry_run: true, invoice: { total: 228_638 } });
    const mcp = await api(server.url, owner.key).post("/api/mcp", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "invoices.createFromDsl", arguments: { dsl: LAYOUT_A } } });
    expect(mcp.body.result.structuredContent).toMatchObject({ layout: "A", dry_run: false, invoice: { total: 153_451 } });
  });
});

describe("POST /api/invoices/dsl: SEND", () => {
  let sender: SteppedAccount;

  beforeAll(async () => {
    sender = await steppedAccount(server);
    await setProfile(sender.client, { currency: "EUR", locale: "de-DE", contact: { email: "billing@acme.example" } });
  });

  const mailOf = async (invoiceId: string) => outboxOf(server, sender.accountId, invoiceId);

  test("creates, finalizes and sends in one call: the e-mail is queued with the status change and delivered", async () => {
    const reply = await postDsl(sender, { dsl: `${LAYOUT_A}SEND buchhaltung@globex.example\n` });
    expect(reply.status).toBe(201);
    const { invoice, finalized, send } = reply.body;
    expect(invoice).toMatchObject({ status: "sent", number: "INV-2026-0001", locked: true, revision: 2, share_url: expect.stringContaining("/share/") });
    expect(finalized).toBe(true);
    expect(send).toEqual({ to: ["buchhaltung@globex.example"], subject: "Rechnung INV-2026-0001 von Acme GmbH", attachments: ["pdf"], mail_id: expect.stringMatching(/^msg_/) });
    expect((await sender.steps.history(invoice.id)).map((entry) => [entry.revision, entry.action, entry.to_status])).toEqual([
      [1, "created", "draft"],
      [2, "sent", "sent"],
    ]);
    const [queued, ...more] = await mailOf(invoice.id);
    expect(more).toEqual([]);
    expect(queued).toMatchObject({ id: send.mail_id, status: "pending", message: { to: ["buchhaltung@globex.example"], reply_to: "billing@acme.example" } });
    await deliverMail(server);
    const parsed = await simpleParser(await readFile(join(server.dataDir, "outbox", `${send.mail_id}.eml`)));
    expect(parsed.subject).toBe(send.subject);
    expect(parsed.attachments.map((file) => file.filename)).toEqual(["INV-2026-0001.pdf"]);
  });

  test("a bare SEND mails the TO line's address; a retry under the same idempotency key queues nothing more", async () => {
    const headers = { "idempotency-key": `dsl-send-${crypto.randomUUID()}` };
    const first = await postDsl(sender, { dsl: `${LAYOUT_A}SEND\n` }, headers);
    expect(first.body.send).toMatchObject({ to: ["ap@globex.example"] });
    const again = await postDsl(sender, { dsl: `${LAYOUT_A}SEND\n` }, headers);
    expect(again.body).toEqual(first.body);
    expect(await mailOf(first.body.invoice.id)).toHaveLength(1);
  });

  test("a dry run reports what would be sent, with the number it would get, and stores and queues nothing", async () => {
    const before = await invoiceCount(sender);
    const reply = await postDsl(sender, { dsl: `${LAYOUT_A}SEND\n`, dry_run: true });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ dry_run: true, finalized: false, invoice: { status: "draft", number: null } });
    expect(reply.body.send).toEqual({ to: ["ap@globex.example"], subject: "Rechnung INV-2026-0003 von Acme GmbH", attachments: ["pdf"], mail_id: null });
    expect(await mailOf(reply.body.invoice.id)).toEqual([]);
    expect(await invoiceCount(sender)).toBe(before);
  });

  test("sending approves a draft and finalizing spends a number: a key without invoices:approve gets 403 for either, dry run or not, and nothing is stored", async () => {
    const agent = { ...sender, client: api(server.url, await server.key(sender.accountId, ["invoices:read", "invoices:write"])) };
    const before = await invoiceCount(sender);
    for (const directive of ["SEND", "FINALIZE"]) {
      for (const dry_run of [false, true]) {
        const reply = await postDsl(agent, { dsl: `${LAYOUT_A}${directive}\n`, dry_run });
        expectError(reply, 403, "FORBIDDEN");
        expect(reply.body.details.required_scope).toBe("invoices:approve");
      }
    }
    expect(expectStatus(await postDsl(agent, { dsl: LAYOUT_A }), 201).invoice).toMatchObject({ status: "draft", locked: false });
    expect(await invoiceCount(sender)).toBe(before + 1);
  });

  test("SEND attaches the PDF, which needs no e-invoice data: an invoice its UBL export refuses is still sent", async () => {
    const reply = expectStatus(await postDsl(sender, { dsl: `${LAYOUT_A}SEND\n` }), 201);
    expect(reply.send.attachments).toEqual(["pdf"]);
    expect(await mailOf(reply.invoice.id)).toHaveLength(1);
    expectError(await sender.client.post(`/api/invoices/${reply.invoice.id}/export`, { format: "ubl" }), 422, "VALIDATION_ERROR");
  });
});

describe("POST /api/invoices/dsl: errors", () => {
  test("every problem comes back at once with its line, column, text and what was expected; nothing is stored", async () => {
    const before = await invoiceCount(owner);
    const draft = ["INVOICE", "FROM Acme GmbH", "TO Globex | not-an-email@", "DATE 2026-13-01", "DUE soon", "TAX XX", "ITEMS", "  Consulting ten x €120.00", "  Travel €89.5.0", "DATE 2026-11-01"].join("\n");
    const reply = await postDsl(owner, { dsl: draft });
    expectError(reply, 422, "VALIDATION_ERROR");
    const problems = reply.body.details.problems as Array<{ line: number; column: number; text: string; expected: string }>;
    expect(problems.map((problem) => [problem.line, problem.text])).toEqual([
      [3, "not-an-email@"],
      [4, "2026-13-01"],
      [5, "soon"],
      [6, "XX"],
      [8, "ten"],
      [9, "€89.5.0"],
      [10, "DATE 2026-11-01"],
    ]);
    expect(problems[0]).toMatchObject({ column: 13, expected: expect.stringContaining("e-mail") });
    expect(problems[1]?.expected).toBe("a date as YYYY-MM-DD");
    expect(reply.body.details).toMatchObject({ field: "dsl", issue: expect.stringContaining("line 3") });
    expect(await invoiceCount(owner)).toBe(before);
  });

  test("SEND with no address on its line or the TO line is a problem at the SEND line, beside the others", async () => {
    const before = await invoiceCount(owner);
    const both = await postDsl(owner, { dsl: "TO Globex\nDATE yesterday\nSEND\n" });
    expectError(both, 422, "VALIDATION_ERROR");
    expect(both.body.details.problems.map((problem: { line: number; expected: string }) => [problem.line, problem.expected])).toEqual([
      [2, "a date as YYYY-MM-DD"],
      [3, expect.stringContaining("after SEND (or one on the TO line)")],
    ]);
    const empty = await postDsl(owner, { dsl: "FROM Acme\nTO Globex | ap@globex.example\nSEND\n" });
    expect(empty.body.details.problems).toEqual([expect.objectContaining({ line: 3, expected: expect.stringContaining("item lines before SEND") })]);
    expect(await invoiceCount(owner)).toBe(before);
  });

  test("a missing TO, FINALIZE without items and a seller nobody named point at lines too", async () => {
    const account = await steppedAccount(server);
    const noTo = await postDsl(account, { dsl: "FROM Acme\nCURRENCY EUR\n" });
    expect(noTo.body.details.problems).toEqual([{ line: 3, column: 1, text: "", expected: expect.stringContaining("a TO line") }]);
    const empty = await postDsl(account, { dsl: "FROM Acme\nTO Globex\nCURRENCY EUR\nLOCALE en-GB\nFINALIZE\n" });
    expect(empty.body.details.problems).toEqual([{ line: 5, column: 1, text: "FINALIZE", expected: expect.stringContaining("at least one line") }]);
    const noSeller = await postDsl(account, { dsl: "TO Globex\nCURRENCY EUR\nLOCALE en-GB\nITEMS\n  Work €1.00\n" });
    expect(noSeller.body.details.problems).toEqual([expect.objectContaining({ line: 6, expected: expect.stringContaining("a FROM line") })]);
    expect(await invoiceCount(account)).toBe(0);
  });

  test("an empty DSL, a body over 1 MiB and a body that is neither JSON nor text", async () => {
    expect((await postDsl(owner, { dsl: "" })).body.details.field).toBe("dsl");
    expectError(await postText(owner, `TO Globex\nNOTE ${"x".repeat(1024 * 1024)}\n`), 413, "PAYLOAD_TOO_LARGE");
    const xml = await owner.client.raw("/api/invoices/dsl", { method: "POST", headers: { authorization: `Bearer ${owner.key}`, "content-type": "application/xml" }, body: "<x/>" });
    expectError(xml, 415, "UNSUPPORTED_MEDIA_TYPE");
  });
});

describe("POST /api/invoices/dsl: security", () => {
  test("no key, unknown key, revoked key, wrong scope", async () => {
    await expectSecurityCases({ server, owner, scope: "invoices:write", ownsResource: false, call: (key) => api(server.url).post("/api/invoices/dsl", { dsl: LAYOUT_A }, key) });
  });

  test("a client of another account is never linked", async () => {
    const stranger = await steppedAccount(server);
    await stranger.client.post("/api/clients", { name: "Secret Client", email: "secret@stranger.example" });
    const reply = await postDsl(owner, { dsl: "FROM Acme\nTO Secret Client | secret@stranger.example\nITEMS\n  Work €1.00\n", dry_run: true });
    expect(reply.body.client_id).toBeNull();
  });
});

describe("POST /api/invoices/dsl: an account with no profile at all", () => {
  /** The spec's layout A example, line for line: no LOCALE line, a seller address without a country. */
  const SPEC_LAYOUT_A = `INVOICE 2026-001
FROM Acme GmbH | Hauptstr. 1, 10115 Berlin
TO Globex Corporation | ap@globex.example
DATE 2026-11-21
DUE 2026-12-21
CURRENCY EUR
TAX DE
ITEMS
  Consulting 10 x €120.00
  Travel 1 x €89.50
`;
  let fresh: SteppedAccount;
  beforeAll(async () => {
    fresh = await steppedAccount(server);
  });

  test("the spec's layout A example is stored, its locale from the TAX region", async () => {
    const reply = await postDsl(fresh, { dsl: SPEC_LAYOUT_A });
    expect(reply.status).toBe(201);
    expect(reply.body.invoice).toMatchObject({ number: "2026-001", from_name: "Acme GmbH", currency: "EUR", locale: "de-DE", due_date: "2026-12-21", subtotal: 128_950, total: 153_451 });
  });

  test("with nothing to tell a locale, the invoice is en-US; a LOCALE line, then the seller's country, come first", async () => {
    const plain = await postDsl(fresh, { dsl: "FROM Acme\nTO Globex\nITEMS\n  Work €10.00\n", dry_run: true });
    expect(expectStatus(plain, 200).invoice.locale).toBe("en-US");
    const country = await postDsl(fresh, { dsl: "FROM Acme | Via Roma 1, Milano, IT\nTO Globex\nTAX 22\nITEMS\n  Work €10.00\n", dry_run: true });
    expect(expectStatus(country, 200).invoice.locale).toBe("it-IT");
    const region = await postDsl(fresh, { dsl: "FROM Acme | Via Roma 1, Milano, IT\nTO Globex\nTAX AT\nITEMS\n  Work €10.00\n", dry_run: true });
    expect(expectStatus(region, 200).invoice.locale).toBe("de-AT");
    const line = await postDsl(fresh, { dsl: "FROM Acme | Via Roma 1, Milano, IT\nTO Globex\nLOCALE en-GB\nTAX AT\nITEMS\n  Work €10.00\n", dry_run: true });
    expect(expectStatus(line, 200).invoice.locale).toBe("en-GB");
  });

  test("the account's default locale, once set, is taken where the document tells nothing", async () => {
    const account = await steppedAccount(server);
    await setProfile(account.client, { locale: "fr-FR" });
    const reply = await postDsl(account, { dsl: "FROM Acme\nTO Globex\nITEMS\n  Work €10.00\n", dry_run: true });
    expect(expectStatus(reply, 200).invoice.locale).toBe("fr-FR");
  });

  test("the service's own DSL export of an invoice is taken back", async () => {
    const created = expectStatus(await postDsl(fresh, { dsl: SPEC_LAYOUT_A.replace("2026-001", "2026-002") }), 201).invoice;
    const exported = expectStatus(await fresh.client.post(`/api/invoices/${created.id}/export`, { format: "dsl" }), 200);
    const text = await (await fetch(exported.url)).text();
    const again = await postDsl(fresh, { dsl: text.replace("2026-002", "2026-003") });
    expect(again.status).toBe(201);
    expect(again.body.invoice).toMatchObject({ total: created.total, currency: "EUR" });
  });

  test("the currency is never guessed: plain amounts with no currency anywhere are a 422 saying how to give one", async () => {
    const before = await invoiceCount(fresh);
    const reply = await postDsl(fresh, { dsl: "INVOICE #7\nFROM: Acme GmbH | billing@acme.example\nTO: Initech | ap@initech.example\nConsulting | 10 | 120.00\n" });
    expectError(reply, 422, "VALIDATION_ERROR");
    const [problem] = reply.body.details.problems;
    expect(problem).toMatchObject({ line: 4, text: "120.00" });
    for (const way of ["CURRENCY line", "symbol", "account's default currency"]) expect(problem.expected).toContain(way);
    expect(await invoiceCount(fresh)).toBe(before);
  });
});
