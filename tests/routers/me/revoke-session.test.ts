import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions } from "../../../db/schema/index.ts";
import { caller } from "../../helpers/members.ts";
import { signedIn } from "../../helpers/people.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";
import { expectSessionOnly, signedInByLink, type Jar } from "../../helpers/sign-in.ts";

let server: TestServer;
let owner: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
});
afterAll(() => server.close());

async function twoDevices() {
  const { jars } = await signedInByLink(server, owner.accountId, 2);
  const [laptop, phone] = jars as [Jar, Jar];
  const phoneSession = (await caller(server.url, { cookie: phone.header() }).get("/api/me")).body.session.id as string;
  return { laptop, phone, phoneSession };
}

describe("DELETE /api/me/sessions/{id}: happy", () => {
  test("signs another device out: its cookie stops working, this one goes on", async () => {
    const { laptop, phone, phoneSession } = await twoDevices();
    const reply = await caller(server.url, { cookie: laptop.header() }).delete(`/api/me/sessions/${phoneSession}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id: phoneSession, revoked: true });
    expect((await caller(server.url, { cookie: phone.header() }).get("/api/me")).status).toBe(401);
    expect((await caller(server.url, { cookie: laptop.header() }).get("/api/me")).status).toBe(200);
    const [row] = await server.services.database.db.select().from(sessions).where(eq(sessions.id, phoneSession));
    expect(row?.revokedAt).toBe(server.clock.now().toISOString());
  });

  test("revoking the calling session signs it out at once; revoking again answers the same", async () => {
    const { phone, phoneSession, laptop } = await twoDevices();
    const client = caller(server.url, { cookie: phone.header() });
    expect((await client.delete(`/api/me/sessions/${phoneSession}`)).body).toEqual({ id: phoneSession, revoked: true });
    expect((await client.get("/api/me")).status).toBe(401);
    expect((await caller(server.url, { cookie: laptop.header() }).delete(`/api/me/sessions/${phoneSession}`)).body).toEqual({ id: phoneSession, revoked: true });
  });
});

describe("DELETE /api/me/sessions/{id}: errors", () => {
  test("an unknown session is 404", async () => {
    const { laptop } = await twoDevices();
    const reply = await caller(server.url, { cookie: laptop.header() }).delete("/api/me/sessions/ses_00000000000000000000000000");
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe("NOT_FOUND");
  });
});

describe("DELETE /api/me/sessions/{id}: security", () => {
  test("a session only", async () => {
    const target = await signedIn(server, { accountId: owner.accountId });
    await expectSessionOnly(server, owner.accountId, (client) => client.delete(`/api/me/sessions/${target.sessionId}`));
  });

  test("another person's session is 403 and stays signed in, in this account or another", async () => {
    const { laptop } = await twoDevices();
    const colleague = await signedIn(server, { accountId: owner.accountId });
    const stranger = await signedIn(server, { accountId: (await server.account()).accountId });
    for (const victim of [colleague, stranger]) {
      const reply = await caller(server.url, { cookie: laptop.header() }).delete(`/api/me/sessions/${victim.sessionId}`);
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe("FORBIDDEN");
      expect((await caller(server.url, { cookie: victim.cookie }).get("/api/me")).status).toBe(200);
    }
  });
});
