// The issue-recurring job, driven by the injectable clock: each period issued exactly on its local
// date (month ends, a leap February, daylight-saving changes in two zones), once, however many
// runners; downtime caught up in order or skipped; failures pausing the rule; finalize and send.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { mailOutbox } from "../../db/schema/index.ts";
import { issueRecurring } from "../../server/automation/recurring.ts";
import { JOBS } from "../../server/automation/jobs.ts";
import { createScheduler } from "../../server/automation/scheduler.ts";
import { expectStatus, setProfile, steppedAccount, withQuery, type Invoice, type SteppedAccount } from "../helpers/invoices.ts";
import { createRule, rulePath, type Rule } from "../helpers/recurring.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ now: "2026-10-01T12:00:00Z" });
});
afterAll(() => server.close());

type Issue = { period: string; invoice: Invoice };

/** The rule's issued periods, oldest first, from its recurring.invoice_created events. */
async function issuesOf(account: SteppedAccount, rule: Rule): Promise<Issue[]> {
  const events = expectStatus(await account.client.get(withQuery("/api/events", { resource_id: rule.id, type: "recurring.invoice_created", limit: 100 })), 200).data;
  return events.reverse().map((event: { data: Issue & { rule_id: string } }) => {
    expect(event.data.rule_id).toBe(rule.id);
    return { period: event.data.period, invoice: event.data.invoice };
  });
}

/**
 * The invoices an account's only rule issued, by date: what the calendar test reads, since it walks
 * four months and events are kept 30 days. Every invoice of the account but the rule's source.
 */
async function issuedInvoicesOf(account: SteppedAccount, rule: Rule): Promise<Invoice[]> {
  const invoices: Invoice[] = expectStatus(await account.client.get("/api/invoices?limit=100"), 200).data;
  return invoices.filter((invoice) => invoice.id !== rule.template.invoice_id).sort((one, other) => one.issue_date.localeCompare(other.issue_date));
}

const issuedDatesOf = async (account: SteppedAccount, rule: Rule): Promise<string[]> => (await issuedInvoicesOf(account, rule)).map((invoice) => invoice.issue_date);

const periodsOf = async (account: SteppedAccount, rule: Rule): Promise<string[]> => (await issuesOf(account, rule)).map((issue) => issue.period);

async function invoiceCount(account: SteppedAccount): Promise<number> {
  return expectStatus(await account.client.get("/api/invoices?limit=1"), 200).total;
}

async function ruleNow(account: SteppedAccount, rule: Rule): Promise<Rule> {
  return expectStatus(await account.client.get(rulePath(rule.id)), 200);
}

/** Sets the clock and runs the job once. */
async function runAt(instant: string): Promise<void> {
  server.clock.set(instant);
  expect(await server.scheduler.run("issue-recurring")).toBe(true);
}

/** One second before `instant` and at it. */
const justBefore = (instant: string): string => new Date(Date.parse(instant) - 1000).toISOString();

