// Discovery: the MCP server card and tool catalog, the AI catalog, the browser-agent manifest and
// llms.txt, open and cacheable, each validated against its schema, and true: the tools are the ones
// tools/list gives, the card's endpoint answers MCP, the catalog's tools endpoint gives each tool in
// full, the share page declares the tools the WebMCP manifest says it does, and llms.txt's DSL example
// creates an invoice.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { parseHTML } from "linkedom";
import { aiCatalogSchema, mcpManifestSchema, serverCardSchema, webMcpManifestSchema } from "../../server/http/discovery.ts";
import { api } from "../helpers/http.ts";
import { expectStatus, invoicePath, steppedAccount, type SteppedAccount } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { EXPECTED_TOOLS } from "../helpers/tools.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

const DOCUMENTS = [
  ["/.well-known/mcp.json", "application/json; charset=utf-8"],
  ["/api/mcp/server-card", "application/mcp-server-card+json"],
  ["/.well-known/mcp/server-card", "application/mcp-server-card+json"],
  ["/.well-known/ai-catalog.json", "application/json; charset=utf-8"],
  ["/.well-known/webmcp.json", "application/json; charset=utf-8"],
  ["/llms.txt", "text/plain; charset=utf-8"],
  ["/api/tools/invoices.create", "application/json; charset=utf-8"],
  ["/api/tools/invoices_create", "application/json; charset=utf-8"],
] as const;

async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(server.url + path, { headers });
}

