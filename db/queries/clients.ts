import { and, asc, count, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { PostalAddress } from "../../server/domain/profile.ts";
import { searchFold } from "../../server/domain/invoice.ts";
import type { Executor } from "../client.ts";
import type { ClientRecord } from "../../server/domain/entities.ts";
import { containsFolded, foldedPattern } from "./search.ts";
import { clients, invoices } from "../schema/index.ts";

export type { ClientRecord } from "../../server/domain/entities.ts";

type Row = typeof clients.$inferSelect;

function toRecord(row: Row): ClientRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address as PostalAddress | null,
    tax_id: row.taxId,
    currency: row.currency,
    locale: row.locale,
    notes: row.notes,
    archived: row.archivedAt !== null,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

function toRow(accountId: string, record: ClientRecord, archivedAt: string | null): Row {
  return {
    id: record.id,
    accountId,
    name: record.name,
    email: record.email,
    phone: record.phone,
    address: record.address,
    taxId: record.tax_id,
    currency: record.currency,
    locale: record.locale,
    notes: record.notes,
    searchText: searchFold(record.name, record.email),
    archivedAt,
    createdAt: record.created_at,
    updatedAt: record.updated_at,
  };
}

export async function findClient(db: Executor, id: string): Promise<{ accountId: string; record: ClientRecord } | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id));
  return row ? { accountId: row.accountId, record: toRecord(row) } : undefined;
}

export async function insertClient(db: Executor, accountId: string, record: ClientRecord): Promise<void> {
  await db.insert(clients).values(toRow(accountId, record, record.archived ? record.updated_at : null));
}

/** Saves a client; archiving stamps the time once, un-archiving clears it. */
export async function saveClient(db: Executor, accountId: string, record: ClientRecord): Promise<void> {
  const { id: _id, accountId: _account, createdAt: _created, archivedAt: _archived, ...changes } = toRow(accountId, record, null);
  const archivedAt = record.archived ? sql`coalesce(${clients.archivedAt}, ${record.updated_at})` : null;
  await db
    .update(clients)
    .set({ ...changes, archivedAt })
    .where(and(eq(clients.id, record.id), eq(clients.accountId, accountId)));
}

export async function deleteClientRow(db: Executor, accountId: string, id: string): Promise<void> {
  await db.delete(clients).where(and(eq(clients.id, id), eq(clients.accountId, accountId)));
}

export async function countInvoicesOfClient(db: Executor, accountId: string, clientId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(invoices).where(and(eq(invoices.accountId, accountId), eq(invoices.clientId, clientId)));
  return row?.n ?? 0;
}

export type ClientFilters = { q?: string | undefined; include_archived?: boolean | undefined; limit: number; offset: number };

export async function listClients(db: Executor, accountId: string, filters: ClientFilters): Promise<{ records: ClientRecord[]; total: number }> {
  const conditions: SQL[] = [eq(clients.accountId, accountId)];
  if (!filters.include_archived) conditions.push(isNull(clients.archivedAt));
  if (filters.q) conditions.push(containsFolded(clients.searchText, foldedPattern(filters.q)));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    // By the folded text, so names sort as people read them ("alpha" before "Zeta", "Ärzte" among the A's).
    db.select().from(clients).where(where).orderBy(asc(clients.searchText), asc(clients.id)).limit(filters.limit).offset(filters.offset),
    db.select({ n: count() }).from(clients).where(where),
  ]);
  return { records: rows.map(toRecord), total: totals[0]?.n ?? 0 };
}

/**
 * The account's active client an invoice is billed to: the one with this e-mail (case aside), else
 * the one with this tax id (case and blanks aside), else the one with this name (case and accents
 * aside, searchFold), else none. Oldest first on a tie.
 */
export async function findClientByEmailOrName(db: Executor, accountId: string, given: { email: string | null; taxId?: string | null; name: string }): Promise<ClientRecord | undefined> {
  const active = and(eq(clients.accountId, accountId), isNull(clients.archivedAt));
  if (given.email) {
    const [row] = await db.select().from(clients).where(and(active, sql`lower(${clients.email}) = lower(${given.email})`)).orderBy(asc(clients.createdAt)).limit(1);
    if (row) return toRecord(row);
  }
  if (given.taxId) {
    const compact = given.taxId.replace(/\s+/g, "").toUpperCase();
    const [row] = await db.select().from(clients).where(and(active, sql`upper(replace(${clients.taxId}, ' ', '')) = ${compact}`)).orderBy(asc(clients.createdAt)).limit(1);
    if (row) return toRecord(row);
  }
  const folded = searchFold(given.name);
  const candidates = await db.select().from(clients).where(and(active, containsFolded(clients.searchText, foldedPattern(given.name)))).orderBy(asc(clients.createdAt)).limit(50);
  const row = candidates.find((candidate) => searchFold(candidate.name) === folded);
  return row ? toRecord(row) : undefined;
}
