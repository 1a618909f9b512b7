import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, steppedAccount, withQuery, type Invoice, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let lister: SteppedAccount;
/** The lister's invoices by a short name. */
const named: Record<string, Invoice> = {};
let clientId: string;

/** The list's order (ADR 0031): issue_date desc, then id desc. */
function newestFirst(invoices: Invoice[]): string[] {
  return [...invoices]
    .sort((a, b) => (a.issue_date === b.issue_date ? (a.id < b.id ? 1 : -1) : a.issue_date < b.issue_date ? 1 : -1))
    .map((invoice) => invoice.id);
}

async function list(query: Record<string, string | number | undefined> = {}, account: SteppedAccount = lister) {
  return expectStatus(await account.client.get(withQuery("/api/invoices", query)), 200);
}

beforeAll(async () => {
  server = await startTestServer();
  lister = await steppedAccount(server);
  const { steps, client } = lister;
  clientId = expectStatus(await client.post("/api/clients", { name: "Zoë Müller", email: "zm@example.com" }), 201).id;
  named.zoe = await steps.create({ bill_to_name: undefined, bill_to_email: undefined, client_id: clientId, issue_date: "2026-01-10" });
  named.elan = await steps.create({ bill_to_name: "Élan Vital", type: "quote", issue_date: "2026-02-01" });
  named.zhuk = await steps.create({ bill_to_name: "Жук и Ко", type: "credit_note", issue_date: "2026-02-01" });
  named.plain = await steps.sent({ bill_to_name: "Plain Ltd", issue_date: "2026-03-15" });
  named.under = await steps.create({ bill_to_name: "Under_score Inc", bill_to_email: "billing@under.example", issue_date: "2026-03-31" });
  named.percent = await steps.transition(await steps.create({ bill_to_name: "100% Organic", issue_date: "2026-04-01" }), "review");
});
afterAll(() => server.close());

const idsOf = (...names: string[]): string[] => newestFirst(names.map((name) => named[name] as Invoice));
const ALL = ["zoe", "elan", "zhuk", "plain", "under", "percent"];