describe("open, cached, conditional", () => {
  test.each(DOCUMENTS)("%s: no key needed, its type, cacheable with an ETag, 304 when unchanged", async (path, type) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(type);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await get(path, { "if-none-match": etag ?? "" });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  test("a key that is present but invalid is refused, as on every open route", async () => {
    expect((await get("/.well-known/mcp.json", { authorization: "Bearer svc_0000000000000000000000000000" })).status).toBe(401);
  });

  test("the JSON documents are in the OpenAPI document", async () => {
    const document = await (await get("/api/openapi.json")).json();
    for (const path of ["/mcp/server-card", "/.well-known/mcp/server-card", "/.well-known/mcp.json", "/.well-known/ai-catalog.json", "/.well-known/webmcp.json"]) expect(document.paths[path]?.get).toBeDefined();
    expect(document.components.schemas.McpManifest).toBeDefined();
  });
});

describe("/.well-known/mcp.json: the server card and the tool catalog", () => {
  test("validates, names this server's MCP endpoint, and lists exactly the tools of tools/list with the same schemas, neither with an output schema", async () => {
    const raw = (await (await get("/.well-known/mcp.json")).json()) as { tools: Array<Record<string, unknown>> };
    const manifest = mcpManifestSchema.parse(raw);
    expect(manifest.remotes[0]).toMatchObject({ type: "streamable-http", url: `${server.url}/api/mcp` });
    expect(manifest.endpoints.stream).toBe(`${server.url}/api/mcp/stream`);
    expect(manifest.endpoints.tools).toBe(`${server.url}/api/tools`);
    const listed = (await api(server.url).post("/api/mcp", { jsonrpc: "2.0", id: 1, method: "tools/list" })).body.result.tools as Array<{ description: string; inputSchema: Record<string, unknown>; annotations: Record<string, unknown>; name: string }>;
    expect(manifest.tools.map((tool) => tool.name).sort()).toEqual(EXPECTED_TOOLS);
    for (const tool of manifest.tools) {
      const same = listed.find((entry) => entry.name === tool.name)!;
      expect({ description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations }).toEqual({
        description: same.description,
        inputSchema: same.inputSchema,
        annotations: same.annotations,
      });
    }
    // Read before the schema's parse, which would drop a field it does not name.
    for (const tool of [...raw.tools, ...listed]) expect({ tool: tool.name, outputSchema: "outputSchema" in tool }).toEqual({ tool: tool.name, outputSchema: false });
  });

  test("every tool's input schema compiles as JSON Schema; auth names the open actions, endpoints.tools each action's scope; prices only where there are", async () => {
    const raw = (await (await get("/.well-known/mcp.json")).json()) as { tools: Array<Record<string, unknown>> };
    const manifest = mcpManifestSchema.parse(raw);
    const validator = new AjvJsonSchemaValidator();
    for (const tool of manifest.tools) expect(() => validator.getValidator(tool.inputSchema)).not.toThrow();
    const byName = new Map(manifest.tools.map((tool) => [tool.name, tool]));
    expect(byName.get("invoices.create")!.auth).toEqual({ required: true });
    expect(byName.get("invoices.query")!.auth).toEqual({ required: false, open_actions: ["shared"] });
    expect(byName.get("invoices.summarize")!.auth).toEqual({ required: false, open_actions: ["shared", "inline"] });
    // Every action open: nothing to name.
    expect(byName.get("svc.capabilities")!.auth).toEqual({ required: false });
    expect(byName.get("templates.query")!.auth).toEqual({ required: false });
    // Which scope each action needs is the tool's full definition, where endpoints.tools points.
    const query = await (await fetch(`${manifest.endpoints.tools}/invoices.query`)).json();
    const scopes = Object.fromEntries((query.actions as Array<{ action: string; scope: string | null }>).map((entry) => [entry.action, entry.scope]));
    expect(scopes).toEqual({ list: "invoices:read", get: "invoices:read", payments: "invoices:read", history: "invoices:read", mail: "invoices:read", shared: null });
    // The spec's four paid operations, each priced where an agent looks for a tool's cost; no prices key on a free tool.
    const prices = manifest.tools.flatMap((tool) => (tool.prices ?? []).map((price) => ({ tool: tool.name, ...price })));
    expect(raw.tools.filter((tool) => "prices" in tool).map((tool) => tool.name).sort()).toEqual(["import", "invoices.export", "templates.mutate"]);
    expect(prices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tool: "templates.mutate", action: "extract_brand", operation: "brand_extraction", usd: 0.01 }),
        expect.objectContaining({ tool: "import", action: "ocr", operation: "ocr", usd: 0.005 }),
        expect.objectContaining({ tool: "import", action: "extract", operation: "ai_extract", usd: 0.01 }),
        expect.objectContaining({ tool: "invoices.export", operation: "pdf_render", usd: 0.005 }),
      ]),
    );
    expect(prices).toHaveLength(4);
  });

  test("the card, where the draft looks for it, and the AI catalog that lists it", async () => {
    const card = serverCardSchema.parse(await (await get("/api/mcp/server-card")).json());
    expect(await (await get("/.well-known/mcp/server-card")).json()).toEqual(card);
    const catalog = aiCatalogSchema.parse(await (await get("/.well-known/ai-catalog.json")).json());
    expect(catalog.entries).toEqual([{ id: card.name, name: card.title, description: card.description, type: "application/mcp-server-card+json", url: `${server.url}/api/mcp/server-card` }]);
    const initialize = await fetch(card.remotes[0]!.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: card.remotes[0]!.supportedProtocolVersions[0], capabilities: {}, clientInfo: { name: "t", version: "1" } } }),
    });
    expect((await initialize.json()).result.serverInfo.version).toBe(card.version);
  });
});

