// A document handed to import, OCR or extraction: base64 or text on the wire, bytes here, its kind
// told by its first bytes rather than by what the caller says it is. With `encoding` "auto" (the
// default) the content itself says which it is, by one deterministic rule (ADR 0026 "auto").
import { Buffer } from "node:buffer";
import { AppError } from "../domain/errors.ts";
import { MAX_DOCUMENT_BYTES } from "../domain/wire.ts";
import { isZip } from "./archive.ts";

export type DocumentKind = "pdf" | "png" | "jpeg" | "text";

export const DOCUMENT_MEDIA_TYPES: Record<DocumentKind, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  text: "text/plain",
};

/** How `content` is sent: "auto" (the default) lets the content tell base64 from text. */
export const DOCUMENT_ENCODINGS = ["auto", "base64", "text"] as const;
export type DocumentEncoding = (typeof DOCUMENT_ENCODINGS)[number];

/** The document's bytes and how its content was read (what "auto" decided, or what was asked). */
export type DocumentBytes = { bytes: Uint8Array; readAs: Exclude<DocumentEncoding, "auto"> };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Whole quads, the last one padded: what "auto" takes for base64 (no missing or stray padding). */
function isStrictBase64(compact: string): boolean {
  // BASE64 and whole quads say the same as one regex of quads, which backtracks through megabytes.
  return compact !== "" && compact.length % 4 === 0 && BASE64.test(compact);
}

/**
 * The bytes of `content`, read as `encoding` says, "auto" by autoEncoding: 422 naming `field` when
 * it is not base64 (asked for), neither (auto) or empty, 413 when larger than MAX_DOCUMENT_BYTES
 * (read either way, for content auto cannot tell).
 */
export function documentBytes(content: string, encoding: DocumentEncoding, field = "content"): DocumentBytes {
  const readAs = encoding === "auto" ? autoEncoding(content) : encoding;
  if (readAs === null) {
    // Read either way, it would be over the limit (base64 is the shorter reading: three bytes in four characters, less the padding).
    const compact = content.replace(/\s+/g, "");
    if (Math.floor((compact.length * 3) / 4) - (/=*$/.exec(compact)?.[0].length ?? 0) > MAX_DOCUMENT_BYTES) throw tooLarge(field);
    throw new AppError(
      "VALIDATION_ERROR",
      `${field} is neither base64 of a file the service reads (PDF, PNG, JPEG, XLSX, DOCX or UTF-8 text) nor plainly XML, JSON, CSV, TSV, DSL, Markdown, HTML or vCard text: set encoding to "base64" or "text" to say which it is`,
      { field, issue: "encoding not told" },
    );
  }
  let bytes: Uint8Array;
  if (readAs === "text") bytes = new TextEncoder().encode(content);
  else {
    const compact = content.replace(/\s+/g, "");
    if (compact.length % 4 === 1 || !BASE64.test(compact)) throw new AppError("VALIDATION_ERROR", `${field} is not valid base64`, { field, issue: "not base64" });
    bytes = new Uint8Array(Buffer.from(compact, "base64"));
  }
  if (bytes.byteLength === 0) throw new AppError("VALIDATION_ERROR", `${field} is empty`, { field, issue: "empty" });
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) throw tooLarge(field);
  return { bytes, readAs };
}

function tooLarge(field: string): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `The document is larger than ${MAX_DOCUMENT_BYTES} bytes (import_bytes)`, { field, limit: "import_bytes", max: MAX_DOCUMENT_BYTES });
}

/**
 * How "auto" reads `content`, or null when the content does not tell:
 * 1. base64, when it is strict base64 (whitespace and line breaks allowed, padding right) whose
 *    bytes start with a known signature (PDF, PNG, JPEG, a ZIP package: XLSX, DOCX) or are UTF-8
 *    text plainly in a text format;
 * 2. else text, when the content itself is plainly in a text format;
 * 3. else base64, when it is strict base64 of any UTF-8 text (a plain-text invoice, read through
 *    extraction): after 2, so text in a format never loses to a reading of it as base64.
 * A word such as "INVOICE" is valid base64, but its bytes are no file and no text: it is the text.
 */
export function autoEncoding(content: string): "base64" | "text" | null {
  const compact = content.replace(/\s+/g, "");
  const bytes = isStrictBase64(compact) ? new Uint8Array(Buffer.from(compact, "base64")) : null;
  const decoded = bytes ? utf8Text(bytes, bytes.byteLength) : null;
  if (bytes && (signatureKind(bytes) !== null || isZip(bytes) || (decoded !== null && isPlainTextFormat(decoded)))) return "base64";
  if (isPlainTextFormat(content)) return "text";
  return decoded !== null && decoded.trim() !== "" ? "base64" : null;
}

/**
 * Text that is plainly in one of the text formats read: XML or HTML (`<` … `>`), JSON (`{`…`}`,
 * `[`…`]`), a vCard (BEGIN:VCARD), the DSL (a first line INVOICE…), Markdown (a `#` heading or a
 * table's rule line), or a table whose first line holds a delimiter (comma, semicolon, tab).
 */
export function isPlainTextFormat(text: string): boolean {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  const firstLine = trimmed.split(/\r\n|\r|\n/, 1)[0] ?? "";
  return (
    (trimmed.startsWith("<") && trimmed.endsWith(">")) ||
    (/^[{[]/.test(trimmed) && /[}\]]$/.test(trimmed)) ||
    /^BEGIN:VCARD\b/i.test(trimmed) ||
    /^INVOICE\b/i.test(trimmed) ||
    /^#{1,6} \S/m.test(trimmed) ||
    /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*$/m.test(trimmed) ||
    /[,;\t]/.test(firstLine)
  );
}

/** A PDF, PNG or JPEG by its signature (magic bytes); null for anything else. */
export function signatureKind(bytes: Uint8Array): Exclude<DocumentKind, "text"> | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  return null;
}

/** What the bytes are, by their signature; text when they decode as UTF-8 without control bytes; null otherwise. */
export function documentKind(bytes: Uint8Array): DocumentKind | null {
  return signatureKind(bytes) ?? (utf8Text(bytes, 64 * 1024) === null ? null : "text");
}

/** The first `length` bytes as UTF-8 text (a byte order mark dropped) when they are that, without control bytes; else null. */
function utf8Text(bytes: Uint8Array, length: number): string | null {
  try {
    // stream: a multi-byte character cut at `length` is not an error.
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, length), { stream: true });
    return /[\u0000-\u0008\u000e-\u001f]/.test(text) ? null : text;
  } catch {
    return null;
  }
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}
