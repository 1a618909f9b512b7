// GET /files/{id}?exp=…&sig=…: downloads of exported files (ADR 0010 "Downloads"). The
// signed link is the credential: a tampered or expired one gets 403. Files are served as
// attachments with a sandboxing CSP, so an exported SVG or HTML opened from this origin runs nothing.
import { findFile } from "../../db/queries/files.ts";
import { AppError } from "../domain/errors.ts";
import { checkSignedPath } from "../domain/signing.ts";
import type { Services } from "../services.ts";
import { errorResponse } from "./requests.ts";

/** `filename=` for old clients (ASCII), `filename*=` (RFC 6266/8187) for everyone else. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function createFileHandler(services: Services): (request: Request, url: URL) => Promise<Response> {
  return async (request, url) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return errorResponse(new AppError("METHOD_NOT_ALLOWED", "Download files with GET"), { allow: "GET, HEAD" });
    }
    const id = url.pathname.slice("/files/".length);
    const check = await checkSignedPath(services.secretKey, `/files/${id}`, url.searchParams.get("exp"), url.searchParams.get("sig"), services.clock.now());
    if (check === "invalid") return errorResponse(new AppError("FORBIDDEN", "This download link is not valid"));
    if (check === "expired") return errorResponse(new AppError("FORBIDDEN", "This download link has expired: export the invoice again for a new one"));
    const file = await findFile(services.database.db, id);
    const bytes = file ? await services.blobs.get(file.blobKey) : null;
    if (!file || !bytes) return errorResponse(new AppError("NOT_FOUND", "This file is no longer stored: export the invoice again"));
    const secondsLeft = Math.max(0, Math.floor((new Date(file.expiresAt).getTime() - services.clock.now().getTime()) / 1000));
    const headers = {
      "content-type": file.contentType,
      "content-length": String(bytes.byteLength),
      "content-disposition": contentDisposition(file.fileName),
      "cache-control": `private, max-age=${secondsLeft}, immutable`,
      etag: `"${file.sha256}"`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "referrer-policy": "no-referrer",
    };
    return new Response(request.method === "HEAD" ? null : (bytes as Uint8Array<ArrayBuffer>), { status: 200, headers });
  };
}
