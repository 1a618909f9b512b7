import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Payments taken per call with x402 (ADR 0023). The key is the authorization's nonce per payer,
 * token and network, so one signed authorization pays for one call: the row is claimed before the
 * work runs (a concurrent replay loses the insert) and completed with the settlement and a digest of
 * the result in one statement; a claim whose call failed or whose settlement failed is released.
 * Rows are kept: they record what was sold, and a spent authorization stays refused.
 */
export const x402Payments = sqliteTable("x402_payments", {
  nonceKey: text("nonce_key").primaryKey(),
  operation: text("operation").notNull(),
  network: text("network").notNull(),
  amount: text("amount").notNull(),
  payer: text("payer").notNull(),
  /** `claimed` while the call runs, `settled` once the facilitator has settled it. */
  status: text("status", { enum: ["claimed", "settled"] }).notNull(),
  transaction: text("transaction"),
  requestId: text("request_id").notNull(),
  /** SHA-256 of the response the payment bought. */
  resultSha256: text("result_sha256"),
  createdAt: text("created_at").notNull(),
  settledAt: text("settled_at"),
});
