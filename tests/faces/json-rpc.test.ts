// Raw JSON-RPC 2.0 against /api/mcp through the real HTTP server: the spec's style (method = tool
// name, params = arguments), the MCP methods, the error codes, batches, notifications, the protocol
// version rules, credentials, rate-limit headers on counted calls only, and the SSE face.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { invoiceInput, operation } from "../helpers/factories.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";
import { EXPECTED_TOOLS } from "../helpers/tools.ts";

type RpcReply = { status: number; headers: Headers; text: string; json: any };
type RpcOptions = { key?: string | null; headers?: Record<string, string>; path?: "/api/mcp" | "/api/mcp/stream" };

let server: TestServer;
let owner: TestAccount;
let freeAccount: TestAccount;
let nextId = 1;

/** POSTs a raw body (a string is sent as is, anything else as JSON). The owner's key unless told otherwise. */
async function post(body: unknown, { key, headers = {}, path = "/api/mcp" }: RpcOptions = {}): Promise<RpcReply> {
  const token = key === undefined ? owner.key : key;
  const response = await fetch(server.url + path, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // SSE or empty: keep the text
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** One request with a fresh id; the reply must be HTTP 200 JSON carrying that id. */
async function call(method: string, params?: unknown, options: RpcOptions = {}): Promise<any> {
  const id = nextId++;
  const reply = await post(params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params }, options);
  expect(reply.status).toBe(200);
  expect(reply.headers.get("content-type")).toStartWith("application/json");
  expect(reply.json).toMatchObject({ jsonrpc: "2.0", id });
  return reply.json;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
  freeAccount = await server.account({ tier: "free" });
});
afterAll(() => server.close());

describe("JSON-RPC spec style: method = tool name, params = arguments", () => {
  test("invoices.create returns the invoice as result; invoices.query get and list read it back", async () => {
    const created = await call("invoices.create", invoiceInput());
    expect(created.error).toBeUndefined();
    expect(created.result).toMatchObject({ type: "invoice", status: "draft", revision: 1, total: 148_215 });
    expect(created.result.id).toMatch(/^inv_/);

    const read = await call("invoices.query", { action: "get", id: created.result.id });
    expect(read.result).toEqual(created.result);

    const listed = await call("invoices.query", {});
    expect(listed.result).toMatchObject({ limit: 20, offset: 0 });
    expect(listed.result.data.map((invoice: { id: string }) => invoice.id)).toContain(created.result.id);

    // The same result as REST gives for the same invoice.
    const rest = await fetch(`${server.url}/api/invoices/${created.result.id}`, { headers: { authorization: `Bearer ${owner.key}` } });
    expect(await rest.json()).toEqual(created.result);
  });

  test("params may be omitted for a tool whose input may be empty", async () => {
    const reply = await call("svc.capabilities");
    expect(reply.result.name).toBe("invoicing-service");
    expect(reply.result.protocols.mcp).toEqual(["2025-11-25", "2025-06-18", "2025-03-26"]);
  });

  test("an unknown method is −32601", async () => {
    const reply = await call("invoices.teleport", {});
    expect(reply.error.code).toBe(-32601);
    expect(typeof reply.error.message).toBe("string");
    expect(reply.result).toBeUndefined();
  });

  test("invalid params are −32602 with data {code: VALIDATION_ERROR, status: 422, details}", async () => {
    const reply = await call("invoices.create", invoiceInput({ issue_date: "2026-02-30" }));
    expect(reply.error.code).toBe(-32602);
    expect(reply.error.data).toMatchObject({ code: "VALIDATION_ERROR", status: 422 });
    expect(reply.error.data.details.field).toBe("issue_date");

    const unknownField = await call("invoices.create", invoiceInput({ colour: "red" }));
    expect(unknownField.error.code).toBe(-32602);
    expect(unknownField.error.data).toMatchObject({ code: "VALIDATION_ERROR", status: 422, details: { field: "colour" } });
  });

  test("params that are not an object are −32602", async () => {
    const reply = await call("invoices.query", [1, 2]);
    expect(reply.error.code).toBe(-32602);
    expect(reply.error.data).toMatchObject({ code: "VALIDATION_ERROR", status: 422 });
  });

  test("a stale base_revision is −32000 with data {code: REVISION_CONFLICT, status: 409, details}", async () => {
    const created = await call("invoices.create", invoiceInput());
    const id = created.result.id;
    const first = await call("invoices.mutate", { action: "update", id, notes: "one", ...operation(1) });
    expect(first.result).toMatchObject({ id, notes: "one", revision: 2 });
    const stale = await call("invoices.mutate", { action: "update", id, notes: "two", ...operation(1) });
    expect(stale.error.code).toBe(-32000);
    expect(stale.error.data).toEqual({ code: "REVISION_CONFLICT", status: 409, details: { current_revision: 2 } });
  });

  test("a missing base_revision is −32000 with REVISION_REQUIRED 428", async () => {
    const created = await call("invoices.create", invoiceInput());
    const reply = await call("invoices.mutate", { action: "update", id: created.result.id, notes: "x" });
    expect(reply.error.code).toBe(-32000);
    expect(reply.error.data).toMatchObject({ code: "REVISION_REQUIRED", status: 428 });
  });

  test("a Key tool without a key is HTTP 401 with a Bearer challenge, the body −32000 with data {code: UNAUTHORIZED, status: 401}", async () => {
    const reply = await post({ jsonrpc: "2.0", id: 7, method: "invoices.create", params: invoiceInput() }, { key: null });
    expect(reply.status).toBe(401);
    expect(reply.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource/api/mcp"`);
    expect(reply.json).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32000, data: { code: "UNAUTHORIZED", status: 401 } } });
    expect("details" in reply.json.error.data).toBe(true);
  });

  test("another account's invoice is −32000 FORBIDDEN 403", async () => {
    const created = await call("invoices.create", invoiceInput());
    const stranger = await server.account();
    const reply = await call("invoices.query", { action: "get", id: created.result.id }, { key: stranger.key });
    expect(reply.error.code).toBe(-32000);
    expect(reply.error.data).toMatchObject({ code: "FORBIDDEN", status: 403 });
  });
});

