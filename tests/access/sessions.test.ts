// Sessions: the cookie's attributes, rotation on sign-in, sign-out, the sliding 30-day expiry, and
// that a cookie never carries another site's form post (CSRF: Origin check plus SameSite=Lax).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions } from "../../db/schema/index.ts";
import { api } from "../helpers/http.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";
import { cookieJar, linkSignIn, member, signedInByLink, type Jar } from "../helpers/sign-in.ts";

const DAY_MS = 86_400_000;

let server: TestServer;
let owner: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
});
afterAll(() => server.close());

async function signedInPerson(): Promise<{ jar: Jar; userId: string; email: string }> {
  const { jars, userId, email } = await signedInByLink(server, owner.accountId);
  return { jar: jars[0] as Jar, userId, email };
}

function meWith(cookie: string) {
  return api(server.url).raw("/api/me", { method: "GET", headers: { cookie } });
}

/** Waits for the writes the resolver queued off the request's path (last-use times). */
function settled(): Promise<void> {
  return server.services.database.write(async () => undefined);
}

describe("the session cookie", () => {
  test("on a loopback http PUBLIC_URL: svc_session, HttpOnly, SameSite=Lax, path /, 30 days, not Secure", async () => {
    const email = "loopback@example.com";
    const userId = await member(server, { accountId: owner.accountId, email });
    const response = await linkSignIn(server, { accountId: owner.accountId, userId, email }, cookieJar());
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^svc_session=sst_\w{28,}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/);
  });

  test("on an https PUBLIC_URL: the __Host- prefix and Secure", async () => {
    const secure = await startTestServer({ env: { PUBLIC_URL: "https://invoices.example" } });
    try {
      const account = await secure.account();
      const userId = await member(secure, { accountId: account.accountId, email: "secure@example.com" });
      const jar = cookieJar();
      const response = await linkSignIn(secure, { accountId: account.accountId, userId, email: "secure@example.com" }, jar);
      const [cookie] = response.headers.getSetCookie();
      expect(cookie).toMatch(/^__Host-svc_session=sst_\w+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure$/);
      expect((await api(secure.url).raw("/api/me", { method: "GET", headers: { cookie: jar.header() } })).status).toBe(200);
      // The loopback name means nothing there.
      const value = jar.get("__Host-svc_session") as string;
      expect((await api(secure.url).raw("/api/me", { method: "GET", headers: { cookie: `svc_session=${value}` } })).status).toBe(401);
    } finally {
      await secure.close();
    }
  });
});

describe("rotation on sign-in", () => {
  test("signing in with a session cookie revokes that session and starts a new one", async () => {
    const { jar, userId, email } = await signedInPerson();
    const first = jar.header();
    const before = (await meWith(first)).body.session.id;
    await linkSignIn(server, { accountId: owner.accountId, userId, email }, jar);
    const second = jar.header();
    expect(second).not.toBe(first);
    expect((await meWith(first)).status).toBe(401);
    const reply = await meWith(second);
    expect(reply.status).toBe(200);
    expect(reply.body.session.id).not.toBe(before);
    const [old] = await server.services.database.db.select().from(sessions).where(eq(sessions.id, before));
    expect(old?.revokedAt).toBe(server.clock.now().toISOString());
  });

  test("a cookie planted before sign-in is never the session's secret", async () => {
    const email = "planted@example.com";
    const userId = await member(server, { accountId: owner.accountId, email });
    const jar = cookieJar();
    jar.take(new Response(null, { headers: { "set-cookie": "svc_session=sst_planted" } }));
    await linkSignIn(server, { accountId: owner.accountId, userId, email }, jar);
    expect(jar.get("svc_session")).not.toBe("sst_planted");
    expect((await meWith("svc_session=sst_planted")).status).toBe(401);
  });
});

describe("POST /auth/sign-out", () => {
  test("from a script: 204, the cookie cleared, the session revoked", async () => {
    const { jar } = await signedInPerson();
    const cookie = jar.header();
    const response = await fetch(`${server.url}/auth/sign-out`, { method: "POST", headers: { cookie } });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie()).toEqual(["svc_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"]);
    expect((await meWith(cookie)).status).toBe(401);
  });

  test("the console's form: 303 to the sign-in page", async () => {
    const { jar } = await signedInPerson();
    const response = await fetch(`${server.url}/auth/sign-out`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: jar.header(), origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/app/sign-in");
    expect((await meWith(jar.header())).status).toBe(401);
  });

  test("without a session it only clears the cookie", async () => {
    const response = await fetch(`${server.url}/auth/sign-out`, { method: "POST" });
    expect(response.status).toBe(204);
  });
});

describe("sliding expiry", () => {
  test("a session used within every 30 days stays; 31 idle days end it", async () => {
    const { jar } = await signedInPerson();
    const cookie = jar.header();
    server.clock.advance(29 * DAY_MS);
    expect((await meWith(cookie)).status).toBe(200);
    await settled();
    server.clock.advance(29 * DAY_MS);
    expect((await meWith(cookie)).status).toBe(200);
    await settled();
    server.clock.advance(31 * DAY_MS);
    expect((await meWith(cookie)).status).toBe(401);
  });

  test("the expiry listed moves with the use", async () => {
    const { jar } = await signedInPerson();
    const cookie = jar.header();
    server.clock.advance(2 * DAY_MS);
    await meWith(cookie);
    await settled();
    const [listed] = (await api(server.url).raw("/api/me/sessions", { method: "GET", headers: { cookie } })).body.data;
    expect(listed.expires_at).toBe(new Date(server.clock.now().getTime() + 30 * DAY_MS).toISOString());
  });
});

describe("CSRF", () => {
  test("a cross-site form post carrying the session cookie to a write is refused 403 and changes nothing", async () => {
    const { jar } = await signedInPerson();
    const forged = await fetch(`${server.url}/api/clients`, {
      method: "POST",
      headers: { origin: "https://evil.example", cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Planted by evil" }),
    });
    expect(forged.status).toBe(403);
    expect((await forged.json()).code).toBe("FORBIDDEN");
    const clients = await api(server.url, owner.key).get("/api/clients");
    expect(clients.body.data.map((client: { name: string }) => client.name)).not.toContain("Planted by evil");

    // Signing the person out from elsewhere is refused the same way.
    const signOut = await fetch(`${server.url}/auth/sign-out`, { method: "POST", headers: { origin: "https://evil.example", cookie: jar.header() } });
    expect(signOut.status).toBe(403);
    expect((await meWith(jar.header())).status).toBe(200);
  });

  test("the same request from the service's own origin passes the origin check (and then wants JSON)", async () => {
    const { jar } = await signedInPerson();
    const own = await fetch(`${server.url}/api/clients`, {
      method: "POST",
      headers: { origin: server.url, cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Form client" }),
    });
    expect(own.status).toBe(415);
  });
});

describe("POST /auth/link/request is counted per client address", () => {
  test("past the anonymous tier's burst it is 429", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 11; index++) statuses.push((await api(server.url).post("/auth/link/request", { email: `burst${index}@example.com` })).status);
    expect(statuses.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