describe("calendar", () => {
  test("the 31st across a month end and a leap-year February: 31 Dec, 31 Jan, 29 Feb 2028, 31 Mar, each once, due after the template's term", async () => {
    server.clock.set("2027-12-01T12:00:00Z");
    const account = await steppedAccount(server);
    const { rule, source } = await createRule(account, { start_date: "2027-12-31" }, { issue_date: "2027-11-01", due_date: "2027-11-15" });
    const expected: string[] = [];
    for (const [date, nextDay] of [
      ["2027-12-31", "2028-01-01"],
      ["2028-01-31", "2028-02-01"],
      ["2028-02-29", "2028-03-01"],
      ["2028-03-31", "2028-04-01"],
    ] as const) {
      await runAt(justBefore(`${date}T00:00:00Z`));
      expect(await issuedDatesOf(account, rule)).toEqual(expected);
      await runAt(`${date}T00:00:00Z`);
      await runAt(`${date}T23:59:59Z`);
      expected.push(date);
      expect(await issuedDatesOf(account, rule)).toEqual(expected);
      expect((await ruleNow(account, rule)).next_date! > date).toBe(true);
      await runAt(`${nextDay}T12:00:00Z`);
    }
    const issued = await issuedInvoicesOf(account, rule);
    expect(issued.map((invoice) => [invoice.issue_date, invoice.due_date])).toEqual([
      ["2027-12-31", "2028-01-14"],
      ["2028-01-31", "2028-02-14"],
      ["2028-02-29", "2028-03-14"],
      ["2028-03-31", "2028-04-14"],
    ]);
    for (const invoice of issued) {
      expect(invoice).toMatchObject({ status: "draft", number: null, locked: false, revision: 1, bill_to_name: source.bill_to_name, total: source.total });
    }
    // Events are kept 30 days: the last period's is still there, with the invoice as stored.
    const issues = await issuesOf(account, rule);
    expect(issues.map((issue) => issue.period)).toEqual(["2028-03-31"]);
    expect(issues[0]!.invoice).toEqual(issued.at(-1)!);
    expect(await invoiceCount(account)).toBe(5);
    expect(await ruleNow(account, rule)).toMatchObject({ status: "active", issued_count: 4, next_date: "2028-04-30", failures: 0 });
    const [history] = [await account.steps.history(issued[0]!.id)];
    expect(history).toEqual([expect.objectContaining({ action: "created", actor: `rule:${rule.id}` })]);
  });

  /**
   * A daily rule in `zone` from the day before `midnights[0]`: just before each local midnight
   * (given in UTC) that day's period is not issued, at it it is, once.
   */
  async function expectLocalDates(zone: string, createdAt: string, midnights: ReadonlyArray<readonly [date: string, utc: string]>): Promise<void> {
    server.clock.set(createdAt);
    const account = await steppedAccount(server);
    await setProfile(account.client, { timezone: zone });
    const { rule } = await createRule(account, { frequency: "daily", start_date: midnights[0]![0] });
    const issued: string[] = [];
    for (const [date, utc] of midnights) {
      await runAt(justBefore(utc));
      expect(await periodsOf(account, rule)).toEqual(issued);
      await runAt(utc);
      await runAt(new Date(Date.parse(utc) + 3_600_000).toISOString());
      issued.push(date);
      expect(await periodsOf(account, rule)).toEqual(issued);
    }
    const issues = await issuesOf(account, rule);
    expect(issues.map(({ invoice }) => invoice.issue_date)).toEqual(issued);
  }

  test("Europe/Berlin across the spring change (28 March 2027, 23 hours): local midnights at 23:00 and 22:00 UTC", async () => {
    await expectLocalDates("Europe/Berlin", "2027-03-26T12:00:00Z", [
      ["2027-03-27", "2027-03-26T23:00:00Z"],
      ["2027-03-28", "2027-03-27T23:00:00Z"],
      ["2027-03-29", "2027-03-28T22:00:00Z"],
    ]);
  });

  test("America/New_York across the spring change (14 March 2027): local midnights at 05:00 and 04:00 UTC", async () => {
    await expectLocalDates("America/New_York", "2027-03-12T12:00:00Z", [
      ["2027-03-13", "2027-03-13T05:00:00Z"],
      ["2027-03-14", "2027-03-14T05:00:00Z"],
      ["2027-03-15", "2027-03-15T04:00:00Z"],
    ]);
  });

  test("America/New_York across the autumn change (1 November 2026, 25 hours): local midnights at 04:00 and 05:00 UTC", async () => {
    await expectLocalDates("America/New_York", "2026-10-30T12:00:00Z", [
      ["2026-10-31", "2026-10-31T04:00:00Z"],
      ["2026-11-01", "2026-11-01T04:00:00Z"],
      ["2026-11-02", "2026-11-02T05:00:00Z"],
    ]);
  });

  test("a count ends the rule after its last invoice", async () => {
    server.clock.set("2027-01-01T08:00:00Z");
    const account = await steppedAccount(server);
    const { rule } = await createRule(account, { frequency: "weekly", start_date: "2027-01-01", count: 2 });
    await runAt("2027-01-30T08:00:00Z");
    expect(await periodsOf(account, rule)).toEqual(["2027-01-01", "2027-01-08"]);
    expect(await ruleNow(account, rule)).toMatchObject({ status: "ended", next_date: null, issued_count: 2 });
  });
});

