import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api, type Api } from "../helpers/http.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;
let client: Api;
let anonymous: Api;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type LogLine = Record<string, unknown>;

/**
 * The request's log lines, once its first has arrived: in the scaled topology the second process's
 * lines reach the suite through a pipe, a moment after its answer.
 */
async function requestLines(requestId: string): Promise<LogLine[]> {
  const ofRequest = (line: LogLine): boolean => line.msg === "request" && line.request_id === requestId;
  await server.logLine((line) => ofRequest(JSON.parse(line) as LogLine));
  return server.logs.map((line) => JSON.parse(line) as LogLine).filter(ofRequest);
}

beforeAll(async () => {
  // Anonymous calls are counted per IP; give this suite room so limits never interfere.
  server = await startTestServer({ env: { RATE_LIMIT_ANONYMOUS: "1000,1000,1000" } });
  owner = await server.account();
  client = api(server.url, owner.key);
  anonymous = api(server.url);
});
afterAll(() => server.close());

describe("X-Request-Id", () => {
  test("every response carries one, whatever its status", async () => {
    const replies = [
      await anonymous.get("/api/health"),
      await client.get("/api/clients"),
      await client.post("/api/clients", {}),
      await anonymous.get("/api/clients"),
      await anonymous.get("/api/nowhere"),
      await anonymous.get("/not-even-api"),
      await anonymous.raw("/api/clients", { method: "PATCH" }),
      await anonymous.raw("/api/clients", { method: "OPTIONS" }),
      await anonymous.get("/api/openapi.json"),
    ];
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 422, 401, 404, 404, 405, 204, 200]);
    const ids = replies.map((reply) => reply.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("a valid incoming id is echoed", async () => {
    for (const given of ["req-123", "abc.DEF:ghi_jkl-9", "x".repeat(128)]) {
      const reply = await anonymous.raw("/api/health", { method: "GET", headers: { "x-request-id": given } });
      expect(reply.headers.get("x-request-id")).toBe(given);
    }
  });

  test("an invalid incoming id is replaced by a fresh one", async () => {
    for (const given of ["has spaces", "x".repeat(129), "<script>", "a/b"]) {
      const reply = await anonymous.raw("/api/health", { method: "GET", headers: { "x-request-id": given } });
      expect(reply.headers.get("x-request-id")).toMatch(UUID);
    }
  });
});

describe("request log", () => {
  test("one JSON line per request with method, path, status, duration_ms, account and request_id", async () => {
    const requestId = `log-${crypto.randomUUID()}`;
    const reply = await client.raw("/api/clients?limit=5", { method: "GET", headers: { authorization: `Bearer ${owner.key}`, "x-request-id": requestId } });
    expect(reply.status).toBe(200);
    const lines = await requestLines(requestId);
    expect(lines).toHaveLength(1);
    const line = lines[0] as LogLine;
    expect(line).toMatchObject({ level: "info", method: "GET", path: "/api/clients", status: 200, account: owner.accountId, request_id: requestId });
    expect(typeof line.duration_ms).toBe("number");
    expect(line.duration_ms as number).toBeGreaterThanOrEqual(0);
    expect(typeof line.time).toBe("string");
  });

  test("anonymous and failed requests are logged too, account null, with their real status", async () => {
    const missing = `log-${crypto.randomUUID()}`;
    await anonymous.raw("/api/nowhere", { method: "POST", headers: { "x-request-id": missing } });
    expect(await requestLines(missing)).toEqual([expect.objectContaining({ method: "POST", path: "/api/nowhere", status: 404, account: null })]);
    const unauthorized = `log-${crypto.randomUUID()}`;
    await anonymous.raw("/api/clients", { method: "GET", headers: { "x-request-id": unauthorized } });
    expect(await requestLines(unauthorized)).toEqual([expect.objectContaining({ method: "GET", path: "/api/clients", status: 401, account: null })]);
    const preflight = `log-${crypto.randomUUID()}`;
    await anonymous.raw("/api/clients", { method: "OPTIONS", headers: { "x-request-id": preflight } });
    expect(await requestLines(preflight)).toEqual([expect.objectContaining({ method: "OPTIONS", status: 204 })]);
  });

  test("every line is JSON, and no line ever holds an API key", async () => {
    const bogus = "svc_ThisIsNotAValidKeyButLooksLikeOne1234";
    await anonymous.get("/api/clients", bogus);
    await anonymous.post("/api/feedback", { message: "with a bogus key" }, bogus);
    await client.get("/api/clients");
    await client.post("/api/clients", { name: "Logged" });
    await client.post("/api/clients", { name: owner.key.slice(0, 3) });
    expect(server.logs.length).toBeGreaterThan(0);
    for (const line of server.logs) {
      expect(() => JSON.parse(line)).not.toThrow();
      expect(line).not.toContain(owner.key);
      expect(line).not.toContain(bogus);
      expect(line.toLowerCase()).not.toContain("bearer");
    }
  });
});

describe("CORS", () => {
  test("a preflight OPTIONS is 204 with the allow headers, without a key", async () => {
    const reply = await anonymous.raw("/api/clients", {
      method: "OPTIONS",
      headers: { origin: "https://app.example", "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type, idempotency-key" },
    });
    expect(reply.status).toBe(204);
    expect(reply.body).toBeNull();
    expect(reply.headers.get("access-control-allow-origin")).toBe("*");
    const methods = (reply.headers.get("access-control-allow-methods") ?? "").split(",").map((method) => method.trim());
    expect(methods).toEqual(expect.arrayContaining(["GET", "POST", "PUT", "DELETE"]));
    const headers = (reply.headers.get("access-control-allow-headers") ?? "").toLowerCase().split(",").map((header) => header.trim());
    expect(headers).toEqual(expect.arrayContaining(["authorization", "content-type", "idempotency-key", "x-request-id"]));
    expect(Number(reply.headers.get("access-control-max-age"))).toBeGreaterThan(0);
  });

  test("preflight works on any API path, the MCP endpoint included", async () => {
    for (const path of ["/api/invoices/inv_x/finalize", "/api/mcp", "/api/health"]) {
      const reply = await anonymous.raw(path, { method: "OPTIONS", headers: { origin: "https://agent.example", "access-control-request-method": "POST" } });
      expect(reply.status).toBe(204);
      expect(reply.headers.get("access-control-allow-origin")).toBe("*");
    }
  });

  test("responses carry Access-Control-Allow-Origin and expose the headers clients need", async () => {
    for (const reply of [
      await client.raw("/api/clients", { method: "GET", headers: { origin: "https://app.example", authorization: `Bearer ${owner.key}` } }),
      await anonymous.raw("/api/clients", { method: "GET", headers: { origin: "https://app.example" } }),
      await anonymous.raw("/api/nowhere", { method: "GET", headers: { origin: "https://app.example" } }),
    ]) {
      expect(reply.headers.get("access-control-allow-origin")).toBe("*");
      const exposed = (reply.headers.get("access-control-expose-headers") ?? "").toLowerCase().split(",").map((header) => header.trim());
      expect(exposed).toEqual(expect.arrayContaining(["x-request-id", "ratelimit", "ratelimit-policy", "retry-after", "location", "www-authenticate"]));
    }
  });
});

describe("routing", () => {
  test.each([["/api/nowhere"], ["/api/clients/cli_x/extra"], ["/nowhere"], ["/"]])("unknown path %s → 404 NOT_FOUND {error, code}", async (path) => {
    const reply = await client.get(path);
    expect(reply.status).toBe(404);
    expect(reply.headers.get("content-type")).toContain("application/json");
    expect(Object.keys(reply.body).sort()).toEqual(["code", "error"]);
    expect(reply.body.code).toBe("NOT_FOUND");
    expect(typeof reply.body.error).toBe("string");
  });

  test.each([
    ["PATCH", "/api/clients", ["GET", "POST"]],
    ["DELETE", "/api/clients", ["GET", "POST"]],
    ["POST", "/api/clients/cli_x", ["DELETE", "GET", "PUT"]],
    ["PATCH", "/api/products/prd_x", ["DELETE", "GET", "PUT"]],
    ["POST", "/api/health", ["GET"]],
    ["DELETE", "/api/account", ["GET", "PUT"]],
  ])("%s %s → 405 METHOD_NOT_ALLOWED with Allow", async (method, path, allowed) => {
    const reply = await client.raw(path, { method, headers: { "content-type": "application/json" }, body: method === "DELETE" ? undefined : "{}" });
    expect(reply.status).toBe(405);
    expect(reply.body.code).toBe("METHOD_NOT_ALLOWED");
    expect(typeof reply.body.error).toBe("string");
    const allow = (reply.headers.get("allow") ?? "").split(",").map((entry) => entry.trim()).sort();
    expect(allow).toEqual(allowed);
  });
  test.each([["/api/clients/%"], ["/api/clients/%E0%A4%A"], ["/api/products/%ZZ"]])("malformed percent-encoding in %s is a client error (400 or 404), not 500", async (path) => {
    const reply = await client.get(path);
    expect(reply.status).not.toBe(500);
    expect([400, 404]).toContain(reply.status);
    expect(["BAD_REQUEST", "NOT_FOUND"]).toContain(reply.body.code);
  });

  test("HEAD is answered wherever GET is (RFC 9110 §9.1), without a body", async () => {
    const head = await anonymous.raw("/api/health", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect(head.headers.get("x-request-id")).toMatch(UUID);
  });
});

describe("query parameters", () => {
  test("numbers and booleans are coerced", async () => {
    const paged = await client.get("/api/clients?limit=5&offset=3");
    expect(paged.status).toBe(200);
    expect(paged.body).toMatchObject({ limit: 5, offset: 3 });
    expect(typeof paged.body.limit).toBe("number");
    const archived = await client.get("/api/clients?include_archived=true");
    expect(archived.status).toBe(200);
    const numeric = await client.get("/api/clients?include_archived=1");
    expect(numeric.status).toBe(200);
  });

  test.each([["limit=abc"], ["limit=0"], ["limit=101"], ["limit=1.5"], ["limit="], ["limit=5&limit=6"], ["offset=-1"]])("%s → 422 VALIDATION_ERROR", async (query) => {
    const reply = await client.get(`/api/clients?${query}`);
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe("VALIDATION_ERROR");
    expect(["limit", "offset"]).toContain(reply.body.details.field);
  });

  test("a string parameter is not coerced: q=123 searches the text 123", async () => {
    const made = await client.post("/api/clients", { name: "Shop 123" });
    expect(made.status).toBe(201);
    const reply = await client.get("/api/clients?q=123");
    expect(reply.status).toBe(200);
    expect(reply.body.data.map((row: { name: string }) => row.name)).toContain("Shop 123");
  });
});
