// The tenant matrix's world, built once per suite through the real API: an owner account holding one
// of every kind of resource, a stranger account, the credentials each case needs (a revoked key, keys
// and agents lacking one scope each), and what must never reach the stranger (ids, tokens, a marker).
import { revokeApiKey } from "../../db/queries/accounts.ts";
import { SCOPES, type Scope } from "../../server/domain/scopes.ts";
import { invoiceInput } from "../helpers/factories.ts";
import { api, type Api } from "../helpers/http.ts";
import { expectStatus } from "../helpers/invoices.ts";
import { keyIdOf } from "../helpers/keys.ts";
import { connectAgent } from "../helpers/oauth.ts";
import { signedIn } from "../helpers/people.ts";
import type { TestServer } from "../helpers/server.ts";

/** The owner's resources a procedure's input may name. */
export type Owned = {
  accountId: string;
  invoiceId: string;
  clientId: string;
  productId: string;
  templateId: string;
  recurringId: string;
  webhookId: string;
  deliveryId: string;
  eventId: string;
  importId: string;
  keyId: string;
  memberUserId: string;
  inviteId: string;
  inviteToken: string;
  shareToken: string;
  sessionId: string;
  grantId: string;
  /** Written into the owner's records: no reply to anyone else may contain it. */
  marker: string;
};

/** How a request authenticates: a bearer token, a session cookie, or nothing. */
export type Credential = { bearer: string } | { cookie: string } | null;

export type World = {
  owned: Owned;
  /** Secrets and ids of the owner's that a stranger's or anonymous reply must never contain. */
  secrets: string[];
  credentials: {
    unknownKey: string;
    revokedKey: string;
    /** An access token whose grant the owner revoked (disconnected the agent). */
    revokedAgent: string;
    /** An owner's key holding every scope but the one named. */
    keyWithout: Record<Scope, string>;
    /** An owner's key holding every scope (refused where only a person's session may call). */
    fullKey: string;
    /** An owner's agent whose grant lacks the scope named (the real OAuth flow, consented by the owner). */
    agentWithout: Record<Scope, string>;
    /** An owner's agent holding every scope its person can grant. */
    fullAgent: string;
    strangerKey: string;
    strangerCookie: string;
  };
};

const everyScopeBut = (scope: Scope): Scope[] => SCOPES.filter((candidate) => candidate !== scope);

async function ownerResources(server: TestServer, owner: Api, marker: string): Promise<Omit<Owned, "accountId" | "keyId" | "memberUserId" | "sessionId" | "grantId" | "marker">> {
  const client = expectStatus(await owner.post("/api/clients", { name: `${marker} client`, email: `${marker}@owner.test` }), 201);
  const product = expectStatus(await owner.post("/api/products", { name: `${marker} product`, rate: 1_000 }), 201);
  const template = expectStatus(await owner.post("/api/templates", { name: `${marker} template`, base: "modern" }), 201);
  const invoice = expectStatus(await owner.post("/api/invoices", invoiceInput({ client_id: client.id, notes: marker })), 201);
  const share = expectStatus(await owner.post(`/api/invoices/${invoice.id}/share`, {}), 200);
  const recurring = expectStatus(await owner.post("/api/recurring", { invoice_id: invoice.id, frequency: "monthly", start_date: "2027-01-01" }), 201);
  const webhook = expectStatus(await owner.post("/api/webhooks", { url: "http://127.0.0.1:59999/owner", description: marker }), 201);
  const delivery = expectStatus(await owner.post(`/api/webhooks/${webhook.id}/test`, {}), 200);
  const imported = expectStatus(await owner.post("/api/import", { content: `bill_to_name,description,quantity,unit_price\n${marker},Consulting,1,10.00\n`, encoding: "text", format: "csv", options: { dry_run: true } }), 200);
  const invite = expectStatus(await owner.post("/api/invites", { role: "member" }), 201);
  const events = expectStatus(await owner.get(`/api/events?resource_id=${invoice.id}`), 200);
  return {
    invoiceId: invoice.id,
    clientId: client.id,
    productId: product.id,
    templateId: template.id,
    recurringId: recurring.id,
    webhookId: webhook.id,
    deliveryId: delivery.delivery_id,
    eventId: events.data[0].id,
    importId: imported.id,
    inviteId: invite.id,
    inviteToken: new URL(invite.url).searchParams.get("token") as string,
    shareToken: share.token,
  };
}

export async function buildWorld(server: TestServer): Promise<World> {
  const marker = `owner-marker-${crypto.randomUUID()}`;
  const ownerAccount = await server.account();
  const owner = api(server.url, ownerAccount.key);
  const person = await signedIn(server, { accountId: ownerAccount.accountId, role: "owner" });
  const colleague = await signedIn(server, { accountId: ownerAccount.accountId, role: "member" });
  const resources = await ownerResources(server, owner, marker);

  const revokedKey = await server.key(ownerAccount.accountId, SCOPES);
  await server.services.database.write(async (tx) => revokeApiKey(tx, { keyId: await keyIdOf(server, revokedKey), now: server.clock.now() }));
  const keyWithout = Object.fromEntries(await Promise.all(SCOPES.map(async (scope) => [scope, await server.key(ownerAccount.accountId, everyScopeBut(scope))]))) as Record<Scope, string>;
  // Agents one after another: each consent is a browser round trip of its own.
  const agentWithout = {} as Record<Scope, string>;
  for (const scope of SCOPES) agentWithout[scope] = (await connectAgent(server, person.cookie, { granted: everyScopeBut(scope) })).tokens.access_token;
  const fullAgent = await connectAgent(server, person.cookie, { granted: [...SCOPES] });
  const revokedAgent = await connectAgent(server, person.cookie, { granted: [...SCOPES] });
  const grants = expectStatus(await api(server.url).raw("/api/grants", { headers: { cookie: person.cookie } }), 200);
  const grantOf = (clientId: string): string => grants.data.find((grant: { client: { id: string } }) => grant.client.id === clientId).id;
  expectStatus(await api(server.url).raw(`/api/grants/${grantOf(revokedAgent.client.client_id)}`, { method: "DELETE", headers: { cookie: person.cookie } }), 200);

  const stranger = await server.account();
  const strangerPerson = await signedIn(server, { accountId: stranger.accountId, role: "owner" });
  const owned: Owned = {
    ...resources,
    accountId: ownerAccount.accountId,
    keyId: await keyIdOf(server, ownerAccount.key),
    memberUserId: colleague.userId,
    sessionId: person.sessionId,
    grantId: grantOf(fullAgent.client.client_id),
    marker,
  };
  const { marker: _marker, ...ids } = owned;
  return {
    owned,
    secrets: [marker, ownerAccount.key, person.token, ...Object.values(ids)],
    credentials: {
      unknownKey: `svc_${"0".repeat(28)}`,
      revokedKey,
      keyWithout,
      fullKey: await server.key(ownerAccount.accountId, SCOPES),
      agentWithout,
      fullAgent: fullAgent.tokens.access_token,
      revokedAgent: revokedAgent.tokens.access_token,
      strangerKey: stranger.key,
      strangerCookie: strangerPerson.cookie,
    },
  };
}