describe("JSON-RPC envelope errors", () => {
  test("malformed JSON is −32700 with id null, HTTP 200", async () => {
    const reply = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } });
  });

  test.each([
    ["no jsonrpc", { id: 5, method: "ping" }, 5],
    ["wrong jsonrpc version", { jsonrpc: "1.0", id: 6, method: "ping" }, 6],
    ["method not a string", { jsonrpc: "2.0", id: 7, method: 42 }, 7],
    ["no method", { jsonrpc: "2.0", id: 8 }, 8],
    ["id of the wrong type", { jsonrpc: "2.0", id: { no: 1 }, method: "ping" }, null],
    ["not an object", 42, null],
  ])("invalid request (%s) is −32600", async (_name, body, id) => {
    const reply = await post(body);
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ jsonrpc: "2.0", id, error: { code: -32600 } });
  });

  test("a notification (no id) is 202 with no body, and is still carried out (JSON-RPC 2.0 §4.1)", async () => {
    const marker = `Notified ${crypto.randomUUID()}`;
    // The same call with an id is found by its bill_to_name (q searches it), so the search is not vacuous.
    const control = await call("invoices.create", invoiceInput({ bill_to_name: `${marker} control` }));
    expect(control.result.id).toMatch(/^inv_/);
    const reply = await post({ jsonrpc: "2.0", method: "invoices.create", params: invoiceInput({ bill_to_name: marker }) });
    expect(reply.status).toBe(202);
    expect(reply.text).toBe("");
    const initialized = await post({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect(initialized.status).toBe(202);
    expect(initialized.text).toBe("");
    const listed = await call("invoices.query", { q: marker });
    expect(listed.result.total).toBe(2);
    expect(listed.result.data.map((invoice: { bill_to_name: string }) => invoice.bill_to_name).sort()).toEqual([marker, `${marker} control`]);
  });
});

