// Templates as the service sees them: the four built-in designs and an account's custom ones, the
// record every face returns, ownership, and the RenderTemplate a render receives (options resolved
// against the base, logo bytes read from the blob store).
import type { Executor } from "../../db/client.ts";
import { findTemplate, type TemplateRow } from "../../db/queries/templates.ts";
import { BASE_DEFAULTS, optionsSchema, resolveOptions, type TemplateOptions } from "../../render/templates/options.ts";
import { BASE_DESIGNS, type BaseDesign } from "../domain/templates.ts";
import { type StoredLogo } from "../domain/templates.ts";
import { builtInTemplate, type RenderTemplate } from "../../render/templates/template.ts";
import type { BlobStore } from "../platform/blob-store.ts";
import type { Services } from "../services.ts";
import { AppError } from "../domain/errors.ts";
import { assertOwned } from "../invoices/ownership.ts";
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
export function checkedOptions(base: BaseDesign, options: Record<string, unknown>): Record<string, unknown> {
  const parsed = optionsSchema(base).safeParse(options);
  if (!parsed.success) throw errorFromIssues(parsed.error.issues.map((issue) => ({ ...issue, path: ["options", ...issue.path] })));
  return options;
}

/** Options merged for an update: nested objects merge key by key, anything else is replaced. */
export function mergedOptions(current: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
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

/** Accepts a logo (render/logo.ts checks, sanitizes and rasterizes, in a worker) and stores its bytes. */
export async function storedLogo({ blobs, renderer }: Pick<Services, "blobs" | "renderer">, accountId: string, dataUrl: string): Promise<StoredLogo> {
  const accepted = await renderer.acceptLogo(dataUrl, accountId);
  const logo: StoredLogo = { content_type: accepted.content_type, width: accepted.width, height: accepted.height, size: accepted.size, sha256: accepted.sha256 };
  await blobs.put(logoBlobKey(accountId, logo), accepted.bytes);
  return logo;
}
