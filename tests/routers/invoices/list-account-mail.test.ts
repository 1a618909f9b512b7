// GET /api/mail (invoices.accountMail): the account's invoice e-mails across invoices, sends and
// payment reminders, newest first, each naming its invoice, over a real SMTP sink: paging, the
// status and kind filters, and the security cases (another account's mail is never listed).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { operation } from "../../helpers/factories.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, invoicePath, steppedAccount, withQuery, type SteppedAccount } from "../../helpers/invoices.ts";
import { deliverMail, startTestSmtp, type TestSmtp } from "../../helpers/mail.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

let smtp: TestSmtp;
let server: TestServer;
let owner: SteppedAccount;
type Sent = { id: string; invoiceId: string; number: string };
/** The owner's e-mails by what became of them, each with its invoice. */
let mail: Record<"delivered" | "failed" | "queued" | "reminder", Sent>;

/** Sends a new invoice by e-mail a minute after the last one: its mail id, invoice id and number. */
async function sentByMail(account: SteppedAccount, email: string): Promise<Sent> {
  server.clock.advance(60_000);
  const draft = await account.steps.create({ bill_to_email: email });
  const { invoice, mail: queued } = expectStatus(await account.client.post(invoicePath(draft.id, "/send"), operation(draft.revision)), 200);
  return { id: queued.id, invoiceId: invoice.id, number: invoice.number };
}