describe("a call refused for want of a credential or a scope answers in HTTP's status, so OAuth starts by itself", () => {
  const challenge = (params: string) => `Bearer ${params}resource_metadata="${server.url}/.well-known/oauth-protected-resource/api/mcp"`;
  const toolsCall = (id: number, name: string, args: unknown) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });

  test("tools/call of a Key tool without a credential: 401, the body a JSON-RPC error for its id (no isError result)", async () => {
    const reply = await post(toolsCall(11, "invoices.create", invoiceInput()), { key: null });
    expect(reply.status).toBe(401);
    // Every action of invoices.create needs a key: refused before its arguments are dispatched, so no scope is named.
    expect(reply.headers.get("www-authenticate")).toBe(challenge(""));
    expect(reply.json).toEqual({ jsonrpc: "2.0", id: 11, error: { code: -32000, message: expect.any(String), data: { code: "UNAUTHORIZED", status: 401, details: null } } });
  });

  test("a Key action of a mixed tool, decided from the dispatched action, names its scope; the same on /api/mcp/stream", async () => {
    for (const path of ["/api/mcp", "/api/mcp/stream"] as const) {
      const reply = await post(toolsCall(12, "invoices.query", { action: "list" }), { key: null, path });
      expect(reply.status).toBe(401);
      expect(reply.headers.get("content-type")).toStartWith("application/json");
      expect(reply.headers.get("www-authenticate")).toBe(challenge('scope="invoices:read", '));
      expect(reply.json).toMatchObject({ id: 12, error: { data: { code: "UNAUTHORIZED", status: 401 } } });
    }
  });

  test("open tools, open actions and MCP housekeeping stay open without a credential", async () => {
    for (const message of [
      { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } },
      { jsonrpc: "2.0", id: 2, method: "ping" },
      { jsonrpc: "2.0", id: 3, method: "tools/list" },
      toolsCall(4, "svc.capabilities", {}),
    ]) {
      const reply = await post(message, { key: null });
      expect(reply.status).toBe(200);
      expect(reply.headers.get("www-authenticate")).toBeNull();
      expect(reply.json.error).toBeUndefined();
    }
  });

  test("a key lacking the action's scope: 403 insufficient_scope naming it, on both styles", async () => {
    const reader = await server.account({ scopes: ["invoices:read"] });
    for (const message of [toolsCall(21, "invoices.create", invoiceInput()), { jsonrpc: "2.0", id: 21, method: "invoices.create", params: invoiceInput() }]) {
      const reply = await post(message, { key: reader.key });
      expect(reply.status).toBe(403);
      expect(reply.headers.get("www-authenticate")).toBe(challenge('error="insufficient_scope", scope="invoices:write", '));
      expect(reply.json).toMatchObject({ id: 21, error: { code: -32000, data: { code: "FORBIDDEN", status: 403, details: { required_scope: "invoices:write" } } } });
    }
  });

  test("other refusals keep HTTP 200: another account's invoice is an isError result", async () => {
    const created = await call("invoices.create", invoiceInput());
    const stranger = await server.account();
    const reply = await post(toolsCall(31, "invoices.query", { action: "get", id: created.result.id }), { key: stranger.key });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("www-authenticate")).toBeNull();
    expect(reply.json.result.isError).toBe(true);
  });

  test("an invalid token is 401 invalid_token before any call is looked at", async () => {
    const reply = await post(toolsCall(41, "svc.capabilities", {}), { key: "svc_nope" });
    expect(reply.status).toBe(401);
    expect(reply.headers.get("www-authenticate")).toStartWith('Bearer error="invalid_token"');
    expect(reply.headers.get("www-authenticate")).toContain('resource_metadata="');
  });

  test("a notification refused is 401 with no body", async () => {
    const reply = await post({ jsonrpc: "2.0", method: "invoices.create", params: invoiceInput() }, { key: null });
    expect(reply.status).toBe(401);
    expect(reply.text).toBe("");
    expect(reply.headers.get("www-authenticate")).toBe(challenge(""));
  });

  test("a batch stays HTTP 200, each refusal in its own reply: its other calls were carried out", async () => {
    const reply = await post([toolsCall(51, "svc.capabilities", {}), toolsCall(52, "invoices.create", invoiceInput())], { key: null });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("www-authenticate")).toBeNull();
    expect(reply.json[0].result.isError).toBeUndefined();
    expect(reply.json[1]).toMatchObject({ id: 52, error: { code: -32000, data: { code: "UNAUTHORIZED", status: 401 } } });
  });
});

