// POST /api/recurring: a rule made from an invoice (its content copied then), on a schedule in the
// account's time zone.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTRPCClient, httpLink } from "@trpc/client";
import type { AppRouter } from "../../../routers/index.ts";
import { SCOPES } from "../../../server/domain/scopes.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, setProfile, steppedAccount, type SteppedAccount } from "../../helpers/invoices.ts";
import { createRule, rulePath } from "../../helpers/recurring.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";
import { automate } from "../../helpers/webhooks.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer({ now: "2026-11-21T10:00:00Z" });
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

describe("POST /api/recurring: happy", () => {
  test("defaults: monthly on the start's day, a draft each period, missed periods issued; the invoice's content summarized", async () => {
    const source = await owner.steps.create({ issue_date: "2026-11-01", due_date: "2026-11-15" });
    const reply = await owner.client.post("/api/recurring", { invoice_id: source.id, frequency: "monthly", start_date: "2027-01-31" });
    expect(reply.status).toBe(201);
    expect(reply.headers.get("location")).toBe(rulePath(reply.body.id));
    expect(reply.body).toEqual({
      id: expect.stringMatching(/^rec_/),
      status: "active",
      frequency: "monthly",
      interval: 1,
      day_of_month: null,
      start_date: "2027-01-31",
      end_date: null,
      count: null,
      on_issue: "draft",
      send: null,
      missed: "issue",
      next_date: "2027-01-31",
      issued_count: 0,
      failures: 0,
      last_error: null,
      template: { invoice_id: source.id, client_id: null, bill_to_name: source.bill_to_name, currency: "EUR", total: source.total },
      created_at: "2026-11-21T10:00:00.000Z",
      updated_at: "2026-11-21T10:00:00.000Z",
    });
    expect(expectStatus(await owner.client.get(rulePath(reply.body.id)), 200)).toEqual(reply.body);
  });

  test("a day of the month clamps from the first period on: the 31st from 10 February is 28 February", async () => {
    const { rule } = await createRule(owner, { start_date: "2027-02-10", day_of_month: 31, count: 12, on_issue: "finalize", missed: "skip" });
    expect(rule).toMatchObject({ day_of_month: 31, count: 12, on_issue: "finalize", missed: "skip", next_date: "2027-02-28" });
  });

  test("on_issue send defaults to e-mail, and keeps the options given", async () => {
    expect((await createRule(owner, { on_issue: "send" })).rule.send).toEqual({ via: "email" });
    const { rule } = await createRule(owner, { on_issue: "send", send: { via: "link" } });
    expect(rule.send).toEqual({ via: "link" });
  });

  test("the start may be today in the account's time zone, while UTC is still on the day before", async () => {
    const tokyo = await steppedAccount(server);
    await setProfile(tokyo.client, { timezone: "Asia/Tokyo" });
    server.clock.set("2026-11-21T20:00:00Z"); // Tokyo: 22 Nov 05:00
    try {
      expect((await createRule(tokyo, { start_date: "2026-11-22", frequency: "weekly" })).rule.next_date).toBe("2026-11-22");
      expectError(await tokyo.client.post("/api/recurring", { invoice_id: (await tokyo.steps.create()).id, frequency: "weekly", start_date: "2026-11-21" }), 422, "VALIDATION_ERROR");
    } finally {
      server.clock.set("2026-11-21T10:00:00Z");
    }
  });

  test("later edits of the source invoice do not change the rule's copy", async () => {
    const { rule, source } = await createRule(owner);
    await owner.steps.update(source, { bill_to_name: "Renamed Ltd" });
    expect(expectStatus(await owner.client.get(rulePath(rule.id)), 200).template.bill_to_name).toBe(source.bill_to_name);
  });

  test("through the tool (invoices.automate create_recurring) and the tRPC client", async () => {
    const source = await owner.steps.create();
    const result = await automate(owner.client, "create_recurring", { invoice_id: source.id, frequency: "every_two_weeks", start_date: "2026-12-01", end_date: "2027-06-30" });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ frequency: "every_two_weeks", next_date: "2026-12-01", end_date: "2027-06-30" });
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${owner.key}` } })] });
    const created = await trpc.recurring.create.mutate({ invoice_id: source.id, frequency: "yearly", start_date: "2027-02-28" });
    expect(created).toMatchObject({ frequency: "yearly", next_date: "2027-02-28", template: { invoice_id: source.id } });
  });
});

describe("POST /api/recurring: errors", () => {
  test("invalid choices are 422 naming the field", async () => {
    const source = await owner.steps.create();
    const base = { invoice_id: source.id, frequency: "monthly", start_date: "2026-12-01" };
    for (const [body, field] of [
      [{ ...base, start_date: "2026-11-20" }, "start_date"],
      [{ ...base, frequency: "weekly", day_of_month: 5 }, "day_of_month"],
      [{ ...base, end_date: "2027-12-31", count: 3 }, "count"],
      [{ ...base, end_date: "2026-11-30" }, "end_date"],
      [{ ...base, send: { via: "link" } }, "send"],
      [{ ...base, frequency: "fortnightly" }, "frequency"],
      [{ ...base, interval: 0 }, "interval"],
      [{ ...base, day_of_month: 32 }, "day_of_month"],
      [{ ...base, count: 0 }, "count"],
      [{ ...base, on_issue: "send", send: { via: "fax" } }, "send.via"],
      [{ ...base, start_date: "tomorrow" }, "start_date"],
      [{ ...base, every: "month" }, "every"],
      [{ frequency: "monthly", start_date: "2026-12-01" }, "invoice_id"],
    ] as const) {
      const reply = await owner.client.post("/api/recurring", body);
      expectError(reply, 422, "VALIDATION_ERROR");
      expect(reply.body.details.field).toBe(field);
    }
  });

  test("an unknown invoice is 404 naming invoice_id", async () => {
    const reply = await owner.client.post("/api/recurring", { invoice_id: "inv_01KB4Z2W9X6M3Q7R8T5V0C1NPE", frequency: "monthly", start_date: "2026-12-01" });
    expectError(reply, 404, "NOT_FOUND");
    expect(reply.body.details.field).toBe("invoice_id");
  });

  test("a rule that sends or finalizes needs invoices:approve (it sends drafts, or spends numbers, on the key's behalf)", async () => {
    const source = await owner.steps.create();
    const key = await server.key(owner.accountId, SCOPES.filter((scope) => scope !== "invoices:approve"));
    for (const on_issue of ["send", "finalize"]) {
      const reply = await api(server.url, key).post("/api/recurring", { invoice_id: source.id, frequency: "monthly", start_date: "2026-12-01", on_issue });
      expectError(reply, 403, "FORBIDDEN");
      expect(reply.body.details.required_scope).toBe("invoices:approve");
    }
    expect(expectStatus(await api(server.url, key).post("/api/recurring", { invoice_id: source.id, frequency: "monthly", start_date: "2026-12-01", on_issue: "draft" }), 201).on_issue).toBe("draft");
  });
});

describe("POST /api/recurring: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account's invoice", async () => {
    const source = await owner.steps.create();
    await expectSecurityCases({
      server,
      owner,
      scope: "invoices:write",
      call: (key) => api(server.url).post("/api/recurring", { invoice_id: source.id, frequency: "monthly", start_date: "2026-12-01" }, key),
    });
    expect(expectStatus(await owner.client.get("/api/recurring?limit=100"), 200).data.filter((rule: { template: { invoice_id: string } }) => rule.template.invoice_id === source.id)).toEqual([]);
  });
});
