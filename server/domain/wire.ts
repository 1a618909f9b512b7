// Limits and versions of the wire that callers see: the HTTP faces enforce them, svc.capabilities and
// the discovery documents announce them, so both read them from here.

/** The largest JSON or text body a request may carry, on every face (1 MiB). */
const MAX_BODY_BYTES = 1024 * 1024;

/** The largest document read (a file to import, OCR or extract from): 10 MiB, however it is sent. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/**
 * The largest body of a REST call carrying documents as base64 in JSON or as a multipart form: one
 * document's base64 (a third more than its bytes) and 64 KiB for the rest of the body.
 */
const MAX_UPLOAD_BODY_BYTES = Math.ceil((MAX_DOCUMENT_BYTES * 4) / 3) + 64 * 1024;

/**
 * The size limits by the names svc.capabilities announces them under (`limits`); a 413 names the
 * one passed (`details.limit`) and its bytes (`details.max`).
 */
export const SIZE_LIMITS = { body_bytes: MAX_BODY_BYTES, import_bytes: MAX_DOCUMENT_BYTES, upload_body_bytes: MAX_UPLOAD_BODY_BYTES } as const;
export type SizeLimit = keyof typeof SIZE_LIMITS;

/**
 * Bun's own cap on a request body, far above every limit above. Bun refuses a body over its cap with
 * an empty 413 before our code runs (and judges only Content-Length: a chunked body passes it
 * anyway), so the limits are the faces' own: every body is read through server/http/requests.ts,
 * which stops at the limit and answers the JSON 413 naming it.
 */
export const SERVER_BODY_CAP_BYTES = Number.MAX_SAFE_INTEGER;

/**
 * The MCP protocol versions the JSON-RPC face speaks, newest first: initialize agrees to the
 * client's version when it is listed here, else offers the newest.
 */
export const SUPPORTED_PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26"] as const;
