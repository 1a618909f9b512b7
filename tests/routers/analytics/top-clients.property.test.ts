// Top clients are summed and ranked in the database from the aggregates (years, months and days,
// some taken away: revenueParts; db/queries/analytics.ts topClientRevenue), returning only the
// clients ranked `top` or better. Property: for any range, currency and `top`, GET /api/analytics
// answers exactly what plain SQL over the invoices table says — revenue per client by the revenue
// rule (paid invoices, less credit notes sent, viewed or paid), ranked by revenue, then by the
// client's current name (a stored client's, not the names its invoices were billed to). The
// invoices are generated (fixed seed) with revenue of few distinct sizes, so ties at the last place
// are common.
import { afterAll, beforeAll, expect, test } from "bun:test";
import fc from "fast-check";
import { topClients, type ClientRevenueRow } from "../../../server/domain/analytics.ts";
import { expectStatus, steppedAccount, type SteppedAccount } from "../../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

const SEED = Number(process.env.SEED ?? 20_261_129);
const CLIENTS = ["Globex", "Initech", "Umbrella", "Hooli", "Stark"];
const BILLED_BY_NAME = ["Acme Bakery", "Zoë Café", "Ærø Shipping", "Bob"];

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer({ now: "2026-11-21T12:00:00Z" });
  owner = await steppedAccount(server);
  const clientIds = await Promise.all(CLIENTS.map(async (name) => expectStatus(await owner.client.post("/api/clients", { name }), 201).id as string));
  const invoice = fc.record({
    billed: fc.oneof(fc.constantFrom(...clientIds).map((client_id) => ({ client_id })), fc.constantFrom(...BILLED_BY_NAME).map((bill_to_name) => ({ bill_to_name }))),
    type: fc.constantFrom("invoice", "invoice", "invoice", "credit_note"),
    // Few sizes: clients often tie.
    amount: fc.constantFrom(1_000, 2_000, 5_000),
    currency: fc.constantFrom("EUR", "EUR", "USD"),
    year: fc.constantFrom(2025, 2026),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    end: fc.constantFrom("draft", "sent", "paid"),
  });
  const drawn = fc.sample(invoice, { numRuns: 120, seed: SEED });
  const { steps } = owner;
  for (const { billed, type, amount, currency, year, month, day, end } of drawn) {
    const issued = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    const created = await steps.create({ ...billed, type, currency, issue_date: issued, due_date: issued, tax_rate: 0, items: [{ description: "Work", quantity: 1, rate: amount }] });
    if (end === "draft") continue;
    const sent = await steps.transition(created, "sent");
    if (end === "paid" && type === "invoice") await steps.pay(sent, sent.total);
  }
}, 60_000);
afterAll(() => server.close());

/** The plain answer: every client's revenue in the range grouped from the invoices themselves, ranked by the domain's order. */
async function plainTopClients(from: string, to: string, currency: string | undefined, top: number): Promise<Array<{ currency: string; top_clients: unknown[] }>> {
  const result = await server.services.database.client.execute({
    sql: `SELECT i.currency, coalesce(i.client_id, 'name:' || i.bill_to_name) AS client_key, i.client_id, coalesce(c.name, min(i.bill_to_name)) AS name,
            sum(CASE WHEN i.type = 'invoice' AND i.status = 'paid' THEN i.total ELSE -i.total END) AS revenue, count(*) AS count
          FROM invoices AS i LEFT JOIN clients AS c ON c.id = i.client_id
          WHERE i.account_id = ? AND i.issue_date BETWEEN ? AND ? AND (? IS NULL OR i.currency = ?)
            AND ((i.type = 'invoice' AND i.status = 'paid') OR (i.type = 'credit_note' AND i.status IN ('sent', 'viewed', 'paid')))
          GROUP BY i.currency, client_key`,
    args: [owner.accountId, from, to, currency ?? null, currency ?? null],
  });
  const rows = result.rows.map((row) => ({ ...row }) as unknown as ClientRevenueRow);
  const currencies = [...new Set(rows.map((row) => row.currency))].sort();
  return currencies.map((code) => ({ currency: code, top_clients: topClients(rows.filter((row) => row.currency === code), top) }));
}

// Two years and their edges: ranges within a year, across the new year, whole years and months, single days.
const day = fc.oneof(
  fc.integer({ min: 0, max: 740 }).map((offset) => new Date(Date.UTC(2024, 11, 20) + offset * 86_400_000).toISOString().slice(0, 10)),
  fc.constantFrom("2025-01-01", "2025-12-31", "2026-01-01", "2026-06-30", "2026-07-01", "2026-12-31"),
);

test("top clients over any range, currency and top equal plain SQL over the invoices", async () => {
  await fc.assert(
    fc.asyncProperty(fc.tuple(day, day), fc.option(fc.constantFrom("EUR", "USD"), { nil: undefined }), fc.integer({ min: 1, max: 6 }), async ([a, b], currency, top) => {
      const [from, to] = a <= b ? [a, b] : [b, a];
      const query = new URLSearchParams({ from_date: from, to_date: to, sections: "clients", top: String(top), ...(currency ? { currency } : {}) });
      const body = expectStatus(await owner.client.get(`/api/analytics?${query}`), 200);
      const answered = body.currencies.map((entry: { currency: string; top_clients: unknown[] }) => ({ currency: entry.currency, top_clients: entry.top_clients })).filter((entry: { top_clients: unknown[] }) => entry.top_clients.length > 0);
      expect({ from, to, currency, top, answered }).toEqual({ from, to, currency, top, answered: await plainTopClients(from, to, currency, top) });
    }),
    { numRuns: 120, seed: SEED },
  );
});
