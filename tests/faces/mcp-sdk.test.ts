// /api/mcp (and /api/mcp/stream) driven by the official MCP TypeScript SDK client, through the real
// HTTP server. Every successful structuredContent is validated with the SDK's ajv provider against the
// outputSchema of the tool's full definition (GET /api/tools/{name}; tools/list carries none, ADR 0035).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { invoiceInput, operation } from "../helpers/factories.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";
import { EXPECTED_TOOLS, expectListedAnnotations, expectOutput, hintsOf, toolDefinitions, type ToolDefinition } from "../helpers/tools.ts";

type Tool = { name: string; description?: string; inputSchema: Record<string, unknown>; outputSchema?: Record<string, unknown>; annotations?: Record<string, unknown> };
type CallResult = { content?: unknown; structuredContent?: Record<string, unknown>; isError?: boolean };

let server: TestServer;
let owner: TestAccount;
const clients: Client[] = [];
const validator = new AjvJsonSchemaValidator();

/** One HTTP exchange the SDK made, as seen on the wire. */
type Exchange = { method: string; rpc: string | null; protocolHeader: string | null; status: number; contentType: string | null };

/** The exchanges of one client, and the requests still in flight (the SDK opens its GET stream in the background). */
type Recorder = { exchanges: Exchange[]; inflight: Promise<unknown>[] };

function recorder(): Recorder {
  return { exchanges: [], inflight: [] };
}

