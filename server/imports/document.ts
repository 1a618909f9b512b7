// A document handed to OCR, extraction (and later import): base64 or text on the wire, bytes here,
// its kind told by its first bytes rather than by what the caller says it is.
import { Buffer } from "node:buffer";
import { AppError } from "../domain/errors.ts";

/** The largest document read (spec'd for imports: 10 MB per file). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export type DocumentKind = "pdf" | "png" | "jpeg" | "text";

export const DOCUMENT_MEDIA_TYPES: Record<DocumentKind, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  text: "text/plain",
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of `content` (base64 unless `encoding` is "text"): 422 naming `field` when it is not
 * base64 or is empty, 413 when larger than MAX_DOCUMENT_BYTES.
 */
export function documentBytes(content: string, encoding: "base64" | "text", field = "content"): Uint8Array {
  let bytes: Uint8Array;
  if (encoding === "text") bytes = new TextEncoder().encode(content);
  else {
    const compact = content.replace(/\s+/g, "");
    if (compact.length % 4 === 1 || !BASE64.test(compact)) throw new AppError("VALIDATION_ERROR", `${field} is not valid base64`, { field, issue: "not base64" });
    bytes = new Uint8Array(Buffer.from(compact, "base64"));
  }
  if (bytes.byteLength === 0) throw new AppError("VALIDATION_ERROR", `${field} is empty`, { field, issue: "empty" });
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", `The document is larger than ${MAX_DOCUMENT_BYTES} bytes`);
  return bytes;
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
  const signed = signatureKind(bytes);
  if (signed) return signed;
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, 64 * 1024));
    return /[\u0000-\u0008\u000e-\u001f]/.test(text) ? null : "text";
  } catch {
    return null;
  }
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}
