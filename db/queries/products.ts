import { and, asc, count, eq, type SQL } from "drizzle-orm";
import { searchFold } from "../../server/domain/invoice.ts";
import type { Executor } from "../client.ts";
import type { ProductRecord } from "../../server/domain/entities.ts";
import { products } from "../schema/index.ts";
import { containsFolded, foldedPattern } from "./search.ts";

export type { ProductRecord } from "../../server/domain/entities.ts";

type Row = typeof products.$inferSelect;

function toRecord(row: Row): ProductRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    unit: row.unit,
    rate: row.rate,
    currency: row.currency,
    tax_rate: row.taxRate,
    sku: row.sku,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

function toRow(accountId: string, record: ProductRecord): Row {
  return {
    id: record.id,
    accountId,
    name: record.name,
    description: record.description,
    unit: record.unit,
    rate: record.rate,
    currency: record.currency,
    taxRate: record.tax_rate,
    sku: record.sku,
    searchText: searchFold(record.name, record.sku, record.description),
    createdAt: record.created_at,
    updatedAt: record.updated_at,
  };
}

export async function findProduct(db: Executor, id: string): Promise<{ accountId: string; record: ProductRecord } | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ? { accountId: row.accountId, record: toRecord(row) } : undefined;
}

export async function insertProduct(db: Executor, accountId: string, record: ProductRecord): Promise<void> {
  await db.insert(products).values(toRow(accountId, record));
}

export async function saveProduct(db: Executor, accountId: string, record: ProductRecord): Promise<void> {
  const { id: _id, accountId: _account, createdAt: _created, ...changes } = toRow(accountId, record);
  await db.update(products).set(changes).where(and(eq(products.id, record.id), eq(products.accountId, accountId)));
}

export async function deleteProductRow(db: Executor, accountId: string, id: string): Promise<void> {
  await db.delete(products).where(and(eq(products.id, id), eq(products.accountId, accountId)));
}

export type ProductFilters = { q?: string | undefined; limit: number; offset: number };

export async function listProducts(db: Executor, accountId: string, filters: ProductFilters): Promise<{ records: ProductRecord[]; total: number }> {
  const conditions: SQL[] = [eq(products.accountId, accountId)];
  if (filters.q) conditions.push(containsFolded(products.searchText, foldedPattern(filters.q)));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db.select().from(products).where(where).orderBy(asc(products.searchText), asc(products.id)).limit(filters.limit).offset(filters.offset),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { records: rows.map(toRecord), total: totals[0]?.n ?? 0 };
}

/** The account's product with this SKU, else with this name (case and accents aside); oldest first. */
export async function findProductBySkuOrName(db: Executor, accountId: string, given: { sku: string | null; name: string }): Promise<ProductRecord | undefined> {
  const own = eq(products.accountId, accountId);
  if (given.sku) {
    const [row] = await db.select().from(products).where(and(own, eq(products.sku, given.sku))).orderBy(asc(products.createdAt)).limit(1);
    if (row) return toRecord(row);
  }
  const folded = searchFold(given.name);
  const candidates = await db.select().from(products).where(and(own, containsFolded(products.searchText, foldedPattern(given.name)))).orderBy(asc(products.createdAt)).limit(50);
  const row = candidates.find((candidate) => searchFold(candidate.name) === folded);
  return row ? toRecord(row) : undefined;
}
