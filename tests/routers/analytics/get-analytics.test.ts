// GET /api/analytics (invoices.analytics) against a table worked out by hand: an account in
// Pacific/Auckland, whose "today" is a day ahead of UTC's, with invoices in EUR and USD.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTRPCClient, httpLink } from "@trpc/client";
import type { AppRouter } from "../../../routers/index.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, setProfile, steppedAccount, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: SteppedAccount;

/** One line, no VAT: the total is `amount`. */
function oneLine(amount: number, fields: Record<string, unknown>): Record<string, unknown> {
  return { tax_rate: 0, items: [{ description: "Work", quantity: 1, rate: amount }], ...fields };
}

beforeAll(async () => {
  // 12:00 UTC on the 21st is 01:00 on the 22nd in Auckland (UTC+13 in November).
  server = await startTestServer({ now: "2026-11-21T12:00:00Z" });
  owner = await steppedAccount(server);
  await setProfile(owner.client, { timezone: "Pacific/Auckland" });
  const globex = expectStatus(await owner.client.post("/api/clients", { name: "Globex Corporation" }), 201);
  const { steps } = owner;
  const paid = async (fields: Record<string, unknown>) => steps.transition(await steps.sent(fields), "paid");
  // EUR, in the range 2026-09-01…2026-11-30
  await paid(oneLine(100_000, { client_id: globex.id, issue_date: "2026-09-10", due_date: "2026-10-10" })); // A
  await paid(oneLine(50_000, { bill_to_name: "Umbrella Corp", issue_date: "2026-10-05", due_date: "2026-11-05" })); // B
  await steps.sent(oneLine(30_000, { client_id: globex.id, issue_date: "2026-10-20", due_date: "2026-11-21" })); // C: 1 day late in Auckland
  await steps.sent(oneLine(20_000, { bill_to_name: "Hooli", issue_date: "2026-11-02", due_date: "2026-12-02" })); // D: current
  await steps.sent(oneLine(5_000, { type: "credit_note", client_id: globex.id, issue_date: "2026-11-03" })); // E: −5 000
  await steps.create(oneLine(7_000, { issue_date: "2026-11-10" })); // H: a draft
  await steps.sent(oneLine(9_000, { type: "quote", issue_date: "2026-11-11" })); // I: a quote
  // EUR, before the range
  await steps.sent(oneLine(40_000, { bill_to_name: "Hooli", issue_date: "2026-07-15", due_date: "2026-08-01" })); // F: 113 days late
  await steps.sent(oneLine(10_000, { bill_to_name: "Hooli", issue_date: "2026-08-20", due_date: "2026-09-30" })); // G: 53 days late
  await paid(oneLine(60_000, { client_id: globex.id, issue_date: "2026-08-05", due_date: "2026-09-05" })); // K: the previous range
  // USD
  await paid(oneLine(25_000, { currency: "USD", locale: "en-US", bill_to_name: "Initech", issue_date: "2026-10-12", due_date: "2026-11-12" })); // L
});
afterAll(() => server.close());

const RANGE = "from_date=2026-09-01&to_date=2026-11-30";

