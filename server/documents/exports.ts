// Exported files (ADR 0010 "Downloads", "Reuse"): render once, store the bytes in the blob store,
// hand out a signed link to the service's own download route. A repeat export of the same inputs
// (invoice revision, template and its revision, format, syntax; the seller profile for e-invoices)
// reuses the stored file and gives it another full lifetime. A new file counts against its owner's
// storage quota (ADR 0037), checked before its bytes are stored and again as its row is written.
import type { Executor } from "../../db/client.ts";
import { extendFile, findCachedFile, insertFile, type FileOwner, type StoredFile } from "../../db/queries/files.ts";
import { accountQuota, anonymousQuota, assertFileRoom, type QuotaHolder } from "../accounts/storage-quotas.ts";
import { TEMPLATE_FREE_FORMATS } from "../../render/export.ts";
import { EINVOICE_FORMATS, type ExportFormat, type XRechnungSyntax } from "../domain/formats.ts";
import { fingerprint } from "../domain/canonical.ts";
import type { InvoiceRecord } from "../domain/invoice.ts";
import { newId } from "../domain/ids.ts";
import type { StoredProfile } from "../domain/profile.ts";
import { sha256HexOfBytes } from "../domain/secrets.ts";
import { signedPath } from "../domain/signing.ts";
import type { Services } from "../services.ts";
import { builtInTemplate, type RenderTemplate } from "../../render/templates/template.ts";
import { DEFAULT_DESIGN, renderTemplateOf, type TemplateRecord } from "./templates.ts";

/** Download links expire after 24 hours, and the file with them (ADR 0010 "Downloads"); a keyless caller's sooner (ADR 0037). */
export const FILE_LIFETIME_MS = 24 * 3_600_000;

/**
 * Whose file it is: an account's stored invoice (`exempt` when the service makes the file for
 * itself, a mail's attachment or a share page's PDF: counted, never refused), or an inline export
 * (never cached, never reused) counted against the caller: its account, or a keyless caller's
 * address subject.
 */
export type ExportOwner = { accountId: string; exempt?: boolean } | { accountId: null; caller: FileOwner };

export type ExportRequest = ExportOwner & {
  record: InvoiceRecord;
  profile: StoredProfile;
  template: TemplateRecord;
  format: ExportFormat;
  syntax: XRechnungSyntax;
  /** The caller's: when it goes away (a client disconnecting, an MCP call cancelled), the render stops. */
  signal?: AbortSignal | undefined;
};

/** What REST returns and the tool builds on. */
export type ExportLink = {
  id: string;
  format: ExportFormat;
  url: string;
  expires_at: string;
  size: number;
  sha256: string;
  content_type: string;
  file_name: string;
};

/** `bytes` when this call rendered the file; a reused file's bytes stay in the blob store. */
export type Exported = { link: ExportLink; file: StoredFile; reused: boolean; bytes: Uint8Array | null };

/** What a file was made from; e-invoices also depend on the seller profile (BT-27…BT-43). */
function cacheInputs(request: ExportRequest): Record<string, unknown> {
  const { record, template, format, syntax, profile } = request;
  return {
    invoice: record.id,
    revision: record.revision,
    format,
    syntax: format === "xrechnung" ? syntax : null,
    template: TEMPLATE_FREE_FORMATS.has(format) ? null : [template.id, template.revision],
    profile: EINVOICE_FORMATS.has(format) ? profile : null,
  };
}

/** `INV-2026-0001.pdf`, or `draft-inv_….pdf`; only characters every file system and header takes. */
export function fileNameOf(record: InvoiceRecord, extension: string, format: ExportFormat): string {
  const stem = (record.number ?? `draft-${record.id}`).replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[.-]+/, "") || record.id;
  const suffix = format === "facturx" ? "-facturx" : format === "xrechnung" ? "-xrechnung" : format === "ubl" ? "-ubl" : format === "cii" ? "-cii" : "";
  return `${stem}${suffix}.${extension}`;
}

