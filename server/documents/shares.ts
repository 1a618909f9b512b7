// Share links (ADR 0010 "Share links"): one active link per invoice, 30 days by default.
// The token is HMAC(SECRET_KEY, share id + 128 random bits of salt): unguessable, never stored (only
// its SHA-256, to find the row), and derivable again so a second POST hands back the same link.
import type { Executor } from "../../db/client.ts";
import { deleteShareOfInvoice, findShareByTokenHash, findShareOfInvoice, replaceShare, type ShareRow } from "../../db/queries/shares.ts";
import { findInvoice, setShareUrl } from "../../db/queries/invoices.ts";
import { AppError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import type { InvoiceRecord } from "../domain/invoice.ts";
import { sha256Hex } from "../domain/secrets.ts";
import { base64Url, hmac } from "../domain/signing.ts";
import type { Services } from "../services.ts";

export const DEFAULT_SHARE_DAYS = 30;

export type ShareLink = { url: string; token: string; expires_at: string };

const tokenOf = (secret: string, share: ShareRow): Promise<string> => hmac(secret, `share\n${share.id}\n${share.salt}`);

export const shareUrlOf = (services: Services, token: string): string => `${services.config.publicUrl}/share/${token}`;

async function linkOf(services: Services, share: ShareRow): Promise<ShareLink> {
  const token = await tokenOf(services.secretKey, share);
  return { url: shareUrlOf(services, token), token, expires_at: share.expiresAt };
}

/** The invoice's live link, or a new one valid for `days`. */
export async function shareInvoice(services: Services, accountId: string, invoice: InvoiceRecord, days: number): Promise<ShareLink> {
  return services.database.write((tx) => shareLinkIn(services, tx, accountId, invoice.id, days));
}

/** shareInvoice inside a write already under way (a send makes its link in its own transaction). */
export async function shareLinkIn(services: Services, tx: Executor, accountId: string, invoiceId: string, days: number): Promise<ShareLink> {
  const now = services.clock.now();
  const current = await findShareOfInvoice(tx, invoiceId);
  if (current && current.expiresAt > now.toISOString()) return linkOf(services, current);
  const share: ShareRow = {
    id: newId("shr", now.getTime()),
    accountId,
    invoiceId,
    salt: base64Url(crypto.getRandomValues(new Uint8Array(16))),
    tokenHash: "",
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + days * 86_400_000).toISOString(),
  };
  const link = await linkOf(services, share);
  await replaceShare(tx, { ...share, tokenHash: await sha256Hex(link.token) });
  await setShareUrl(tx, accountId, invoiceId, link.url);
  return link;
}

/** Revokes the invoice's link; false when it had none. The old URL answers 404 from then on. */
export async function revokeShare(services: Services, accountId: string, invoiceId: string): Promise<boolean> {
  return services.database.write(async (tx) => {
    const revoked = await deleteShareOfInvoice(tx, invoiceId);
    await setShareUrl(tx, accountId, invoiceId, null);
    return revoked;
  });
}

export type SharedInvoice = { share: ShareRow; accountId: string; record: InvoiceRecord };

/**
 * The invoice behind a token. Unknown, revoked and expired tokens all get the same 404, so a
 * visitor learns nothing about links that are not theirs.
 */
export async function sharedInvoice(services: Services, token: string): Promise<SharedInvoice> {
  const notFound = new AppError("NOT_FOUND", "This share link does not exist or has expired");
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw notFound;
  const { db } = services.database;
  const share = await findShareByTokenHash(db, await sha256Hex(token));
  if (!share || share.expiresAt <= services.clock.now().toISOString()) throw notFound;
  const stored = await findInvoice(db, share.invoiceId);
  if (!stored || stored.accountId !== share.accountId) throw notFound;
  return { share, accountId: stored.accountId, record: stored.record };
}
