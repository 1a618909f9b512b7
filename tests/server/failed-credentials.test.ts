// Guessing keys is throttled like any anonymous caller, and made-up tokens never push real keys out
// of the cache.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { api } from "../helpers/http.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;

beforeAll(async () => {
  // One process: the flood test calls this process's resolver 10,050 times and swaps its database handle.
  server = await startTestServer({ env: { RATE_LIMIT_ANONYMOUS: "3,100,1000", KEY_CACHE_MS: "60000" }, topology: "single" });
  owner = await server.account();
});
afterAll(() => server.close());

/** A throttled answer says when to come back, in seconds and in the RateLimit fields (ADR 0007). */
function expectThrottled(headers: Headers, retryAfter: number): void {
  expect(headers.get("retry-after")).toBe(String(retryAfter));
  expect(headers.get("ratelimit")).toBe(`"burst";r=0;t=${retryAfter}`);
  expect(headers.get("ratelimit-policy")).toBe('"burst";q=3;w=60, "hourly";q=100;w=3600, "daily";q=1000;w=86400');
}

test("failed credentials count against the address: 401 three times, then 429 with Retry-After and RateLimit on every face", async () => {
  server.clock.set("2026-11-22T09:00:15Z");
  const anonymous = api(server.url);
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 3; attempt++) statuses.push((await anonymous.get("/api/invoices", `svc_guess${attempt}`)).status);
  expect(statuses).toEqual([401, 401, 401]);
  const limited = await anonymous.get("/api/health", "svc_guess-again");
  expect(limited.status).toBe(429);
  expect(limited.body.code).toBe("RATE_LIMITED");
  expect(limited.body.details).toEqual({ retry_after: 45 });
  expectThrottled(limited.headers, 45);
  const mcp = await anonymous.raw("/api/mcp", {
    method: "POST",
    headers: { authorization: "Bearer svc_guess-mcp", "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
  });
  expect(mcp.status).toBe(429);
  expectThrottled(mcp.headers, 45);
  const trpc = await anonymous.raw("/trpc/invoices.list", { headers: { authorization: "Bearer svc_guess-trpc" } });
  expect(trpc.status).toBe(429);
  expectThrottled(trpc.headers, 45);
  // A real key is not affected, and the window passes.
  expect((await anonymous.get("/api/invoices", owner.key)).status).toBe(200);
  server.clock.advance(60_000);
  expect((await anonymous.get("/api/invoices", "svc_later")).status).toBe(401);
});

test("a flood of unknown tokens does not evict a cached live key", async () => {
  const anonymous = api(server.url);
  server.clock.advance(60_000);
  expect((await anonymous.get("/api/invoices", owner.key)).status).toBe(200);
  const resolver = server.services.credentials;
  for (let index = 0; index < 10_050; index++) await resolver.resolve({ authorization: `Bearer svc_flood${index}`, sessionToken: null }, `198.51.100.${index % 250}`).catch(() => undefined);
  // Were the key evicted, this lookup would need the database; make that fail to prove it is not asked.
  const original = server.services.database.db.select;
  server.services.database.db.select = (() => {
    throw new Error("the database was asked");
  }) as typeof original;
  try {
    expect((await resolver.resolve({ authorization: `Bearer ${owner.key}`, sessionToken: null }, "203.0.113.1"))?.accountId).toBe(owner.accountId);
  } finally {
    server.services.database.db.select = original;
  }
});
