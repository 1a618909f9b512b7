// What rendering a stored invoice needs — the record, the seller's profile, and the template it names
// (or the one asked for, or the default design) — read once for exports, format sets and previews.
import type { Executor } from "../../db/client.ts";
import { loadProfile } from "../accounts/profile.ts";
import type { InvoiceRecord } from "../domain/invoice.ts";
import type { StoredProfile } from "../domain/profile.ts";
import { ownedInvoice } from "../invoices/ownership.ts";
import { DEFAULT_DESIGN, visibleTemplate, type TemplateRecord } from "./templates.ts";

export type StoredDocument = { record: InvoiceRecord; profile: StoredProfile; template: TemplateRecord };

/** The account's invoice with its profile and template; `templateId` overrides the invoice's own (refused as `template_id` when not the account's). */
export async function storedDocument(db: Executor, accountId: string, invoiceId: string, templateId?: string): Promise<StoredDocument> {
  const record = await ownedInvoice(db, accountId, invoiceId);
  const [profile, template] = await Promise.all([loadProfile(db, accountId), visibleTemplate(db, accountId, templateId ?? record.template_id ?? DEFAULT_DESIGN, "template_id")]);
  return { record, profile, template };
}