describe("GET /api/analytics: happy", () => {
  test("every section per currency equals the table worked out by hand", async () => {
    const body = expectStatus(await owner.client.get(`/api/analytics?${RANGE}`), 200);
    expect(body).toMatchObject({ from_date: "2026-09-01", to_date: "2026-11-30", granularity: "month", as_of: "2026-11-22" });
    const [eur, usd] = body.currencies;
    expect(body.currencies.map((entry: { currency: string }) => entry.currency)).toEqual(["EUR", "USD"]);
    expect(eur.revenue).toEqual({
      total: 145_000,
      count: 3,
      previous_total: 60_000,
      previous_count: 1,
      change: 85_000,
      change_percent: 141.67,
      invoiced: 200_000,
      series: [
        { period: "2026-09", start: "2026-09-01", end: "2026-09-30", revenue: 100_000, count: 1, change: 0, change_percent: null },
        { period: "2026-10", start: "2026-10-01", end: "2026-10-31", revenue: 50_000, count: 1, change: -50_000, change_percent: -50 },
        { period: "2026-11", start: "2026-11-01", end: "2026-11-30", revenue: -5_000, count: 1, change: -55_000, change_percent: -110 },
      ],
    });
    expect(eur.aging).toEqual({
      outstanding: { amount: 100_000, count: 4 },
      overdue: { amount: 80_000, count: 3 },
      buckets: [
        { bucket: "current", amount: 20_000, count: 1 },
        { bucket: "1-30", amount: 30_000, count: 1 },
        { bucket: "31-60", amount: 10_000, count: 1 },
        { bucket: "61-90", amount: 0, count: 0 },
        { bucket: "90+", amount: 40_000, count: 1 },
      ],
    });
    expect(eur.dso).toBe(45.5);
    expect(eur.top_clients).toEqual([
      { client_id: expect.stringMatching(/^cli_/), name: "Globex Corporation", revenue: 95_000, count: 2 },
      { client_id: null, name: "Umbrella Corp", revenue: 50_000, count: 1 },
    ]);
    expect(eur.breakdown).toEqual({
      by_status: [
        { status: "draft", count: 1, total: 7_000 },
        { status: "sent", count: 2, total: 50_000 },
        { status: "paid", count: 2, total: 150_000 },
      ],
      by_type: [
        { type: "invoice", count: 5, total: 207_000 },
        { type: "credit_note", count: 1, total: 5_000 },
        { type: "quote", count: 1, total: 9_000 },
      ],
    });
    expect(usd).toMatchObject({
      currency: "USD",
      revenue: { total: 25_000, count: 1, invoiced: 25_000, previous_total: 0, change_percent: null },
      dso: 0,
      top_clients: [{ client_id: null, name: "Initech", revenue: 25_000, count: 1 }],
    });
  });

  test("weeks are ISO weeks, the first and last clipped to the range; quarters and years too", async () => {
    const weeks = expectStatus(await owner.client.get(`/api/analytics?${RANGE}&granularity=week&currency=EUR&sections=revenue`), 200);
    const series = weeks.currencies[0].revenue.series;
    expect(series[0]).toMatchObject({ period: "2026-W36", start: "2026-09-01", end: "2026-09-06" });
    expect(series.at(-1)).toMatchObject({ period: "2026-W49", start: "2026-11-30", end: "2026-11-30" });
    expect(series.find((point: { period: string }) => point.period === "2026-W37")).toMatchObject({ revenue: 100_000, count: 1 });
    const quarters = expectStatus(await owner.client.get(`/api/analytics?${RANGE}&granularity=quarter&currency=EUR&sections=revenue`), 200);
    expect(quarters.currencies[0].revenue.series.map((point: { period: string; revenue: number }) => [point.period, point.revenue])).toEqual([
      ["2026-Q3", 100_000],
      ["2026-Q4", 45_000],
    ]);
    const years = expectStatus(await owner.client.get("/api/analytics?from_date=2025-06-01&to_date=2026-12-31&granularity=year&currency=USD&sections=revenue"), 200);
    expect(years.currencies[0].revenue.series.map((point: { period: string; revenue: number }) => [point.period, point.revenue])).toEqual([
      ["2025", 0],
      ["2026", 25_000],
    ]);
  });

  test("sections pick what is computed (repeated or comma-separated); the default range is the last 12 months", async () => {
    const some = expectStatus(await owner.client.get("/api/analytics?sections=aging,dso&currency=EUR"), 200);
    expect(Object.keys(some.currencies[0]).sort()).toEqual(["aging", "currency", "dso"]);
    expect(some).toMatchObject({ from_date: "2025-12-01", to_date: "2026-11-22" });
    const repeated = expectStatus(await owner.client.get("/api/analytics?sections=clients&sections=breakdown&top=1"), 200);
    expect(Object.keys(repeated.currencies[0]).sort()).toEqual(["breakdown", "currency", "top_clients"]);
    expect(repeated.currencies[0].top_clients).toHaveLength(1);
  });

  test("each later write moves the figures: a payment, a void and a deleted draft", async () => {
    const account = await steppedAccount(server);
    const sent = await account.steps.sent(oneLine(10_000, { issue_date: "2026-11-01", due_date: "2026-11-10" }));
    const read = async () => expectStatus(await account.client.get("/api/analytics?from_date=2026-11-01&to_date=2026-11-30&currency=EUR"), 200).currencies[0];
    expect((await read()).aging.overdue).toEqual({ amount: 10_000, count: 1 });
    const partly = await account.steps.pay(sent, 4_000);
    expect((await read()).aging.outstanding).toEqual({ amount: 6_000, count: 1 });
    await account.steps.pay(partly, 6_000);
    const settled = await read();
    expect(settled.aging.outstanding).toEqual({ amount: 0, count: 0 });
    expect(settled.revenue.total).toBe(10_000);
    const voided = await account.steps.transition(await account.steps.sent(oneLine(3_000, { issue_date: "2026-11-02" })), "void");
    expect((await read()).breakdown.by_status).toContainEqual({ status: "void", count: 1, total: 3_000 });
    expect(voided.status).toBe("void");
  });

  test("an account without invoices has no currencies", async () => {
    const empty = await steppedAccount(server);
    expect(expectStatus(await empty.client.get("/api/analytics"), 200).currencies).toEqual([]);
  });

  test("the same figures through tRPC and the MCP tool", async () => {
    const rest = expectStatus(await owner.client.get(`/api/analytics?${RANGE}`), 200);
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${owner.key}` } })] });
    expect(await trpc.analytics.get.query({ from_date: "2026-09-01", to_date: "2026-11-30" })).toEqual(rest);
    const mcp = await api(server.url, owner.key).post("/api/mcp", {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "invoices.analytics", arguments: { from_date: "2026-09-01", to_date: "2026-11-30" } },
    });
    expect(mcp.body.result.structuredContent).toEqual(rest);
  });
});

describe("GET /api/analytics: errors", () => {
  test.each([
    ["from after to", "from_date=2026-12-01&to_date=2026-11-01", "from_date"],
    ["more than 1,000 days", "from_date=2020-01-01&to_date=2026-11-30&granularity=day", "granularity"],
    ["an unknown granularity", "granularity=fortnight", "granularity"],
    ["an unknown section", "sections=forecast", "sections.0"],
    ["a currency that is not ISO 4217", "currency=XYZ", "currency"],
    ["an impossible date", "from_date=2026-02-30", "from_date"],
    ["too many top clients", "top=51", "top"],
  ])("%s → 422 naming the field", async (_name, query, field) => {
    const reply = await owner.client.get(`/api/analytics?${query}`);
    expectError(reply, 422, "VALIDATION_ERROR");
    expect(reply.body.details.field).toBe(field);
  });
});

describe("GET /api/analytics: security", () => {
  test("no key, unknown key, revoked key, wrong scope", async () => {
    await expectSecurityCases({ server, owner, scope: "invoices:read", ownsResource: false, call: (key) => api(server.url).get("/api/analytics", key) });
  });

  test("another account's invoices never show", async () => {
    const stranger = await steppedAccount(server);
    expect(expectStatus(await stranger.client.get(`/api/analytics?${RANGE}`), 200).currencies).toEqual([]);
  });
});
