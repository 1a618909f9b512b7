// The export payloads the render pool's tests (and their Deno probe) send: one finalized invoice with
// a fixed id and number, so the Bun test and the Deno probe export the very same record.
import type { ExportPayload } from "../../render/export.ts";
import type { ExportFormat } from "../../server/domain/formats.ts";
import { builtInTemplate } from "../../render/templates/template.ts";
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import { finalized, SELLER } from "../render/einvoice/fixtures.ts";

export const POOL_INVOICE: InvoiceRecord = { ...finalized({}), id: "inv_renderpool", number: "RE-2026-0042" };
export const POOL_DRAFT: InvoiceRecord = { ...POOL_INVOICE, number: null, locked: false, status: "draft" };

export function exportPayload(format: ExportFormat, record: InvoiceRecord = POOL_INVOICE): ExportPayload {
  return { record, profile: SELLER, template: builtInTemplate("classic"), format, syntax: "ubl", createdAt: "2026-11-01T09:00:00.000Z" };
}
