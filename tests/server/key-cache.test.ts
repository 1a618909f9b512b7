// The key cache and last-use writes are per process by design (ADR 0006): asked of the suite's own
// process, whatever the topology. A revocation is counted in the database, so it is never cached.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { revokeApiKey } from "../../db/queries/accounts.ts";
import { apiKeys } from "../../db/schema/index.ts";
import { api } from "../helpers/http.ts";
import { keyIdOf } from "../helpers/keys.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;

async function revoke(token: string): Promise<void> {
  await server.services.database.write(async (tx) => revokeApiKey(tx, { keyId: await keyIdOf(server, token), now: server.clock.now() }));
}

/** last_used_at of a key, once every queued write (the touch is off the request path) has landed. */
async function lastUsedAt(token: string): Promise<string | null> {
  await server.services.database.write(async () => undefined);
  const [row] = await server.services.database.db.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, await keyIdOf(server, token)));
  return row?.lastUsedAt ?? null;
}

beforeAll(async () => {
  server = await startTestServer({ env: { KEY_CACHE_MS: "2000" } });
});
afterAll(() => server.close());

describe("key cache (KEY_CACHE_MS=2000)", () => {
  test("a cached key revoked (here straight through the query, as the accounts script does) is 401 on the very next request", async () => {
    const account = await server.account();
    const caller = api(server.processUrl, account.key);
    expect((await caller.get("/api/account")).status).toBe(200);
    await revoke(account.key);
    const refused = await caller.get("/api/account");
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe("UNAUTHORIZED");
    expect(refused.headers.get("www-authenticate")).toContain("invalid_token");
    // Refused for good, on every endpoint, open ones included.
    server.clock.advance(10_000);
    expect((await caller.get("/api/account")).status).toBe(401);
    expect((await caller.get("/api/capabilities")).status).toBe(401);
  });

  test("a key revoked before it was ever cached is refused at once", async () => {
    const account = await server.account();
    await revoke(account.key);
    expect((await api(server.processUrl, account.key).get("/api/account")).status).toBe(401);
  });

  test("revoking one key leaves the account's other keys working", async () => {
    const account = await server.account();
    const other = await server.key(account.accountId, ["entities:read"]);
    expect((await api(server.processUrl, account.key).get("/api/clients")).status).toBe(200);
    expect((await api(server.processUrl, other).get("/api/clients")).status).toBe(200);
    await revoke(account.key);
    expect((await api(server.processUrl, account.key).get("/api/clients")).status).toBe(401);
    expect((await api(server.processUrl, other).get("/api/clients")).status).toBe(200);
  });

  test("a change that is no revocation (scopes rewritten by hand) waits for the entry to expire: the cache still serves", async () => {
    const account = await server.account();
    const caller = api(server.processUrl, account.key);
    expect((await caller.get("/api/clients")).status).toBe(200);
    await server.services.database.write(async (tx) => {
      await tx.update(apiKeys).set({ scopes: ["invoices:read"] }).where(eq(apiKeys.id, await keyIdOf(server, account.key)));
    });
    expect((await caller.get("/api/clients")).status).toBe(200);
    server.clock.advance(2_001);
    expect((await caller.get("/api/clients")).status).toBe(403);
  });

  test("an unknown key is 401 from the first request", async () => {
    const reply = await api(server.processUrl).get("/api/account", "svc_0000000000000000000000000000");
    expect(reply.status).toBe(401);
  });
});

describe("last_used_at", () => {
  test("is written on first use, then at most once a minute", async () => {
    server.clock.set("2026-11-21T12:00:00Z");
    const account = await server.account();
    const caller = api(server.processUrl, account.key);
    expect(await lastUsedAt(account.key)).toBeNull();

    expect((await caller.get("/api/clients")).status).toBe(200);
    expect(await lastUsedAt(account.key)).toBe("2026-11-21T12:00:00.000Z");

    server.clock.advance(30_000);
    await caller.get("/api/clients");
    server.clock.advance(29_999);
    await caller.get("/api/clients");
    await caller.get("/api/account");
    expect(await lastUsedAt(account.key)).toBe("2026-11-21T12:00:00.000Z");

    server.clock.advance(1);
    await caller.get("/api/clients");
    expect(await lastUsedAt(account.key)).toBe("2026-11-21T12:01:00.000Z");

    server.clock.advance(59_000);
    await caller.get("/api/clients");
    expect(await lastUsedAt(account.key)).toBe("2026-11-21T12:01:00.000Z");
  });

  test("many requests within a minute write it once", async () => {
    server.clock.set("2026-11-21T13:00:00Z");
    const account = await server.account();
    const caller = api(server.processUrl, account.key);
    await caller.get("/api/clients");
    expect(await lastUsedAt(account.key)).toBe("2026-11-21T13:00:00.000Z");
    // Bump the stored value by hand: a second write within the minute would overwrite it.
    await server.services.database.write(async (tx) => {
      await tx.update(apiKeys).set({ lastUsedAt: "2000-01-01T00:00:00.000Z" }).where(eq(apiKeys.id, await keyIdOf(server, account.key)));
    });
    for (let i = 0; i < 20; i++) {
      server.clock.advance(2_500);
      expect((await caller.get("/api/clients")).status).toBe(200);
    }
    expect(await lastUsedAt(account.key)).toBe("2000-01-01T00:00:00.000Z");
  });

  test("each key keeps its own time", async () => {
    server.clock.set("2026-11-21T14:00:00Z");
    const account = await server.account();
    const second = await server.key(account.accountId, ["entities:read"]);
    await api(server.processUrl, account.key).get("/api/clients");
    server.clock.advance(5_000);
    await api(server.processUrl, second).get("/api/clients");
    expect(await lastUsedAt(account.key)).toBe("2026-11-21T14:00:00.000Z");
    expect(await lastUsedAt(second)).toBe("2026-11-21T14:00:05.000Z");
  });
});
