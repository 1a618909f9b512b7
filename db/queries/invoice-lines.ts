// The newest lines of a client's (or the account's) invoices and quotes, from invoice_lines (kept
// by the triggers of migration 0006): what suggestions learn from (ADR 0012).
import { and, desc, eq, sql } from "drizzle-orm";
import type { HistoryLine } from "../../server/domain/suggestions.ts";
import type { Executor } from "../client.ts";
import { invoiceLines } from "../schema/index.ts";
import { preparedRead } from "./prepared.ts";

const KEYS = ["invoice_id", "issue_date", "currency", "description", "unit", "rate", "tax_rate", "due_date", "payment_terms"] as const;

/** Newest first; `clientKey` is a client id or `name:` + a billed name, null for every client. */
export async function recentLines(db: Executor, accountId: string, params: { clientKey: string | null; limit: number }): Promise<HistoryLine[]> {
  const shape = params.clientKey ? "client" : "account";
  const statement = preparedRead<HistoryLine>(db, `recentLines:${shape}`, KEYS, () =>
    db
      .select({
        invoice_id: invoiceLines.invoiceId,
        issue_date: invoiceLines.issueDate,
        currency: invoiceLines.currency,
        description: invoiceLines.description,
        unit: invoiceLines.unit,
        rate: invoiceLines.rate,
        tax_rate: invoiceLines.taxRate,
        due_date: invoiceLines.dueDate,
        payment_terms: invoiceLines.paymentTerms,
      })
      .from(invoiceLines)
      .where(and(eq(invoiceLines.accountId, sql.placeholder("account")), params.clientKey ? eq(invoiceLines.clientKey, sql.placeholder("client")) : undefined))
      // Backwards along the index, position included: a mixed direction would sort every row first.
      .orderBy(desc(invoiceLines.issueDate), desc(invoiceLines.invoiceId), desc(invoiceLines.position))
      .limit(sql.placeholder("limit"))
      .prepare(),
  );
  return statement.all({ account: accountId, client: params.clientKey, limit: params.limit });
}
