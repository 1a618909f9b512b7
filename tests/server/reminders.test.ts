// The queue-reminders job: an account's schedule (days from the due date) e-mails the client once
// per invoice and offset through the send outbox, only for open invoices, stopped by payment even
// after the reminder was queued. The clock moves day by day; a real SMTP server receives the mail.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { operation } from "../helpers/factories.ts";
import { expectStatus, invoicePath, steppedAccount, type Invoice, type SteppedAccount } from "../helpers/invoices.ts";
import { deliverMail, outboxOf, startTestSmtp, type Received, type TestSmtp } from "../helpers/mail.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let smtp: TestSmtp;
let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ now: "2026-11-21T10:00:00Z", env: { SMTP_URL: smtp.url } });
  owner = await steppedAccount(server);
  expectStatus(await owner.client.put("/api/reminders", { enabled: true, offsets: [7, -3, 1] }), 200);
});

afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** Moves the clock to 10:00 UTC of `date`, queues what is due and delivers it; the messages sent. */
async function dayOf(date: string): Promise<Received[]> {
  server.clock.set(`${date}T10:00:00Z`);
  const before = smtp.received.length;
  expect(await server.scheduler.run("queue-reminders")).toBe(true);
  await deliverMail(server);
  return smtp.received.slice(before);
}

const remindersOf = async (invoice: Invoice) => (await outboxOf(server, owner.accountId, invoice.id)).filter((mail) => mail.kind === "reminder");

describe("an open invoice due on 2026-11-25", () => {
  let invoice: Invoice;

  beforeAll(async () => {
    invoice = await owner.steps.sent({ due_date: "2026-11-25", bill_to_email: "ap@globex.example" });
  });

  test("nothing before the first offset's day", async () => {
    expect(await dayOf("2026-11-21")).toEqual([]);
  });

  test("three days before: one reminder in German, saying when it is due, with the share link", async () => {
    const [message, ...more] = await dayOf("2026-11-22");
    expect(more).toEqual([]);
    expect(message!.envelope.to).toEqual(["ap@globex.example"]);
    expect(message!.parsed.subject).toBe(`Erinnerung: Rechnung ${invoice.number}, fällig am 25. November 2026`);
    expect(message!.parsed.text).toContain("wir möchten Sie freundlich daran erinnern");
    expect(message!.parsed.text).toContain(`${server.url}/share/`);
    expect(message!.parsed.attachments).toEqual([]);
    expect(await remindersOf(invoice)).toEqual([expect.objectContaining({ status: "sent", message: expect.objectContaining({ offset_days: -3 }) })]);
  });

  test("one per offset: the same day again and the days until the next offset send nothing", async () => {
    expect(await dayOf("2026-11-22")).toEqual([]);
    expect(await dayOf("2026-11-25")).toEqual([]);
  });

  test("a day after the due date: the overdue reminder", async () => {
    const [message] = await dayOf("2026-11-26");
    expect(message!.parsed.subject).toBe(`Zahlungserinnerung: Rechnung ${invoice.number}, fällig seit 25. November 2026`);
    expect(message!.parsed.text).toContain("noch nicht beglichen");
  });

  test("paid: no more reminders", async () => {
    await owner.steps.pay(await owner.steps.get(invoice.id), invoice.amount_due);
    expect(await dayOf("2026-12-02")).toEqual([]);
    expect((await remindersOf(invoice)).map((mail) => mail.message.offset_days)).toEqual([-3, 1]);
  });
});

describe("which invoices and which offset", () => {
  test("paid after the reminder was queued but before delivery: cancelled at delivery, never sent", async () => {
    server.clock.set("2026-12-10T10:00:00Z");
    const invoice = await owner.steps.sent({ due_date: "2026-12-12", bill_to_email: "ap@initech.example" });
    expect(await server.scheduler.run("queue-reminders")).toBe(true);
    expect(await remindersOf(invoice)).toEqual([expect.objectContaining({ status: "pending" })]);
    await owner.steps.pay(await owner.steps.get(invoice.id), invoice.amount_due);
    const before = smtp.received.length;
    await deliverMail(server);
    expect(smtp.received.length).toBe(before);
    expect(await remindersOf(invoice)).toEqual([expect.objectContaining({ status: "cancelled", attempts: 0, lastError: expect.stringContaining("paid") })]);
  });

  test("never for drafts, void invoices, quotes, purchase orders or credit notes", async () => {
    server.clock.set("2026-12-20T10:00:00Z");
    const due = { due_date: "2026-12-21" };
    const draft = await owner.steps.create(due);
    const voided = await owner.steps.transition(await owner.steps.create(due), "void");
    const quote = await owner.steps.sent({ ...due, type: "quote" });
    const order = await owner.steps.sent({ ...due, type: "purchase_order" });
    const credit = await owner.steps.sent({ ...due, type: "credit_note" });
    const open = await owner.steps.sent(due);
    const sent = await dayOf("2026-12-20");
    expect(sent.map((message) => message.envelope.to[0])).toEqual([open.bill_to_email]);
    for (const quiet of [draft, voided, quote, order, credit]) expect(await remindersOf(quiet)).toEqual([]);
  });

  test("only the latest offset whose day has come, and none more than a week late", async () => {
    server.clock.set("2027-01-10T10:00:00Z");
    const lateByDays = await owner.steps.sent({ due_date: "2027-01-08" });
    const longOverdue = await owner.steps.sent({ due_date: "2026-12-01" });
    const sent = await dayOf("2027-01-10");
    expect(sent.map((message) => message.envelope.to[0])).toEqual([lateByDays.bill_to_email]);
    expect((await remindersOf(lateByDays)).map((mail) => mail.message.offset_days)).toEqual([1]);
    expect(await remindersOf(longOverdue)).toEqual([]);
  });

  test("the client's current e-mail is the recipient; a schedule turned off sends nothing", async () => {
    server.clock.set("2027-02-01T10:00:00Z");
    const client = expectStatus(await owner.client.post("/api/clients", { name: "Umbrella", email: "old@umbrella.example" }), 201);
    const invoice = await owner.steps.sent({ client_id: client.id, due_date: "2027-02-03" });
    expectStatus(await owner.client.put(`/api/clients/${client.id}`, { email: "billing@umbrella.example" }), 200);
    expectStatus(await owner.client.put("/api/reminders", { enabled: false, offsets: [-3, 1, 7] }), 200);
    expect(await dayOf("2027-02-01")).toEqual([]);
    expectStatus(await owner.client.put("/api/reminders", { enabled: true, offsets: [-3, 1, 7] }), 200);
    const [message] = await dayOf("2027-02-01");
    expect(message!.envelope.to).toEqual(["billing@umbrella.example"]);
    expect((await remindersOf(invoice)).length).toBe(1);
  });

  test("a reminder is not a send: the invoice keeps its revision and history", async () => {
    server.clock.set("2027-03-01T10:00:00Z");
    const invoice = await owner.steps.sent({ due_date: "2027-03-02" });
    await dayOf("2027-03-01");
    expect(await remindersOf(invoice)).toHaveLength(1);
    const stored = await owner.steps.get(invoice.id);
    expect(stored.revision).toBe(invoice.revision);
    expect(stored.share_url).toEqual(expect.stringContaining("/share/"));
    // The invoice can still be e-mailed by hand as usual.
    expectStatus(await owner.client.post(invoicePath(invoice.id, "/send"), operation(stored.revision)), 200);
  });
});
