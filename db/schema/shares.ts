import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Share links: at most one active per invoice (the invoice id is the key). The token itself is not
 * stored: it is an HMAC of the row's random salt under SECRET_KEY, so POST can hand the same link
 * back, and `token_hash` (SHA-256 of the token) finds the row for a visit.
 */
export const shares = sqliteTable(
  "shares",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    invoiceId: text("invoice_id").notNull(),
    salt: text("salt").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (table) => [uniqueIndex("shares_invoice").on(table.invoiceId), uniqueIndex("shares_token_hash").on(table.tokenHash), index("shares_account").on(table.accountId)],
);
