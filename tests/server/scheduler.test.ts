// The overdue job through the scheduler, on the real server's services and manual clock. Time only
// moves forward in this file: each run is at least one job period (60 s) after the previous one.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { operation } from "../helpers/factories.ts";
import { expectError, invoicePath, setProfile, steppedAccount, type Invoice, type SteppedAccount } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { JOBS } from "../../server/automation/jobs.ts";
import { createScheduler, type Job } from "../../server/automation/scheduler.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ now: "2026-11-20T12:00:00Z" });
});
afterAll(() => server.close());

/** Sets the clock and runs what is due on the server's own scheduler, which must run the overdue job. */
async function runOverdueAt(instant: string): Promise<void> {
  server.clock.set(instant);
  expect(await server.scheduler.runDue()).toContain("mark-overdue");
}

async function accountIn(timezone: string): Promise<SteppedAccount> {
  const account = await steppedAccount(server);
  await setProfile(account.client, { timezone });
  return account;
}

/** A sent invoice issued on 1 November, due on `due`. */
const sentDue = (account: SteppedAccount, due: string, overrides: Record<string, unknown> = {}) =>
  account.steps.sent({ issue_date: "2026-11-01", due_date: due, ...overrides });

const statusOf = async (account: SteppedAccount, invoice: Invoice): Promise<string> => (await account.steps.get(invoice.id)).status;

describe("scheduler: overdue job", () => {
  test("a sent invoice due before today becomes overdue; the revision bumps and the system is recorded", async () => {
    const account = await accountIn("UTC");
    const sent = await sentDue(account, "2026-11-20");
    const viewed = await account.steps.transition(await sentDue(account, "2026-11-20"), "viewed");

    await runOverdueAt("2026-11-20T23:59:00Z");
    expect(await account.steps.get(sent.id)).toEqual(sent);
    expect(await account.steps.get(viewed.id)).toEqual(viewed);

    await runOverdueAt("2026-11-21T00:01:00Z");
    expect(await account.steps.get(viewed.id)).toMatchObject({ status: "overdue", revision: viewed.revision + 1 });
    const overdue = await account.steps.get(sent.id);
    expect(overdue).toEqual({ ...sent, status: "overdue", revision: sent.revision + 1, updated_at: "2026-11-21T00:01:00.000Z" });
    expect((await account.steps.history(sent.id)).at(-1)).toMatchObject({
      revision: sent.revision + 1,
      action: "transitioned",
      from_status: "sent",
      to_status: "overdue",
      changes: ["status"],
      actor: "system",
      at: "2026-11-21T00:01:00.000Z",
    });
    // A client still holding the old revision must reload.
    const stale = await account.client.post(invoicePath(sent.id, "/payments"), { ...operation(sent.revision), amount: 1 });
    expectError(stale, 409, "REVISION_CONFLICT");
    expect(stale.body.details.current_revision).toBe(sent.revision + 1);
  });

  test("today is the account's own date in its time zone", async () => {
    const tokyo = await accountIn("Asia/Tokyo");
    const utc = await accountIn("UTC");
    const losAngeles = await accountIn("America/Los_Angeles");
    const kiritimati = await accountIn("Pacific/Kiritimati");
    const inTokyo = await sentDue(tokyo, "2026-11-21");
    const inUtc = await sentDue(utc, "2026-11-21");
    const inLosAngeles = await sentDue(losAngeles, "2026-11-21");
    const inKiritimati = await sentDue(kiritimati, "2026-11-22");
    const statuses = async () => [
      await statusOf(tokyo, inTokyo),
      await statusOf(utc, inUtc),
      await statusOf(losAngeles, inLosAngeles),
      await statusOf(kiritimati, inKiritimati),
    ];

    await runOverdueAt("2026-11-21T16:00:00Z"); // Tokyo 22 Nov 01:00, UTC 21 Nov, Los Angeles 21 Nov 08:00
    expect(await statuses()).toEqual(["overdue", "sent", "sent", "sent"]);
    await runOverdueAt("2026-11-22T01:00:00Z"); // UTC 22 Nov, Los Angeles 21 Nov 17:00
    expect(await statuses()).toEqual(["overdue", "overdue", "sent", "sent"]);
    await runOverdueAt("2026-11-22T08:30:00Z"); // Los Angeles 22 Nov 00:30, Kiritimati 22 Nov 22:30
    expect(await statuses()).toEqual(["overdue", "overdue", "overdue", "sent"]);
    await runOverdueAt("2026-11-22T10:30:00Z"); // Kiritimati 23 Nov 00:30 while UTC is still 22 Nov
    expect(await statuses()).toEqual(["overdue", "overdue", "overdue", "overdue"]);
  });

  test("drafts, approved, paid, void invoices and quotes are untouched; a partly paid one goes overdue", async () => {
    const account = await accountIn("UTC");
    const { steps } = account;
    const past = { issue_date: "2026-11-01", due_date: "2026-11-05" };
    const untouched = [
      await steps.create(past),
      await steps.through(await steps.create(past), "review", "approved"),
      await steps.transition(await sentDue(account, "2026-11-05"), "paid"),
      await steps.transition(await sentDue(account, "2026-11-05"), "void"),
      await sentDue(account, "2026-11-05", { type: "quote" }),
      await sentDue(account, "2026-11-05", { type: "purchase_order" }),
    ];
    const partly = await steps.pay(await sentDue(account, "2026-11-05"), 10_000);

    await runOverdueAt("2026-11-23T00:00:00Z");
    for (const invoice of untouched) expect(await steps.get(invoice.id)).toEqual(invoice);
    const overdue = await steps.get(partly.id);
    expect(overdue).toMatchObject({ status: "overdue", revision: partly.revision + 1, amount_paid: 10_000 });

    // An invoice already overdue is not moved again.
    await runOverdueAt("2026-11-23T00:02:00Z");
    expect(await steps.get(partly.id)).toEqual(overdue);
    expect(await steps.history(partly.id)).toHaveLength(overdue.revision);
  });

  test("200 invoices not yet due in their zone (one job batch) do not hold back one overdue in its own", async () => {
    // At 11:00 UTC on 24 Nov it is still 23 Nov at UTC−12 and already 25 Nov at UTC+14.
    const behind = await accountIn("Etc/GMT+12");
    const ahead = await accountIn("Pacific/Kiritimati");
    const notYet = await Promise.all(Array.from({ length: 200 }, () => sentDue(behind, "2026-11-23")));
    const late = await sentDue(ahead, "2026-11-24");

    await runOverdueAt("2026-11-24T11:00:00Z");
    expect(await statusOf(ahead, late)).toBe("overdue");
    for (const invoice of notYet.slice(0, 5)) expect(await statusOf(behind, invoice)).toBe("sent");
  });

  test("a second scheduler (another holder of the same database) does not run the job within the period", async () => {
    const account = await accountIn("UTC");
    await runOverdueAt("2026-11-25T00:00:00Z");
    const sent = await sentDue(account, "2026-11-20");
    const other = createScheduler(server.services, JOBS, "other-process");

    server.clock.set("2026-11-25T00:00:30Z");
    const ran = await other.runDue();
    expect(ran).not.toContain("mark-overdue");
    expect(ran).toContain("flush-rate-limits"); // per-process work runs everywhere
    expect(await statusOf(account, sent)).toBe("sent");

    // Still within the first holder's lease (a period plus a 5-minute margin): the job stays there.
    server.clock.set("2026-11-25T00:05:30Z");
    expect(await other.runDue()).not.toContain("mark-overdue");

    // Once that lease has run out (the first holder stopped renewing it), the other process takes the job.
    server.clock.set("2026-11-25T00:06:30Z");
    expect(await other.runDue()).toContain("mark-overdue");
    expect(await statusOf(account, sent)).toBe("overdue");

    server.clock.set("2026-11-25T00:06:45Z");
    expect(await server.scheduler.runDue()).not.toContain("mark-overdue");
    await other.stop();
  });
});

