// DELETE /api/grants/{id}: disconnecting an agent ends its tokens at once.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api, type Reply } from "../../helpers/http.ts";
import { connectAgent, MANY_AGENTS } from "../../helpers/oauth.ts";
import { signedIn, type SignedIn } from "../../helpers/people.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;
let boss: SignedIn;
let member: SignedIn;

beforeAll(async () => {
  server = await startTestServer({ env: MANY_AGENTS });
  owner = await server.account();
  boss = await signedIn(server, { accountId: owner.accountId, role: "owner" });
  member = await signedIn(server, { accountId: owner.accountId, role: "member" });
});
afterAll(() => server.close());

const revokeAs = (cookie: string, id: string, origin = server.url): Promise<Reply> => api(server.url).raw(`/api/grants/${id}`, { method: "DELETE", headers: { cookie, origin } });

/** The grant an agent connected by `person` holds, with its access token. */
async function agentOf(person: SignedIn): Promise<{ grantId: string; accessToken: string }> {
  const { client, tokens } = await connectAgent(server, person.cookie);
  const listed = await api(server.url).raw("/api/grants", { headers: { cookie: person.cookie } });
  return { grantId: listed.body.data.find((grant: any) => grant.client.id === client.client_id).id, accessToken: tokens.access_token };
}

const reaches = async (token: string): Promise<number> => (await api(server.url, token).get("/api/invoices")).status;

describe("DELETE /api/grants/{id}", () => {
  test("a member revokes their own agent: its tokens stop at once", async () => {
    const agent = await agentOf(member);
    expect(await reaches(agent.accessToken)).toBe(200);
    const reply = await revokeAs(member.cookie, agent.grantId);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id: agent.grantId, revoked: true });
    expect(await reaches(agent.accessToken)).toBe(401);
    expect((await api(server.url).raw("/api/grants", { headers: { cookie: member.cookie } })).body.data).toEqual([]);
  });

  test("an owner revokes a member's agent", async () => {
    const agent = await agentOf(member);
    expect((await revokeAs(boss.cookie, agent.grantId)).status).toBe(200);
    expect(await reaches(agent.accessToken)).toBe(401);
  });

  test("errors: an unknown grant, one already revoked: 404", async () => {
    expect((await revokeAs(boss.cookie, "grt_01UNKNOWN")).status).toBe(404);
    const agent = await agentOf(boss);
    expect((await revokeAs(boss.cookie, agent.grantId)).status).toBe(200);
    const again = await revokeAs(boss.cookie, agent.grantId);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe("NOT_FOUND");
  });

  test("security: no credential 401; a key 403; a member on another's agent 403; another account's 403; a cross-site request 403", async () => {
    const agent = await agentOf(boss);
    const missing = await api(server.url).delete(`/api/grants/${agent.grantId}`, null);
    expect(missing.status).toBe(401);
    expect((await api(server.url, owner.key).delete(`/api/grants/${agent.grantId}`)).status).toBe(403);
    expect((await api(server.url, agent.accessToken).delete(`/api/grants/${agent.grantId}`)).status).toBe(403);
    const byMember = await revokeAs(member.cookie, agent.grantId);
    expect(byMember.status).toBe(403);
    expect(byMember.body.code).toBe("FORBIDDEN");
    const stranger = await server.account();
    const outsider = await signedIn(server, { accountId: stranger.accountId, role: "owner" });
    expect((await revokeAs(outsider.cookie, agent.grantId)).status).toBe(403);
    expect((await revokeAs(boss.cookie, agent.grantId, "https://evil.example")).status).toBe(403);
    expect(await reaches(agent.accessToken)).toBe(200);
  });
});
