// The analytics aggregates and invoice lines kept by triggers (migrations 0004, 0006, 0018) stay equal to what the invoices say,
// whatever the writes: creates, edits of amounts, dates, currency and client, moves, payments,
// deletes. A seeded random walk through the real API, then every aggregate row is recomputed from
// the stored invoices with the domain's own revenue rule.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { clientRevenueDays, clientRevenueMonths, clientRevenueYears, invoiceDays, invoiceLines, invoiceMonths, invoices, openReceivables } from "../../db/schema/index.ts";
import { lineTax } from "../../server/domain/money.ts";
import { countsAsRevenue, revenueOf } from "../../server/domain/analytics.ts";
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import { expectStatus, steppedAccount, type Invoice, type SteppedAccount } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { pseudoRandom } from "../../scripts/seed/random.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

type Sums = Map<string, { count: number; total: number }>;

function add(map: Sums, key: string, count: number, total: number): void {
  const entry = map.get(key) ?? { count: 0, total: 0 };
  entry.count += count;
  entry.total += total;
  map.set(key, entry);
}

/** Drops rows a later change emptied: the tables keep them at zero. */
function nonZero(map: Sums): Record<string, { count: number; total: number }> {
  return Object.fromEntries([...map].filter(([, value]) => value.count !== 0).sort(([a], [b]) => a.localeCompare(b)));
}

