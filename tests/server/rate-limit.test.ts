import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "../../server/http/app.ts";
import { createLogger } from "../../server/platform/logger.ts";
import { RateLimiter } from "../../server/access/rate-limit.ts";
import { createServices } from "../../server/services.ts";
import { api, type Api, type Reply } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const FREE_POLICY = '"burst";q=3;w=60, "hourly";q=10;w=3600, "daily";q=20;w=86400';
const ANONYMOUS_POLICY = '"burst";q=2;w=60, "hourly";q=100;w=3600, "daily";q=1000;w=86400';
/** The IETF RateLimit draft's item form (ADR 0007): the window, what remains, seconds to its reset. */
const RATE_LIMIT_FORMAT = /^"(burst|hourly|daily)";r=\d+;t=\d+$/;

let server: TestServer;

async function freeAccount(): Promise<Api> {
  const account = await server.account({ tier: "free" });
  return api(server.url, account.key);
}

function expectLimited(reply: Reply, retryAfter: number, rateLimit: string): void {
  expect(reply.status).toBe(429);
  expect(reply.body.code).toBe("RATE_LIMITED");
  expect(typeof reply.body.error).toBe("string");
  expect(reply.headers.get("retry-after")).toBe(String(retryAfter));
  expect(reply.headers.get("ratelimit")).toBe(rateLimit);
  expect(reply.headers.get("ratelimit-policy")).not.toBeNull();
}

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_FREE: "3,10,20", RATE_LIMIT_ANONYMOUS: "2,100,1000" } });
});
afterAll(() => server.close());

describe("rate limits: keyed callers", () => {
  test("a free account gets RateLimit and RateLimit-Policy in the IETF draft format, then 429 with Retry-After", async () => {
    server.clock.set("2026-11-22T09:00:19Z");
    const caller = await freeAccount();
    for (const remaining of [2, 1, 0]) {
      const reply = await caller.get("/api/clients");
      expect(reply.status).toBe(200);
      expect(reply.headers.get("ratelimit-policy")).toBe(FREE_POLICY);
      expect(reply.headers.get("ratelimit")).toBe(`"burst";r=${remaining};t=41`);
      expect(reply.headers.get("ratelimit")).toMatch(RATE_LIMIT_FORMAT);
      expect(reply.headers.get("retry-after")).toBeNull();
    }
    const limited = await caller.get("/api/clients");
    expectLimited(limited, 41, '"burst";r=0;t=41');
    expect(limited.headers.get("ratelimit-policy")).toBe(FREE_POLICY);
    // A refused request is not counted: it stays refused, with the same numbers.
    expectLimited(await caller.get("/api/clients"), 41, '"burst";r=0;t=41');
    server.clock.advance(20_000);
    expectLimited(await caller.get("/api/clients"), 21, '"burst";r=0;t=21');
  });

  test("the burst window resets after a minute", async () => {
    server.clock.set("2026-11-22T10:00:19Z");
    const caller = await freeAccount();
    for (let i = 0; i < 3; i++) expect((await caller.get("/api/clients")).status).toBe(200);
    expect((await caller.get("/api/clients")).status).toBe(429);
    server.clock.advance(60_000);
    const again = await caller.get("/api/clients");
    expect(again.status).toBe(200);
    expect(again.headers.get("ratelimit")).toBe('"burst";r=2;t=41');
    expect((await caller.get("/api/clients")).status).toBe(200);
    expect((await caller.get("/api/clients")).status).toBe(200);
    expect((await caller.get("/api/clients")).status).toBe(429);
  });

  test("RateLimit names the policy nearest exhaustion: the hourly one once it is tighter", async () => {
    server.clock.set("2026-11-22T11:00:00Z");
    const caller = await freeAccount();
    for (let minute = 0; minute < 3; minute++) {
      for (let i = 0; i < 3; i++) expect((await caller.get("/api/clients")).status).toBe(200);
      server.clock.advance(60_000);
    }
    // 9 of 10 hourly used; the burst window has 3 left, the hour 1.
    const last = await caller.get("/api/clients");
    expect(last.status).toBe(200);
    expect(last.headers.get("ratelimit")).toBe('"hourly";r=0;t=3420');
    const limited = await caller.get("/api/clients");
    expectLimited(limited, 3420, '"hourly";r=0;t=3420');
    server.clock.set("2026-11-22T12:00:00Z");
    const nextHour = await caller.get("/api/clients");
    expect(nextHour.status).toBe(200);
    expect(nextHour.headers.get("ratelimit")).toBe('"burst";r=2;t=60');
  });

  test("every counted response carries the headers, errors included", async () => {
    server.clock.set("2026-11-22T13:00:00Z");
    const caller = await freeAccount();
    const notFound = await caller.get("/api/clients/cli_00000000000000000000000000");
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("ratelimit")).toBe('"burst";r=2;t=60');
    const invalid = await caller.post("/api/clients", {});
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get("ratelimit")).toBe('"burst";r=1;t=60');
    expect(invalid.headers.get("ratelimit-policy")).toBe(FREE_POLICY);
  });

  test("the count is per account: two keys of one account share it, another account has its own", async () => {
    server.clock.set("2026-11-22T14:00:00Z");
    const account = await server.account({ tier: "free" });
    const first = api(server.url, account.key);
    const second = api(server.url, await server.key(account.accountId, ["entities:read"]));
    expect((await first.get("/api/clients")).status).toBe(200);
    expect((await second.get("/api/clients")).status).toBe(200);
    expect((await first.get("/api/clients")).status).toBe(200);
    expect((await second.get("/api/clients")).status).toBe(429);
    const other = await freeAccount();
    const reply = await other.get("/api/clients");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("ratelimit")).toBe('"burst";r=2;t=60');
  });

  test("the tier's limits apply across procedures: a write and a read draw from one allowance", async () => {
    server.clock.set("2026-11-22T15:00:00Z");
    const caller = await freeAccount();
    expect((await caller.post("/api/clients", { name: "A" })).status).toBe(201);
    expect((await caller.get("/api/products")).status).toBe(200);
    expect((await caller.get("/api/account")).status).toBe(200);
    const limited = await caller.post("/api/clients", { name: "B" });
    expect(limited.status).toBe(429);
    // The refused create wrote nothing.
    server.clock.advance(60_000);
    expect((await caller.get("/api/clients")).body.total).toBe(1);
  });

  test("the unlimited tier gets no RateLimit headers and is never refused", async () => {
    server.clock.set("2026-11-22T16:00:00Z");
    const account = await server.account({ tier: "unlimited" });
    const caller = api(server.url, account.key);
    for (let i = 0; i < 25; i++) {
      const reply = await caller.get("/api/clients");
      expect(reply.status).toBe(200);
      expect(reply.headers.get("ratelimit")).toBeNull();
      expect(reply.headers.get("ratelimit-policy")).toBeNull();
    }
  });
});

