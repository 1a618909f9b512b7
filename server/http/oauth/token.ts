// The token endpoint (RFC 6749 §3.2, OAuth 2.1): an authorization code with its PKCE verifier, or a
// refresh token, for a new access token (`sat_`, 15 minutes) and refresh token (`srt_`, 30 days).
// Refresh tokens rotate; presenting one already rotated, or a code already used, means someone else
// may hold it, so every token of that chain is revoked (RFC 6749 §4.1.2, OAuth 2.1 §4.3.1).
import type { Executor } from "../../../db/client.ts";
import { findCode, findToken, insertTokens, markCodeUsed, markRotated, revokeFamily, type ClientRow, type GrantState } from "../../../db/queries/oauth.ts";
import { sha256Hex, newSecret } from "../../domain/secrets.ts";
import type { Services } from "../../services.ts";
import { ACCESS_TOKEN_PREFIX, REFRESH_TOKEN_PREFIX } from "../../access/credentials.ts";
import { authenticateClient } from "./client-auth.ts";
import { OAuthFailure, oauthErrorResponse, oauthJson, readForm, required } from "./responses.ts";
import { ACCESS_TOKEN_SECONDS, parseScopes, REFRESH_TOKEN_SECONDS, resourceOf, verifierMatches } from "../../domain/oauth.ts";

type TokenBody = { access_token: string; token_type: "Bearer"; expires_in: number; refresh_token: string; scope: string };

/** A grant type's work inside its transaction: the tokens, or the refusal to answer once the transaction commits. */
type Outcome = TokenBody | OAuthFailure;

const invalidGrant = (description: string): OAuthFailure => new OAuthFailure("invalid_grant", description);

async function issue(tx: Executor, params: { grantId: string; family: string; accessScopes: string[]; refreshScopes: string[]; now: Date }): Promise<TokenBody> {
  const { grantId, family, now } = params;
  const access = newSecret(ACCESS_TOKEN_PREFIX);
  const refresh = newSecret(REFRESH_TOKEN_PREFIX);
  const at = now.toISOString();
  const until = (seconds: number): string => new Date(now.getTime() + seconds * 1000).toISOString();
  await insertTokens(tx, [
    { tokenHash: await sha256Hex(access), kind: "access", grantId, family, scopes: params.accessScopes, createdAt: at, expiresAt: until(ACCESS_TOKEN_SECONDS) },
    { tokenHash: await sha256Hex(refresh), kind: "refresh", grantId, family, scopes: params.refreshScopes, createdAt: at, expiresAt: until(REFRESH_TOKEN_SECONDS) },
  ]);
  return { access_token: access, token_type: "Bearer", expires_in: ACCESS_TOKEN_SECONDS, refresh_token: refresh, scope: params.accessScopes.join(" ") };
}

/** A token request may repeat the resource (RFC 8707 §2.2); when it does, it must be the grant's. */
function resourceProblem(form: URLSearchParams, grant: GrantState, publicUrl: string): OAuthFailure | null {
  const requested = form.get("resource");
  if (requested === null || resourceOf(requested, publicUrl) === grant.resource) return null;
  return new OAuthFailure("invalid_target", `This grant is for ${grant.resource}, not ${requested}`);
}

async function exchangeCode(services: Services, client: ClientRow, form: URLSearchParams): Promise<Outcome> {
  const code = required(form, "code");
  const verifier = required(form, "code_verifier");
  const redirectUri = required(form, "redirect_uri");
  const codeHash = await sha256Hex(code);
  const now = services.clock.now();
  return services.database.write(async (tx) => {
    const found = await findCode(tx, codeHash);
    if (!found || found.clientId !== client.id) return invalidGrant("The authorization code is not valid for this client");
    if (found.usedAt !== null) {
      await revokeFamily(tx, { family: codeHash, now });
      return invalidGrant("The authorization code was already used; the tokens issued from it are revoked");
    }
    if (Date.parse(found.expiresAt) <= now.getTime()) return invalidGrant("The authorization code has expired");
    if (found.redirectUri !== redirectUri) return invalidGrant("redirect_uri differs from the one the code was issued to");
    if (!(await verifierMatches(verifier, found.codeChallenge))) return invalidGrant("code_verifier does not match the code_challenge");
    const wrongTarget = resourceProblem(form, found, services.config.publicUrl);
    if (wrongTarget) return wrongTarget;
    if (!found.live) return invalidGrant("The grant was revoked, or its person left the account");
    if (!(await markCodeUsed(tx, { codeHash, now }))) return invalidGrant("The authorization code was already used");
    return issue(tx, { grantId: found.grantId, family: codeHash, accessScopes: found.grantScopes, refreshScopes: found.grantScopes, now });
  });
}

async function refresh(services: Services, client: ClientRow, form: URLSearchParams): Promise<Outcome> {
  const tokenHash = await sha256Hex(required(form, "refresh_token"));
  const asked = form.get("scope");
  const now = services.clock.now();
  return services.database.write(async (tx) => {
    const found = await findToken(tx, tokenHash);
    if (!found || found.kind !== "refresh" || found.clientId !== client.id) return invalidGrant("The refresh token is not valid for this client");
    if (found.revokedAt !== null) return invalidGrant("The refresh token was revoked");
    if (found.rotatedAt !== null) {
      await revokeFamily(tx, { family: found.family, now });
      return invalidGrant("The refresh token was already used; every token of its chain is revoked");
    }
    if (Date.parse(found.expiresAt) <= now.getTime()) return invalidGrant("The refresh token has expired");
    if (!found.live) return invalidGrant("The grant was revoked, or its person left the account");
    const wrongTarget = resourceProblem(form, found, services.config.publicUrl);
    if (wrongTarget) return wrongTarget;
    const held = found.scopes.filter((scope) => found.grantScopes.includes(scope));
    let accessScopes = held;
    if (asked !== null) {
      const { scopes, unknown } = parseScopes(asked);
      const beyond = [...unknown, ...scopes.filter((scope) => !held.includes(scope))];
      if (beyond.length > 0) return new OAuthFailure("invalid_scope", `Not granted: ${beyond.join(", ")}`);
      accessScopes = scopes;
    }
    if (!(await markRotated(tx, { tokenHash, now }))) return invalidGrant("The refresh token was already used");
    // The new refresh token keeps the old one's scope (RFC 6749 §6); only this access token is narrower.
    return issue(tx, { grantId: found.grantId, family: found.family, accessScopes, refreshScopes: found.scopes, now });
  });
}

export async function token(services: Services, request: Request): Promise<Response> {
  try {
    const form = await readForm(request);
    const client = await authenticateClient(services.database.db, form);
    const grantType = required(form, "grant_type");
    const registered = (client.metadata.grant_types as string[] | undefined) ?? ["authorization_code", "refresh_token"];
    if (grantType !== "authorization_code" && grantType !== "refresh_token") throw new OAuthFailure("unsupported_grant_type", `grant_type ${grantType} is not supported`);
    if (!registered.includes(grantType)) throw new OAuthFailure("unauthorized_client", `This client did not register the ${grantType} grant`);
    const outcome = grantType === "authorization_code" ? await exchangeCode(services, client, form) : await refresh(services, client, form);
    if (outcome instanceof OAuthFailure) throw outcome;
    return oauthJson(outcome);
  } catch (error) {
    if (error instanceof OAuthFailure) return oauthErrorResponse(error);
    throw error;
  }
}
