// RATE_LIMIT_STORE=database (ADR 0029): processes sharing a database count against the same windows.
// Two database handles stand for two processes here (tests/scale/ does it with real ones), over the
// embedded file and over sqld.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Database } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { RateLimiter, SharedRateLimiter } from "../../server/access/rate-limit.ts";
import { loadConfig } from "../../server/platform/config.ts";
import { sqldAvailable, startSqld, type Sqld } from "../../scripts/sqld.ts";

const limits = { burst: 5, hourly: 8, daily: 20 };
const noon = new Date("2026-11-21T12:00:10Z");

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function twoHandles(url: string): Promise<[Database, Database]> {
  const first = await openDatabase({ url });
  await migrateDatabase(first);
  const second = await openDatabase({ url });
  cleanups.push(() => first.close(), () => second.close());
  return [first, second];
}

async function embeddedUrl(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "shared-limits-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return `file:${join(dir, "invoices.db")}`;
}

let sqld: Sqld | null = null;
const backends: Array<[string, () => Promise<string>]> = [["the embedded file", embeddedUrl]];
if (sqldAvailable) {
  backends.push([
    "sqld",
    async () => {
      sqld ??= await startSqld();
      cleanups.push(() => sqld?.stop() ?? Promise.resolve());
      return sqld.url;
    },
  ]);
}

describe.each(backends)("shared rate limits over %s", (_name, urlOf) => {
  test("hits from two processes at once: exactly the burst allowed, the rest refused, none counted twice", async () => {
    const [first, second] = await twoHandles(await urlOf());
    const limiters = [new SharedRateLimiter(first), new SharedRateLimiter(second)];
    const decisions = await Promise.all(Array.from({ length: 24 }, (_, index) => (limiters[index % 2] as SharedRateLimiter).hit("acc:busy", limits, noon)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
    // The next minute's burst is open, but the hourly window has only 3 left for both processes together.
    const later = new Date(noon.getTime() + 60_000);
    const next = await Promise.all(Array.from({ length: 10 }, (_, index) => (limiters[index % 2] as SharedRateLimiter).hit("acc:busy", limits, later)));
    expect(next.filter((decision) => decision.allowed)).toHaveLength(3);
    expect(next.find((decision) => !decision.allowed)?.headers["Retry-After"]).toBe(String(3600 - 70));
  });

  test("answers the same headers, hit for hit, as the in-memory limiter", async () => {
    const [database] = await twoHandles(await urlOf());
    const shared = new SharedRateLimiter(database);
    const memory = new RateLimiter();
    for (const offsetSeconds of [0, 1, 2, 3, 4, 5, 6, 61, 62, 3_700]) {
      const at = new Date(noon.getTime() + offsetSeconds * 1000);
      expect(await shared.hit("ip:203.0.113.7", limits, at)).toEqual(memory.hit("ip:203.0.113.7", limits, at));
    }
  });

  test("upkeep drops the counters of days that are over, and keeps today's", async () => {
    const [database] = await twoHandles(await urlOf());
    const shared = new SharedRateLimiter(database);
    await shared.hit("acc:yesterday", limits, new Date(noon.getTime() - 86_400_000));
    await shared.hit("acc:today", limits, noon);
    await shared.upkeep(database, noon);
    const rows = await database.client.execute("select subject, daily_count from rate_counters where subject in ('acc:yesterday', 'acc:today')");
    expect(rows.rows.map((row) => [row.subject, row.daily_count])).toEqual([["acc:today", 1]]);
  });
});

test("RATE_LIMIT_STORE: shared by default with a libSQL server, in memory on the embedded file, and either by choice", () => {
  expect(loadConfig({}).rateLimitStore).toBe("memory");
  expect(loadConfig({ DATABASE_URL: "libsql://db.example.turso.io" }).rateLimitStore).toBe("database");
  expect(loadConfig({ RATE_LIMIT_STORE: "database" }).rateLimitStore).toBe("database");
  expect(() => loadConfig({ RATE_LIMIT_STORE: "redis" })).toThrow("RATE_LIMIT_STORE");
});
