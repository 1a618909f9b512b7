// Invoice storage: one row per invoice, its record as one JSON document (ADR 0004). A read is one
// statement; so is a list page filtered by status, type or dates, its total read from the
// trigger-kept counts in the same statement, and a deep page located by them (ADR 0031); a client's
// or a search's list counts its rows, unless the page is short enough to tell.
import { and, desc, eq, gte, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import { INVOICE_SEARCH_VERSION, invoiceSearchText } from "../../server/domain/invoice.ts";
import type { InvoiceStatus, InvoiceType } from "../../server/domain/lifecycle.ts";
import type { Executor } from "../client.ts";
import { pageStart, seekValues } from "./invoice-seek.ts";
import { placeholdersOf, prepared, preparedRead, type PreparedRead } from "./prepared.ts";
import { containsFolded, foldedPattern } from "./search.ts";
import { invoiceCounts, invoices } from "../schema/index.ts";

type Row = typeof invoices.$inferSelect;

/** The stored document is the record every face returns. */
function toRecord(doc: string): InvoiceRecord {
  return JSON.parse(doc) as InvoiceRecord;
}

/** The row for a record: its document plus the columns queries filter, sort and sum on. */
function toRow(accountId: string, record: InvoiceRecord): Row {
  return {
    id: record.id,
    accountId,
    doc: JSON.stringify(record),
    type: record.type,
    status: record.status,
    number: record.number,
    revision: record.revision,
    clientId: record.client_id,
    billToName: record.bill_to_name,
    currency: record.currency,
    issueDate: record.issue_date,
    dueDate: record.due_date,
    total: record.total,
    amountPaid: record.amount_paid,
    searchText: invoiceSearchText(record),
    searchVersion: INVOICE_SEARCH_VERSION,
    createdAt: record.created_at,
    updatedAt: record.updated_at,
  };
}

export type StoredInvoice = { accountId: string; record: InvoiceRecord };

/** The invoice with this id in any account: the caller decides between 403 and 404. */
export async function findInvoice(db: Executor, id: string): Promise<StoredInvoice | undefined> {
  const statement = preparedRead(db, "findInvoice", ["accountId", "doc"], () =>
    db.select({ accountId: invoices.accountId, doc: invoices.doc }).from(invoices).where(eq(invoices.id, sql.placeholder("id"))).prepare(),
  );
  const [row] = await statement.all({ id });
  return row ? { accountId: row.accountId, record: toRecord(row.doc) } : undefined;
}

/** The invoices with these ids in any account, by id: the caller decides between 403 and 404 for each. */
export async function findInvoices(db: Executor, ids: readonly string[]): Promise<Map<string, StoredInvoice>> {
  const rows = ids.length ? await db.select({ id: invoices.id, accountId: invoices.accountId, doc: invoices.doc }).from(invoices).where(inArray(invoices.id, [...ids])) : [];
  return new Map(rows.map((row) => [row.id, { accountId: row.accountId, record: toRecord(row.doc) }]));
}

/** Which of these ids are invoices of this account, read by the 500 (ids only, no documents). */
export async function ownedInvoiceIds(db: Executor, accountId: string, ids: readonly string[]): Promise<Set<string>> {
  const owned = new Set<string>();
  for (let at = 0; at < ids.length; at += 500) {
    const rows = await db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.accountId, accountId), inArray(invoices.id, ids.slice(at, at + 500))));
    for (const row of rows) owned.add(row.id);
  }
  return owned;
}

/** Only the owner of an invoice, for the tenancy check that precedes input validation. */
export async function findInvoiceOwner(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db.select({ accountId: invoices.accountId }).from(invoices).where(eq(invoices.id, id));
  return row?.accountId;
}

export async function insertInvoice(db: Executor, accountId: string, record: InvoiceRecord): Promise<void> {
  const row = toRow(accountId, record);
  await prepared(db, "insertInvoice", () => db.insert(invoices).values(placeholdersOf(row)).prepare()).run(row);
}

/** SQLite binds at most 32,766 values per statement: rows of 18 columns go in by the 1,000. */
const ROWS_PER_INSERT = 1000;

export async function insertInvoices(db: Executor, accountId: string, records: readonly InvoiceRecord[]): Promise<void> {
  for (let start = 0; start < records.length; start += ROWS_PER_INSERT) {
    await db.insert(invoices).values(records.slice(start, start + ROWS_PER_INSERT).map((record) => toRow(accountId, record)));
  }
}

