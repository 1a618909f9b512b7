// Long exports (ADR 0014): one invoice to several formats at once, and many invoices (by ids or the
// list's filters) into one ZIP behind a signed link. Both report progress after each piece and stop
// at the next piece once the caller cancels. A cancelled bulk export stores nothing: the ZIP is
// written, as one blob and one file row, only after the last invoice is rendered. The pieces a
// multi-format export finished before a cancel stay as the complete, reusable files they are.
import { zipSync, type Zippable } from "fflate";
import type { Executor } from "../../db/client.ts";
import { countInvoices, findInvoices, listInvoices, type InvoiceSelection } from "../../db/queries/invoices.ts";
import { assertExportable } from "../../render/export.ts";
import { type ExportFormat, type XRechnungSyntax } from "../domain/formats.ts";
import { dateInZone } from "../domain/clock.ts";
import { AppError } from "../domain/errors.ts";
import type { InvoiceRecord } from "../domain/invoice.ts";
import type { ProgressReporter } from "../domain/progress.ts";
import type { StoredProfile } from "../domain/profile.ts";
import type { Services } from "../services.ts";
import { assertOwned } from "../invoices/ownership.ts";
import { assertRoomToRender, chargeOf, exportFile, exportReply, fileNameOf, linkOf, newFile, renderTemplateFor, storeFile, type ExportLink } from "./exports.ts";
import type { TemplateRecord } from "./templates.ts";

/** At most this many invoices go into one ZIP: a bigger set is split by its filters. */
export const MAX_BULK_INVOICES = 1000;

/** Throws the cancellation when the caller has gone or said stop, so no further piece starts. */
function checkCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AppError("CANCELLED", "The export was cancelled");
}

export type FormatsRequest = {
  accountId: string;
  record: InvoiceRecord;
  profile: StoredProfile;
  template: TemplateRecord;
  formats: readonly ExportFormat[];
  syntax: XRechnungSyntax;
};

/** One invoice in each format asked for, in that order, each reused or rendered and stored. */
export async function exportFormats(services: Services, request: FormatsRequest, progress: ProgressReporter, signal?: AbortSignal): Promise<Array<ExportLink & { text: string | null }>> {
  // Every format is checked first: a refused one (an e-invoice of an unnumbered invoice) leaves no file of the others behind.
  for (const format of request.formats) assertExportable({ ...request, format });
  const files: Array<ExportLink & { text: string | null }> = [];
  for (const [index, format] of request.formats.entries()) {
    checkCancelled(signal);
    files.push(await exportReply(services, await exportFile(services, { ...request, format })));
    progress(index + 1, request.formats.length, `${format} ready`);
  }
  return files;
}

/** The invoices of a bulk export: the ids given (each the account's), or every one the filters pick. */
export async function bulkInvoices(db: Executor, accountId: string, chosen: { ids?: readonly string[] | undefined; filter?: InvoiceSelection | undefined }): Promise<InvoiceRecord[]> {
  if (chosen.ids) {
    const found = await findInvoices(db, chosen.ids);
    return chosen.ids.map((id, index) => assertOwned(found.get(id), accountId, "invoice", id, `ids.${index}`));
  }
  const filter = chosen.filter ?? {};
  const total = await countInvoices(db, accountId, filter);
  if (total > MAX_BULK_INVOICES) {
    throw new AppError("VALIDATION_ERROR", `The filters choose ${total} invoices; a bulk export takes at most ${MAX_BULK_INVOICES}: narrow them (a date range, a status)`, {
      field: "filter",
      issue: `at most ${MAX_BULK_INVOICES} invoices`,
      count: total,
    });
  }
  return (await listInvoices(db, accountId, { ...filter, limit: MAX_BULK_INVOICES, offset: 0 })).records;
}

export type BulkRequest = {
  accountId: string;
  invoices: readonly InvoiceRecord[];
  profile: StoredProfile;
  /** The template each invoice renders with: the one asked for, else its own. */
  templateFor(record: InvoiceRecord): Promise<TemplateRecord>;
  format: ExportFormat;
  syntax: XRechnungSyntax;
};

export type BulkResult = Omit<ExportLink, "format"> & {
  format: "zip";
  count: number;
  /** Invoices this format cannot be made of (an e-invoice of a draft, say), with the reason. */
  skipped: Array<{ id: string; number: string | null; code: string; error: string }>;
};

/** A name for each file in the ZIP, unique even when two drafts or numbers would collide. */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let copy = 2; taken.has(candidate); copy++) candidate = name.replace(/(\.[^.]+)$/, `-${copy}$1`);
  taken.add(candidate);
  return candidate;
}

/** Already-compressed formats are stored as they are; text compresses. */
const STORED_AS_IS: ReadonlySet<ExportFormat> = new Set(["pdf", "png", "xlsx", "docx", "facturx"]);

/** Every invoice rendered into one ZIP, stored as one file behind a signed link. */
export async function exportBulk(services: Services, request: BulkRequest, progress: ProgressReporter, signal?: AbortSignal): Promise<BulkResult> {
  const entries: Zippable = {};
  const names = new Set<string>();
  const skipped: BulkResult["skipped"] = [];
  const total = request.invoices.length;
  const charge = await chargeOf(services, { accountId: request.accountId }, ": export fewer invoices at once (ids, or narrower filters)");
  await assertRoomToRender(services, charge);
  for (const [index, record] of request.invoices.entries()) {
    checkCancelled(signal);
    try {
      const rendered = await services.renderer.render({
        record,
        profile: request.profile,
        template: await renderTemplateFor(services, request.accountId, await request.templateFor(record), request.format),
        format: request.format,
        syntax: request.syntax,
        createdAt: services.clock.now().toISOString(),
      }, request.accountId, signal);
      entries[uniqueName(fileNameOf(record, rendered.extension, request.format), names)] = [rendered.bytes, { level: STORED_AS_IS.has(request.format) ? 0 : 6 }];
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 422) throw error;
      skipped.push({ id: record.id, number: record.number, code: error.code, error: error.message });
    }
    progress(index + 1, total, record.number ?? record.id);
  }
  checkCancelled(signal);
  if (skipped.length === total) {
    throw new AppError("VALIDATION_ERROR", `None of the ${total} invoices can be exported as ${request.format}`, { field: "format", issue: "no invoice can be made in this format", skipped });
  }
  const bytes = zipSync(entries);
  const today = dateInZone(services.clock.now(), request.profile.timezone);
  const file = await newFile(services, {
    accountId: request.accountId,
    invoiceId: null,
    cacheKey: null,
    format: "zip",
    contentType: "application/zip",
    fileName: `invoices-${request.format}-${today}.zip`,
    extension: "zip",
    bytes,
  }, charge.lifetimeMs);
  await storeFile(services, charge, file, bytes);
  return { ...(await linkOf(services, file)), format: "zip", count: total - skipped.length, skipped };
}
