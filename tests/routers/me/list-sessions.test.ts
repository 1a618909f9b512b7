import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { caller } from "../../helpers/members.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";
import { expectSessionOnly, signedInByLink, type Jar } from "../../helpers/sign-in.ts";

let server: TestServer;
let owner: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
});
afterAll(() => server.close());

/**
 * A person signed in on a laptop and a phone, the laptop used a minute later and the phone half a
 * minute after that. A session's last use is written at most once a minute, so the listings that
 * follow (within that minute of each use) change neither.
 */
async function twoDevices() {
  const { jars } = await signedInByLink(server, owner.accountId, 2);
  const [laptop, phone] = jars as [Jar, Jar];
  for (const [jar, after] of [[laptop, 60_000], [phone, 30_000]] as const) {
    server.clock.advance(after);
    // The last use is written off the request's path: the request goes to the suite's own process
    // (not through the scaled run's proxy), so its write queue is the one to wait on.
    await caller(server.processUrl, { cookie: jar.header() }).get("/api/me");
    await server.services.database.write(async () => undefined);
  }
  return { laptop, phone };
}

describe("GET /api/me/sessions: happy", () => {
  test("every live session of the person, the most recently used first, the calling one marked", async () => {
    const { laptop, phone } = await twoDevices();
    const reply = await caller(server.url, { cookie: laptop.header() }).get("/api/me/sessions");
    expect(reply.status).toBe(200);
    expect(reply.body.data).toHaveLength(2);
    const [newest, oldest] = reply.body.data;
    expect(newest).toMatchObject({ method: "link", user_agent: expect.stringContaining("Bun"), current: false, last_seen_at: server.clock.now().toISOString() });
    expect(oldest).toMatchObject({ current: true });
    expect(Object.keys(newest).sort()).toEqual(["created_at", "current", "expires_at", "id", "last_seen_at", "method", "user_agent"]);
    const fromPhone = await caller(server.url, { cookie: phone.header() }).get("/api/me/sessions");
    expect(fromPhone.body.data.map((session: { current: boolean }) => session.current)).toEqual([true, false]);
  });

  test("signed-out sessions are not listed, nor other people's", async () => {
    const { laptop, phone } = await twoDevices();
    await twoDevices();
    await fetch(`${server.url}/auth/sign-out`, { method: "POST", headers: { cookie: phone.header() } });
    const reply = await caller(server.url, { cookie: laptop.header() }).get("/api/me/sessions");
    expect(reply.body.data).toHaveLength(1);
    expect(reply.body.data[0].current).toBe(true);
  });
});

describe("GET /api/me/sessions: errors", () => {
  test("query parameters are not accepted (422)", async () => {
    const { laptop } = await twoDevices();
    expect((await caller(server.url, { cookie: laptop.header() }).get("/api/me/sessions?all=1")).status).toBe(422);
  });
});

describe("GET /api/me/sessions: security", () => {
  test("a session only", async () => {
    await expectSessionOnly(server, owner.accountId, (client) => client.get("/api/me/sessions"));
  });
});