/** Writes `record` over the stored row if it is still at `baseRevision`; false when it moved on. */
export async function replaceInvoice(db: Executor, accountId: string, record: InvoiceRecord, baseRevision: number): Promise<boolean> {
  const { id, accountId: _account, createdAt: _created, ...changes } = toRow(accountId, record);
  const statement = prepared(db, "replaceInvoice", () =>
    db
      .update(invoices)
      // drizzle binds placeholders in set() (wrapped with the column's encoder) though its types omit them
      .set(placeholdersOf(changes) as unknown as typeof changes)
      .where(and(eq(invoices.id, sql.placeholder("id")), eq(invoices.accountId, sql.placeholder("accountId")), eq(invoices.revision, sql.placeholder("baseRevision"))))
      .prepare(),
  );
  const result = await statement.run({ ...changes, id, accountId, baseRevision });
  return result.rowsAffected === 1;
}

export async function deleteInvoiceRow(db: Executor, accountId: string, id: string): Promise<void> {
  await db.delete(invoices).where(and(eq(invoices.id, id), eq(invoices.accountId, accountId)));
}

/** Which invoices: the list's filters without its paging. */
export type InvoiceSelection = {
  status?: InvoiceStatus | undefined;
  type?: InvoiceType | undefined;
  client_id?: string | undefined;
  from_date?: string | undefined;
  to_date?: string | undefined;
  q?: string | undefined;
};

export type InvoiceFilters = InvoiceSelection & { limit: number; offset: number };

const FILTERS = ["status", "type", "client_id", "from_date", "to_date", "q"] as const;

/** Which filters are set: the statements prepared for each combination are told apart by it. */
function shapeOf(filters: InvoiceSelection): string {
  return FILTERS.map((name) => (filters[name] ? 1 : 0)).join("");
}

/** The rows a selection picks, with a placeholder per filter given (values from selectionValues). */
function selectionWhere(filters: InvoiceSelection): SQL | undefined {
  return and(
    eq(invoices.accountId, sql.placeholder("account")),
    filters.status ? eq(invoices.status, sql.placeholder("status")) : undefined,
    filters.type ? eq(invoices.type, sql.placeholder("type")) : undefined,
    filters.client_id ? eq(invoices.clientId, sql.placeholder("client_id")) : undefined,
    filters.from_date ? gte(invoices.issueDate, sql.placeholder("from_date")) : undefined,
    filters.to_date ? lte(invoices.issueDate, sql.placeholder("to_date")) : undefined,
    filters.q ? containsFolded(invoices.searchText, sql.placeholder("q")) : undefined,
  );
}

function selectionValues(accountId: string, filters: InvoiceSelection): Record<string, unknown> {
  return { ...filters, account: accountId, q: filters.q ? foldedPattern(filters.q) : undefined };
}

/** From this offset on, a list the aggregates count starts its page at the day they locate (invoice-seek.ts). */
export const SEEK_FROM_OFFSET = 1000;

/**
 * How a page is read. "counted": OFFSET on the list's index, the total from invoice_counts. "seek":
 * the aggregates locate the page's first day and give the total (a date range, or a deep offset).
 * "scan": OFFSET, rows counted; a client's invoices are few, and `q` reads every row anyway.
 */
type ListPlan = "counted" | "seek" | "scan";

function planOf(filters: InvoiceFilters): ListPlan {
  if (filters.client_id || filters.q) return "scan";
  return filters.from_date || filters.to_date || filters.offset >= SEEK_FROM_OFFSET ? "seek" : "counted";
}

type ListStatements = { page: PreparedRead<{ doc: string; total: number | null }>; total: PreparedRead<{ total: number }> };

function listStatement(db: Executor, filters: InvoiceFilters, plan: ListPlan): ListStatements {
  return prepared(db, `listInvoices:${plan}:${shapeOf(filters)}`, () => (plan === "seek" ? seekStatements(db, filters) : offsetStatements(db, filters, plan === "counted")));
}

const newestFirst = [desc(invoices.issueDate), desc(invoices.id)] as const;

