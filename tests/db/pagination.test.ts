// GET /api/invoices keeps the spec's offset/limit/total; deep pages are located from the trigger-kept
// aggregates instead of skipping rows (db/queries/invoice-seek.ts, ADR 0031). The promise: every page
// is exactly what `ORDER BY issue_date DESC, id DESC LIMIT limit OFFSET offset` over the invoices
// table gives at the moment it is read, whatever the filters, including after writes between pages.
// The oracle below is that plain statement, run on the suite's own database.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { SEEK_FROM_OFFSET } from "../../db/queries/invoices.ts";
import { addDays } from "../../server/domain/clock.ts";
import { INVOICE_STATUSES, INVOICE_TYPES } from "../../server/domain/lifecycle.ts";
import { seedRealisticAccount } from "../../scripts/seed/realistic.ts";
import { invoiceInput, operation } from "../helpers/factories.ts";
import { api, type Api } from "../helpers/http.ts";
import { expectStatus, withQuery } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const INVOICES = 2_500;
const TODAY = "2026-11-21";
const FIRST_DAY = addDays(TODAY, -5 * 365);
const PROPERTY_RUNS = { numRuns: Number(process.env.RUNS ?? 100), seed: Number(process.env.SEED ?? 20_261_127) };

type Filters = { status?: string; type?: string; client_id?: string; from_date?: string; to_date?: string };
type Page = { ids: string[]; total: number };

let server: TestServer;
let client: Api;
let accountId: string;
let clientIds: string[];

/** What plain OFFSET gives: the reference every page must equal. */
async function offsetPage(filters: Filters, limit: number, offset: number): Promise<Page> {
  const conditions = ["account_id = ?"];
  const args: Array<string | number> = [accountId];
  const column = { status: "status = ?", type: "type = ?", client_id: "client_id = ?", from_date: "issue_date >= ?", to_date: "issue_date <= ?" } as const;
  for (const [name, value] of Object.entries(filters)) {
    conditions.push(column[name as keyof Filters]);
    args.push(value);
  }
  const where = conditions.join(" AND ");
  const { client: database } = server.services.database;
  const rows = await database.execute({ sql: `SELECT id FROM invoices WHERE ${where} ORDER BY issue_date DESC, id DESC LIMIT ? OFFSET ?`, args: [...args, limit, offset] });
  const counted = await database.execute({ sql: `SELECT count(*) AS n FROM invoices WHERE ${where}`, args });
  return { ids: rows.rows.map((row) => String(row.id)), total: Number(counted.rows[0]?.n) };
}

async function servedPage(filters: Filters, limit: number, offset: number): Promise<Page> {
  const body = expectStatus(await client.get(withQuery("/api/invoices", { ...filters, limit, offset })), 200);
  expect(body).toMatchObject({ limit, offset });
  return { ids: body.data.map((invoice: { id: string }) => invoice.id), total: body.total };
}

async function expectSameAsOffset(filters: Filters, limit: number, offset: number): Promise<void> {
  expect({ filters, limit, offset, ...(await servedPage(filters, limit, offset)) }).toEqual({ filters, limit, offset, ...(await offsetPage(filters, limit, offset)) });
}

const date = fc.integer({ min: 0, max: 5 * 365 + 30 }).map((days) => addDays(FIRST_DAY, days - 15));

/** `value` in one case out of `outOf`, else absent: most lists have few filters. */
const sometimes = <T>(value: fc.Arbitrary<T>, outOf: number): fc.Arbitrary<T | undefined> => fc.oneof({ arbitrary: fc.constant(undefined), weight: outOf - 1 }, { arbitrary: value, weight: 1 });

const filters: fc.Arbitrary<Filters> = fc
  .record({
    status: sometimes(fc.constantFrom(...INVOICE_STATUSES), 4),
    type: sometimes(fc.constantFrom(...INVOICE_TYPES), 4),
    client: sometimes(fc.integer({ min: 0, max: 2 }), 6),
    from_date: sometimes(date, 2),
    to_date: sometimes(date, 2),
  })
  .map(({ client, ...rest }) => {
    const given = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)) as Filters;
    // Dates out of order are refused (422), not a page: a range is drawn in order.
    if (given.from_date && given.to_date && given.from_date > given.to_date) [given.from_date, given.to_date] = [given.to_date, given.from_date];
    return client === undefined ? given : { ...given, client_id: clientIds[client]! };
  });

/** Offsets on both sides of where the aggregates take over, up to past the end. */
const offset = fc.oneof(fc.integer({ min: 0, max: SEEK_FROM_OFFSET - 1 }), fc.integer({ min: SEEK_FROM_OFFSET, max: INVOICES + 100 }), fc.integer({ min: 0, max: 60 }));

