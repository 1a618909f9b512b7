import { z } from "zod";
import { documentBytes, type DocumentEncoding } from "../../server/imports/document.ts";
import { AppError } from "../../server/domain/errors.ts";
import { runImport, type ImportFile } from "../../server/imports/import.ts";
import { isExtracted, type ImportFormat } from "../../server/imports/model.ts";
import { detectFormat } from "../../server/imports/detect.ts";
import { chargeFor } from "../../server/payments/guard.ts";
import { createInvoiceInput } from "../invoices/create-invoice.ts";
import { writerOf } from "../invoices/writer.ts";
import { clientFields, clientName } from "../clients/client.schema.ts";
import { productFields, productName, productRate, productUnit } from "../products/product.schema.ts";
import { assertScope, scopedProcedure } from "../builders.ts";
import { documentBody, documentEncoding } from "./document.schema.ts";
import { extractedInvoiceSchema } from "./draft.schema.ts";
import { RECORD_KEYS } from "./record-keys.ts";
import { importedFile, importFormat, importOptions, importOutput, MAX_IMPORT_FILES } from "./import.schema.ts";
import { IMPORT_TOOL } from "../tools.ts";
import type { Check, Checks } from "../../server/imports/plan.ts";

/** Through the tool a file over this many rows is previewed unless dry_run says otherwise. */
const TOOL_PREVIEW_ROWS = 100;

/** Every type a file may come as over REST, besides JSON and multipart/form-data. */
const FILE_TYPES = [
  "text/csv",
  "text/tab-separated-values",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/xml",
  "text/xml",
  "application/pdf",
  "image/png",
  "image/jpeg",
  "text/vcard",
  "text/x-vcard",
  "text/markdown",
  "text/html",
  "text/plain",
  "application/octet-stream",
];

/** A file's bytes, its format told from them unless given, the name its places carry, and how "auto" read it. */
async function importedBytes(file: { content: string; encoding: DocumentEncoding; format?: ImportFormat | undefined; file_name?: string | undefined }, field: string): Promise<ImportFile> {
  const { bytes, readAs } = documentBytes(file.content, file.encoding, field);
  return { bytes, format: file.format ?? (await detectFormat(bytes)), name: file.file_name ?? field, ...(file.encoding === "auto" ? { autoEncoding: readAs } : {}) };
}

function check<Schema extends z.ZodType>(schema: Schema): Check<z.output<Schema>> {
  return (fields) => {
    const parsed = schema.safeParse(fields);
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, issues: parsed.error.issues };
  };
}

const { idempotency_key: _key, ...invoiceFields } = createInvoiceInput.shape;
const CHECKS: Checks = {
  invoice: check(z.strictObject(invoiceFields).omit({ client_id: true, template_id: true })),
  client: check(z.strictObject({ name: clientName, ...clientFields })),
  product: check(z.strictObject({ name: productName, rate: productRate, unit: productUnit.optional(), ...productFields })),
};

/**
 * Imports a file of invoices, clients or products (spec: the `import` tool, 16 formats). A PDF
 * without e-invoice XML, an image or plain text is read by extraction and counts as one extract
 * call of the month's paid operations.
 */
export const importFile = scopedProcedure("invoices:write")
  .meta({
    openapi: {
      method: "POST",
      path: "/import",
      tags: ["imports"],
      operationId: "importFile",
      summary: "Import invoices, clients or products from a file in one of 16 formats, with a dry run that previews every record and problem",
      description:
        "The file as multipart/form-data (a `file` part — several for several files read as one import — the other fields beside it: format, options as JSON), JSON {files: [{content, encoding, file_name}]} for several, as the raw body with its media type (then options as a JSON query parameter: ?options={\"dry_run\":true}), or as JSON {format?, content, encoding, options}; encoding auto (the default) decodes base64 of a binary file and reads plain XML, JSON, CSV, DSL, Markdown, HTML or vCard text as it is, base64 or text says which. Formats: csv, tsv, xlsx, json, ubl, cii, xrechnung, facturx, pdf, docx, vcard, dsl, md, html, image, text — detected from the content when format is left out. All-or-nothing by default (422 listing every problem, or 409 NUMBER_TAKEN when taken numbers are all that is wrong; nothing stored); options.partial stores the records without problems. Importing the same file again makes nothing new. options.wait false answers 202 with the running import.",
    },
    successStatus: 201,
    createdId: (output: { id: string; dry_run: boolean }) => (output.dry_run ? null : output.id),
    tool: {
      ...IMPORT_TOOL,
      action: "import",
      isDefault: true,
      example: { content: "number,issue_date,bill_to_name,description,quantity,unit_price\nINV-1,2026-11-01,Globex,Consulting,10,120.00\n", encoding: "text", options: { dry_run: true } },
    },
    binaryBody: documentBody(FILE_TYPES),
    multipartBody: { file: "content", name: "file_name", many: "files" },
    location: "/imports/{id}",
    acceptedWhen: (output: { status: string }) => output.status === "running",
  })
  .input(
    z
      .strictObject({
        content: z.string().min(1).optional().describe("the file: base64, or the text itself; or give files"),
        encoding: documentEncoding,
        format: importFormat.optional(),
        file_name: z.string().max(255).optional().describe("informative: the format is read from the content"),
        content_type: z.string().max(200).optional().describe("informative: the format is read from the content"),
        files: z.array(importedFile).min(1).max(MAX_IMPORT_FILES).optional().describe(`several files read as one import (a folder of e-invoices), at most ${MAX_IMPORT_FILES}; instead of content`),
        options: importOptions,
      })
      .refine((input) => (input.content === undefined) !== (input.files === undefined), { message: "give content (one file) or files (several), not both", path: ["content"] }),
  )
  .output(importOutput)
  .mutation(async ({ ctx, input, signal }) => {
    assertScope(ctx.principal, "entities:write");
    const given = input.files ?? [{ content: input.content as string, encoding: input.encoding, format: input.format, file_name: input.file_name }];
    const files = await Promise.all(given.map((file, index) => importedBytes(file, input.files ? `files.${index}` : "content")));
    // How the caller waits is not part of what is imported (nor of the import's id).
    const { wait, ...options } = input.options;
    const run = () =>
      runImport(
        ctx.services,
        writerOf(ctx),
        { files, options, previewAbove: ctx.face === "mcp" ? TOOL_PREVIEW_ROWS : null, checks: CHECKS, recordKeys: RECORD_KEYS, draftSchema: extractedInvoiceSchema },
        { progress: ctx.progress, signal, wait },
      );
    const extracted = files.filter((file) => isExtracted(file.format));
    if (extracted.length === 0) return run();
    if (files.length > 1) {
      throw new AppError("VALIDATION_ERROR", `${extracted.map((file) => file.name).join(", ")}: a PDF without e-invoice XML, an image or text is read by extraction and imported one file a call`, { field: "files", issue: "one extracted file a call" });
    }
    const paid = await chargeFor({ ...ctx, resource: `${ctx.services.config.publicUrl}/api/import` }, "ai_extract", async () => ({ ok: true, data: await run() }));
    return paid.data;
  });
