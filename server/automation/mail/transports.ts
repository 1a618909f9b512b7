// Where a composed message goes: an SMTP server (SMTP_URL, smtp:// or smtps://, auth in the URL),
// or, by default, a file per message under DATA_DIR/outbox, so a fresh install sends nothing out and
// a person can open what would have gone (any mail client reads .eml).
import { Buffer } from "node:buffer";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTransport } from "nodemailer";
import type { Config } from "../../platform/config.ts";
import type { Logger } from "../../platform/logger.ts";
import { mailboxOf, type ComposedMail } from "./compose.ts";

export type MailTransport = {
  /** Delivers the message; resolves with the transport's answer, rejects with its error. */
  send(mail: ComposedMail): Promise<string>;
  close(): void;
};

/** `verifyCertificates: false` (SMTP_URL's `?tls.rejectUnauthorized=false`) accepts any certificate: a development sink's self-signed one (ADR 0017). */
function smtpTransport(url: string, verifyCertificates: boolean): MailTransport {
  const transporter = createTransport({ url, tls: { rejectUnauthorized: verifyCertificates } });
  return {
    async send(mail) {
      const info = await transporter.sendMail({ envelope: { from: mailboxOf(mail.from), to: mail.recipients }, raw: Buffer.from(mail.raw) });
      return String(info.response);
    },
    close: () => transporter.close(),
  };
}

/**
 * Writes `<DATA_DIR>/outbox/<id>.eml` beside and renames it into place, so a reader never sees half
 * a message and a second attempt of the same message replaces the file instead of adding one.
 */
function fileTransport(dataDir: string, logger: Logger): MailTransport {
  const directory = join(dataDir, "outbox");
  return {
    async send(mail) {
      await mkdir(directory, { recursive: true });
      const path = join(directory, `${mail.id}.eml`);
      const aside = `${path}.${crypto.randomUUID()}.tmp`;
      await writeFile(aside, mail.raw);
      await rename(aside, path);
      logger.info("mail written to the outbox directory (no SMTP_URL set)", { mail: mail.id, file: path, to: mail.recipients.join(", ") });
      return `written to ${path}`;
    },
    close: () => undefined,
  };
}

export function createMailTransport(config: Pick<Config, "smtpUrl" | "smtpVerifyCertificates" | "dataDir">, logger: Logger): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl, config.smtpVerifyCertificates) : fileTransport(config.dataDir, logger);
}
