import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ownedBy, timestamps } from "./columns.ts";

/** A person who signs in (`usr_`). The e-mail is stored lower-cased and is unique. */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name"),
    /** The console language the person picked (server/domain/interface-languages.ts); null follows their browser. */
    interfaceLanguage: text("interface_language"),
    lastSignInAt: text("last_sign_in_at"),
    ...timestamps,
  },
  (table) => [uniqueIndex("users_email").on(table.email)],
);

/** How a user signs in with a provider: the provider's stable subject, never its e-mail alone. */
export const userIdentities = sqliteTable(
  "user_identities",
  {
    /** github | google | oidc */
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    userId: text("user_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] }), index("user_identities_user").on(table.userId)],
);

/** A user's place in an account, with a role; `canApprove` is an owner's grant of approval to a member. */
export const memberships = sqliteTable(
  "memberships",
  {
    ...ownedBy,
    userId: text("user_id").notNull(),
    /** owner | admin | member */
    role: text("role").notNull(),
    canApprove: integer("can_approve", { mode: "boolean" }).notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.accountId, table.userId] }), index("memberships_user").on(table.userId)],
);

/** A one-time invitation into an account (`inv` ids are invoices, so `ivt_`); only the token's hash is kept. */
export const invites = sqliteTable(
  "invites",
  {
    id: text("id").primaryKey(),
    ...ownedBy,
    email: text("email"),
    role: text("role").notNull(),
    canApprove: integer("can_approve", { mode: "boolean" }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    acceptedAt: text("accepted_at"),
    acceptedBy: text("accepted_by"),
    revokedAt: text("revoked_at"),
  },
  (table) => [index("invites_account").on(table.accountId)],
);