async function connect(path: "/api/mcp" | "/api/mcp/stream", key: string | null, { exchanges, inflight }: Recorder = recorder()): Promise<Client> {
  const client = new Client({ name: "mcp-sdk-test", version: "1.0.0" });
  const headers: Record<string, string> = key ? { Authorization: `Bearer ${key}` } : {};
  const recordingFetch = (url: string | URL, init?: RequestInit): Promise<Response> => {
    const recorded = fetch(url, init).then((response) => {
      const body = typeof init?.body === "string" ? (JSON.parse(init.body) as { method?: string }) : null;
      exchanges.push({
        method: init?.method ?? "GET",
        rpc: body?.method ?? null,
        protocolHeader: new Headers(init?.headers).get("mcp-protocol-version"),
        status: response.status,
        contentType: response.headers.get("content-type"),
      });
      return response;
    });
    // Settles only once the exchange is recorded.
    inflight.push(recorded.catch(() => undefined));
    return recorded;
  };
  const transport = new StreamableHTTPClientTransport(new URL(server.url + path), { requestInit: { headers }, fetch: recordingFetch });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** The text block of a result, parsed as JSON. */
function textJson(result: CallResult): any {
  const content = result.content as { type: string; text?: string }[];
  expect(Array.isArray(content)).toBe(true);
  expect(content[0]?.type).toBe("text");
  return JSON.parse(content[0]?.text ?? "");
}

/** A successful result: no isError, structuredContent valid against the tool's full definition's outputSchema, text = the same JSON. */
function expectSuccess(definition: ToolDefinition | undefined, result: CallResult): Record<string, unknown> {
  if (result.isError) throw new Error(`tool failed: ${JSON.stringify(result.content)}`);
  const structured = result.structuredContent;
  expect(structured).toBeDefined();
  expectOutput(definition, structured);
  expect(textJson(result)).toEqual(structured as Record<string, unknown>);
  return structured!;
}

/** A failed result: isError, no structuredContent, the text block is {error, code, details?}. */
/** The HTTP status the SDK's transport threw a call's refusal with (StreamableHTTPError's code). */
async function refusalStatus(call: Promise<unknown>): Promise<number | null> {
  return call.then(
    () => null,
    (error: unknown) => (error instanceof StreamableHTTPError ? (error.code ?? null) : null),
  );
}

function expectToolError(result: CallResult, code: string): any {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  const body = textJson(result);
  expect(body.code).toBe(code);
  expect(typeof body.error).toBe("string");
  return body;
}

let client: Client;
const handshake = recorder();
/** The tools as the server lists them (raw tools/list). */
let tools: Map<string, Tool>;
/** Each tool in full (GET /api/tools/{name}), for the outputSchema checks. */
let definitions: Map<string, ToolDefinition>;
/** What the SDK's own listTools() did: its result, or the error it threw. */
let sdkListing: { tools: Tool[] } | { error: unknown };

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
  // The raw listing keeps the other tests independent of whether the SDK accepts the listing; when
  // it does, listTools() below also makes the SDK validate every structuredContent itself.
  const raw = await fetch(`${server.url}/api/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  const listed = (await raw.json()) as { result: { tools: Tool[] } };
  tools = new Map(listed.result.tools.map((tool) => [tool.name, tool]));
  definitions = await toolDefinitions(server.url);
  client = await connect("/api/mcp", owner.key, handshake);
  sdkListing = await client.listTools().then(
    (result) => ({ tools: result.tools as Tool[] }),
    (error: unknown) => ({ error }),
  );
});
afterAll(async () => {
  for (const each of clients) await each.close();
  await server.close();
});

describe("MCP SDK client on /api/mcp: handshake and tools/list", () => {
  test("connects and negotiates our protocol version, with server info and tools capability", () => {
    expect(client.getServerVersion()).toMatchObject({ name: "invoicing-service", version: server.services.version });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(typeof client.getInstructions()).toBe("string");
    // The SDK sends the version it negotiated on every later request; the server accepted it.
    const transport = (client as unknown as { transport: { protocolVersion?: string } }).transport;
    expect(transport.protocolVersion).toBe("2025-11-25");
  });

  test("the handshake on the wire: initialize (JSON), initialized (202), GET stream (405), then versioned requests", async () => {
    // The GET stream is opened in the background, so only the POSTs have a fixed order.
    await Promise.all(handshake.inflight);
    const [init, initialized, list] = handshake.exchanges.filter((exchange) => exchange.method === "POST");
    expect(init).toMatchObject({ rpc: "initialize", protocolHeader: null, status: 200 });
    expect(init?.contentType).toStartWith("application/json");
    expect(initialized).toMatchObject({ rpc: "notifications/initialized", protocolHeader: "2025-11-25", status: 202 });
    expect(list).toMatchObject({ rpc: "tools/list", protocolHeader: "2025-11-25", status: 200 });
    expect(handshake.exchanges.filter((exchange) => exchange.method === "GET").map((exchange) => exchange.status)).toEqual([405]);
  });

  test("the SDK's listTools() accepts the listing (it rejects an inputSchema whose root is not type object)", () => {
    if ("error" in sdkListing) throw new Error(`SDK listTools() failed: ${String(sdkListing.error)}`);
    expect(sdkListing.tools.map((tool) => tool.name).sort()).toEqual(EXPECTED_TOOLS);
  });

  test("lists exactly the tools of this build, each with an object input schema and annotations; the output schema is the full definition's", async () => {
    expect([...tools.keys()].sort()).toEqual(EXPECTED_TOOLS);
    expect([...definitions.keys()].sort()).toEqual(EXPECTED_TOOLS);
    for (const tool of tools.values()) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema).toBeUndefined();
      expect(typeof tool.description).toBe("string");
      expectListedAnnotations(tool.annotations);
      const { outputSchema } = definitions.get(tool.name)!;
      expect(outputSchema.type).toBe("object");
      // Every outputSchema compiles in the SDK's own validator.
      expect(() => validator.getValidator(outputSchema)).not.toThrow();
    }
    expect(hintsOf(tools.get("invoices.query")?.annotations)).toMatchObject({ readOnlyHint: true });
    expect(hintsOf(tools.get("invoices.mutate")?.annotations)).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });
});

describe("MCP SDK client on /api/mcp: the agent catalog's tools", () => {
  test("invoices.createFromDsl, invoices.summarize, invoices.suggest and invoices.analytics answer as their output schemas say", async () => {
    const dsl = "FROM Acme GmbH\nTO Initech | ap@initech.example\nCURRENCY EUR\nLOCALE en-IE\nDATE 2026-11-20\nDUE Net 14\nITEMS\n Consulting 4 x €95.00\n";
    const created = expectSuccess(definitions.get("invoices.createFromDsl"), (await client.callTool({ name: "invoices.createFromDsl", arguments: { dsl } })) as CallResult);
    const invoice = created.invoice as { id: string; total: number };
    expect(created).toMatchObject({ layout: "A", dry_run: false, finalized: false });
    expect(invoice.total).toBe(38_000);
    const summary = expectSuccess(definitions.get("invoices.summarize"), (await client.callTool({ name: "invoices.summarize", arguments: { id: invoice.id } })) as CallResult);
    expect(summary).toMatchObject({ language: "en", facts: { total: 38_000, next_action: "finalize" } });
    const set = expectSuccess(definitions.get("invoices.summarize"), (await client.callTool({ name: "invoices.summarize", arguments: { q: "initech" } })) as CallResult);
    expect((set.figures as { count: number }).count).toBe(1);
    const suggested = expectSuccess(definitions.get("invoices.suggest"), (await client.callTool({ name: "invoices.suggest", arguments: { client: "Initech", description: "consul" } })) as CallResult);
    expect((suggested.items as Array<{ description: string; last_rate: number }>)[0]).toMatchObject({ description: "Consulting", last_rate: 9_500 });
    const analytics = expectSuccess(definitions.get("invoices.analytics"), (await client.callTool({ name: "invoices.analytics", arguments: { sections: ["breakdown"], from_date: "2026-11-01", to_date: "2026-11-30" } })) as CallResult);
    expect((analytics.currencies as unknown[]).length).toBeGreaterThan(0);
  });
});

describe("MCP SDK client on /api/mcp: invoices", () => {
  test("invoices.create, then invoices.query get reads the same invoice back", async () => {
    const created = expectSuccess(definitions.get("invoices.create"), (await client.callTool({ name: "invoices.create", arguments: invoiceInput() })) as CallResult);
    expect(created).toMatchObject({ type: "invoice", status: "draft", number: null, revision: 1, subtotal: 124_550, tax: 23_665, total: 148_215 });
    expect(created.id).toMatch(/^inv_/);

    const read = expectSuccess(definitions.get("invoices.query"), (await client.callTool({ name: "invoices.query", arguments: { action: "get", id: created.id } })) as CallResult);
    expect(read).toEqual(created);
  });

  test("invoices.query with {} lists (the default action)", async () => {
    const created = expectSuccess(definitions.get("invoices.create"), (await client.callTool({ name: "invoices.create", arguments: invoiceInput({ issue_date: "2026-11-20", due_date: "2026-12-20" }) })) as CallResult);
    const listed = expectSuccess(definitions.get("invoices.query"), (await client.callTool({ name: "invoices.query", arguments: {} })) as CallResult);
    expect(listed).toMatchObject({ limit: 20, offset: 0 });
    expect(listed.total as number).toBeGreaterThanOrEqual(1);
    const ids = (listed.data as { id: string }[]).map((invoice) => invoice.id);
    expect(ids).toContain(created.id as string);
  });

  test("invoices.mutate update with the current revision succeeds; with a stale one it is REVISION_CONFLICT", async () => {
    const created = expectSuccess(definitions.get("invoices.create"), (await client.callTool({ name: "invoices.create", arguments: invoiceInput() })) as CallResult);
    const updated = expectSuccess(
      definitions.get("invoices.mutate"),
      (await client.callTool({ name: "invoices.mutate", arguments: { action: "update", id: created.id, notes: "first", ...operation(1) } })) as CallResult,
    );
    expect(updated).toMatchObject({ id: created.id, notes: "first", revision: 2 });

    const stale = (await client.callTool({ name: "invoices.mutate", arguments: { action: "update", id: created.id, notes: "second", ...operation(1) } })) as CallResult;
    const body = expectToolError(stale, "REVISION_CONFLICT");
    expect(body.details).toMatchObject({ current_revision: 2 });
  });

  test("a validation error is an isError result with VALIDATION_ERROR and the field", async () => {
    const result = (await client.callTool({ name: "invoices.create", arguments: invoiceInput({ issue_date: "2026-02-30" }) })) as CallResult;
    const body = expectToolError(result, "VALIDATION_ERROR");
    expect(body.details.field).toBe("issue_date");
  });

  test("an unknown action of an aggregate tool is an isError VALIDATION_ERROR", async () => {
    const result = (await client.callTool({ name: "invoices.query", arguments: { action: "explode" } })) as CallResult;
    const body = expectToolError(result, "VALIDATION_ERROR");
    expect(body.details.field).toBe("action");
  });

  test("a Key tool without Authorization is HTTP 401, which the SDK without an authProvider throws (with one, OAuth starts)", async () => {
    const anonymous = await connect("/api/mcp", null);
    expect(await refusalStatus(anonymous.callTool({ name: "invoices.create", arguments: invoiceInput() }))).toBe(401);
    // An open tool's action on stored data without a key is also 401.
    expect(await refusalStatus(anonymous.callTool({ name: "invoices.query", arguments: {} }))).toBe(401);
    // And an open tool that needs nothing stored works without a key.
    const capabilities = expectSuccess(definitions.get("svc.capabilities"), (await anonymous.callTool({ name: "svc.capabilities", arguments: {} })) as CallResult);
    expect(capabilities.name).toBe("invoicing-service");
  });

  test("an unknown tool is a JSON-RPC error the SDK throws (−32602)", async () => {
    const error = await client.callTool({ name: "invoices.nope", arguments: {} }).then(
      () => null,
      (caught: unknown) => caught as { code?: number },
    );
    expect(error).not.toBeNull();
    expect(error?.code).toBe(-32602);
  });
});

describe("MCP SDK client on /api/mcp: invoices.query get with a share_token, without a key", () => {
  /** A new invoice of the owner's and its share token, made through the tools. */
  async function sharedInvoice(expiresInDays = 30): Promise<{ invoice: Record<string, unknown>; token: string }> {
    const invoice = expectSuccess(definitions.get("invoices.create"), (await client.callTool({ name: "invoices.create", arguments: invoiceInput() })) as CallResult);
    const link = expectSuccess(definitions.get("invoices.mutate"), (await client.callTool({ name: "invoices.mutate", arguments: { action: "share", id: invoice.id, expires_in_days: expiresInDays } })) as CallResult);
    return { invoice, token: link.token as string };
  }

  const query = async (caller: Client, args: Record<string, unknown>): Promise<CallResult> => (await caller.callTool({ name: "invoices.query", arguments: args })) as CallResult;

  test("answers the shared invoice, the same as action shared and as no action, with a key or without", async () => {
    const { invoice, token } = await sharedInvoice();
    const anonymous = await connect("/api/mcp", null);
    const got = expectSuccess(definitions.get("invoices.query"), await query(anonymous, { action: "get", share_token: token }));
    expect(got).toEqual(expectSuccess(definitions.get("invoices.query"), await query(anonymous, { action: "shared", share_token: token })));
    expect(got).toEqual(expectSuccess(definitions.get("invoices.query"), await query(anonymous, { share_token: token })));
    expect(got).toEqual(expectSuccess(definitions.get("invoices.query"), await query(client, { action: "get", share_token: token })));
    expect(got).toMatchObject({ id: invoice.id, total: invoice.total, items: invoice.items });
  });

  test("get by id still needs a key: UNAUTHORIZED without one, even for a shared invoice", async () => {
    const { invoice } = await sharedInvoice();
    const anonymous = await connect("/api/mcp", null);
    expect(await refusalStatus(query(anonymous, { action: "get", id: invoice.id }))).toBe(401);
  });

  test("a made-up, revoked or expired token answers NOT_FOUND, exactly as action shared does", async () => {
    const anonymous = await connect("/api/mcp", null);
    const revoked = await sharedInvoice();
    expectSuccess(definitions.get("invoices.mutate"), (await client.callTool({ name: "invoices.mutate", arguments: { action: "unshare", id: revoked.invoice.id } })) as CallResult);
    const expiring = await sharedInvoice(1);
    server.clock.advance(86_400_000);
    for (const token of ["A".repeat(43), revoked.token, expiring.token]) {
      const viaGet = expectToolError(await query(anonymous, { action: "get", share_token: token }), "NOT_FOUND");
      expect(viaGet).toEqual(expectToolError(await query(anonymous, { action: "shared", share_token: token }), "NOT_FOUND"));
    }
  });

  test("a share_token beside an id is refused as the shared action's unknown field, not read as a key-less get", async () => {
    const { invoice, token } = await sharedInvoice();
    const anonymous = await connect("/api/mcp", null);
    const body = expectToolError(await query(anonymous, { action: "get", id: invoice.id, share_token: token }), "VALIDATION_ERROR");
    expect(body.details).toMatchObject({ field: "id" });
  });

  test("the listing says so: get with a share_token is open", () => {
    const description = tools.get("invoices.query")!.description ?? "";
    expect(description).toContain("\nAuth: none for shared (and get with share_token); list, get, payments, mail and history: a key with invoices:read.\n");
    // Each action on its own in the full definition: get by id needs the key, shared (which answers get with a share_token) none.
    const actions = definitions.get("invoices.query")!.actions;
    expect(actions.find((entry) => entry.action === "get")).toMatchObject({ key_required: true, scope: "invoices:read" });
    expect(actions.find((entry) => entry.action === "shared")).toMatchObject({ key_required: false, scope: null });
  });
});

describe("MCP SDK client on /api/mcp: entities and platform", () => {
  test("entities.mutate creates a client; entities.query lists it", async () => {
    const name = `Client ${crypto.randomUUID()}`;
    const made = expectSuccess(
      definitions.get("entities.mutate"),
      (await client.callTool({ name: "entities.mutate", arguments: { entity: "client", action: "create", name } })) as CallResult,
    );
    expect(made).toMatchObject({ name, archived: false });
    expect(made.id).toMatch(/^cli_/);

    const listed = expectSuccess(
      definitions.get("entities.query"),
      (await client.callTool({ name: "entities.query", arguments: { entity: "client", action: "list" } })) as CallResult,
    );
    expect((listed.data as { id: string; name: string }[]).find((row) => row.id === made.id)?.name).toBe(name);

    const got = expectSuccess(
      definitions.get("entities.query"),
      (await client.callTool({ name: "entities.query", arguments: { entity: "client", action: "get", id: made.id } })) as CallResult,
    );
    expect(got).toEqual(made);
  });

  test("entities.mutate without an entity is an isError VALIDATION_ERROR naming entity", async () => {
    const result = (await client.callTool({ name: "entities.mutate", arguments: { action: "create", name: "x" } })) as CallResult;
    const body = expectToolError(result, "VALIDATION_ERROR");
    expect(body.details.field).toBe("entity");
  });

  test("svc.capabilities and svc.feedback return schema-valid structured content", async () => {
    const capabilities = expectSuccess(definitions.get("svc.capabilities"), (await client.callTool({ name: "svc.capabilities", arguments: {} })) as CallResult);
    expect((capabilities.tools as { name: string }[]).map((tool) => tool.name).sort()).toEqual(EXPECTED_TOOLS);
    const feedback = expectSuccess(definitions.get("svc.feedback"), (await client.callTool({ name: "svc.feedback", arguments: { kind: "bug", message: "from the SDK test" } })) as CallResult);
    expect(feedback.id).toMatch(/^fbk_/);
  });

  test("invoices.duplicate and invoices.finalize return schema-valid structured content", async () => {
    const created = expectSuccess(definitions.get("invoices.create"), (await client.callTool({ name: "invoices.create", arguments: invoiceInput() })) as CallResult);
    const copy = expectSuccess(definitions.get("invoices.duplicate"), (await client.callTool({ name: "invoices.duplicate", arguments: { id: created.id } })) as CallResult);
    expect(copy).toMatchObject({ status: "draft", number: null });
    expect(copy.id).not.toBe(created.id);
    const finalized = expectSuccess(
      definitions.get("invoices.finalize"),
      (await client.callTool({ name: "invoices.finalize", arguments: { id: created.id, ...operation(1) } })) as CallResult,
    );
    expect(finalized).toMatchObject({ id: created.id, locked: true, revision: 2 });
    expect(finalized.number).toMatch(/^INV-2026-\d{4}$/);
  });
});

describe("MCP SDK client on /api/mcp/stream (SSE answers)", () => {
  test("connects, lists the same tools and calls them; results arrive over SSE", async () => {
    const recorded = recorder();
    const { exchanges } = recorded;
    const streamed = await connect("/api/mcp/stream", owner.key, recorded);
    const created = expectSuccess(definitions.get("invoices.create"), (await streamed.callTool({ name: "invoices.create", arguments: invoiceInput() })) as CallResult);
    const read = expectSuccess(definitions.get("invoices.query"), (await streamed.callTool({ name: "invoices.query", arguments: { action: "get", id: created.id } })) as CallResult);
    expect(read).toEqual(created);
    const conflict = (await streamed.callTool({ name: "invoices.mutate", arguments: { action: "update", id: created.id, notes: "x", ...operation(7) } })) as CallResult;
    expectToolError(conflict, "REVISION_CONFLICT");
    await streamed.ping();
    const answered = exchanges.filter((exchange) => exchange.method === "POST" && exchange.status === 200);
    expect(answered.map((exchange) => exchange.rpc)).toEqual(["initialize", "tools/call", "tools/call", "tools/call", "ping"]);
    for (const exchange of answered) expect(exchange.contentType).toStartWith("text/event-stream");
    expect(exchanges.find((exchange) => exchange.rpc === "notifications/initialized")?.status).toBe(202);
  });

  test("the SDK's listTools() over SSE returns the same tools", async () => {
    const streamed = await connect("/api/mcp/stream", owner.key);
    const listed = await streamed.listTools();
    expect(listed.tools.map((tool) => tool.name).sort()).toEqual(EXPECTED_TOOLS);
  });
});
