import { z } from "zod";
import { DOCUMENT_ENCODINGS, DOCUMENT_MEDIA_TYPES } from "../../server/imports/document.ts";

/** How a document's content is sent; "auto" lets the content tell (ADR 0026). */
export const documentEncoding = z
  .enum(DOCUMENT_ENCODINGS)
  .default("auto")
  .describe("auto: base64 of a file is decoded, plain text (XML, JSON, CSV, DSL…) read as it is");

/** A document in a call: base64 in JSON (or raw bytes over REST, which the face turns into base64). */
export const documentInput = {
  content: z.string().min(1).describe("the document: base64, or the text itself"),
  encoding: documentEncoding,
  content_type: z
    .enum(Object.values(DOCUMENT_MEDIA_TYPES) as [string, ...string[]])
    .optional()
    .describe("informative: the kind is read from the bytes themselves"),
};

/** Raw bodies REST takes for a document route, up to the document limit (server/domain/wire.ts). */
export function documentBody(types: readonly string[]) {
  return { field: "content", types } as const;
}
