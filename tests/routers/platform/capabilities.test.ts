import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api, type Api } from "../../helpers/http.ts";
import { SCOPES } from "../../../server/domain/scopes.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";
import { EXPECTED_TOOLS } from "../../helpers/tools.ts";

let server: TestServer;
let anonymous: Api;
let body: Record<string, any>;


beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_ANONYMOUS: "1,1,1" } });
  anonymous = api(server.url);
  const reply = await anonymous.get("/api/capabilities");
  expect(reply.status).toBe(200);
  body = reply.body;
});
afterAll(() => server.close());

type Tool = { name: string; title: string; description: string; auth: string; actions: string[]; open_actions: string[]; scopes: string[] };
type Operation = { method: string; path: string; summary: string; operation_id: string; scope: string | null };

const tool = (name: string): Tool => (body.tools as Tool[]).find((entry) => entry.name === name) as Tool;
const operation = (method: string, path: string): Operation | undefined => (body.operations as Operation[]).find((entry) => entry.method === method && entry.path === path);

describe("GET /api/capabilities: happy", () => {
  test("names the service and its version", () => {
    expect(body.name).toBe("invoicing-service");
    expect(body.version).toBe(server.services.version);
    expect(body.protocols).toMatchObject({ jsonrpc: "2.0", openapi: "3.1.0" });
  });

  test("lists exactly the tools built so far", () => {
    expect((body.tools as Tool[]).map((entry) => entry.name).sort()).toEqual(EXPECTED_TOOLS);
    for (const entry of body.tools as Tool[]) {
      expect(entry.title.length).toBeGreaterThan(0);
      expect(entry.description.length).toBeGreaterThan(0);
      expect(["none", "key"]).toContain(entry.auth);
    }
  });

  test("aggregate tools list their actions", () => {
    expect([...tool("entities.query").actions].sort()).toEqual(["client.get", "client.list", "product.get", "product.list"]);
    expect([...tool("entities.mutate").actions].sort()).toEqual(["client.create", "client.delete", "client.update", "product.create", "product.delete", "product.update"]);
    expect([...tool("invoices.mutate").actions].sort()).toEqual(["delete", "record_payment", "remove_payment", "retry_mail", "share", "transition", "unshare", "update"]);
    expect([...tool("invoices.export").actions].sort()).toEqual(["bulk", "formats", "inline", "stored"]);
    expect([...tool("templates.query").actions].sort()).toEqual(["get", "list", "schema"]);
    expect([...tool("invoices.finalize").actions].sort()).toEqual(["finalize", "undo"]);
    expect(tool("invoices.query").actions).toEqual(expect.arrayContaining(["list", "get"]));
    expect(tool("invoices.create").actions).toEqual([]);
  });

  test("open tools are marked auth none, writing tools auth key", () => {
    expect(tool("svc.capabilities").auth).toBe("none");
    expect(tool("svc.feedback").auth).toBe("none");
    expect(tool("invoices.create").auth).toBe("key");
    expect(tool("entities.mutate").auth).toBe("key");
    expect(tool("invoices.mutate").auth).toBe("key");
  });

  test("lists the REST operations with their scopes", () => {
    expect(operation("POST", "/api/clients")).toMatchObject({ operation_id: "createClient", scope: "entities:write" });
    expect(operation("GET", "/api/clients")).toMatchObject({ operation_id: "listClients", scope: "entities:read" });
    expect(operation("DELETE", "/api/clients/{id}")).toMatchObject({ scope: "entities:write" });
    expect(operation("POST", "/api/products")).toMatchObject({ scope: "entities:write" });
    expect(operation("POST", "/api/invoices")).toMatchObject({ operation_id: "createInvoice", scope: "invoices:write" });
    expect(operation("GET", "/api/invoices")).toMatchObject({ scope: "invoices:read" });
    expect(operation("PUT", "/api/account")).toMatchObject({ scope: "account:admin" });
    expect(operation("GET", "/api/account")).toMatchObject({ scope: null });
    expect(operation("GET", "/api/health")).toMatchObject({ scope: null });
    expect(operation("POST", "/api/feedback")).toMatchObject({ scope: null });
    const ids = (body.operations as Operation[]).map((entry) => entry.operation_id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of body.operations as Operation[]) {
      expect(entry.path).toStartWith("/api/");
      expect(entry.summary.length).toBeGreaterThan(0);
    }
  });

  test("every listed operation really is served (no 404 or 405 for its path and method)", async () => {
    const unrouted = await api(server.url).raw("/api/no-such-route", { method: "GET" });
    expect(unrouted.status).toBe(404);
    for (const entry of body.operations as Operation[]) {
      const path = entry.path.replace("{id}", "x_unknown");
      const reply = await api(server.url).raw(path, { method: entry.method });
      expect({ path: entry.path, method: entry.method, routed: ![404, 405].includes(reply.status) }).toEqual({ path: entry.path, method: entry.method, routed: true });
    }
  });

  test("the catalog equals the routers: every REST operation the OpenAPI document has (generated independently) and no other", async () => {
    const document = (await anonymous.get("/api/openapi.json")).body as { paths: Record<string, Record<string, { operationId: string; tags?: string[] }>> };
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method, operation]) => method !== "servers" && !operation.tags?.includes("discovery"))
        .map(([method, operation]) => `${method.toUpperCase()} /api${path} ${operation.operationId}`),
    );
    expect((body.operations as Operation[]).map((entry) => `${entry.method} ${entry.path} ${entry.operation_id}`).sort()).toEqual(documented.sort());
  });

  test("each tool says which of its actions are open and which scopes the others need", () => {
    expect(tool("invoices.query")).toMatchObject({ open_actions: ["shared"], scopes: ["invoices:read"] });
    expect(tool("invoices.export").open_actions).toEqual(["inline"]);
    expect([...tool("invoices.summarize").open_actions].sort()).toEqual(["inline", "shared"]);
    expect(tool("invoices.create")).toMatchObject({ open_actions: [], scopes: ["invoices:write"] });
    expect(tool("svc.feedback")).toMatchObject({ open_actions: ["svc.feedback"], scopes: [] });
  });

  test("formats: the 14 export formats the export tool takes, the DSL layouts, the summary languages, the analytics options", async () => {
    const listed = (await anonymous.post("/api/mcp", { jsonrpc: "2.0", id: 1, method: "tools/list" })).body.result.tools as Array<{ name: string; inputSchema: { properties: Record<string, { enum?: string[] }> } }>;
    const exportTool = listed.find((entry) => entry.name === "invoices.export")!;
    expect(body.formats.export).toEqual(exportTool.inputSchema.properties.format!.enum);
    expect(body.formats.export).toHaveLength(14);
    expect(body.formats).toMatchObject({
      xrechnung_syntaxes: ["ubl", "cii"],
      dsl_layouts: ["A", "B"],
      summary_languages: ["en", "de", "fr", "es", "it", "nl", "pt", "ja"],
      analytics: { granularities: ["day", "week", "month", "quarter", "year"], sections: ["revenue", "aging", "dso", "clients", "breakdown"], aging_buckets: ["current", "1-30", "31-60", "61-90", "90+"] },
    });
  });

  test("where the discovery documents are, each of them answering", async () => {
    expect(Object.keys(body.discovery).sort()).toEqual(["ai_catalog", "llms", "mcp_manifest", "openapi", "server_card", "webmcp"]);
    for (const url of Object.values(body.discovery as Record<string, string>)) {
      expect(url).toStartWith(server.url);
      expect((await fetch(url)).status).toBe(200);
    }
  });

  test("tiers are the published tier table, plus unlimited without limits", () => {
    expect(body.tiers).toEqual({
      anonymous: { burst_per_minute: 1, per_hour: 1, per_day: 1 },
      free: { burst_per_minute: 30, per_hour: 300, per_day: 1_000 },
      pro: { burst_per_minute: 120, per_hour: 2_000, per_day: 20_000 },
      team: { burst_per_minute: 300, per_hour: 5_000, per_day: 50_000 },
      business: { burst_per_minute: 600, per_hour: 10_000, per_day: 100_000 },
      unlimited: null,
    });
  });

  test("prices are the published price table", () => {
    const prices = Object.fromEntries((body.prices as Array<{ operation: string; usd: number }>).map((row) => [row.operation, row.usd]));
    expect(prices).toEqual({
      "Create, update, delete invoice": 0,
      "List, get invoices": 0,
      "PDF generation (REST export; browser PDF download)": 0,
      "Client management": 0,
      "Brand extraction": 0.01,
      "OCR (text from invoice images)": 0.005,
      "AI extract (structured data from documents)": 0.01,
      "PDF render (server-side)": 0.005,
    });
    const available = Object.fromEntries((body.prices as Array<{ operation: string; available: boolean }>).map((row) => [row.operation, row.available]));
    expect(available["Client management"]).toBe(true);
    expect(available["Create, update, delete invoice"]).toBe(true);
    for (const paid of ["Brand extraction", "OCR (text from invoice images)", "AI extract (structured data from documents)", "PDF render (server-side)"]) expect(available[paid]).toBe(true);
    const rows = body.prices as Array<{ operation: string; paid_operation: string | null; operation_ids: string[] }>;
    expect(rows.filter((row) => row.paid_operation !== null).map((row) => [row.paid_operation, row.operation_ids])).toEqual([
      ["brand_extraction", ["extractBrand"]],
      ["ocr", ["ocrDocument"]],
      ["ai_extract", ["extractDocument"]],
      ["pdf_render", ["renderInvoice", "exportInlineInvoice"]],
    ]);
  });

  test("payments: x402 off until its settings are given, naming them; each tier's monthly paid calls", () => {
    expect(body.payments).toEqual({
      x402: { enabled: false, network: "eip155:8453", asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", pay_to: null, missing: ["X402_PAY_TO", "X402_FACILITATOR_URL"] },
      paid_calls_per_month: { anonymous: 0, free: 100, pro: 2000, team: 10000, business: 50000, unlimited: null },
    });
  });

  test("limits match the spec and the validators", () => {
    expect(body.limits).toMatchObject({
      body_bytes: 1024 * 1024,
      page_size: { min: 1, max: 100, default: 20 },
      name_length: { min: 1, max: 500 },
      quantity_decimals: 4,
      max_amount: Number.MAX_SAFE_INTEGER,
      dsl_characters: 100_000,
      bulk_export_invoices: 1_000,
      analytics_periods: 1_000,
      suggestion_history_lines: 1_000,
    });
    expect(body.limits.items_per_invoice).toBeGreaterThan(0);
  });

  test("scopes are the eight the service defines", () => {
    expect(body.scopes).toEqual([...SCOPES]);
    expect(body.scopes).toEqual(["invoices:read", "invoices:write", "invoices:approve", "entities:read", "entities:write", "templates:read", "templates:write", "account:admin"]);
  });

  test("currencies come with their ISO 4217 minor units", () => {
    const units = Object.fromEntries((body.currencies as Array<{ code: string; minor_units: number }>).map((row) => [row.code, row.minor_units]));
    expect(units).toMatchObject({ EUR: 2, USD: 2, JPY: 0, KWD: 3 });
  });

  test("open, and not counted: repeated anonymous calls beyond the allowance still answer", async () => {
    for (let i = 0; i < 5; i++) {
      const reply = await anonymous.get("/api/capabilities");
      expect(reply.status).toBe(200);
      expect(reply.headers.get("ratelimit")).toBeNull();
    }
  });

  test("a valid key sees the same catalog", async () => {
    const account = await server.account();
    const reply = await api(server.url, account.key).get("/api/capabilities");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(body);
  });
});

describe("GET /api/capabilities: errors", () => {
  test("unknown query parameters are 422", async () => {
    const reply = await anonymous.get("/api/capabilities?x=1");
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe("VALIDATION_ERROR");
  });
});

describe("GET /api/capabilities: security", () => {
  test("a present but invalid key is 401 even on this open endpoint", async () => {
    // Failed credentials count against this address's tiny anonymous allowance: start a fresh day.
    server.clock.advance(86_400_000);
    const reply = await anonymous.get("/api/capabilities", "svc_0000000000000000000000000000");
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe("UNAUTHORIZED");
    expect(reply.headers.get("www-authenticate")).toContain("Bearer");
  });
});