describe("downtime", () => {
  test("missed issue: every missed period, in order, the next run", async () => {
    server.clock.set("2027-01-10T12:00:00Z");
    const account = await steppedAccount(server);
    const { rule } = await createRule(account, { start_date: "2027-01-15" });
    await runAt("2027-05-20T12:00:00Z");
    const issues = await issuesOf(account, rule);
    expect(issues.map((issue) => issue.period)).toEqual(["2027-01-15", "2027-02-15", "2027-03-15", "2027-04-15", "2027-05-15"]);
    expect(issues.map((issue) => issue.invoice.issue_date)).toEqual(issues.map((issue) => issue.period));
    // Issued in order: each invoice's id (time-sortable) after the one before.
    expect(issues.map((issue) => issue.invoice.id)).toEqual(issues.map((issue) => issue.invoice.id).sort());
    expect(await ruleNow(account, rule)).toMatchObject({ issued_count: 5, next_date: "2027-06-15" });
  });

  test("missed skip: periods before today are skipped, one dated today is issued", async () => {
    server.clock.set("2027-01-10T12:00:00Z");
    const account = await steppedAccount(server);
    const { rule } = await createRule(account, { start_date: "2027-01-15", missed: "skip" });
    await runAt("2027-05-15T12:00:00Z");
    expect(await periodsOf(account, rule)).toEqual(["2027-05-15"]);
    const other = (await createRule(account, { start_date: "2027-05-16", frequency: "daily", missed: "skip" })).rule;
    await runAt("2027-05-20T12:00:00Z");
    expect(await periodsOf(account, rule)).toEqual(["2027-05-15"]);
    expect(await periodsOf(account, other)).toEqual(["2027-05-20"]);
    expect(await ruleNow(account, rule)).toMatchObject({ issued_count: 1, next_date: "2027-06-15" });
    expect(await ruleNow(account, other)).toMatchObject({ issued_count: 1, next_date: "2027-05-21" });
  });
});

describe("concurrent runners", () => {
  test("the job's run called five times at once: one invoice per period, no gap", async () => {
    server.clock.set("2027-06-01T12:00:00Z");
    const account = await steppedAccount(server);
    const { rule } = await createRule(account, { frequency: "daily", start_date: "2027-06-01" });
    server.clock.set("2027-06-12T12:00:00Z");
    await Promise.all(Array.from({ length: 5 }, () => issueRecurring.run(server.services)));
    const days = Array.from({ length: 12 }, (_, day) => `2027-06-${String(day + 1).padStart(2, "0")}`);
    expect(await periodsOf(account, rule)).toEqual(days);
    expect(await invoiceCount(account)).toBe(1 + days.length);
    expect(await ruleNow(account, rule)).toMatchObject({ issued_count: 12, next_date: "2027-06-13" });
  });

  test("two schedulers (two lease holders) at once: one runs, each period once", async () => {
    server.clock.set("2027-07-01T12:00:00Z");
    const account = await steppedAccount(server);
    const { rule } = await createRule(account, { frequency: "weekly", start_date: "2027-07-01" });
    const [first, second] = [createScheduler(server.services, JOBS, "holder-a"), createScheduler(server.services, JOBS, "holder-b")];
    server.clock.set("2027-07-22T12:00:00Z");
    const ran = await Promise.all([first.run("issue-recurring"), second.run("issue-recurring")]);
    expect(ran.filter(Boolean).length).toBe(1);
    expect(await periodsOf(account, rule)).toEqual(["2027-07-01", "2027-07-08", "2027-07-15", "2027-07-22"]);
    expect(await invoiceCount(account)).toBe(5);
  });

  test("two processes on one database, running at once: each period once, no gap", async () => {
    server.clock.set("2027-08-01T12:00:00Z");
    const account = await steppedAccount(server);
    const { rule } = await createRule(account, { frequency: "daily", start_date: "2027-08-01" });
    const twin = await startTestServer({ dataDir: server.dataDir, now: "2027-08-20T12:00:00Z" });
    try {
      server.clock.set("2027-08-20T12:00:00Z");
      await Promise.all([issueRecurring.run(server.services), issueRecurring.run(twin.services), issueRecurring.run(server.services), issueRecurring.run(twin.services)]);
      const days = Array.from({ length: 20 }, (_, day) => `2027-08-${String(day + 1).padStart(2, "0")}`);
      expect(await periodsOf(account, rule)).toEqual(days);
      expect(await invoiceCount(account)).toBe(21);
    } finally {
      await twin.close();
    }
  });
});

