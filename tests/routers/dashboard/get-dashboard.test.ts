import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, invoicePath, steppedAccount, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ now: "2026-11-21T10:00:00Z" });
});
afterAll(() => server.close());

type Stats = { invoices: number; revenue: number; outstanding: number; overdue: number; overdue_invoices: number };
const ZERO: Stats = { invoices: 0, revenue: 0, outstanding: 0, overdue: 0, overdue_invoices: 0 };
/** The factory's two lines at 19 %: 124 550 + 23 665. */
const TOTAL = 148_215;
/** One line of 10 000 at 19 %. */
const SMALL = { items: [{ description: "Correction", quantity: 1, rate: 10_000 }] };
const SMALL_TOTAL = 11_900;

/** Asserts the whole dashboard: every currency row (in currency order) and the invoice count. */
async function expectDashboard(account: SteppedAccount, rows: Record<string, Partial<Stats>>): Promise<void> {
  const { usage: _usage, ...body } = expectStatus(await account.client.get("/api/dashboard"), 200);
  const currencies = Object.entries(rows).map(([currency, stats]) => ({ currency, ...ZERO, ...stats }));
  expect(body).toEqual({ total_invoices: currencies.reduce((sum, row) => sum + row.invoices, 0), currencies });
}

describe("GET /api/dashboard: happy", () => {
  test("an account without invoices has empty statistics", async () => {
    const account = await steppedAccount(server);
    await expectDashboard(account, {});
  });

  test("usage: this month's paid operations, each at zero until one runs (GET /api/usage tells the same)", async () => {
    const account = await steppedAccount(server);
    const { usage } = expectStatus(await account.client.get("/api/dashboard"), 200);
    expect(usage.month).toBe("2026-11");
    expect(usage.operations.map((row: { operation: string; count: number }) => [row.operation, row.count])).toEqual([
      ["brand_extraction", 0],
      ["ocr", 0],
      ["ai_extract", 0],
      ["pdf_render", 0],
    ]);
    expect(expectStatus(await account.client.get("/api/usage"), 200)).toEqual(usage);
  });

  test("counts, revenue, outstanding and overdue are right after each write", async () => {
    const account = await steppedAccount(server);
    const { steps } = account;

    const draft = await steps.create();
    await expectDashboard(account, { EUR: { invoices: 1 } });
    const sent = await steps.transition(draft, "sent");
    await expectDashboard(account, { EUR: { invoices: 1, outstanding: TOTAL } });
    const partly = await steps.pay(sent, 48_215);
    await expectDashboard(account, { EUR: { invoices: 1, outstanding: 100_000 } });
    await steps.transition(partly, "paid");
    await expectDashboard(account, { EUR: { invoices: 1, revenue: TOTAL } });

    const credit = await steps.create({ type: "credit_note", ...SMALL });
    await expectDashboard(account, { EUR: { invoices: 2, revenue: TOTAL } });
    const creditSent = await steps.transition(credit, "sent");
    await expectDashboard(account, { EUR: { invoices: 2, revenue: TOTAL - SMALL_TOTAL } });
    await steps.transition(creditSent, "paid");
    await expectDashboard(account, { EUR: { invoices: 2, revenue: TOTAL - SMALL_TOTAL } });

    const dollars = await steps.sent({ currency: "USD", locale: "en-US", ...SMALL });
    await expectDashboard(account, { EUR: { invoices: 2, revenue: TOTAL - SMALL_TOTAL }, USD: { invoices: 1, outstanding: SMALL_TOTAL } });

    const quote = await steps.sent({ type: "quote" });
    const voided = await steps.transition(await steps.sent(), "void");
    const late = await steps.sent({ issue_date: "2026-10-01", due_date: "2026-10-31" });
    await expectDashboard(account, {
      EUR: { invoices: 5, revenue: TOTAL - SMALL_TOTAL, outstanding: TOTAL },
      USD: { invoices: 1, outstanding: SMALL_TOTAL },
    });
    expect([quote.status, voided.status]).toEqual(["sent", "void"]);

    server.clock.set("2026-11-21T10:05:00Z");
    expect(await server.scheduler.runDue()).toContain("mark-overdue");
    await expectDashboard(account, {
      EUR: { invoices: 5, revenue: TOTAL - SMALL_TOTAL, outstanding: TOTAL, overdue: TOTAL, overdue_invoices: 1 },
      USD: { invoices: 1, outstanding: SMALL_TOTAL },
    });
    const overdue = await steps.pay(await steps.get(late.id), 8_215);
    expect(overdue.status).toBe("overdue");
    await expectDashboard(account, {
      EUR: { invoices: 5, revenue: TOTAL - SMALL_TOTAL, outstanding: 140_000, overdue: 140_000, overdue_invoices: 1 },
      USD: { invoices: 1, outstanding: SMALL_TOTAL },
    });
    await steps.transition(overdue, "paid");
    await expectDashboard(account, {
      EUR: { invoices: 5, revenue: 2 * TOTAL - SMALL_TOTAL },
      USD: { invoices: 1, outstanding: SMALL_TOTAL },
    });

    const scratch = await steps.create({ currency: "JPY", locale: "ja-JP" });
    await expectDashboard(account, {
      EUR: { invoices: 5, revenue: 2 * TOTAL - SMALL_TOTAL },
      JPY: { invoices: 1 },
      USD: { invoices: 1, outstanding: SMALL_TOTAL },
    });
    expect((await account.client.delete(invoicePath(scratch.id))).status).toBe(200);
    await expectDashboard(account, { EUR: { invoices: 5, revenue: 2 * TOTAL - SMALL_TOTAL }, USD: { invoices: 1, outstanding: SMALL_TOTAL } });
  });

  test("viewed invoices are outstanding; viewed credit notes reduce revenue", async () => {
    const account = await steppedAccount(server);
    await account.steps.transition(await account.steps.sent(), "viewed");
    await expectDashboard(account, { EUR: { invoices: 1, outstanding: TOTAL } });
    await account.steps.transition(await account.steps.sent({ type: "credit_note", ...SMALL }), "viewed");
    await expectDashboard(account, { EUR: { invoices: 2, revenue: -SMALL_TOTAL, outstanding: TOTAL } });
  });

  test("another account's invoices never count", async () => {
    const mine = await steppedAccount(server);
    const theirs = await steppedAccount(server);
    await theirs.steps.transition(await theirs.steps.sent(), "paid");
    await mine.steps.sent();
    await expectDashboard(mine, { EUR: { invoices: 1, outstanding: TOTAL } });
    await expectDashboard(theirs, { EUR: { invoices: 1, revenue: TOTAL } });
  });
});

describe("GET /api/dashboard: errors", () => {
  test("an unknown query parameter is 422", async () => {
    const account = await steppedAccount(server);
    const reply = await account.client.get("/api/dashboard?currency=EUR");
    expectError(reply, 422, "VALIDATION_ERROR");
    expect(reply.body.details.field).toBe("currency");
  });
});

describe("GET /api/dashboard: security", () => {
  test("no key, unknown key, revoked key, wrong scope", async () => {
    const owner = await steppedAccount(server);
    await expectSecurityCases({
      server,
      owner,
      scope: "invoices:read",
      ownsResource: false,
      call: (key) => api(server.url).get("/api/dashboard", key),
    });
  });
});
