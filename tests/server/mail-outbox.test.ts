// The send outbox and its delivery job: the default transport writes .eml files under
// DATA_DIR/outbox; over SMTP a temporary failure is tried again after its backoff, a permanent one
// (or the last try) marks the message failed and announces invoice.send_failed; a restart between
// queue and delivery still delivers exactly once. Time moves only through the injectable clock.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from "../../server/domain/mail.ts";
import { RETRY_JITTER } from "../../server/domain/retry.ts";
import { operation } from "../helpers/factories.ts";
import { expectStatus, invoicePath, setProfile, steppedAccount, type SteppedAccount } from "../helpers/invoices.ts";
import { deliverMail, outboxOf, startTestSmtp, type TestSmtp } from "../helpers/mail.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { BUYER_FIELDS, SELLER_PROFILE } from "../routers/invoices/export-helpers.ts";

/** A draft e-mailed at once: the send's answer. */
async function sendDraft(account: SteppedAccount): Promise<{ invoice: { id: string; number: string }; mail: { id: string } }> {
  const invoice = await account.steps.create();
  return expectStatus(await account.client.post(invoicePath(invoice.id, "/send"), operation(invoice.revision)), 200);
}

/** The longest a wait after the `attempts`-th failure may be, jitter included. */
const longestWait = (attempts: number): number => Math.ceil(RETRY_DELAYS_MS[attempts - 1]! * (1 + RETRY_JITTER)) + 1;

describe("without SMTP_URL: .eml files under DATA_DIR/outbox", () => {
  let server: TestServer;
  let owner: SteppedAccount;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await steppedAccount(server);
  });
  afterAll(() => server.close());

  test("each message becomes one file mailparser reads, and the log names it", async () => {
    const sent = await sendDraft(owner);
    await deliverMail(server);
    const path = join(server.dataDir, "outbox", `${sent.mail.id}.eml`);
    expect(await readdir(join(server.dataDir, "outbox"))).toEqual([`${sent.mail.id}.eml`]);
    const parsed = await simpleParser(await readFile(path));
    expect(parsed.subject).toBe(`Rechnung ${sent.invoice.number} von Acme GmbH`);
    expect(parsed.from?.value).toEqual([{ address: "invoices@localhost", name: "Invoices" }]);
    expect(parsed.messageId).toBe(`<${sent.mail.id}@localhost>`);
    expect(parsed.attachments.map((file) => file.filename)).toEqual([`${sent.invoice.number}.pdf`]);
    const logged = JSON.parse(await server.logLine((line) => line.includes(path)));
    expect(logged).toMatchObject({ level: "info", mail: sent.mail.id, file: path });
    const [row] = await outboxOf(server, owner.accountId, sent.invoice.id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, tries: [{ ok: true, response: `written to ${path}` }] });
  });
  test("an attachment the invoice can no longer make at delivery (the seller's contact phone taken off the profile since the send) fails the message at once", async () => {
    // The send checks its attachments (a 422 when one cannot be made); the profile an e-invoice reads may change after.
    await setProfile(owner.client, SELLER_PROFILE);
    const invoice = await owner.steps.create({ from_name: undefined, ...BUYER_FIELDS });
    const sent = expectStatus(await owner.client.post(invoicePath(invoice.id, "/send"), { ...operation(invoice.revision), attach: ["xrechnung"] }), 200);
    await setProfile(owner.client, { contact: { ...SELLER_PROFILE.contact, phone: null } });
    await deliverMail(server);
    const [row] = await outboxOf(server, owner.accountId, invoice.id);
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastError: expect.stringContaining("BT-42"), tries: [{ ok: false }] });
    const events = expectStatus(await owner.client.get(`/api/events?type=invoice.send_failed&resource_id=${invoice.id}`), 200).data;
    expect(events.map((event: { data: { mail_id: string } }) => event.data.mail_id)).toEqual([sent.mail.id]);
  });
});