describe("failures", () => {
  test("three failures in a row pause the rule with recurring.paused; resume issues what was missed", async () => {
    server.clock.set("2027-09-01T12:00:00Z");
    const account = await steppedAccount(server);
    const client = expectStatus(await account.client.post("/api/clients", { name: "Gone GmbH", email: "ap@gone.example" }), 201);
    const { rule } = await createRule(account, { start_date: "2027-09-02", frequency: "daily" }, { client_id: client.id, bill_to_name: undefined, bill_to_email: undefined });
    expectStatus(await account.client.put(`/api/clients/${client.id}`, { archived: true }), 200);
    await runAt("2027-09-02T12:00:00Z");
    expect(await ruleNow(account, rule)).toMatchObject({ status: "active", failures: 1, last_error: expect.stringContaining("archived"), next_date: "2027-09-02" });
    await runAt("2027-09-02T12:01:00Z");
    expect((await ruleNow(account, rule)).failures).toBe(2);
    await runAt("2027-09-02T12:02:00Z");
    const paused = await ruleNow(account, rule);
    expect(paused).toMatchObject({ status: "paused", failures: 3, next_date: "2027-09-02" });
    const events = expectStatus(await account.client.get(withQuery("/api/events", { resource_id: rule.id, type: "recurring.paused" })), 200).data;
    expect(events).toEqual([expect.objectContaining({ type: "recurring.paused", resource: { type: "recurring_rule", id: rule.id }, data: { rule_id: rule.id, reason: expect.stringContaining("3 failures in a row"), failures: 3, last_error: paused.last_error } })]);
    await runAt("2027-09-03T12:00:00Z");
    expect(await ruleNow(account, rule)).toMatchObject({ status: "paused", failures: 3 });
    expect(await invoiceCount(account)).toBe(1);

    expectStatus(await account.client.put(`/api/clients/${client.id}`, { archived: false }), 200);
    expect(expectStatus(await account.client.post(rulePath(rule.id, "/resume")), 200)).toMatchObject({ status: "active", failures: 0, last_error: null });
    await runAt("2027-09-03T12:05:00Z");
    expect(await periodsOf(account, rule)).toEqual(["2027-09-02", "2027-09-03"]);
  });

  test("a success ends a run of failures", async () => {
    server.clock.set("2027-09-01T12:00:00Z");
    const account = await steppedAccount(server);
    const client = expectStatus(await account.client.post("/api/clients", { name: "Flaky AG" }), 201);
    const { rule } = await createRule(account, { start_date: "2027-09-02", frequency: "daily" }, { client_id: client.id, bill_to_name: undefined, bill_to_email: undefined });
    expectStatus(await account.client.put(`/api/clients/${client.id}`, { archived: true }), 200);
    await runAt("2027-09-02T12:00:00Z");
    await runAt("2027-09-02T12:01:00Z");
    expect((await ruleNow(account, rule)).failures).toBe(2);
    expectStatus(await account.client.put(`/api/clients/${client.id}`, { archived: false }), 200);
    await runAt("2027-09-02T12:02:00Z");
    expect(await ruleNow(account, rule)).toMatchObject({ status: "active", failures: 0, last_error: null, issued_count: 1 });
  });
});

