// Mail in tests: a real SMTP server in the test process (the smtp-server package) that keeps every
// message it accepts, read back with mailparser, can refuse the next ones with a given SMTP reply
// code, and can offer STARTTLS with a given certificate; and the outbox rows and attempts of an
// invoice, read from the suite's database.
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { listMailAttempts, listMailOfInvoice, type MailAttempt, type MailRow } from "../../db/queries/mail.ts";
import type { TestServer } from "./server.ts";

/** An invoice's queued messages, oldest first, each with its attempts. */
export async function outboxOf(server: TestServer, accountId: string, invoiceId: string): Promise<Array<MailRow & { tries: MailAttempt[] }>> {
  const { db } = server.services.database;
  const rows = await listMailOfInvoice(db, accountId, invoiceId);
  return Promise.all(rows.map(async (row) => ({ ...row, tries: await listMailAttempts(db, row.id) })));
}

/** Runs the delivery job once, as the scheduler would. */
export async function deliverMail(server: TestServer): Promise<void> {
  if (!(await server.scheduler.run("deliver-mail"))) throw new Error("deliver-mail did not run");
}

/** `secure`: the session had been upgraded to TLS (STARTTLS) when the message came. */
export type Received = { envelope: { from: string; to: string[] }; raw: string; parsed: ParsedMail; secure: boolean };

export type TestSmtp = {
  /** smtp://user:secret@127.0.0.1:<port>: SMTP_URL for the service under test. */
  url: string;
  received: Received[];
  /** The next `count` messages are refused at DATA with `code` (451 temporary, 550 permanent). */
  refuse(code: number, count?: number): void;
  close(): Promise<void>;
};

export const SMTP_USER = "mailer";
export const SMTP_PASSWORD = "s3cret pass";

/** `starttls`: the certificate and key the server offers STARTTLS with; without, plain text only. */
export async function startTestSmtp(options: { starttls?: { cert: Buffer; key: Buffer } } = {}): Promise<TestSmtp> {
  const received: Received[] = [];
  const refusals: number[] = [];
  const server = new SMTPServer({
    // Plain text on loopback unless a certificate is given: no STARTTLS for the client to try, AUTH allowed without it.
    ...(options.starttls ?? { disabledCommands: ["STARTTLS"] }),
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: auth.username });
      return callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const code = refusals.shift();
        if (code) return callback(Object.assign(new Error(code >= 500 ? "Mailbox unavailable" : "Try again later"), { responseCode: code }));
        const raw = Buffer.concat(chunks);
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        };
        simpleParser(raw).then(
          (parsed) => {
            received.push({ envelope, raw: raw.toString("utf8"), parsed, secure: session.secure });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://${SMTP_USER}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${port}`,
    received,
    refuse(code, count = 1) {
      for (let index = 0; index < count; index++) refusals.push(code);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
