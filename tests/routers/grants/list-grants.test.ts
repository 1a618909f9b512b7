// GET /api/grants: the agents people connected, as the console's "connected agents" page lists them.
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
  boss = await signedIn(server, { accountId: owner.accountId, role: "owner", email: "boss@people.test", name: "Boss" });
  member = await signedIn(server, { accountId: owner.accountId, role: "member", email: "member@people.test" });
});
afterAll(() => server.close());

const listAs = (cookie: string): Promise<Reply> => api(server.url).raw("/api/grants", { headers: { cookie } });

describe("GET /api/grants", () => {
  test("an owner sees every grant of the account; a member only their own", async () => {
    const mine = await connectAgent(server, boss.cookie, { scope: "invoices:read" });
    const theirs = await connectAgent(server, member.cookie);
    const all = await listAs(boss.cookie);
    expect(all.status).toBe(200);
    const bossGrant = all.body.data.find((grant: any) => grant.client.id === mine.client.client_id);
    expect(bossGrant).toEqual({
      id: expect.stringMatching(/^grt_/),
      client: { id: mine.client.client_id, name: "Test agent", redirect_host: "127.0.0.1:8976" },
      user: { id: boss.userId, email: "boss@people.test", name: "Boss" },
      scopes: ["invoices:read"],
      resource: server.url,
      created_at: "2026-11-21T10:00:00.000Z",
      last_used_at: null,
    });
    expect(all.body.data.map((grant: any) => grant.client.id)).toContain(theirs.client.client_id);
    const own = await listAs(member.cookie);
    expect(own.body.data.map((grant: any) => grant.client.id)).toEqual([theirs.client.client_id]);
  });

  test("last use shows once the agent acted", async () => {
    const { client, tokens } = await connectAgent(server, boss.cookie);
    expect((await api(server.url, tokens.access_token).get("/api/invoices")).status).toBe(200);
    // The last use is written off the request's path, through the write queue: a write queued after it waits for it.
    await server.services.database.write(async () => undefined);
    const listed = (await listAs(boss.cookie)).body.data.find((grant: any) => grant.client.id === client.client_id);
    expect(listed.last_used_at).toBe("2026-11-21T10:00:00.000Z");
  });

  test("security: no credential 401; a key or an agent 403; another account's grants never show", async () => {
    const missing = await api(server.url).get("/api/grants", null);
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toContain("Bearer");
    const byKey = await api(server.url, owner.key).get("/api/grants");
    expect(byKey.status).toBe(403);
    const { tokens } = await connectAgent(server, boss.cookie);
    expect((await api(server.url, tokens.access_token).get("/api/grants")).status).toBe(403);
    const stranger = await server.account();
    const outsider = await signedIn(server, { accountId: stranger.accountId, role: "owner" });
    expect((await listAs(outsider.cookie)).body.data).toEqual([]);
  });
});
