import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownedBy } from "./columns.ts";

/** A client registered dynamically (RFC 7591): an agent that may ask people for access. */
export const oauthClients = sqliteTable("oauth_clients", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  redirectUris: text("redirect_uris", { mode: "json" }).$type<string[]>().notNull(),
  /** none | client_secret_post */
  tokenEndpointAuthMethod: text("token_endpoint_auth_method").notNull(),
  secretHash: text("secret_hash"),
  /** The registration request's other metadata, echoed back as registered. */
  metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  createdAt: text("created_at").notNull(),
});

/** What a person allowed an agent in one account (`grt_`): the scopes and the resource. */
export const oauthGrants = sqliteTable(
  "oauth_grants",
  {
    id: text("id").primaryKey(),
    ...ownedBy,
    userId: text("user_id").notNull(),
    clientId: text("client_id").notNull(),
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    /** The resource (RFC 8707) the grant's tokens are bound to: their audience. */
    resource: text("resource").notNull(),
    createdAt: text("created_at").notNull(),
    lastUsedAt: text("last_used_at"),
    revokedAt: text("revoked_at"),
  },
  (table) => [index("oauth_grants_account").on(table.accountId), index("oauth_grants_client").on(table.clientId)],
);

/** An authorization code: single use, short-lived, bound to its client, redirect, PKCE challenge and grant. */
export const oauthCodes = sqliteTable("oauth_codes", {
  codeHash: text("code_hash").primaryKey(),
  grantId: text("grant_id").notNull(),
  clientId: text("client_id").notNull(),
  redirectUri: text("redirect_uri").notNull(),
  codeChallenge: text("code_challenge").notNull(),
  createdAt: text("created_at").notNull(),
  expiresAt: text("expires_at").notNull(),
  usedAt: text("used_at"),
});

/**
 * Access (`sat_`) and refresh (`srt_`) tokens, kept only as SHA-256. The tokens issued from one
 * authorization code and every rotation after it share a family (the code's hash): presenting a
 * rotated refresh token, or the code again, revokes the family.
 */
export const oauthTokens = sqliteTable(
  "oauth_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** access | refresh */
    kind: text("kind").notNull(),
    grantId: text("grant_id").notNull(),
    family: text("family").notNull(),
    /**
     * What this token may reach within its grant (a refresh may ask for less, RFC 6749 §6); the
     * grant's own scopes still bound it, so narrowing a grant narrows its live tokens.
     */
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    /** A refresh token once exchanged for its successor. */
    rotatedAt: text("rotated_at"),
    revokedAt: text("revoked_at"),
  },
  (table) => [index("oauth_tokens_grant").on(table.grantId), index("oauth_tokens_family").on(table.family)],
);
