// Account mail (sign-in links; invites use the same path) goes through the invoices' outbox and
// deliver-mail job: delivered over SMTP without attachments, retried like any message, and a
// permanent failure marks it failed without announcing an invoice event (there is no invoice).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { listMailAttempts, listMailOfInvoice } from "../../db/queries/mail.ts";
import { issueSignInLink } from "../../server/access/sign-in/links.ts";
import { api } from "../helpers/http.ts";
import { deliverMail, startTestSmtp, type TestSmtp } from "../helpers/mail.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";
import { member } from "../helpers/sign-in.ts";

let smtp: TestSmtp;
let server: TestServer;
let owner: TestAccount;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Invoices <invoices@example.com>" } });
  owner = await server.account();
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

async function queueLink(email: string): Promise<string> {
  const userId = await member(server, { accountId: owner.accountId, email });
  await server.services.database.write((tx) => issueSignInLink(server.services, tx, { email, accountId: owner.accountId, about: userId }, "/app"));
  return userId;
}

describe("account mail through the outbox", () => {
  test("a sign-in link is delivered over SMTP: one recipient, no attachment, text and HTML", async () => {
    const userId = await queueLink("smtp-reader@example.com");
    await deliverMail(server);
    const received = smtp.received.at(-1);
    expect(received?.envelope).toEqual({ from: "invoices@example.com", to: ["smtp-reader@example.com"] });
    expect(received?.parsed.subject).toBe("Sign in to Test account");
    expect(received?.parsed.attachments).toEqual([]);
    expect(received?.parsed.html).toContain("/auth/link?token=sil_");
    const [mail] = await listMailOfInvoice(server.services.database.db, owner.accountId, userId);
    expect(mail).toMatchObject({ kind: "sign_in", status: "sent", attempts: 1 });
  });

  test("a temporary failure is tried again; a permanent one fails the message without an invoice event", async () => {
    smtp.refuse(451);
    const retried = await queueLink("later@example.com");
    await deliverMail(server);
    const [waiting] = await listMailOfInvoice(server.services.database.db, owner.accountId, retried);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });

    smtp.refuse(550);
    const refused = await queueLink("gone@example.com");
    server.clock.advance(10 * 60_000);
    await deliverMail(server);
    const [failed] = await listMailOfInvoice(server.services.database.db, owner.accountId, refused);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect((await listMailAttempts(server.services.database.db, failed?.id as string))[0]?.ok).toBe(false);
    const [delivered] = await listMailOfInvoice(server.services.database.db, owner.accountId, retried);
    expect(delivered).toMatchObject({ status: "sent", attempts: 2 });
    const events = await api(server.url, owner.key).get("/api/events?type=invoice.send_failed");
    expect(events.body.data).toEqual([]);
  });
});