describe("JSON-RPC batches", () => {
  test("answers each request in order, skips notifications, and reports invalid members", async () => {
    const reply = await post([
      { jsonrpc: "2.0", id: "a", method: "ping" },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: "b", method: "invoices.create", params: invoiceInput() },
      { jsonrpc: "2.0", id: "c", method: "no.such.method" },
      1,
      { jsonrpc: "2.0", id: "d", method: "invoices.create", params: invoiceInput({ issue_date: "nope" }) },
    ]);
    expect(reply.status).toBe(200);
    expect(Array.isArray(reply.json)).toBe(true);
    expect(reply.json).toHaveLength(5);
    const [ping, created, unknown, invalid, badParams] = reply.json;
    expect(ping).toEqual({ jsonrpc: "2.0", id: "a", result: {} });
    expect(created).toMatchObject({ jsonrpc: "2.0", id: "b", result: { type: "invoice", revision: 1 } });
    expect(unknown).toMatchObject({ jsonrpc: "2.0", id: "c", error: { code: -32601 } });
    expect(invalid).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
    expect(badParams).toMatchObject({ jsonrpc: "2.0", id: "d", error: { code: -32602, data: { code: "VALIDATION_ERROR", status: 422 } } });
  });

  test("an empty batch is a single −32600 with id null (not an array)", async () => {
    const reply = await post([]);
    expect(reply.status).toBe(200);
    expect(Array.isArray(reply.json)).toBe(false);
    expect(reply.json).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
  });

  test("a batch of notifications only is 202 with no body", async () => {
    const reply = await post([
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", method: "ping" },
    ]);
    expect(reply.status).toBe(202);
    expect(reply.text).toBe("");
  });
});

describe("MCP methods on the same endpoint", () => {
  test("initialize echoes a supported protocolVersion", async () => {
    const reply = await call("initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } });
    expect(reply.result).toMatchObject({
      protocolVersion: "2025-06-18",
      capabilities: { tools: { listChanged: false } },
      serverInfo: { name: "invoicing-service", version: server.services.version },
    });
    expect(typeof reply.result.instructions).toBe("string");
  });

  test("initialize answers our version (2025-11-25) for an unknown one", async () => {
    const reply = await call("initialize", { protocolVersion: "1999-01-01", capabilities: {}, clientInfo: { name: "raw", version: "1" } });
    expect(reply.result.protocolVersion).toBe("2025-11-25");
  });

  test("ping answers {}", async () => {
    expect((await call("ping")).result).toEqual({});
  });

  test("tools/list lists the tools; tools/call runs one and returns content + structuredContent", async () => {
    const listed = await call("tools/list");
    expect(listed.result.tools.map((tool: { name: string }) => tool.name)).toContain("invoices.create");
    const created = await call("tools/call", { name: "invoices.create", arguments: invoiceInput() });
    expect(created.result.isError).toBeUndefined();
    expect(created.result.structuredContent).toMatchObject({ type: "invoice", revision: 1 });
    expect(JSON.parse(created.result.content[0].text)).toEqual(created.result.structuredContent);
  });

  test("tools/call of a failing tool is a result with isError and no structuredContent", async () => {
    const reply = await call("tools/call", { name: "invoices.create", arguments: invoiceInput({ currency: "XYZ" }) });
    expect(reply.error).toBeUndefined();
    expect(reply.result.isError).toBe(true);
    expect(reply.result.structuredContent).toBeUndefined();
    expect(JSON.parse(reply.result.content[0].text)).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "currency" } });
  });

  test("tools/call with an unknown tool is −32602", async () => {
    const reply = await call("tools/call", { name: "invoices.teleport", arguments: {} });
    expect(reply.error.code).toBe(-32602);
    expect(reply.result).toBeUndefined();
  });

  test("an unsupported MCP-Protocol-Version header is HTTP 400; a supported one is accepted", async () => {
    const bad = await post({ jsonrpc: "2.0", id: 1, method: "ping" }, { headers: { "mcp-protocol-version": "2024-01-01" } });
    expect(bad.status).toBe(400);
    for (const version of ["2025-11-25", "2025-06-18", "2025-03-26"]) {
      const good = await post({ jsonrpc: "2.0", id: 1, method: "ping" }, { headers: { "mcp-protocol-version": version } });
      expect(good.status).toBe(200);
      expect(good.json).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    }
  });

  test("GET /api/mcp is 405", async () => {
    const reply = await fetch(`${server.url}/api/mcp`, { headers: { accept: "text/event-stream" } });
    expect(reply.status).toBe(405);
    await reply.body?.cancel();
  });
});