export async function linkOf(services: Services, file: StoredFile): Promise<ExportLink> {
  const path = await signedPath(services.secretKey, `/files/${file.id}`, new Date(file.expiresAt));
  return {
    id: file.id,
    format: file.format as ExportFormat,
    url: `${services.config.publicUrl}${path}`,
    expires_at: file.expiresAt,
    size: file.size,
    sha256: file.sha256,
    content_type: file.contentType,
    file_name: file.fileName,
  };
}

async function reuse(services: Services, accountId: string, cacheKey: string, lifetimeMs: number): Promise<StoredFile | undefined> {
  const now = services.clock.now();
  const cached = await findCachedFile(services.database.db, accountId, cacheKey, now.toISOString());
  if (!cached) return undefined;
  const expiresAt = new Date(now.getTime() + lifetimeMs).toISOString();
  await services.database.write((tx) => extendFile(tx, cached.id, expiresAt));
  return { ...cached, expiresAt };
}

/** The template as the renderer takes it; a format that ignores the template never pays for reading its logo. */
export function renderTemplateFor(services: Services, accountId: string | null, template: TemplateRecord, format: ExportFormat): Promise<RenderTemplate> {
  return TEMPLATE_FREE_FORMATS.has(format) ? Promise.resolve(builtInTemplate(DEFAULT_DESIGN)) : renderTemplateOf(services.blobs, accountId, template);
}

/** Formats painted page by page, which a PDF carries in far fewer bytes. */
const PICTURE_FORMATS: ReadonlySet<ExportFormat> = new Set(["svg", "png"]);

/** A file's owner, its tier's quota, whether it may be refused, and how long it lives. */
export type FileCharge = { owner: FileOwner; holder: QuotaHolder; enforced: boolean; hint: string; lifetimeMs: number };

/** Whose quota a new file counts against, and its tier's; `hint` says what to do instead of a file too large. */
export async function chargeOf(services: Services, owner: ExportOwner, hint: string): Promise<FileCharge> {
  const whose: FileOwner = owner.accountId === null ? owner.caller : { accountId: owner.accountId };
  const enforced = owner.accountId === null || !owner.exempt;
  const holder = "accountId" in whose ? await accountQuota(services, services.database.db, whose.accountId) : anonymousQuota(services);
  return { owner: whose, holder, enforced, hint, lifetimeMs: holder.quota?.fileLifetimeMs ?? FILE_LIFETIME_MS };
}

/** Refuses a file its owner may not store (413 or 429, ADR 0037). */
async function assertRoomFor(services: Services, db: Executor, charge: FileCharge, size: number): Promise<void> {
  if (charge.enforced) await assertFileRoom(services, db, charge.owner, charge.holder, size, charge.hint);
}

/**
 * Refuses, before any rendering, an owner who has no room for one more file (its count or bytes
 * reached already): a render whose file is sure to be refused is never paid for. A file that would
 * take the bytes over is still refused once its size is known (storeFile).
 */
export function assertRoomToRender(services: Services, charge: FileCharge): Promise<void> {
  return assertRoomFor(services, services.database.db, charge, 1);
}

/**
 * Stores a new file: the quota checked before its bytes are written and again with its row under
 * the write lock (so calls at once cannot pass it together); a refused or failed row leaves no
 * blob behind. `existing` finds a row that won meanwhile (two identical exports at once), which is
 * answered instead.
 */
export async function storeFile(services: Services, charge: FileCharge, file: StoredFile, bytes: Uint8Array, existing?: (tx: Executor) => Promise<StoredFile | undefined>): Promise<StoredFile> {
  await assertRoomFor(services, services.database.db, charge, file.size);
  await services.blobs.put(file.blobKey, bytes);
  try {
    const stored = await services.database.write(async (tx) => {
      const winner = await existing?.(tx);
      if (winner) return winner;
      await assertRoomFor(services, tx, charge, file.size);
      await insertFile(tx, file);
      return file;
    });
    if (stored !== file) await services.blobs.delete(file.blobKey);
    return stored;
  } catch (error) {
    await services.blobs.delete(file.blobKey);
    throw error;
  }
}