async function listed(query: Record<string, string | number | undefined> = {}, account: SteppedAccount = owner) {
  return expectStatus(await account.client.get(withQuery("/api/mail", query)), 200);
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
  owner = await steppedAccount(server);
  const delivered = await sentByMail(owner, "ap@delivered.example");
  await deliverMail(server);
  const failed = await sentByMail(owner, "ap@refusing.example");
  smtp.refuse(550);
  await deliverMail(server);
  // A reminder three days before the due date, queued by the reminders job (and not yet delivered).
  expectStatus(await owner.client.put("/api/reminders", { enabled: true, offsets: [-3] }), 200);
  server.clock.advance(60_000);
  const due = await owner.steps.sent({ bill_to_email: "ap@reminded.example", due_date: "2026-11-24" });
  expect(await server.scheduler.run("queue-reminders")).toBe(true);
  const queued = await sentByMail(owner, "ap@queued.example");
  const [reminder] = (await listed({ kind: "reminder" })).data;
  mail = { delivered, failed, queued, reminder: { id: reminder.id, invoiceId: due.id, number: due.number! } };
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe("GET /api/mail", () => {
  test("every invoice e-mail of the account, newest first, with its invoice's id and number and how its delivery went", async () => {
    const page = await listed();
    expect(page).toMatchObject({ total: 4, limit: 20, offset: 0 });
    expect(page.data.map((item: { id: string }) => item.id)).toEqual([mail.queued.id, mail.reminder.id, mail.failed.id, mail.delivered.id]);
    const [queued, reminder, failed, delivered] = page.data;
    expect(queued).toEqual({
      id: mail.queued.id,
      kind: "send",
      status: "pending",
      to: ["ap@queued.example"],
      cc: [],
      reply_to: null,
      subject: expect.stringContaining(mail.queued.number),
      attachments: ["pdf"],
      attempts: 0,
      last_error: null,
      queued_at: server.clock.now().toISOString(),
      sent_at: null,
      invoice_id: mail.queued.invoiceId,
      invoice_number: mail.queued.number,
    });
    expect(reminder).toMatchObject({ kind: "reminder", status: "pending", to: ["ap@reminded.example"], invoice_id: mail.reminder.invoiceId, invoice_number: mail.reminder.number, attachments: [] });
    expect(failed).toMatchObject({ kind: "send", status: "failed", attempts: 1, sent_at: null, last_error: expect.stringContaining("550"), invoice_number: mail.failed.number });
    expect(delivered).toMatchObject({ kind: "send", status: "sent", attempts: 1, last_error: null, sent_at: expect.any(String), invoice_number: mail.delivered.number });
  });

  test("the same list is the per-invoice list's items, each with its invoice", async () => {
    const { data } = await listed({ status: "failed" });
    const perInvoice = expectStatus(await owner.client.get(invoicePath(mail.failed.invoiceId, "/mail")), 200).data;
    expect(data).toEqual(perInvoice.map((item: object) => ({ ...item, invoice_id: mail.failed.invoiceId, invoice_number: mail.failed.number })));
  });

  test("paged by limit and offset, the total counting every page", async () => {
    const first = await listed({ limit: 3 });
    const second = await listed({ limit: 3, offset: 3 });
    expect(first).toMatchObject({ total: 4, limit: 3, offset: 0 });
    expect(second).toMatchObject({ total: 4, limit: 3, offset: 3 });
    expect([...first.data, ...second.data].map((item: { id: string }) => item.id)).toEqual([mail.queued.id, mail.reminder.id, mail.failed.id, mail.delivered.id]);
    expect((await listed({ offset: 10 })).data).toEqual([]);
  });

  test("filtered by status and by kind, together too", async () => {
    const ids = async (query: Record<string, string>) => (await listed(query)).data.map((item: { id: string }) => item.id);
    expect(await ids({ status: "pending" })).toEqual([mail.queued.id, mail.reminder.id]);
    expect(await ids({ status: "sent" })).toEqual([mail.delivered.id]);
    expect(await ids({ status: "failed" })).toEqual([mail.failed.id]);
    expect(await ids({ kind: "reminder" })).toEqual([mail.reminder.id]);
    expect(await ids({ kind: "send" })).toEqual([mail.queued.id, mail.failed.id, mail.delivered.id]);
    expect(await ids({ kind: "send", status: "pending" })).toEqual([mail.queued.id]);
    expect((await listed({ kind: "reminder", status: "sent" })).total).toBe(0);
  });

  test("a retried e-mail keeps its place and reads queued again", async () => {
    expectStatus(await owner.client.post(invoicePath(mail.failed.invoiceId, `/mail/${mail.failed.id}/retry`), {}), 200);
    const { data } = await listed();
    expect(data[2]).toMatchObject({ id: mail.failed.id, status: "pending", attempts: 0 });
    expect((await listed({ status: "failed" })).total).toBe(0);
    await deliverMail(server);
    expect((await listed({ status: "sent" })).data.map((item: { id: string }) => item.id)).toContain(mail.failed.id);
  });

  test("a status or kind it does not know, and a page out of bounds, are 422 naming the field", async () => {
    for (const [query, field] of [
      [{ status: "cancelled" }, "status"],
      [{ kind: "sign_in" }, "kind"],
      [{ limit: 0 }, "limit"],
      [{ limit: 101 }, "limit"],
      [{ offset: -1 }, "offset"],
    ] as const) {
      const reply = await owner.client.get(withQuery("/api/mail", query));
      expectError(reply, 422, "VALIDATION_ERROR");
      expect(reply.body.details.field).toBe(field);
    }
  });

  test("another account lists only its own: none of this account's mail, whatever the filter", async () => {
    const stranger = await steppedAccount(server);
    expect(await listed({}, stranger)).toEqual({ data: [], total: 0, limit: 20, offset: 0 });
    const own = await sentByMail(stranger, "ap@stranger.example");
    const theirs = await listed({}, stranger);
    expect(theirs.data.map((item: { id: string }) => item.id)).toEqual([own.id]);
    for (const status of ["pending", "sent", "failed"]) {
      const filtered = await listed({ status }, stranger);
      expect(filtered.data.every((item: { invoice_id: string }) => item.invoice_id === own.invoiceId)).toBe(true);
    }
    expect((await listed()).data.map((item: { id: string }) => item.id)).not.toContain(own.id);
  });

  test("no key, unknown key, revoked key, wrong scope", async () => {
    await expectSecurityCases({ server, owner, scope: "invoices:read", ownsResource: false, call: (key) => api(server.url).get("/api/mail", key) });
  });
});
