import { z } from "zod";
import { AppError } from "../../server/domain/errors.ts";
import { DOCUMENT_MEDIA_TYPES, documentBytes, documentKind } from "../../server/imports/document.ts";
import { pricedProcedure, workOwner } from "../builders.ts";
import { documentBody, documentInput } from "./document.schema.ts";
import { IMPORT_TOOL } from "../tools.ts";

const box = z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() }).describe("pixels of the image (of the page's scan, for a PDF), origin top left");
const piece = z.object({ text: z.string(), confidence: z.number().describe("0..100"), bbox: box });

const ocrOutput = z
  .object({
    text: z.string().describe("every page's text, pages apart by a blank line"),
    confidence: z.number().describe("mean word confidence, 0..100 (0 when no word was found)"),
    languages: z.array(z.string()).describe("the trained languages read with"),
    pages: z.array(
      z.object({
        number: z.int(),
        width: z.int(),
        height: z.int(),
        text: z.string(),
        confidence: z.number(),
        lines: z.array(piece),
        words: z.array(piece),
      }),
    ),
  })
  .meta({ id: "OcrResult" });

const OCR_TYPES = [DOCUMENT_MEDIA_TYPES.png, DOCUMENT_MEDIA_TYPES.jpeg, DOCUMENT_MEDIA_TYPES.pdf];

/** OCR of an image or a scanned PDF (README "Payments": 0.005 USD per call without a credential). */
export const ocrDocument = pricedProcedure("ocr", z.strictObject(documentInput))
  .meta({
    openapi: { method: "POST", path: "/ocr", tags: ["imports"], operationId: "ocrDocument", summary: "Read the text of an image or a scanned PDF, with each word's box and confidence" },
    tool: { ...IMPORT_TOOL, action: "ocr", example: { content: "<base64 of a PNG, JPEG or scanned PDF>" } },
    binaryBody: documentBody(OCR_TYPES),
  })
  .output(ocrOutput)
  .mutation(async ({ ctx, input, signal }) => {
    const { bytes } = documentBytes(input.content, input.encoding);
    const kind = documentKind(bytes);
    if (kind === null || kind === "text") {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", `OCR reads ${OCR_TYPES.join(", ")}; this is ${kind === "text" ? "text, which needs no OCR" : "none of them"}`);
    }
    const result = await ctx.services.ocr.recognize(bytes, kind, { owner: workOwner(ctx), signal, progress: ctx.progress });
    return { ...result, languages: [...ctx.services.ocr.languages] };
  });