/** Renders (or reuses) the file and returns its signed link. Render failures (422 naming a BT) write nothing. */
export async function exportFile(services: Services, request: ExportRequest): Promise<Exported> {
  const { accountId, record, format } = request;
  const cacheKey = accountId ? await fingerprint(cacheInputs(request)) : null;
  const charge = await chargeOf(services, request, PICTURE_FORMATS.has(format) ? ": a PDF of the same invoice is far smaller" : "");
  if (accountId && cacheKey) {
    const cached = await reuse(services, accountId, cacheKey, charge.lifetimeMs);
    if (cached) return { link: await linkOf(services, cached), file: cached, reused: true, bytes: null };
  }
  await assertRoomToRender(services, charge);
  const now = services.clock.now();
  const rendered = await services.renderer.render({
    record,
    profile: request.profile,
    template: await renderTemplateFor(services, accountId, request.template, format),
    format,
    syntax: request.syntax,
    createdAt: now.toISOString(),
  }, accountId, request.signal);
  const file = await newFile(services, {
    ...charge.owner,
    invoiceId: accountId ? record.id : null,
    cacheKey,
    format,
    contentType: rendered.contentType,
    fileName: fileNameOf(record, rendered.extension, format),
    extension: rendered.extension,
    bytes: rendered.bytes,
  }, charge.lifetimeMs);
  // Two identical exports at once: the first row wins, the second reuses it.
  const stored = await storeFile(services, charge, file, rendered.bytes, async (tx) => (accountId && cacheKey ? findCachedFile(tx, accountId, cacheKey, file.createdAt) : undefined));
  return { link: await linkOf(services, stored), file: stored, reused: stored !== file, bytes: stored === file ? rendered.bytes : null };
}

/** A new file's row; `accountId` or `subject` names whose quota it counts against. */
export type NewFile = Pick<StoredFile, "invoiceId" | "cacheKey" | "format" | "contentType" | "fileName"> & { accountId?: string | null; subject?: string | null; extension: string; bytes: Uint8Array };

/** The row of a file about to be stored: its id, blob key, size, digest and lifetime (24 hours unless its tier says otherwise). */
export async function newFile(services: Services, file: NewFile, lifetimeMs = FILE_LIFETIME_MS): Promise<StoredFile> {
  const now = services.clock.now();
  const id = newId("fil", now.getTime());
  return {
    id,
    accountId: file.accountId ?? null,
    subject: file.subject ?? null,
    invoiceId: file.invoiceId,
    cacheKey: file.cacheKey,
    format: file.format,
    contentType: file.contentType,
    fileName: file.fileName,
    blobKey: `files/${id}.${file.extension}`,
    size: file.bytes.byteLength,
    sha256: await sha256HexOfBytes(file.bytes),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + lifetimeMs).toISOString(),
  };
}

/** Text files up to this size travel inside the reply too (the tool returns them inline). */
export const INLINE_TEXT_LIMIT = 64 * 1024;

const TEXT_TYPES = /^(text\/|application\/(json|xml)|image\/svg\+xml)/;

/** The export's reply: the link, and the file's text when it is small text. */
export async function exportReply(services: Services, { link, file, bytes: rendered }: Exported): Promise<ExportLink & { text: string | null }> {
  if (!TEXT_TYPES.test(file.contentType) || file.size > INLINE_TEXT_LIMIT) return { ...link, text: null };
  const bytes = rendered ?? (await services.blobs.get(file.blobKey));
  return { ...link, text: bytes ? new TextDecoder().decode(bytes) : null };
}