function seekStatements(db: Executor, filters: InvoiceFilters): ListStatements {
  const start = pageStart(db, filters);
  const page = db
    .with(start)
    .select({ doc: invoices.doc, total: sql<number | null>`(select ${start.total} from ${start})` })
    .from(invoices)
    // The located day is on or before to_date: it alone bounds the index range from above, so the
    // rows between to_date and it are never stepped over.
    .where(and(selectionWhere({ ...filters, to_date: undefined }), lte(invoices.issueDate, sql`(select ${start.day} from ${start})`)))
    .orderBy(...newestFirst)
    .limit(sql.placeholder("limit"))
    // drizzle renders any SQL here though its types name only numbers and placeholders; past the
    // end there is no start, no row matches, and OFFSET must still be a number
    .offset(sql`${sql.placeholder("offset")} - coalesce((select ${start.rowsBefore} from ${start}), 0)` as unknown as number);
  return {
    page: preparedRead(db, `listInvoices:seek:${shapeOf(filters)}:page`, ["doc", "total"], () => page.prepare()),
    total: preparedRead(db, `listInvoices:seek:${shapeOf(filters)}:total`, ["total"], () => db.with(start).select({ total: start.total }).from(start).prepare()),
  };
}

function offsetStatements(db: Executor, filters: InvoiceFilters, counted: boolean): ListStatements {
  const name = `listInvoices:${counted ? "counted" : "scan"}:${shapeOf(filters)}`;
  const where = selectionWhere(filters);
  const countsOfFilter = and(
    eq(invoiceCounts.accountId, sql.placeholder("account")),
    filters.status ? eq(invoiceCounts.status, sql.placeholder("status")) : undefined,
    filters.type ? eq(invoiceCounts.type, sql.placeholder("type")) : undefined,
  );
  const countedTotal = sql<number>`coalesce(sum(${invoiceCounts.count}), 0)`;
  return {
    page: preparedRead(db, `${name}:page`, ["doc", "total"], () =>
      db
        .select({ doc: invoices.doc, total: counted ? sql<number>`(select ${countedTotal} from ${invoiceCounts} where ${countsOfFilter})` : sql<null>`null` })
        .from(invoices)
        .where(where)
        .orderBy(...newestFirst)
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare(),
    ),
    total: preparedRead(db, `${name}:total`, ["total"], () =>
      counted ? db.select({ total: countedTotal }).from(invoiceCounts).where(countsOfFilter).prepare() : db.select({ total: sql<number>`count(*)` }).from(invoices).where(where).prepare(),
    ),
  };
}

/**
 * One page and its total, exactly the rows `OFFSET offset LIMIT limit` gives. Filtered by status,
 * type and dates alone (or not at all), the total comes from the trigger-kept counts inside the
 * page's own statement, and a deep page starts where the aggregates say (ADR 0031); a client's or a
 * search's rows are counted.
 */
export async function listInvoices(db: Executor, accountId: string, filters: InvoiceFilters): Promise<{ records: InvoiceRecord[]; total: number }> {
  const plan = planOf(filters);
  const statement = listStatement(db, filters, plan);
  const values = { ...selectionValues(accountId, filters), ...(plan === "seek" ? seekValues(filters) : {}), limit: filters.limit, offset: filters.offset };
  const rows = await statement.page.all(values);
  const records = rows.map((row) => toRecord(row.doc));
  const first = rows[0];
  if (first && first.total !== null) return { records, total: first.total };
  // A short page ends the list, so its total is known without counting.
  if (plan === "scan" && rows.length < filters.limit && (rows.length > 0 || filters.offset === 0)) {
    return { records, total: filters.offset + rows.length };
  }
  const [row] = await statement.total.all({ ...values, offset: 0 });
  return { records, total: row?.total ?? 0 };
}

/** The id of the account's invoice of this type carrying `number`, if any. */
export async function findInvoiceByNumber(db: Executor, accountId: string, type: InvoiceType, number: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.type, type), eq(invoices.number, number)));
  return row?.id;
}

export type DueCursor = { dueDate: string; id: string };

/**
 * Sent or viewed invoices and credit notes due before `before` (the latest "today" of any time zone), by due date and
 * id, starting after `after` so a caller pages through all of them.
 */
