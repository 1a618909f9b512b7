// The approval inbox's reads: a page of invoices waiting in review, newest submission first, and the
// names of whoever acted on them. A page costs a fixed number of statements whatever its length.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import type { Executor } from "../client.ts";
import { apiKeys, invoiceHistory, invoices, oauthClients, oauthGrants, users } from "../schema/index.ts";

export type AwaitingApproval = {
  record: InvoiceRecord;
  /** The latest move into review; null for an invoice stored in review without history (imported). */
  submission: { at: string; actor: string } | null;
};

const submission = alias(invoiceHistory, "submission");

/** The invoice's latest move into review: an edit made while in review is not a new submission. */
const latestSubmissionId = sql`(
  select ${invoiceHistory.id} from ${invoiceHistory}
  where ${invoiceHistory.invoiceId} = ${invoices.id} and ${invoiceHistory.toStatus} = 'review'
    and (${invoiceHistory.fromStatus} is null or ${invoiceHistory.fromStatus} <> 'review')
  order by ${invoiceHistory.revision} desc, ${invoiceHistory.id} desc limit 1
)`;

export async function listAwaitingApproval(db: Executor, accountId: string, page: { limit: number; offset: number }): Promise<{ rows: AwaitingApproval[]; total: number }> {
  const inReview = and(eq(invoices.accountId, accountId), eq(invoices.status, "review"));
  const rows = await db
    .select({ doc: invoices.doc, at: submission.at, actor: submission.actor, total: sql<number>`count(*) over ()` })
    .from(invoices)
    .leftJoin(submission, eq(submission.id, latestSubmissionId))
    .where(inReview)
    .orderBy(desc(sql`coalesce(${submission.at}, ${invoices.updatedAt})`), desc(invoices.id))
    .limit(page.limit)
    .offset(page.offset);
  const awaiting = rows.map((row) => ({
    record: JSON.parse(row.doc) as InvoiceRecord,
    submission: row.at !== null && row.actor !== null ? { at: row.at, actor: row.actor } : null,
  }));
  const first = rows[0];
  if (first) return { rows: awaiting, total: first.total };
  if (page.offset === 0) return { rows: awaiting, total: 0 };
  // Past the last page: the window's count came with no row, so count apart.
  const [counted] = await db.select({ total: sql<number>`count(*)` }).from(invoices).where(inReview);
  return { rows: awaiting, total: counted?.total ?? 0 };
}

/** Who a history actor id names, per kind of actor; ids of other accounts' keys and grants find nothing. */
export type ActorIds = { key: string[]; user: string[]; agent: string[] };

/**
 * Names for actors, one statement per kind present: a key's name, a person's name (or e-mail), and
 * for an agent the name its OAuth client registered with. Answers a map from `kind:id` to the name.
 */
export async function actorNames(db: Executor, accountId: string, ids: ActorIds): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (ids.key.length) {
    const rows = await db.select({ id: apiKeys.id, name: apiKeys.name }).from(apiKeys).where(and(eq(apiKeys.accountId, accountId), inArray(apiKeys.id, ids.key)));
    for (const row of rows) names.set(`key:${row.id}`, row.name);
  }
  if (ids.user.length) {
    // People stay named after they leave the account: their past edits are still theirs.
    const rows = await db.select({ id: users.id, name: sql<string>`coalesce(${users.name}, ${users.email})` }).from(users).where(inArray(users.id, ids.user));
    for (const row of rows) names.set(`user:${row.id}`, row.name);
  }
  if (ids.agent.length) {
    const rows = await db
      .select({ id: oauthGrants.id, name: oauthClients.name })
      .from(oauthGrants)
      .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
      .where(and(eq(oauthGrants.accountId, accountId), inArray(oauthGrants.id, ids.agent)));
    for (const row of rows) names.set(`agent:${row.id}`, row.name);
  }
  return names;
}
