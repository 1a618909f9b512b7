// GET /api/invoices/{id}/mail (invoices.mail): what was e-mailed for an invoice and how each delivery
// went, from the outbox over a real SMTP sink — queued, then delivered, or failed with the server's
// answer; POST …/mail/{mail_id}/retry puts a failed one back in the queue. Every security case.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, invoicePath, steppedAccount, type SteppedAccount } from "../../helpers/invoices.ts";
import { deliverMail, startTestSmtp, type TestSmtp } from "../../helpers/mail.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";
import { operation } from "../../helpers/factories.ts";

let smtp: TestSmtp;
let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
  owner = await steppedAccount(server);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

async function sent(overrides: Record<string, unknown> = {}) {
  const draft = await owner.steps.create({ bill_to_email: "ap@buyer.example", ...overrides });
  return expectStatus(await owner.client.post(invoicePath(draft.id, "/send"), { ...operation(draft.revision), cc: ["boss@buyer.example"] }), 200);
}

const mailOf = async (id: string) => expectStatus(await owner.client.get(invoicePath(id, "/mail")), 200).data;

describe("GET /api/invoices/{id}/mail", () => {
  test("a send is listed as queued, then delivered once the outbox has run", async () => {
    const { invoice, mail } = await sent();
    expect(await mailOf(invoice.id)).toEqual([
      {
        id: mail.id,
        kind: "send",
        status: "pending",
        to: ["ap@buyer.example"],
        cc: ["boss@buyer.example"],
        reply_to: mail.reply_to,
        subject: mail.subject,
        attachments: ["pdf"],
        attempts: 0,
        last_error: null,
        queued_at: server.clock.now().toISOString(),
        sent_at: null,
      },
    ]);
    await deliverMail(server);
    expect(await mailOf(invoice.id)).toEqual([expect.objectContaining({ id: mail.id, status: "sent", attempts: 1, last_error: null, sent_at: server.clock.now().toISOString() })]);
  });

  test("a delivery the mail server refuses for good is listed as failed, with its answer", async () => {
    const { invoice } = await sent();
    smtp.refuse(550);
    await deliverMail(server);
    const [failed] = await mailOf(invoice.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, sent_at: null, last_error: expect.stringContaining("550") });
  });

  test("an invoice never e-mailed has none; an unknown one is 404", async () => {
    expect(await mailOf((await owner.steps.create()).id)).toEqual([]);
    expectError(await owner.client.get(invoicePath("inv_01KB4Z2W9X6M3Q7R8T5V0C1NPE", "/mail")), 404, "NOT_FOUND");
  });

  test("a failed e-mail is retried: queued again, its attempts started afresh, then delivered; only a failed one, of this invoice", async () => {
    const { invoice, mail } = await sent();
    const retry = (mailId: string, id = invoice.id) => owner.client.post(invoicePath(id, `/mail/${mailId}/retry`), {});
    // Still queued: nothing to retry.
    expectError(await retry(mail.id), 409, "INVALID_TRANSITION");
    smtp.refuse(550);
    await deliverMail(server);
    const retried = expectStatus(await retry(mail.id), 200);
    expect(retried).toMatchObject({ id: mail.id, status: "pending", attempts: 0, last_error: expect.stringContaining("550") });
    const before = smtp.received.length;
    await deliverMail(server);
    expect((await mailOf(invoice.id))[0]).toMatchObject({ status: "sent", attempts: 1, last_error: null });
    expect(smtp.received.length).toBe(before + 1);
    // Delivered: nothing to retry; an e-mail of another invoice, or none, is 404.
    expectError(await retry(mail.id), 409, "INVALID_TRANSITION");
    const other = await owner.steps.create();
    expectError(await retry(mail.id, other.id), 404, "NOT_FOUND");
    expectError(await retry("mail_unknown"), 404, "NOT_FOUND");
  });

  test("retry: no key, unknown key, revoked key, wrong scope, another account", async () => {
    const { invoice, mail } = await sent();
    await expectSecurityCases({ server, owner, scope: "invoices:write", call: (key) => api(server.url).post(invoicePath(invoice.id, `/mail/${mail.id}/retry`), {}, key) });
  });

  test("no key, unknown key, revoked key, wrong scope, another account", async () => {
    const invoice = await owner.steps.create();
    await expectSecurityCases({ server, owner, scope: "invoices:read", call: (key) => api(server.url).get(invoicePath(invoice.id, "/mail"), key) });
  });
});
