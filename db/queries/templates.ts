import { and, asc, count, eq, sql } from "drizzle-orm";
import type { BaseDesign, StoredLogo } from "../../server/domain/templates.ts";
import type { Executor } from "../client.ts";
import { invoices, templates } from "../schema/index.ts";

/** A custom template as stored: the options as given, not resolved against the base. */
export type TemplateRow = {
  id: string;
  name: string;
  base: BaseDesign;
  options: Record<string, unknown>;
  logo: StoredLogo | null;
  revision: number;
  created_at: string;
  updated_at: string;
};

type Row = typeof templates.$inferSelect;

function toTemplate(row: Row): TemplateRow {
  return {
    id: row.id,
    name: row.name,
    base: row.base as BaseDesign,
    options: row.options as Record<string, unknown>,
    logo: (row.logo as StoredLogo | null) ?? null,
    revision: row.revision,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

function toRow(accountId: string, template: TemplateRow): Row {
  return {
    id: template.id,
    accountId,
    name: template.name,
    base: template.base,
    options: template.options,
    logo: template.logo,
    revision: template.revision,
    createdAt: template.created_at,
    updatedAt: template.updated_at,
  };
}

export async function findTemplate(db: Executor, id: string): Promise<{ accountId: string; record: TemplateRow } | undefined> {
  const [row] = await db.select().from(templates).where(eq(templates.id, id));
  return row ? { accountId: row.accountId, record: toTemplate(row) } : undefined;
}

export async function insertTemplate(db: Executor, accountId: string, template: TemplateRow): Promise<void> {
  await db.insert(templates).values(toRow(accountId, template));
}

export async function saveTemplate(db: Executor, accountId: string, template: TemplateRow): Promise<void> {
  const { id: _id, accountId: _account, createdAt: _created, ...changes } = toRow(accountId, template);
  await db
    .update(templates)
    .set(changes)
    .where(and(eq(templates.id, template.id), eq(templates.accountId, accountId)));
}

export async function deleteTemplateRow(db: Executor, accountId: string, id: string): Promise<void> {
  await db.delete(templates).where(and(eq(templates.id, id), eq(templates.accountId, accountId)));
}

/** Reads each of the account's invoice documents: deleting a template is rare, a column would cost every write. */
export async function countInvoicesOfTemplate(db: Executor, accountId: string, templateId: string): Promise<number> {
  const usesTemplate = sql`json_extract(${invoices.doc}, '$.template_id') = ${templateId}`;
  const [row] = await db.select({ n: count() }).from(invoices).where(and(eq(invoices.accountId, accountId), usesTemplate));
  return row?.n ?? 0;
}

export async function listTemplates(db: Executor, accountId: string, page: { limit: number; offset: number }): Promise<{ records: TemplateRow[]; total: number }> {
  const where = eq(templates.accountId, accountId);
  const [rows, totals] = await Promise.all([
    db.select().from(templates).where(where).orderBy(asc(templates.name), asc(templates.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(templates).where(where),
  ]);
  return { records: rows.map(toTemplate), total: totals[0]?.n ?? 0 };
}

/** Each of the account's custom templates with its logo, for the template quotas (ADR 0037). */
export async function templateLogosOf(db: Executor, accountId: string): Promise<Array<{ id: string; logo: StoredLogo | null }>> {
  const rows = await db.select({ id: templates.id, logo: templates.logo }).from(templates).where(eq(templates.accountId, accountId));
  return rows.map((row) => ({ id: row.id, logo: (row.logo as StoredLogo | null) ?? null }));
}
