// Calling as a person or an agent, and the security cases of the account-management procedures
// (keys, members, invites) beyond the API-key ones in security.ts.
import { expect } from "bun:test";
import { oauthClients, oauthGrants, oauthTokens } from "../../db/schema/oauth.ts";
import { ACCESS_TOKEN_PREFIX } from "../../server/access/credentials.ts";
import { resourcesOf } from "../../server/domain/access.ts";
import { newId } from "../../server/domain/ids.ts";
import { newSecret, sha256Hex } from "../../server/domain/secrets.ts";
import type { Scope } from "../../server/domain/scopes.ts";
import { api, type Api, type Reply } from "./http.ts";
import { signedIn } from "./people.ts";
import type { TestServer } from "./server.ts";

/** Api's calls with one fixed credential (the per-call key argument is ignored), plus PATCH. */
export type Caller = Api & { patch<T = any>(path: string, body?: unknown): Promise<Reply<T>> };

/** Calls with a bearer credential (`{key}`: an API key or an access token) or a session (`{cookie}`). */
export function caller(baseUrl: string, credential: { key: string } | { cookie: string }): Caller {
  const { raw } = api(baseUrl);
  const auth: Record<string, string> = "key" in credential ? { authorization: `Bearer ${credential.key}` } : { cookie: credential.cookie };
  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> =>
    raw(path, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    get: (path) => send("GET", path),
    post: (path, body, _key, headers) => send("POST", path, body ?? {}, headers),
    put: (path, body) => send("PUT", path, body ?? {}),
    patch: (path, body) => send("PATCH", path, body ?? {}),
    delete: (path) => send("DELETE", path),
    raw,
  };
}

/** The one-time token in an invite's link. */
export function inviteTokenOf(url: string): string {
  const token = new URL(url).searchParams.get("token");
  if (!token) throw new Error(`no token in ${url}`);
  return token;
}

export type Agent = { grantId: string; clientId: string; token: string };

/**
 * An agent holding `userId`'s grant in the account, written straight into the tables (the OAuth
 * suites run the real flow): a registered client, the grant, and a live access token for the API.
 */
export async function agentOf(server: TestServer, params: { accountId: string; userId: string; scopes: readonly Scope[]; clientName?: string }): Promise<Agent> {
  const now = server.clock.now();
  const at = now.toISOString();
  const clientId = newId("cid", now.getTime());
  const grantId = newId("grt", now.getTime());
  const token = newSecret(ACCESS_TOKEN_PREFIX);
  await server.services.database.write(async (tx) => {
    await tx.insert(oauthClients).values({ id: clientId, name: params.clientName ?? "Drafting agent", redirectUris: ["http://127.0.0.1:8976/callback"], tokenEndpointAuthMethod: "none", metadata: {}, createdAt: at });
    await tx.insert(oauthGrants).values({ id: grantId, accountId: params.accountId, userId: params.userId, clientId, scopes: [...params.scopes], resource: resourcesOf(server.services.config.publicUrl).api, createdAt: at });
    await tx.insert(oauthTokens).values({
      tokenHash: await sha256Hex(token),
      kind: "access",
      grantId,
      family: grantId,
      scopes: [...params.scopes],
      createdAt: at,
      expiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
    });
  });
  return { grantId, clientId, token };
}

/**
 * What every management procedure (scope account:admin) refuses besides keys: a member's session, and
 * a member's agent even when its grant names account:admin (403: the person's role lacks the scope).
 */
export async function expectMembersRefused(server: TestServer, accountId: string, call: (client: Caller) => Promise<Reply>): Promise<void> {
  const member = await signedIn(server, { accountId, role: "member", canApprove: true });
  const asMember = await call(caller(server.url, { cookie: member.cookie }));
  expect({ status: asMember.status, code: asMember.body?.code }).toEqual({ status: 403, code: "FORBIDDEN" });
  const agent = await agentOf(server, { accountId, userId: member.userId, scopes: ["account:admin", "invoices:read"] });
  const asAgent = await call(caller(server.url, { key: agent.token }));
  expect({ status: asAgent.status, code: asAgent.body?.code }).toEqual({ status: 403, code: "FORBIDDEN" });
}