describe("/.well-known/webmcp.json: what pages offer browser agents", () => {
  test("names the bridge: postMessage with MCP JSON-RPC in a webmcp envelope, model context, who is answered", async () => {
    const manifest = webMcpManifestSchema.parse(await (await get("/.well-known/webmcp.json")).json());
    expect(manifest.bridge).toMatchObject({
      transport: "postMessage",
      envelope: { type: "webmcp" },
      example: { type: "webmcp", message: { jsonrpc: "2.0", id: 1, method: "tools/list" } },
      methods: ["initialize", "ping", "tools/list", "tools/call"],
      notifications: ["notifications/tools/list_changed"],
      trusted_origins: { origins: [] },
      model_context: { apis: ["document.modelContext", "navigator.modelContext"] },
    });
    expect(manifest.declarative.form_attributes).toEqual(["toolname", "tooldescription", "toolparamdescription"]);
  });

  test("the console's pages and their tools: schemas compile, and every tool that approves waits for the person", async () => {
    const manifest = webMcpManifestSchema.parse(await (await get("/.well-known/webmcp.json")).json());
    const consolePages = manifest.pages.filter((page) => page.signed_in);
    expect(consolePages.map((page) => page.path)).toContain("/app/approvals");
    const validator = new AjvJsonSchemaValidator();
    const tools = consolePages.flatMap((page) => page.tools);
    for (const tool of tools) expect(() => validator.getValidator(tool.inputSchema)).not.toThrow();
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
    const approving = tools.filter((tool) => tool.name.endsWith(".approve"));
    expect(approving.map((tool) => tool.name).sort()).toEqual(["approvals.approve", "invoice.approve"]);
    for (const tool of approving) expect(tool.needs_confirmation).toBe(true);
    // The invoice page's general move cannot approve: approval is only the confirmed tool.
    const transition = tools.find((tool) => tool.name === "invoice.transition")!;
    expect((transition.inputSchema as { properties: { status: { enum: string[] } } }).properties.status.enum).not.toContain("approved");
  });

  test("the share page declares every tool the manifest lists for it, and each tool's route answers", async () => {
    const manifest = webMcpManifestSchema.parse(await (await get("/.well-known/webmcp.json")).json());
    const sharePage = manifest.pages.find((page) => page.path === "/share/{token}");
    expect(sharePage?.signed_in).toBe(false);
    const invoice = await owner.steps.create();
    const { token } = expectStatus(await owner.client.post(invoicePath(invoice.id, "/share"), {}), 200);
    const html = await (await get(`/share/${token}`)).text();
    const page = parseHTML(html).document;
    for (const tool of sharePage!.tools) {
      expect(tool.needs_confirmation).toBe(false);
      expect(tool.annotations.readOnlyHint).toBe(true);
      const element = page.querySelector(tool.declared_by);
      expect(element?.getAttribute("data-tool-description")).toBe(tool.description);
      const path = tool.http!.path.replace("{token}", token);
      expect(element?.getAttribute("href")).toBe(path);
      const answer = await fetch(server.url + path, { redirect: "manual" });
      expect([200, 303]).toContain(answer.status);
      if (tool.mcp) {
        const args = Object.fromEntries(Object.entries(tool.mcp.arguments).map(([name, value]) => [name, value.replace("{token}", token)]));
        const reply = await api(server.url).post("/api/mcp", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: tool.mcp.tool, arguments: args } });
        expect(reply.body.result.isError).toBeUndefined();
      }
    }
  });
});

describe("/llms.txt", () => {
  test("says what the service is, where its faces and manifests are, and its DSL example creates an invoice", async () => {
    const text = await (await get("/llms.txt")).text();
    for (const place of ["/api/openapi.json", "/api/mcp/stream", "/trpc", "/.well-known/mcp.json", "/.well-known/webmcp.json"]) expect(text).toContain(server.url + place);
    for (const tool of EXPECTED_TOOLS) expect(text).toContain(`- ${tool}:`);
    for (const paid of ["- templates.mutate extract_brand: 0.01 USD", "- import ocr: 0.005 USD", "- import extract: 0.01 USD", "- invoices.export inline: 0.005 USD (format pdf or png)"]) expect(text).toContain(paid);
    const dsl = /```\n([\s\S]*?)```/.exec(text)?.[1] ?? "";
    const created = await owner.client.post("/api/invoices/dsl", { dsl, dry_run: true });
    expect(created.status).toBe(200);
    expect(created.body.invoice.total).toBeGreaterThan(0);
  });
});
