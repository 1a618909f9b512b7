// A development mail sink that offers STARTTLS with a self-signed certificate (Mailpit, smtp4dev):
// refused by default because its certificate cannot be verified, accepted only with SMTP_URL's
// explicit `?tls.rejectUnauthorized=false`, which the service warns about at start (ADR 0017); any
// other query option on SMTP_URL stops the start.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { loadConfig } from "../../server/platform/config.ts";
import { operation } from "../helpers/factories.ts";
import { expectStatus, invoicePath, steppedAccount, type SteppedAccount } from "../helpers/invoices.ts";
import { deliverMail, outboxOf, startTestSmtp, type TestSmtp } from "../helpers/mail.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const WARNING = "SMTP_URL has tls.rejectUnauthorized=false";
const fixture = (name: string): Promise<Buffer> => readFile(join(import.meta.dir, "../fixtures/tls", name));

/** Sends a new draft; the id of the invoice whose message is queued. */
async function sendDraft(account: SteppedAccount): Promise<string> {
  const invoice = await account.steps.create();
  expectStatus(await account.client.post(invoicePath(invoice.id, "/send"), operation(invoice.revision)), 200);
  return invoice.id;
}

let sink: TestSmtp;
beforeAll(async () => {
  sink = await startTestSmtp({ starttls: { cert: await fixture("localhost.crt"), key: await fixture("localhost.key") } });
});
afterAll(() => sink.close());

describe("SMTP_URL's query", () => {
  test("tls.rejectUnauthorized=false turns certificate verification off and leaves the query out of the URL used", () => {
    const config = loadConfig({ SMTP_URL: "smtp://user:pa%20ss@localhost:1025?tls.rejectUnauthorized=false" });
    expect(config.smtpVerifyCertificates).toBe(false);
    expect(config.smtpUrl).toMatch(/^smtp:\/\/user:pa%20ss@localhost:1025\/?$/);
  });
  test("certificates are verified without the option, and with tls.rejectUnauthorized=true", () => {
    expect(loadConfig({ SMTP_URL: "smtps://user:pass@mail.example.com:465" })).toMatchObject({ smtpUrl: "smtps://user:pass@mail.example.com:465", smtpVerifyCertificates: true });
    expect(loadConfig({ SMTP_URL: "smtp://localhost:1025?tls.rejectUnauthorized=true" }).smtpVerifyCertificates).toBe(true);
    expect(loadConfig({}).smtpVerifyCertificates).toBe(true);
  });
  test("any other option, a misspelling or another value stops the start with what SMTP_URL takes", () => {
    const takes = "SMTP_URL takes one query option, tls.rejectUnauthorized=false";
    expect(() => loadConfig({ SMTP_URL: "smtp://localhost:1025?pool=true" })).toThrow(`${takes} (a development sink with a self-signed certificate), got pool`);
    expect(() => loadConfig({ SMTP_URL: "smtp://localhost:1025?tls.rejectUnauthorised=false&ignoreTLS=true" })).toThrow("got tls.rejectUnauthorised, ignoreTLS");
    expect(() => loadConfig({ SMTP_URL: "smtp://localhost:1025?tls.rejectUnauthorized=no" })).toThrow("SMTP_URL's tls.rejectUnauthorized must be true or false, got no");
    expect(() => loadConfig({ SMTP_URL: "http://localhost:1025" })).toThrow("SMTP_URL must be an smtp:// or smtps:// URL");
  });
});

describe("a sink offering STARTTLS with a self-signed certificate", () => {
  test("by default the certificate is refused: nothing is sent, and the try records the verification error", async () => {
    const server = await startTestServer({ env: { SMTP_URL: sink.url } });
    try {
      const account = await steppedAccount(server);
      const before = sink.received.length;
      const invoiceId = await sendDraft(account);
      await deliverMail(server);
      const [row] = await outboxOf(server, account.accountId, invoiceId);
      // Node says "self-signed certificate", Bun "unable to verify the first certificate".
      const verification = expect.stringMatching(/self[- ]signed certificate|unable to verify the first certificate/);
      expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: verification, tries: [{ ok: false, response: verification }] });
      expect(sink.received.length).toBe(before);
      expect(await Promise.race([server.logLine((line) => line.includes(WARNING)), Bun.sleep(50).then(() => "no warning")])).toBe("no warning");
    } finally {
      await server.close();
    }
  });

  test("with ?tls.rejectUnauthorized=false the message arrives over the upgraded connection, and the start warned", async () => {
    const server = await startTestServer({ env: { SMTP_URL: `${sink.url}?tls.rejectUnauthorized=false` } });
    try {
      expect(JSON.parse(await server.logLine((line) => line.includes(WARNING)))).toMatchObject({ level: "warn" });
      const account = await steppedAccount(server);
      const before = sink.received.length;
      const invoiceId = await sendDraft(account);
      await deliverMail(server);
      const [row] = await outboxOf(server, account.accountId, invoiceId);
      expect(row).toMatchObject({ status: "sent", attempts: 1 });
      const arrived = sink.received.slice(before);
      expect(arrived).toHaveLength(1);
      expect(arrived[0]).toMatchObject({ secure: true, parsed: { messageId: `<${row!.id}@localhost>` } });
    } finally {
      await server.close();
    }
  });
});