describe("credentials on /api/mcp", () => {
  test.each([
    ["initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } }],
    ["ping", undefined],
    ["tools/list", undefined],
    ["svc.capabilities", {}],
  ])("a present but invalid key is HTTP 401 even for %s", async (method, params) => {
    const reply = await post({ jsonrpc: "2.0", id: 1, method, ...(params ? { params } : {}) }, { key: "svc_0000000000000000000000000000" });
    expect(reply.status).toBe(401);
    expect(reply.json.code).toBe("UNAUTHORIZED");
    expect(reply.headers.get("www-authenticate")).toContain("Bearer");
  });

  test("a malformed Authorization header is HTTP 401", async () => {
    const reply = await post({ jsonrpc: "2.0", id: 1, method: "ping" }, { key: null, headers: { authorization: "Basic abc" } });
    expect(reply.status).toBe(401);
  });

  test("housekeeping works without any key", async () => {
    expect((await call("ping", undefined, { key: null })).result).toEqual({});
    expect((await call("tools/list", undefined, { key: null })).result.tools.length).toBe(EXPECTED_TOOLS.length);
  });
});

describe("rate-limit headers on /api/mcp (free tier)", () => {
  test("initialize, tools/list, ping and notifications carry no RateLimit header; tools/call and spec-style calls do", async () => {
    const options = { key: freeAccount.key };
    for (const body of [
      { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } } },
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
      { jsonrpc: "2.0", id: 3, method: "ping" },
      { jsonrpc: "2.0", method: "notifications/initialized" },
    ]) {
      const reply = await post(body, options);
      expect(reply.status).toBeLessThan(300);
      expect(reply.headers.get("ratelimit")).toBeNull();
      expect(reply.headers.get("ratelimit-policy")).toBeNull();
    }

    const counted = await post({ jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "invoices.query", arguments: {} } }, options);
    expect(counted.status).toBe(200);
    expect(counted.json.result.isError).toBeUndefined();
    expect(counted.headers.get("ratelimit")).toMatch(/^"(burst|hourly|daily)";r=\d+;t=\d+$/);
    expect(counted.headers.get("ratelimit-policy")).toBe('"burst";q=30;w=60, "hourly";q=300;w=3600, "daily";q=1000;w=86400');

    const specStyle = await post({ jsonrpc: "2.0", id: 5, method: "invoices.query", params: {} }, options);
    expect(specStyle.headers.get("ratelimit")).toMatch(/^"(burst|hourly|daily)";r=\d+;t=\d+$/);
  });

  test("each counted call lowers the remaining burst quota", async () => {
    const other = await server.account({ tier: "free" });
    const remaining = async () => {
      const reply = await post({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "invoices.query", arguments: {} } }, { key: other.key });
      const match = /r=(\d+)/.exec(reply.headers.get("ratelimit") ?? "");
      expect(match).not.toBeNull();
      return Number(match?.[1]);
    };
    const first = await remaining();
    const second = await remaining();
    expect(second).toBe(first - 1);
  });
});

describe("/api/mcp/stream answers with SSE", () => {
  test("a request is answered as text/event-stream with an event: message carrying the reply", async () => {
    const reply = await post({ jsonrpc: "2.0", id: 42, method: "invoices.create", params: invoiceInput() }, { path: "/api/mcp/stream" });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toStartWith("text/event-stream");
    const events = reply.text.split("\n\n").filter((block) => block.trim() !== "");
    expect(events).toHaveLength(1);
    const lines = events[0]!.split("\n");
    expect(lines).toContain("event: message");
    expect(lines.some((line) => /^id: \S+$/.test(line))).toBe(true);
    const data = lines.find((line) => line.startsWith("data: "));
    const message = JSON.parse(data!.slice("data: ".length));
    expect(message).toMatchObject({ jsonrpc: "2.0", id: 42, result: { type: "invoice", revision: 1 } });
  });

  test("a batch gives one event per reply; a notification is 202 with no body", async () => {
    const reply = await post(
      [
        { jsonrpc: "2.0", id: 1, method: "ping" },
        { jsonrpc: "2.0", id: 2, method: "no.such.method" },
      ],
      { path: "/api/mcp/stream" },
    );
    expect(reply.headers.get("content-type")).toStartWith("text/event-stream");
    const messages = reply.text
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => JSON.parse(line.slice("data: ".length)));
    expect(reply.text.match(/^event: message$/gm)).toHaveLength(2);
    expect(messages).toEqual([
      { jsonrpc: "2.0", id: 1, result: {} },
      { jsonrpc: "2.0", id: 2, error: expect.objectContaining({ code: -32601 }) },
    ]);
    const notification = await post({ jsonrpc: "2.0", method: "notifications/initialized" }, { path: "/api/mcp/stream" });
    expect(notification.status).toBe(202);
    expect(notification.text).toBe("");
  });

  test("malformed JSON on the stream is a −32700 event with id null", async () => {
    const reply = await post("{nope", { path: "/api/mcp/stream" });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toStartWith("text/event-stream");
    const data = reply.text.split("\n").find((line) => line.startsWith("data: "));
    expect(JSON.parse(data!.slice(6))).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } });
  });
});