export async function findOverdueCandidates(db: Executor, params: { before: string; after: DueCursor | null; limit: number }): Promise<StoredInvoice[]> {
  const { before, after, limit } = params;
  const page = after ? sql`(${invoices.dueDate}, ${invoices.id}) > (${after.dueDate}, ${after.id})` : undefined;
  const rows = await db
    .select({ accountId: invoices.accountId, doc: invoices.doc })
    .from(invoices)
    .where(and(inArray(invoices.status, ["sent", "viewed"]), inArray(invoices.type, ["invoice", "credit_note"]), lt(invoices.dueDate, before), page))
    .orderBy(invoices.dueDate, invoices.id)
    .limit(limit);
  return rows.map((row) => ({ accountId: row.accountId, record: toRecord(row.doc) }));
}

/**
 * Sets the record's share_url in place: a share link is not an edit of the invoice, so it keeps its
 * revision (ADR 0010) and a save based on the revision the caller read still lands.
 */
export async function setShareUrl(db: Executor, accountId: string, id: string, url: string | null): Promise<void> {
  await db
    .update(invoices)
    .set({ doc: sql`json_set(${invoices.doc}, '$.share_url', ${url})` })
    .where(and(eq(invoices.id, id), eq(invoices.accountId, accountId)));
}

/** How many invoices a selection picks. */
export async function countInvoices(db: Executor, accountId: string, filters: InvoiceSelection): Promise<number> {
  const statement = preparedRead<{ total: number }>(db, `countInvoices:${shapeOf(filters)}`, ["total"], () =>
    db.select({ total: sql<number>`count(*)` }).from(invoices).where(selectionWhere(filters)).prepare(),
  );
  const [row] = await statement.all(selectionValues(accountId, filters));
  return row?.total ?? 0;
}

export type SelectionFigures = {
  currency: string;
  status: InvoiceStatus;
  count: number;
  total: number;
  /** Still owed on open invoices and credit notes (sent, viewed, overdue). */
  amount_due: number;
  /** Of those, the ones whose due date is before `today`, and what they owe. */
  overdue_count: number;
  overdue_amount: number;
  oldest_due_date: string | null;
};

/** Counts and amounts of the invoices a selection picks, per currency and status, as of `today`. */
export async function selectionFigures(db: Executor, accountId: string, filters: InvoiceSelection, today: string): Promise<SelectionFigures[]> {
  const statement = preparedRead<SelectionFigures>(db, `selectionFigures:${shapeOf(filters)}`, ["currency", "status", "count", "total", "amount_due", "overdue_count", "overdue_amount", "oldest_due_date"], () => {
    const open = sql`${invoices.type} in ('invoice', 'credit_note') and ${invoices.status} in ('sent', 'viewed', 'overdue')`;
    const late = sql`${open} and ${invoices.dueDate} < ${sql.placeholder("today")}`;
    const owed = sql`${invoices.total} - ${invoices.amountPaid}`;
    return db
      .select({
        currency: invoices.currency,
        status: sql<InvoiceStatus>`${invoices.status}`,
        count: sql<number>`count(*)`,
        total: sql<number>`sum(${invoices.total})`,
        amount_due: sql<number>`coalesce(sum(case when ${open} then ${owed} else 0 end), 0)`,
        overdue_count: sql<number>`coalesce(sum(case when ${late} then 1 else 0 end), 0)`,
        overdue_amount: sql<number>`coalesce(sum(case when ${late} then ${owed} else 0 end), 0)`,
        oldest_due_date: sql<string | null>`min(case when ${late} then ${invoices.dueDate} end)`,
      })
      .from(invoices)
      .where(selectionWhere(filters))
      .groupBy(invoices.currency, invoices.status)
      .prepare();
  });
  return statement.all({ ...selectionValues(accountId, filters), today });
}

/**
 * Folds `limit` rows written under an older search fold again, from their stored record; the number
 * refolded (fewer than `limit`: none are left).
 */
export async function refoldStaleSearchText(tx: Executor, limit: number): Promise<number> {
  const stale = await tx.select({ id: invoices.id, doc: invoices.doc }).from(invoices).where(lt(invoices.searchVersion, INVOICE_SEARCH_VERSION)).orderBy(invoices.id).limit(limit);
  for (const { id, doc } of stale) {
    await tx.update(invoices).set({ searchText: invoiceSearchText(JSON.parse(doc) as InvoiceRecord), searchVersion: INVOICE_SEARCH_VERSION }).where(eq(invoices.id, id));
  }
  return stale.length;
}