describe("GET /api/invoices: happy", () => {
  test("lists the account's invoices, newest issue date first, then id desc", async () => {
    const page = await list();
    expect(Object.keys(page).sort()).toEqual(["data", "limit", "offset", "total"]);
    expect(page).toMatchObject({ total: 6, limit: 20, offset: 0 });
    expect(page.data.map((invoice: Invoice) => invoice.id)).toEqual(idsOf(...ALL));
    expect(page.data.find((invoice: Invoice) => invoice.id === named.plain?.id)).toEqual(named.plain);
  });

  test.each([
    ["status=sent", { status: "sent" }, ["plain"]],
    ["status=review", { status: "review" }, ["percent"]],
    ["status=draft", { status: "draft" }, ["zoe", "elan", "zhuk", "under"]],
    ["status=paid (none)", { status: "paid" }, []],
    ["type=quote", { type: "quote" }, ["elan"]],
    ["type=credit_note", { type: "credit_note" }, ["zhuk"]],
    ["type=invoice", { type: "invoice" }, ["zoe", "plain", "under", "percent"]],
    ["from_date is inclusive", { from_date: "2026-02-01" }, ["elan", "zhuk", "plain", "under", "percent"]],
    ["to_date is inclusive", { to_date: "2026-02-01" }, ["zoe", "elan", "zhuk"]],
    ["from_date = to_date", { from_date: "2026-03-15", to_date: "2026-03-15" }, ["plain"]],
    ["a range with no invoice", { from_date: "2025-01-01", to_date: "2025-12-31" }, []],
    ["filters combine", { type: "invoice", status: "draft", from_date: "2026-03-01" }, ["under"]],
    ["q upper case beyond ASCII: ZOË", { q: "ZOË" }, ["zoe"]],
    ["q folds accents: zoe", { q: "zoe" }, ["zoe"]],
    ["q in decomposed form: Zoe + combining diaeresis", { q: "Zoe\u0308" }, ["zoe"]],
    ["q folds accents: MULLER", { q: "MULLER" }, ["zoe"]],
    ["q Cyrillic upper case: ЖУК", { q: "ЖУК" }, ["zhuk"]],
    ["q: ÉLAN", { q: "ÉLAN" }, ["elan"]],
    ["q: elan", { q: "elan" }, ["elan"]],
    ["q searches the number", { q: "inv-2026-0001" }, ["plain"]],
    ["q searches the e-mail", { q: "BILLING@UNDER" }, ["under"]],
    ["q takes % literally", { q: "%" }, ["percent"]],
    ["q takes _ literally", { q: "_" }, ["under"]],
    ["q with no match", { q: "nobody at all" }, []],
  ] as const)("%s", async (_name, query, expected) => {
    const page = await list(query);
    expect(page.data.map((invoice: Invoice) => invoice.id)).toEqual(idsOf(...expected));
    expect(page.total).toBe(expected.length);
  });

  test("client_id filters on the client", async () => {
    const page = await list({ client_id: clientId });
    expect(page.data.map((invoice: Invoice) => invoice.id)).toEqual([named.zoe?.id]);
  });

  test("limit and offset page through the same order; total counts every match", async () => {
    const ids: string[] = [];
    for (let offset = 0; offset < 6; offset += 4) {
      const page = await list({ limit: 4, offset });
      expect(page).toMatchObject({ total: 6, limit: 4, offset });
      ids.push(...page.data.map((invoice: Invoice) => invoice.id));
    }
    expect(ids).toEqual(idsOf(...ALL));
    expect(await list({ limit: 2, offset: 10 })).toEqual({ data: [], total: 6, limit: 2, offset: 10 });
    expect(await list({ status: "draft", limit: 1, offset: 3 })).toMatchObject({ total: 4, limit: 1, offset: 3 });
  });

  test("limit defaults to 20 and goes from 1 to 100", async () => {
    const busy = await steppedAccount(server);
    await Promise.all(Array.from({ length: 25 }, () => busy.steps.create()));
    const first = await list({}, busy);
    expect(first.data).toHaveLength(20);
    expect(first).toMatchObject({ total: 25, limit: 20, offset: 0 });
    expect((await list({ limit: 100 }, busy)).data).toHaveLength(25);
    expect((await list({ limit: 1 }, busy)).data).toHaveLength(1);
    expect((await list({ offset: 20 }, busy)).data).toHaveLength(5);
  });

  test("q follows edits: a renamed buyer is found by the new name only", async () => {
    const account = await steppedAccount(server);
    const created = await account.steps.create({ bill_to_name: "Old Näme" });
    await account.steps.update(created, { bill_to_name: "Nouvelle Société" });
    expect((await list({ q: "old name" }, account)).total).toBe(0);
    expect((await list({ q: "SOCIETE" }, account)).data.map((invoice: Invoice) => invoice.id)).toEqual([created.id]);
  });

  test("q finds a line's description, accents and case aside, and follows the lines' edits", async () => {
    const account = await steppedAccount(server);
    const bakery = await account.steps.create({ items: [{ description: "Brötchen, 100 Stück", quantity: 1, rate: 4_000 }, { description: "Lieferung", quantity: 1, rate: 500 }] });
    await account.steps.create({ items: [{ description: "Consulting", quantity: 1, rate: 10_000 }] });
    expect((await list({ q: "Brötchen" }, account)).data.map((invoice: Invoice) => invoice.id)).toEqual([bakery.id]);
    expect((await list({ q: "BROTCHEN" }, account)).total).toBe(1);
    await account.steps.update(bakery, { items: [{ description: "Croissants", quantity: 1, rate: 4_000 }] });
    expect((await list({ q: "brötchen" }, account)).total).toBe(0);
    expect((await list({ q: "croissant" }, account)).total).toBe(1);
  });

  test("an invoice stored before lines were searched is found by them once the refold-search job has run", async () => {
    const account = await steppedAccount(server);
    const older = await account.steps.create({ bill_to_name: "Bäckerei Krume", items: [{ description: "Laugenbrezel", quantity: 2, rate: 90 }] });
    // As a row written by the previous version: number, name and e-mail only, and its fold's version.
    await server.services.database.write((tx) => tx.run(sql`UPDATE invoices SET search_text = 'backerei krume', search_version = 1 WHERE id = ${older.id}`));
    expect((await list({ q: "laugenbrezel" }, account)).total).toBe(0);
    expect((await list({ q: "krume" }, account)).total).toBe(1);
    expect(await server.scheduler.run("refold-search")).toBe(true);
    expect((await list({ q: "laugenbrezel" }, account)).data.map((invoice: Invoice) => invoice.id)).toEqual([older.id]);
    const stale = await server.services.database.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM invoices WHERE search_version < 2`);
    expect(stale).toEqual([{ n: 0 }]);
  });

  test("from_date after to_date is a 422 naming to_date, on the list, a set summary and a bulk export's filter", async () => {
    const range = { from_date: "2026-05-01", to_date: "2026-04-01" };
    const listed = await lister.client.get(withQuery("/api/invoices", range));
    expectError(listed, 422, "VALIDATION_ERROR");
    expect(listed.body.details.field).toBe("to_date");
    const summarized = await lister.client.get(withQuery("/api/invoices/summary", range));
    expectError(summarized, 422, "VALIDATION_ERROR");
    const bulk = await lister.client.post("/api/exports/bulk", { filter: range, format: "pdf" });
    expectError(bulk, 422, "VALIDATION_ERROR");
    expect(bulk.body.details.field).toBe("filter.to_date");
    expect((await list({ from_date: "2026-04-01", to_date: "2026-04-01" })).total).toBe(1);
  });

  test("another account's invoices never appear", async () => {
    const stranger = await steppedAccount(server);
    const theirs = await stranger.steps.create({ bill_to_name: "Zoë Müller" });
    const mine = await list({ q: "zoë" });
    expect(mine.data.map((invoice: Invoice) => invoice.id)).toEqual([named.zoe?.id]);
    const seen = await list({}, stranger);
    expect(seen.data.map((invoice: Invoice) => invoice.id)).toEqual([theirs.id]);
  });
});

describe("GET /api/invoices: errors", () => {
  test.each([
    ["limit=0", "limit=0", "limit"],
    ["limit=101", "limit=101", "limit"],
    ["limit not a number", "limit=ten", "limit"],
    ["limit fractional", "limit=1.5", "limit"],
    ["negative offset", "offset=-1", "offset"],
    ["unknown status", "status=paid_twice", "status"],
    ["unknown type", "type=receipt", "type"],
    ["impossible from_date", "from_date=2026-13-01", "from_date"],
    ["to_date not a date", "to_date=yesterday", "to_date"],
    ["unknown parameter", "sort=asc", "sort"],
  ])("%s → 422 VALIDATION_ERROR", async (_name, query, field) => {
    const reply = await lister.client.get(`/api/invoices?${query}`);
    expectError(reply, 422, "VALIDATION_ERROR");
    expect(reply.body.details.field).toBe(field);
  });

  test("another account's client_id is 403, an unknown one 404", async () => {
    const stranger = await steppedAccount(server);
    const theirs = expectStatus(await stranger.client.post("/api/clients", { name: "Theirs" }), 201);
    const foreign = await lister.client.get(withQuery("/api/invoices", { client_id: theirs.id }));
    expectError(foreign, 403, "FORBIDDEN");
    expect(foreign.body.details.field).toBe("client_id");
    expectError(await lister.client.get(withQuery("/api/invoices", { client_id: "cli_missing" })), 404, "NOT_FOUND");
  });
});

describe("GET /api/invoices: security", () => {
  test("no key, unknown key, revoked key, wrong scope", async () => {
    await expectSecurityCases({
      server,
      owner: lister,
      scope: "invoices:read",
      ownsResource: false,
      call: (key) => api(server.url).get("/api/invoices", key),
    });
  });
});