describe("rate limits: anonymous callers", () => {
  test("are limited per IP with the anonymous tier on open counted endpoints (POST /api/feedback)", async () => {
    server.clock.set("2026-11-23T08:00:30Z");
    const anonymous = api(server.url);
    const first = await anonymous.post("/api/feedback", { message: "one" });
    expect(first.status).toBe(201);
    expect(first.headers.get("ratelimit-policy")).toBe(ANONYMOUS_POLICY);
    expect(first.headers.get("ratelimit")).toBe('"burst";r=1;t=30');
    const second = await anonymous.post("/api/feedback", { message: "two" });
    expect(second.status).toBe(201);
    expect(second.headers.get("ratelimit")).toBe('"burst";r=0;t=30');
    const third = await anonymous.post("/api/feedback", { message: "three" });
    expectLimited(third, 30, '"burst";r=0;t=30');
    expect(third.headers.get("ratelimit-policy")).toBe(ANONYMOUS_POLICY);

    // A keyed caller from the same address is counted on its own account, under its own tier.
    const keyed = await freeAccount();
    const mine = await keyed.post("/api/feedback", { message: "keyed" });
    expect(mine.status).toBe(201);
    expect(mine.headers.get("ratelimit-policy")).toBe(FREE_POLICY);

    server.clock.advance(60_000);
    expect((await anonymous.post("/api/feedback", { message: "four" })).status).toBe(201);
  });

  test("health and OpenAPI are never counted, even once the anonymous allowance is spent", async () => {
    server.clock.set("2026-11-23T09:00:00Z");
    const anonymous = api(server.url);
    expect((await anonymous.post("/api/feedback", { message: "a" })).status).toBe(201);
    expect((await anonymous.post("/api/feedback", { message: "b" })).status).toBe(201);
    expect((await anonymous.post("/api/feedback", { message: "c" })).status).toBe(429);
    for (let i = 0; i < 5; i++) {
      const health = await anonymous.get("/api/health");
      expect(health.status).toBe(200);
      expect(health.headers.get("ratelimit")).toBeNull();
      expect(health.headers.get("ratelimit-policy")).toBeNull();
      const openapi = await anonymous.get("/api/openapi.json");
      expect(openapi.status).toBe(200);
      expect(openapi.headers.get("ratelimit")).toBeNull();
      expect(openapi.headers.get("ratelimit-policy")).toBeNull();
    }
    // Neither did they count: the next minute starts with the whole burst.
    server.clock.advance(60_000);
    const next = await anonymous.post("/api/feedback", { message: "d" });
    expect(next.status).toBe(201);
    expect(next.headers.get("ratelimit")).toBe('"burst";r=1;t=60');
  });

  test("health and OpenAPI with a spent free-tier key are not counted either", async () => {
    server.clock.set("2026-11-23T10:00:00Z");
    const caller = await freeAccount();
    for (let i = 0; i < 3; i++) await caller.get("/api/clients");
    expect((await caller.get("/api/clients")).status).toBe(429);
    const health = await caller.get("/api/health");
    expect(health.status).toBe(200);
    expect(health.headers.get("ratelimit")).toBeNull();
    const openapi = await caller.get("/api/openapi.json");
    expect(openapi.status).toBe(200);
    expect(openapi.headers.get("ratelimit")).toBeNull();
  });
});

