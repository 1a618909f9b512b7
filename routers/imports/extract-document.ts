import { z } from "zod";
import { AppError } from "../../server/domain/errors.ts";
import { DOCUMENT_MEDIA_TYPES, documentBytes, documentKind } from "../../server/imports/document.ts";
import { extractDocument as extract } from "../../server/imports/extract/index.ts";
import { pricedProcedure, workOwner } from "../builders.ts";
import { documentBody, documentInput } from "./document.schema.ts";
import { extractedInvoiceSchema } from "./draft.schema.ts";
import { IMPORT_TOOL } from "../tools.ts";

const totals = z.object({ subtotal: z.int().nullable(), tax: z.int().nullable(), total: z.int().nullable() });

const extractOutput = z
  .object({
    invoice: extractedInvoiceSchema,
    confidence: z.record(z.string(), z.number()).describe("0..1 per field path found: number, issue_date, from_name, items[3].rate, total…"),
    document_totals: totals.describe("the totals the document prints, in minor units; null where it prints none"),
    consistent: z.boolean().describe("the draft's totals, by the service's money rules, equal every total the document prints"),
    warnings: z.array(z.string()),
    source: z.object({ kind: z.enum(["pdf", "png", "jpeg", "text"]), text_layer: z.boolean(), ocr_confidence: z.number().nullable() }),
    provider: z.enum(["builtin", "openai-compatible"]),
  })
  .meta({ id: "Extraction" });

/**
 * An invoice draft read from a PDF, an image or text (README "Payments": AI extract, 0.01 USD per call
 * without a credential): ready to post to invoices.create once checked.
 */
export const extractDocument = pricedProcedure(
  "ai_extract",
  z.strictObject({
    ...documentInput,
    locale: z.string().min(2).max(35).optional().describe("BCP 47, e.g. en-US: settles what the document leaves open (03/04 as March 4, a bare $ as USD)"),
    provider: z.enum(["builtin", "ai"]).optional().describe("builtin rules, or the configured OpenAI-compatible model; by default ai when configured"),
  }),
)
  .meta({
    openapi: { method: "POST", path: "/extract", tags: ["imports"], operationId: "extractDocument", summary: "Read an invoice draft (create's shape, a confidence per field) from a PDF, an image or text" },
    tool: { ...IMPORT_TOOL, action: "extract", example: { content: "Invoice INV-7\nDate 2026-11-01\n…", encoding: "text" } },
    binaryBody: documentBody(Object.values(DOCUMENT_MEDIA_TYPES)),
  })
  .output(extractOutput)
  .mutation(async ({ ctx, input, signal }) => {
    const { bytes } = documentBytes(input.content, input.encoding);
    const kind = documentKind(bytes);
    if (kind === null) throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Extraction reads ${Object.values(DOCUMENT_MEDIA_TYPES).join(", ")}; this is none of them`);
    const result = await extract({ ocr: ctx.services.ocr, config: ctx.services.config, draftSchema: extractedInvoiceSchema }, bytes, kind, {
      locale: input.locale,
      provider: input.provider,
      call: { owner: workOwner(ctx), signal, progress: ctx.progress },
    });
    // The draft already passed extractedInvoiceSchema (cleanDraft), whose output type is narrower than the record type the providers fill.
    return result as typeof result & { invoice: z.output<typeof extractedInvoiceSchema> };
  });