test("after 160 random writes every aggregate row equals the invoices' own figures", async () => {
  const next = pseudoRandom(20261125);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const { steps, client } = owner;
  const clients = await Promise.all(["Globex", "Initech"].map(async (name) => expectStatus(await client.post("/api/clients", { name }), 201).id as string));
  const live: Invoice[] = [];
  const dates = ["2026-09-30", "2026-10-01", "2026-10-31", "2026-11-01", "2026-11-15"];
  const fields = () => ({
    currency: pick(["EUR", "USD"]),
    issue_date: pick(dates),
    due_date: pick([undefined, "2026-12-31"]),
    tax_rate: 0,
    items: [{ description: "Work", quantity: 1 + Math.floor(next() * 3), rate: 1_000 + Math.floor(next() * 9_000) }],
    ...(next() < 0.5 ? { client_id: pick(clients) } : { bill_to_name: pick(["Hooli", "Umbrella"]) }),
  });
  for (let step = 0; step < 160; step++) {
    const target = live.length && next() > 0.25 ? pick(live) : null;
    if (!target) {
      live.push(await steps.create({ ...fields(), type: pick(["invoice", "invoice", "invoice", "credit_note", "quote"]) }));
      continue;
    }
    const roll = next();
    const payable = target.type !== "quote" && ["sent", "viewed"].includes(target.status);
    let updated: Invoice | null = null;
    if (target.status === "draft") {
      if (roll < 0.3) updated = await steps.update(target, { ...fields(), client_id: null });
      else if (roll < 0.75) updated = await steps.transition(target, "sent");
      else if (roll < 0.9) {
        expectStatus(await client.delete(`/api/invoices/${target.id}?base_revision=${target.revision}&operation_id=${crypto.randomUUID()}`), 200);
        live.splice(live.indexOf(target), 1);
      } else updated = await steps.transition(target, "void");
    } else if (payable) {
      if (roll < 0.35 && target.amount_due > 1) updated = await steps.pay(target, Math.floor(target.amount_due / 2));
      else if (roll < 0.75) updated = await steps.transition(target, "paid");
      else if (roll < 0.85) updated = await steps.transition(target, "void");
    } else if (target.status === "sent" && roll < 0.5) {
      updated = await steps.transition(target, "void");
    }
    if (updated) live.splice(live.indexOf(target), 1, updated);
  }
  const { db } = server.services.database;
  const stored = (await db.select({ doc: invoices.doc }).from(invoices).where(eq(invoices.accountId, owner.accountId))).map((row) => JSON.parse(row.doc) as InvoiceRecord);
  expect(stored.length).toBeGreaterThan(20);

  const days: Sums = new Map();
  const months: Sums = new Map();
  const open: Sums = new Map();
  const clientYears: Sums = new Map();
  const clientMonths: Sums = new Map();
  const clientDays: Sums = new Map();
  for (const invoice of stored) {
    add(days, [invoice.currency, invoice.issue_date, invoice.type, invoice.status].join("|"), 1, invoice.total);
    add(months, [invoice.currency, invoice.issue_date.slice(0, 7), invoice.type, invoice.status].join("|"), 1, invoice.total);
    if (invoice.type === "invoice" && ["sent", "viewed", "overdue"].includes(invoice.status)) add(open, [invoice.currency, invoice.due_date ?? "", invoice.status].join("|"), 1, invoice.amount_due);
    if (countsAsRevenue(invoice.type, invoice.status)) {
      const key = invoice.client_id ?? `name:${invoice.bill_to_name}`;
      add(clientYears, [invoice.currency, invoice.issue_date.slice(0, 4), key].join("|"), 1, revenueOf(invoice.type, invoice.status, invoice.total));
      add(clientMonths, [invoice.currency, invoice.issue_date.slice(0, 7), key].join("|"), 1, revenueOf(invoice.type, invoice.status, invoice.total));
      add(clientDays, [invoice.currency, invoice.issue_date, key].join("|"), 1, revenueOf(invoice.type, invoice.status, invoice.total));
    }
  }
  const table = async <Row,>(rows: Promise<Row[]>, key: (row: Row) => string, count: (row: Row) => number, total: (row: Row) => number) => {
    const sums: Sums = new Map();
    for (const row of await rows) add(sums, key(row), count(row), total(row));
    return nonZero(sums);
  };
  expect(await table(db.select().from(invoiceDays).where(eq(invoiceDays.accountId, owner.accountId)), (row) => [row.currency, row.issueDate, row.type, row.status].join("|"), (row) => row.count, (row) => row.total)).toEqual(nonZero(days));
  expect(await table(db.select().from(invoiceMonths).where(eq(invoiceMonths.accountId, owner.accountId)), (row) => [row.currency, row.month, row.type, row.status].join("|"), (row) => row.count, (row) => row.total)).toEqual(nonZero(months));
  expect(await table(db.select().from(openReceivables).where(eq(openReceivables.accountId, owner.accountId)), (row) => [row.currency, row.dueDate, row.status].join("|"), (row) => row.count, (row) => row.amountDue)).toEqual(nonZero(open));
  expect(await table(db.select().from(clientRevenueYears).where(eq(clientRevenueYears.accountId, owner.accountId)), (row) => [row.currency, row.year, row.clientKey].join("|"), (row) => row.count, (row) => row.revenue)).toEqual(nonZero(clientYears));
  expect(await table(db.select().from(clientRevenueMonths).where(eq(clientRevenueMonths.accountId, owner.accountId)), (row) => [row.currency, row.month, row.clientKey].join("|"), (row) => row.count, (row) => row.revenue)).toEqual(nonZero(clientMonths));
  expect(await table(db.select().from(clientRevenueDays).where(eq(clientRevenueDays.accountId, owner.accountId)), (row) => [row.currency, row.issueDate, row.clientKey].join("|"), (row) => row.count, (row) => row.revenue)).toEqual(nonZero(clientDays));
  const lines = stored
    .filter((invoice) => (invoice.type === "invoice" || invoice.type === "quote") && invoice.status !== "void")
    .flatMap((invoice) =>
      invoice.items.map((item, position) =>
        [invoice.id, position, invoice.client_id ?? `name:${invoice.bill_to_name}`, invoice.issue_date, invoice.currency, item.description, item.unit, item.rate, lineTax(item, invoice.tax_rate).rate, invoice.due_date, invoice.payment_terms].join("|"),
      ),
    );
  const kept = (await db.select().from(invoiceLines).where(eq(invoiceLines.accountId, owner.accountId))).map((row) =>
    [row.invoiceId, row.position, row.clientKey, row.issueDate, row.currency, row.description, row.unit, row.rate, row.taxRate, row.dueDate, row.paymentTerms].join("|"),
  );
  expect(kept.sort()).toEqual(lines.sort());
});