describe("over SMTP", () => {
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

  test("a temporary failure (451) is tried again once its backoff has passed, then delivered; each try recorded", async () => {
    const sent = await sendDraft(owner);
    smtp.refuse(451);
    const before = smtp.received.length;
    await deliverMail(server);
    let [row] = await outboxOf(server, owner.accountId, sent.invoice.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: expect.stringContaining("451"), tries: [{ ok: false, response: expect.stringContaining("451") }] });
    const wait = Date.parse(row!.nextAttemptAt!) - server.clock.now().getTime();
    expect(wait).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0]! * (1 - RETRY_JITTER));
    expect(wait).toBeLessThanOrEqual(RETRY_DELAYS_MS[0]! * (1 + RETRY_JITTER));
    // Not due yet: a run now leaves it alone.
    await deliverMail(server);
    expect((await outboxOf(server, owner.accountId, sent.invoice.id))[0]!.attempts).toBe(1);
    server.clock.advance(longestWait(1));
    await deliverMail(server);
    [row] = await outboxOf(server, owner.accountId, sent.invoice.id);
    expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null, tries: [{ ok: false }, { ok: true }] });
    expect(smtp.received.slice(before).map((message) => message.parsed.messageId)).toEqual([`<${sent.mail.id}@localhost>`]);
  });

  test("a permanent failure (550) fails the message at once and announces invoice.send_failed", async () => {
    const sent = await sendDraft(owner);
    smtp.refuse(550);
    await deliverMail(server);
    const [row] = await outboxOf(server, owner.accountId, sent.invoice.id);
    expect(row).toMatchObject({ status: "failed", attempts: 1, nextAttemptAt: null, lastError: expect.stringContaining("550") });
    const events = expectStatus(await owner.client.get(`/api/events?type=invoice.send_failed&resource_id=${sent.invoice.id}`), 200).data;
    expect(events).toEqual([
      expect.objectContaining({
        type: "invoice.send_failed",
        resource: { type: "invoice", id: sent.invoice.id },
        data: { mail_id: sent.mail.id, kind: "send", to: [expect.stringMatching(/@example\.com$/)], cc: [], attempts: 1, error: expect.stringContaining("550") },
      }),
    ]);
  });

  test(`temporary failures up to the last of ${MAX_ATTEMPTS} tries end in failed with the event too`, async () => {
    const sent = await sendDraft(owner);
    smtp.refuse(451, MAX_ATTEMPTS);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await deliverMail(server);
      expect((await outboxOf(server, owner.accountId, sent.invoice.id))[0]!.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) server.clock.advance(longestWait(attempt));
    }
    const [row] = await outboxOf(server, owner.accountId, sent.invoice.id);
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(row!.tries.every((attempt) => !attempt.ok)).toBe(true);
    const events = expectStatus(await owner.client.get(`/api/events?type=invoice.send_failed&resource_id=${sent.invoice.id}`), 200);
    expect(events.data[0].data).toMatchObject({ mail_id: sent.mail.id, attempts: MAX_ATTEMPTS });
    // Given up: later runs try no more.
    server.clock.advance(longestWait(MAX_ATTEMPTS - 1));
    await deliverMail(server);
    expect((await outboxOf(server, owner.accountId, sent.invoice.id))[0]!.attempts).toBe(MAX_ATTEMPTS);
  });

  test("a server that does not answer is a temporary failure", async () => {
    const closed = await startTestSmtp();
    await closed.close();
    const offline = await startTestServer({ env: { SMTP_URL: closed.url } });
    try {
      const account = await steppedAccount(offline);
      const sent = await sendDraft(account);
      await deliverMail(offline);
      expect((await outboxOf(offline, account.accountId, sent.invoice.id))[0]).toMatchObject({ status: "pending", attempts: 1, tries: [{ ok: false }] });
    } finally {
      await offline.close();
    }
  });
});

describe("a restart between queue and delivery", () => {
  test("the message queued before the restart is delivered once by the next process", async () => {
    const smtp = await startTestSmtp();
    const dataDir = await mkdtemp(join(tmpdir(), "invoices-restart-"));
    try {
      const first = await startTestServer({ dataDir, env: { SMTP_URL: smtp.url } });
      const owner = await steppedAccount(first);
      const sent = await sendDraft(owner);
      await first.close();
      const second = await startTestServer({ dataDir, env: { SMTP_URL: smtp.url } });
      try {
        await deliverMail(second);
        await deliverMail(second);
        expect(smtp.received.map((message) => message.parsed.messageId)).toEqual([`<${sent.mail.id}@localhost>`]);
        expect((await outboxOf(second, owner.accountId, sent.invoice.id))[0]).toMatchObject({ status: "sent", attempts: 1 });
      } finally {
        await second.close();
      }
    } finally {
      await smtp.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