describe("RateLimiter (unit)", () => {
  const limits = { burst: 100, hourly: 100, daily: 5 };
  const noon = new Date("2026-11-21T12:00:00Z");
  const midnight = Date.parse("2026-11-21T00:00:00Z") / 1000;

  test("counts allowed requests only, and denies past the tightest window", () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 5; i++) expect(limiter.hit("acc:a", limits, noon).allowed).toBe(true);
    const denied = limiter.hit("acc:a", limits, noon);
    expect(denied.allowed).toBe(false);
    expect(denied.headers).toEqual({
      "RateLimit-Policy": '"burst";q=100;w=60, "hourly";q=100;w=3600, "daily";q=5;w=86400',
      RateLimit: '"daily";r=0;t=43200',
      "Retry-After": "43200",
    });
    expect(limiter.hit("acc:b", limits, noon).allowed).toBe(true);
  });

  test("drainUnflushed reports requests per subject and UTC day once, then nothing", () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 3; i++) limiter.hit("acc:a", limits, noon);
    limiter.hit("ip:127.0.0.1", limits, noon);
    expect(limiter.drainUnflushed()).toEqual([
      { subject: "acc:a", day: midnight, count: 3 },
      { subject: "ip:127.0.0.1", day: midnight, count: 1 },
    ]);
    expect(limiter.drainUnflushed()).toEqual([]);
    limiter.hit("acc:a", limits, noon);
    expect(limiter.drainUnflushed()).toEqual([{ subject: "acc:a", day: midnight, count: 1 }]);
  });

  test("denied requests are not reported as usage", () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 8; i++) limiter.hit("acc:a", limits, noon);
    expect(limiter.drainUnflushed()).toEqual([{ subject: "acc:a", day: midnight, count: 5 }]);
  });

  test("daily counts survive a restart: restore seeds today's count", () => {
    const before = new RateLimiter();
    for (let i = 0; i < 3; i++) before.hit("acc:a", limits, noon);
    const usage = before.drainUnflushed();
    const after = new RateLimiter();
    after.restore(usage, new Date("2026-11-21T18:00:00Z"));
    const fourth = after.hit("acc:a", limits, new Date("2026-11-21T18:00:00Z"));
    expect(fourth.allowed).toBe(true);
    expect(fourth.headers.RateLimit).toBe('"daily";r=1;t=21600');
    expect(after.hit("acc:a", limits, new Date("2026-11-21T18:00:00Z")).allowed).toBe(true);
    expect(after.hit("acc:a", limits, new Date("2026-11-21T18:00:00Z")).allowed).toBe(false);
    // Restored counts are not reported again as new usage; only the two new hits are.
    expect(after.drainUnflushed()).toEqual([{ subject: "acc:a", day: midnight, count: 2 }]);
  });

  test("restore ignores other days, and a new day starts fresh", () => {
    const limiter = new RateLimiter();
    limiter.restore([{ subject: "acc:a", day: midnight - 86_400, count: 5 }], noon);
    expect(limiter.hit("acc:a", limits, noon).allowed).toBe(true);
    const restored = new RateLimiter();
    restored.restore([{ subject: "acc:b", day: midnight, count: 5 }], noon);
    expect(restored.hit("acc:b", limits, noon).allowed).toBe(false);
    expect(restored.hit("acc:b", limits, new Date("2026-11-22T00:00:00Z")).allowed).toBe(true);
  });
});

describe("rate limits: daily counts survive a restart of the service", () => {
  test("flushed by the background job, read back by a new process on the same database", async () => {
    const first = await startTestServer({ env: { RATE_LIMIT_FREE: "100,100,4" }, now: "2026-11-21T09:00:00Z" });
    try {
      const account = await first.account({ tier: "free" });
      const caller = api(first.url, account.key);
      for (let i = 0; i < 3; i++) expect((await caller.get("/api/clients")).status).toBe(200);
      expect(await first.scheduler.runDue()).toContain("flush-rate-limits");

      // A second process: the same configuration and database file, a fresh in-memory limiter.
      first.clock.advance(3 * 3_600_000);
      const services = await createServices(first.services.config, { clock: first.clock, logger: createLogger("silent") });
      try {
        const restarted = createApp(services);
        const call = () => restarted.fetch(new Request(`${first.url}/api/clients`, { headers: { authorization: `Bearer ${account.key}` } }));
        const fourth = await call();
        expect(fourth.status).toBe(200);
        expect(fourth.headers.get("ratelimit")).toBe('"daily";r=0;t=43200');
        const fifth = await call();
        expect(fifth.status).toBe(429);
        expect(fifth.headers.get("retry-after")).toBe("43200");
      } finally {
        await services.database.close();
      }
    } finally {
      await first.close();
    }
  });
});
