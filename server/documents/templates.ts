// Templates as the service sees them: the four built-in designs and an account's custom ones, the
// record every face returns, ownership, a custom template created, changed and deleted, and the
// RenderTemplate a render receives (options resolved against the base, logo bytes from the blob store).
import type { Executor } from "../../db/client.ts";
import { countInvoicesOfTemplate, deleteTemplateRow, findTemplate, insertTemplate, saveTemplate, templateLogosOf, type TemplateRow } from "../../db/queries/templates.ts";
import { BASE_DEFAULTS, optionsSchema, resolveOptions, type TemplateOptions } from "../../render/templates/options.ts";
import { BASE_DESIGNS, type BaseDesign } from "../domain/templates.ts";
import { type StoredLogo } from "../domain/templates.ts";
import { builtInTemplate, type RenderTemplate } from "../../render/templates/template.ts";
import type { BlobStore } from "../platform/blob-store.ts";
import type { Services } from "../services.ts";
import { AppError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import { assertOwned } from "../invoices/ownership.ts";
import { assertTemplateRoom } from "../accounts/storage-quotas.ts";
import { errorFromIssues } from "../domain/validation.ts";

/** What every face returns for a template, built-in or custom. */
export type TemplateRecord = {
  id: string;
  name: string;
  base: BaseDesign;
  built_in: boolean;
  /** Complete: the base's defaults with the template's own choices applied. */
  options: TemplateOptions;
  logo: StoredLogo | null;
  revision: number;
  created_at: string | null;
  updated_at: string | null;
};

const BUILT_IN_NAMES: Record<BaseDesign, string> = { classic: "Classic", modern: "Modern", minimal: "Minimal", bold: "Bold" };

/** The default design of an invoice without a template. */
export const DEFAULT_DESIGN: BaseDesign = "classic";

export function isBuiltIn(id: string): id is BaseDesign {
  return (BASE_DESIGNS as readonly string[]).includes(id);
}

export function builtInRecord(base: BaseDesign): TemplateRecord {
  return { id: base, name: BUILT_IN_NAMES[base], base, built_in: true, options: structuredClone(BASE_DEFAULTS[base]), logo: null, revision: 1, created_at: null, updated_at: null };
}

export const BUILT_IN_RECORDS: readonly TemplateRecord[] = BASE_DESIGNS.map(builtInRecord);

export function customRecord(row: TemplateRow): TemplateRecord {
  return { ...row, built_in: false, options: resolveOptions(row.base, row.options) };
}

export async function ownedTemplate(db: Executor, accountId: string, id: string, field = "id"): Promise<TemplateRow> {
  return assertOwned(await findTemplate(db, id), accountId, "template", id, field);
}

/** A template an invoice of the account may name: a built-in design or its own (404/403 on `template_id`). */
export async function assertUsableTemplate(db: Executor, accountId: string, templateId: string): Promise<void> {
  if (!isBuiltIn(templateId)) await ownedTemplate(db, accountId, templateId, "template_id");
}

/**
 * A template by id for a caller: built-ins for anyone, a custom one only for its account (404 when
 * missing, 403 when another account's, 401 without a key).
 */
export async function visibleTemplate(db: Executor, accountId: string | null, id: string, field = "id"): Promise<TemplateRecord> {
  if (isBuiltIn(id)) return builtInRecord(id);
  if (!accountId) throw new AppError("UNAUTHORIZED", "A custom template needs its owner's API key", { field });
  return customRecord(await ownedTemplate(db, accountId, id, field));
}

/** Where a logo's bytes live: by account and content, so one logo uploaded twice is stored once. */
export function logoBlobKey(accountId: string, logo: StoredLogo): string {
  return `logos/${accountId}/${logo.sha256}.${logo.content_type === "image/png" ? "png" : "jpg"}`;
}

/** The template a render receives, logo bytes included. */
export async function renderTemplateOf(blobs: BlobStore, accountId: string | null, record: TemplateRecord): Promise<RenderTemplate> {
  if (record.built_in) return builtInTemplate(record.base);
  const logo = record.logo && accountId ? await blobs.get(logoBlobKey(accountId, record.logo)) : null;
  if (record.logo && !logo) throw new AppError("INTERNAL_ERROR", `The logo of template ${record.id} is missing from storage`);
  return {
    id: record.id,
    base: record.base,
    options: record.options,
    logo: record.logo && logo ? { format: record.logo.content_type === "image/png" ? "png" : "jpeg", bytes: logo, width: record.logo.width, height: record.logo.height } : null,
  };
}

/** Checks a custom template's options against its base design: a 422 names the option (`options.colors.accent`). */
function checkedOptions(base: BaseDesign, options: Record<string, unknown>): Record<string, unknown> {
  const parsed = optionsSchema(base).safeParse(options);
  if (!parsed.success) throw errorFromIssues(parsed.error.issues.map((issue) => ({ ...issue, path: ["options", ...issue.path] })));
  return options;
}

/** Options merged for an update: nested objects merge key by key, anything else is replaced. */
function mergedOptions(current: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    const before = merged[key];
    const bothObjects = isPlainObject(before) && isPlainObject(value);
    merged[key] = bothObjects ? mergedOptions(before, value) : value;
  }
  return merged;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Accepts a logo (render/logo.ts checks, sanitizes and rasterizes, in a worker) and stores its
 * bytes once the account's template quotas have room for it (ADR 0037); `replacing` the template
 * whose logo it replaces.
 */
async function storedLogo(services: Services, accountId: string, dataUrl: string, replacing?: string): Promise<StoredLogo> {
  const accepted = await services.renderer.acceptLogo(dataUrl, accountId);
  const logo: StoredLogo = { content_type: accepted.content_type, width: accepted.width, height: accepted.height, size: accepted.size, sha256: accepted.sha256 };
  await assertTemplateRoom(services, services.database.db, accountId, { replacing, logo });
  await services.blobs.put(logoBlobKey(accountId, logo), accepted.bytes);
  return logo;
}

/** A custom template to create; `logo` is a data: URL (null or absent: none). */
export type NewTemplate = { name: string; base: BaseDesign; options: Record<string, unknown>; logo?: string | null | undefined };

/** Creates a custom template, its options checked against its base design. */
export async function createCustomTemplate(services: Services, accountId: string, request: NewTemplate): Promise<TemplateRecord> {
  const options = checkedOptions(request.base, request.options);
  // The quota first, so a template over it never gets as far as reading its logo.
  await assertTemplateRoom(services, services.database.db, accountId, { logo: null });
  // The logo is checked and stored before the row, so a refused logo writes nothing; a logo
  // stored for a template that then fails to insert is content-addressed and reused on retry.
  const logo = request.logo ? await storedLogo(services, accountId, request.logo) : null;
  const now = services.clock.now();
  const at = now.toISOString();
  const row: TemplateRow = { id: newId("tpl", now.getTime()), name: request.name, base: request.base, options, logo, revision: 1, created_at: at, updated_at: at };
  await services.database.write(async (tx) => {
    // Again under the write lock, so creates at once cannot pass the quota together.
    await assertTemplateRoom(services, tx, accountId, { logo });
    await insertTemplate(tx, accountId, row);
  });
  return customRecord(row);
}

/** A custom template's changes: absent leaves a field; option changes merge; a null logo removes it. */
export type TemplateChanges = { name?: string | undefined; options?: Record<string, unknown> | undefined; logo?: string | null | undefined };

/** Renames a custom template, merges option changes into its options, replaces or removes its logo. */
export async function updateCustomTemplate(services: Services, accountId: string, id: string, changes: TemplateChanges): Promise<TemplateRecord> {
  const { database, clock } = services;
  // Ownership first, so another account's id never gets as far as storing a logo.
  await ownedTemplate(database.db, accountId, id);
  const logo = typeof changes.logo === "string" ? await storedLogo(services, accountId, changes.logo, id) : changes.logo;
  const { record, unused } = await database.write(async (tx) => {
    // Read again under the write lock: two updates in a row both land, neither overwrites the other.
    const latest = await ownedTemplate(tx, accountId, id);
    if (logo) await assertTemplateRoom(services, tx, accountId, { replacing: id, logo });
    const row = {
      ...latest,
      name: changes.name ?? latest.name,
      options: changes.options ? checkedOptions(latest.base, mergedOptions(latest.options, changes.options)) : latest.options,
      logo: logo === undefined ? latest.logo : logo,
      revision: latest.revision + 1,
      updated_at: clock.now().toISOString(),
    };
    await saveTemplate(tx, accountId, row);
    return { record: customRecord(row), unused: await unusedLogo(tx, accountId, latest.logo) };
  });
  await forgetLogo(services, accountId, unused);
  return record;
}

/** `logo`, when no template of the account shows it any more: its bytes can go. */
async function unusedLogo(tx: Executor, accountId: string, logo: StoredLogo | null): Promise<StoredLogo | null> {
  if (!logo) return null;
  const shown = await templateLogosOf(tx, accountId);
  return shown.some((template) => template.logo?.sha256 === logo.sha256) ? null : logo;
}

/**
 * Deletes a logo's bytes once its last template let go of it (after the commit, so a rolled-back
 * change keeps them). A render that read the template just before may then miss them and fail; it
 * succeeds when tried again, with the template as it now is.
 */
async function forgetLogo(services: Services, accountId: string, logo: StoredLogo | null): Promise<void> {
  if (!logo) return;
  await services.blobs.delete(logoBlobKey(accountId, logo)).catch((error: unknown) => {
    services.logger.warn("unused logo not deleted", { error: error instanceof Error ? error.message : String(error) });
  });
}

/** Deletes a custom template; refused while an invoice uses it, as a finalized invoice must keep rendering as it was. */
export async function deleteCustomTemplate(services: Services, accountId: string, id: string): Promise<void> {
  const unused = await services.database.write(async (tx) => {
    const template = await ownedTemplate(tx, accountId, id);
    const used = await countInvoicesOfTemplate(tx, accountId, id);
    if (used > 0) {
      throw new AppError("RESOURCE_IN_USE", `${used} invoice(s) use this template: apply another template to them first`, { invoices: used });
    }
    await deleteTemplateRow(tx, accountId, id);
    return unusedLogo(tx, accountId, template.logo);
  });
  await forgetLogo(services, accountId, unused);
}