describe("on issue", () => {
  test("finalize: numbered and locked in the issuing transaction, with its events", async () => {
    server.clock.set("2027-10-01T12:00:00Z");
    const account = await steppedAccount(server);
    const { rule } = await createRule(account, { start_date: "2027-10-01", on_issue: "finalize" });
    await runAt("2027-10-01T12:00:00Z");
    const [issue] = await issuesOf(account, rule);
    expect(issue!.invoice).toMatchObject({ status: "draft", locked: true, number: "INV-2027-0001", revision: 2, issue_date: "2027-10-01" });
    const types = expectStatus(await account.client.get(withQuery("/api/events", { resource_id: issue!.invoice.id })), 200).data.map((event: { type: string }) => event.type);
    expect(types.reverse()).toEqual(["invoice.created", "invoice.finalized"]);
    expect((await account.steps.history(issue!.invoice.id)).map((entry) => entry.action)).toEqual(["created", "finalized"]);
  });

  test("send by link: sent with its share link; by e-mail: the message queued in the outbox", async () => {
    server.clock.set("2027-10-01T12:00:00Z");
    const account = await steppedAccount(server);
    const byLink = (await createRule(account, { start_date: "2027-10-01", on_issue: "send", send: { via: "link" } })).rule;
    const byMail = (await createRule(account, { start_date: "2027-10-01", on_issue: "send", send: { via: "email", to: ["ap@buyer.example"], subject: "Your monthly invoice" } })).rule;
    await runAt("2027-10-01T12:00:00Z");
    const [linked] = await issuesOf(account, byLink);
    expect(linked!.invoice).toMatchObject({ status: "sent", locked: true, number: expect.stringMatching(/^INV-2027-/), share_url: expect.stringContaining("/share/") });
    const [mailed] = await issuesOf(account, byMail);
    expect(mailed!.invoice.status).toBe("sent");
    const outbox = await server.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.invoiceId, mailed!.invoice.id));
    expect(outbox).toEqual([expect.objectContaining({ kind: "send", message: expect.objectContaining({ to: ["ap@buyer.example"], subject: "Your monthly invoice" }) })]);
    expect(await server.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.invoiceId, linked!.invoice.id))).toEqual([]);
    // A later run sends nothing again.
    await runAt("2027-10-01T13:00:00Z");
    expect(await server.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.invoiceId, mailed!.invoice.id))).toHaveLength(1);
  });

  test("a send refused (no recipient) issues nothing and counts as a failure", async () => {
    server.clock.set("2027-10-01T12:00:00Z");
    const account = await steppedAccount(server);
    const { rule } = await createRule(account, { start_date: "2027-10-01", on_issue: "send" }, { bill_to_email: undefined });
    await runAt("2027-10-01T12:00:00Z");
    expect(await ruleNow(account, rule)).toMatchObject({ failures: 1, issued_count: 0, next_date: "2027-10-01", last_error: expect.stringContaining("No recipient") });
    expect(await periodsOf(account, rule)).toEqual([]);
    expect(await invoiceCount(account)).toBe(1);
  });

  test("a send with an attachment the invoice cannot make (no seller profile: no UBL) issues nothing and counts as a failure, rather than mailing a file that fails", async () => {
    server.clock.set("2027-10-01T12:00:00Z");
    const account = await steppedAccount(server);
    const { rule } = await createRule(account, { start_date: "2027-10-01", on_issue: "send", send: { via: "email", to: ["ap@buyer.example"], attach: ["pdf", "ubl"] } });
    await runAt("2027-10-01T12:00:00Z");
    expect(await ruleNow(account, rule)).toMatchObject({ failures: 1, issued_count: 0, next_date: "2027-10-01", last_error: expect.stringContaining("VALIDATION_ERROR: The ubl attachment cannot be made: BT-") });
    expect(await periodsOf(account, rule)).toEqual([]);
    expect(await invoiceCount(account)).toBe(1);
    expect(await server.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.accountId, account.accountId))).toEqual([]);
  });
});

describe("what a run costs", () => {
  test("rules issued today are read, not written to, until their next date begins in their account's zone", async () => {
    const own = await startTestServer({ now: "2026-10-01T12:00:00Z" });
    const { write } = own.services.database;
    try {
      const here = await steppedAccount(own);
      const rules = await Promise.all(Array.from({ length: 10 }, async () => (await createRule(here, { frequency: "daily", start_date: "2026-10-01" })).rule));
      // Where 2 October has begun already at 12:00 UTC (UTC+14): its rule for that day is due now.
      const ahead = await steppedAccount(own);
      await setProfile(ahead.client, { timezone: "Pacific/Kiritimati" });
      const { rule: early } = await createRule(ahead, { frequency: "daily", start_date: "2026-10-02" });
      await issueRecurring.run(own.services);
      expect((await Promise.all(rules.map((rule) => ruleNow(here, rule)))).every((rule) => rule.next_date === "2026-10-02" && rule.issued_count === 1)).toBe(true);
      expect(await ruleNow(ahead, early)).toMatchObject({ issued_count: 1, next_date: "2026-10-03" });

      let writes = 0;
      own.services.database.write = (work) => {
        writes += 1;
        return write(work);
      };
      own.clock.set("2026-10-01T12:01:00Z");
      await issueRecurring.run(own.services);
      expect(writes).toBe(0);
      own.clock.set("2026-10-02T00:00:00Z");
      await issueRecurring.run(own.services);
      expect(writes).toBe(10);
      expect((await Promise.all(rules.map((rule) => ruleNow(here, rule)))).every((rule) => rule.issued_count === 2)).toBe(true);
    } finally {
      own.services.database.write = write;
      await own.close();
    }
  });
});
