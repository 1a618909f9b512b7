import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * A signed-in browser (`ses_` is its public id; the cookie carries a separate secret, kept only as
 * SHA-256). The session acts in one of its user's accounts at a time.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: text("user_id").notNull(),
    accountId: text("account_id").notNull(),
    /** How the user signed in: github | google | oidc | link */
    method: text("method").notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: text("created_at").notNull(),
    lastSeenAt: text("last_seen_at").notNull(),
    /** Slides forward (30 days from last use), written at most once a minute. */
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
  },
  (table) => [index("sessions_user").on(table.userId)],
);

/** A one-time sign-in link (printed by `npm run accounts -- sign-in-link`, or e-mailed). */
export const signInLinks = sqliteTable("sign_in_links", {
  tokenHash: text("token_hash").primaryKey(),
  email: text("email").notNull(),
  createdAt: text("created_at").notNull(),
  expiresAt: text("expires_at").notNull(),
  usedAt: text("used_at"),
});