beforeAll(async () => {
  server = await startTestServer({ now: `${TODAY}T10:00:00Z` });
  const owner = await server.account();
  accountId = owner.accountId;
  client = api(server.url, owner.key);
  const seeded = await seedRealisticAccount(server.services.database, { accountId, invoices: INVOICES, today: TODAY });
  // The busiest clients, so a client filter can reach deep offsets too.
  const busiest = await server.services.database.client.execute({ sql: "SELECT client_id FROM invoices WHERE account_id = ? GROUP BY client_id ORDER BY count(*) DESC LIMIT 3", args: [accountId] });
  clientIds = busiest.rows.map((row) => String(row.client_id));
  expect(seeded.invoiceIds).toHaveLength(INVOICES);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("a page is exactly what OFFSET gives", () => {
  test("for random filters, page sizes and offsets, shallow and deep", async () => {
    await fc.assert(
      fc.asyncProperty(filters, fc.integer({ min: 1, max: 100 }), offset, (given, limit, from) => expectSameAsOffset(given, limit, from)),
      PROPERTY_RUNS,
    );
  }, 60_000);

  test("paging a whole filtered list by 100 gives every row once, in order, across days and months", async () => {
    for (const given of [{}, { status: "paid" }, { type: "credit_note", from_date: "2023-02-15" }, { from_date: "2022-03-17", to_date: "2025-08-03" }] as Filters[]) {
      const all = await offsetPage(given, INVOICES, 0);
      const pages: string[] = [];
      for (let at = 0; at < all.total; at += 100) {
        const page = await servedPage(given, 100, at);
        expect({ given, at, total: page.total }).toEqual({ given, at, total: all.total });
        pages.push(...page.ids);
      }
      expect({ given, ids: pages }).toEqual({ given, ids: all.ids });
    }
  }, 60_000);

  test("the page just past the end is empty and still carries the total", async () => {
    const { total } = await offsetPage({ status: "paid" }, 1, 0);
    expect(await servedPage({ status: "paid" }, 20, total)).toEqual({ ids: [], total });
    expect(await servedPage({ status: "paid" }, 20, total + SEEK_FROM_OFFSET)).toEqual({ ids: [], total });
  });
});

describe("writes between pages behave as OFFSET does (documented: offsets count from the newest)", () => {
  const deep = SEEK_FROM_OFFSET + 37;

  test("an invoice issued today shifts a deep page by one row: its last row comes again on the next", async () => {
    const before = await servedPage({}, 20, deep);
    expectStatus(await client.post("/api/invoices", invoiceInput({ issue_date: TODAY, due_date: addDays(TODAY, 30) })), 201);
    const after = await servedPage({}, 20, deep);
    expect(after.total).toBe(before.total + 1);
    expect(after.ids.slice(1)).toEqual(before.ids.slice(0, 19));
    await expectSameAsOffset({}, 20, deep);
  });

  test("an invoice issued before every row of the page leaves it as it was", async () => {
    const before = await servedPage({}, 20, deep);
    expectStatus(await client.post("/api/invoices", invoiceInput({ issue_date: addDays(FIRST_DAY, -30), due_date: FIRST_DAY })), 201);
    const after = await servedPage({}, 20, deep);
    expect(after).toEqual({ ids: before.ids, total: before.total + 1 });
  });

  test("random creates, status moves and deletions between pages keep every page equal to OFFSET's", async () => {
    const write = fc.oneof(
      date.map((issue_date) => ({ kind: "create" as const, issue_date })),
      fc.nat().map((pick) => ({ kind: "void" as const, pick })),
      fc.nat().map((pick) => ({ kind: "delete" as const, pick })),
    );
    await fc.assert(
      fc.asyncProperty(write, filters, fc.integer({ min: 1, max: 100 }), offset, async (change, given, limit, from) => {
        if (change.kind === "create") {
          expectStatus(await client.post("/api/invoices", invoiceInput({ issue_date: change.issue_date, due_date: addDays(change.issue_date, 30) })), 201);
        } else {
          // A draft, found by OFFSET so the pick is deterministic: voided (its status moves) or deleted.
          const drafts = await offsetPage({ status: "draft" }, 1, 0);
          const [id] = (await offsetPage({ status: "draft" }, 1, change.pick % Math.max(1, drafts.total))).ids;
          if (id && change.kind === "void") {
            const { revision } = expectStatus(await client.get(`/api/invoices/${id}`), 200);
            expectStatus(await client.post(`/api/invoices/${id}/transition`, { ...operation(revision), status: "void" }), 200);
          }
          if (id && change.kind === "delete") expectStatus(await client.delete(`/api/invoices/${id}`), 200);
        }
        await expectSameAsOffset(given, limit, from);
      }),
      { ...PROPERTY_RUNS, numRuns: Math.ceil(PROPERTY_RUNS.numRuns / 2) },
    );
  }, 60_000);
});
