// One-time sign-in links: `${PUBLIC_URL}/auth/link?token=…`, valid 15 minutes, used once, kept only
// as SHA-256. The link opens a confirmation page whose button posts the token (routes.ts): mail
// scanners that fetch every link in a message must not spend it. The e-mail goes through the outbox
// in the account profile's language.
import type { Executor } from "../../../db/client.ts";
import { getAccount } from "../../../db/queries/accounts.ts";
import { insertSignInLink } from "../../../db/queries/sessions.ts";
import { normalizeEmail } from "../../../db/queries/users.ts";
import { DEFAULT_NEXT } from "../../domain/access.ts";
import { newSecret, sha256Hex } from "../../domain/secrets.ts";
import { bodies } from "../../automation/mail/content.ts";
import { queueAccountMail } from "../../automation/mail/queue.ts";
import type { Services } from "../../services.ts";
import { signInPhrases } from "./phrases/index.ts";

export const SIGN_IN_LINK_PREFIX = "sil_";
export const LINK_MINUTES = 15;


export type IssuedLink = { url: string; expiresAt: string };

/** Who a link is for: the e-mail, the account whose language it speaks, and the user (or invite) it is about. */
export type LinkRecipient = { email: string; accountId: string; about: string };

type LinkServices = Pick<Services, "clock" | "config">;

export function signInLinkUrl(publicUrl: string, token: string, next: string): string {
  const url = new URL("/auth/link", publicUrl);
  url.searchParams.set("token", token);
  if (next !== DEFAULT_NEXT) url.searchParams.set("next", next);
  return url.toString();
}

/** Makes a link and queues its e-mail, in the caller's transaction. */
export async function issueSignInLink(services: LinkServices, tx: Executor, recipient: LinkRecipient, next: string): Promise<IssuedLink> {
  const now = services.clock.now();
  const token = newSecret(SIGN_IN_LINK_PREFIX);
  const expiresAt = new Date(now.getTime() + LINK_MINUTES * 60_000).toISOString();
  await insertSignInLink(tx, { tokenHash: await sha256Hex(token), email: normalizeEmail(recipient.email), createdAt: now.toISOString(), expiresAt });
  const url = signInLinkUrl(services.config.publicUrl, token, next);
  const account = await getAccount(tx, recipient.accountId);
  const accountName = account?.name ?? "";
  const { language, phrases } = signInPhrases(account?.profile.locale ?? null);
  await queueAccountMail(services, tx, {
    accountId: recipient.accountId,
    kind: "sign_in",
    about: recipient.about,
    to: recipient.email,
    subject: phrases.subject(accountName),
    ...bodies(language, { paragraphs: [phrases.body(accountName)], link: { label: phrases.linkLabel, url }, closing: phrases.ignore }),
  });
  return { url, expiresAt };
}
