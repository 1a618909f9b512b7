import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api, type Api } from "../../helpers/http.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let anonymous: Api;

beforeAll(async () => {
  // A tiny anonymous and free allowance: health must never draw from it.
  server = await startTestServer({ env: { RATE_LIMIT_ANONYMOUS: "2,2,2", RATE_LIMIT_FREE: "2,2,2" } });
  anonymous = api(server.url);
});
afterAll(() => server.close());

describe("GET /api/health: happy", () => {
  test("open, with the spec's fields: status, version, d1, r2, kv, timestamp", async () => {
    const reply = await anonymous.get("/api/health");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toContain("application/json");
    expect(reply.body).toEqual({ status: "ok", version: server.services.version, d1: true, r2: true, kv: true, timestamp: "2026-11-21T10:00:00.000Z" });
    expect(Object.keys(reply.body).sort()).toEqual(["d1", "kv", "r2", "status", "timestamp", "version"]);
  });

  test("callers within a second share one set of checks; the next second checks again", async () => {
    // The set of checks is kept per process: asked of one process, whatever the topology.
    const anonymous = api(server.processUrl);
    server.clock.advance(10_000);
    const first = await anonymous.get("/api/health");
    server.clock.advance(999);
    const again = await anonymous.get("/api/health");
    expect(again.body.timestamp).toBe(first.body.timestamp);
    server.clock.advance(2);
    const later = await anonymous.get("/api/health");
    expect(later.body.timestamp).not.toBe(first.body.timestamp);
    server.clock.set("2026-11-21T10:00:00Z");
  });

  test("timestamp is an ISO 8601 date-time from the service clock", async () => {
    server.clock.advance(3_723_000);
    const reply = await anonymous.get("/api/health");
    expect(reply.body.timestamp).toBe("2026-11-21T11:02:03.000Z");
    expect(new Date(reply.body.timestamp).toISOString()).toBe(reply.body.timestamp);
  });

  test("the version matches capabilities", async () => {
    const health = await anonymous.get("/api/health");
    const capabilities = await anonymous.get("/api/capabilities");
    expect(typeof health.body.version).toBe("string");
    expect(health.body.version.length).toBeGreaterThan(0);
    expect(health.body.version).toBe(capabilities.body.version);
  });

  test("a valid key is fine too", async () => {
    const account = await server.account({ tier: "free" });
    const reply = await api(server.url, account.key).get("/api/health");
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe("ok");
  });

  test("the probes leave no blobs behind", async () => {
    const { readdir } = await import("node:fs/promises");
    const { join } = await import("node:path");
    for (let i = 0; i < 3; i++) await anonymous.get("/api/health");
    const root = join(server.services.config.dataDir, "blobs");
    const files = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    expect(files.filter((entry) => entry.isFile())).toEqual([]);
  });
});

describe("GET /api/health: not rate limited", () => {
  test("far beyond the anonymous allowance, health still answers, without RateLimit headers", async () => {
    for (let i = 0; i < 10; i++) {
      const reply = await anonymous.get("/api/health");
      expect(reply.status).toBe(200);
      expect(reply.headers.get("ratelimit")).toBeNull();
      expect(reply.headers.get("ratelimit-policy")).toBeNull();
    }
  });

  test("a free-tier key beyond its allowance still gets health", async () => {
    const account: TestAccount = await server.account({ tier: "free" });
    const keyed = api(server.url, account.key);
    for (let i = 0; i < 2; i++) expect((await keyed.get("/api/clients")).status).toBe(200);
    expect((await keyed.get("/api/clients")).status).toBe(429);
    const reply = await keyed.get("/api/health");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("ratelimit")).toBeNull();
  });
});

describe("GET /api/health: errors", () => {
  test("another method is 405 with Allow: GET", async () => {
    const reply = await anonymous.post("/api/health", {});
    expect(reply.status).toBe(405);
    expect(reply.body.code).toBe("METHOD_NOT_ALLOWED");
    expect(reply.headers.get("allow")).toBe("GET");
  });

  test("unknown query parameters are 422", async () => {
    const reply = await anonymous.get("/api/health?deep=1");
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe("VALIDATION_ERROR");
  });
});

describe("GET /api/health: security", () => {
  test("a present but invalid key is 401 even here", async () => {
    const unknown = await anonymous.get("/api/health", "svc_0000000000000000000000000000");
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe("UNAUTHORIZED");
    const malformed = await anonymous.raw("/api/health", { method: "GET", headers: { authorization: "Token abc" } });
    expect(malformed.status).toBe(401);
  });
});
