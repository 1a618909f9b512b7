// The editor's live preview (ADR 0039): an invoice's saved revision painted exactly as its PNG export
// is, by the same render pool, but answered in the reply and stored nowhere — an editing session
// that saves every few seconds would otherwise fill the account's export quota with files nobody
// downloads.
import { Buffer } from "node:buffer";
import type { Services } from "../services.ts";
import { renderTemplateFor } from "./exports.ts";
import { storedDocument } from "./stored-document.ts";

export type InvoicePreview = { revision: number; media_type: "image/png"; data: string };

/** The invoice's pages as one PNG, base64, with the revision it shows. */
export async function previewInvoice(services: Services, accountId: string, invoiceId: string, signal?: AbortSignal): Promise<InvoicePreview> {
  const { record, profile, template } = await storedDocument(services.database.db, accountId, invoiceId);
  const rendered = await services.renderer.render(
    { record, profile, template: await renderTemplateFor(services, accountId, template, "png"), format: "png", syntax: "ubl", createdAt: services.clock.now().toISOString() },
    accountId,
    signal,
  );
  return { revision: record.revision, media_type: "image/png", data: Buffer.from(rendered.bytes).toString("base64") };
}