describe("scheduler: starting and stopping (ADR 0016 \"Stopping\")", () => {
  /** A job of its own, so no lease the suite's scheduler holds is in the way; `runs` counts its runs. */
  function probe(name: string, run: Job["run"] = async () => undefined): Job & { runs: number } {
    const job = { name, everyMs: 60_000, runs: 0, run: (...args: Parameters<Job["run"]>) => (job.runs++, run(...args)) };
    return job;
  }

  test("a stop releases the leases this scheduler holds: another process takes the job at once; others' leases stay", async () => {
    const job = probe("probe-release");
    const leaving = createScheduler(server.services, [job], "leaving");
    const staying = createScheduler(server.services, [job], "staying");
    expect(await leaving.run(job.name)).toBe(true);
    expect(await staying.run(job.name)).toBe(false);
    await leaving.stop();
    // The same instant: not the lease margin later.
    expect(await staying.run(job.name)).toBe(true);
    await createScheduler(server.services, [job], "holding-nothing").stop();
    expect(await createScheduler(server.services, [job], "third").run(job.name)).toBe(false);
    await staying.stop();
  });

  test("start runs what is due at once; a stop aborts the running job's signal, waits for it, then releases its lease", async () => {
    let signal: AbortSignal | undefined;
    let started!: () => void;
    let finish!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const job = probe("probe-stop", async (_services, stopping) => {
      signal = stopping;
      started();
      await finished;
    });
    const scheduler = createScheduler(server.services, [job], "stopping");
    scheduler.start(3_600_000); // the first tick would be an hour away
    await running;
    expect(signal?.aborted).toBe(false);
    let stopped = false;
    const stop = scheduler.stop().then(() => (stopped = true));
    expect(signal?.aborted).toBe(true);
    expect(await createScheduler(server.services, [job], "next").run(job.name)).toBe(false);
    expect(stopped).toBe(false);
    finish();
    await stop;
    expect(await createScheduler(server.services, [job], "next").run(job.name)).toBe(true);
    expect(job.runs).toBe(2);
  });

  test("a stopped scheduler starts no further job, even within a tick under way", async () => {
    let stopped: Promise<void> | undefined;
    const first = probe("probe-first", async () => {
      stopped = scheduler.stop();
    });
    const second = probe("probe-second");
    const scheduler = createScheduler(server.services, [first, second], "ticking");
    expect(await scheduler.runDue()).toEqual(["probe-first"]);
    expect(second.runs).toBe(0);
    await stopped;
  });
});
