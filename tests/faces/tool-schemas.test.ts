// The tool catalog's JSON Schemas as /api/mcp lists them: object roots (the MCP SDK client rejects
// anything else), action/entity selectors on aggregate tools, schemas that compile in the SDK's own
// validator and actually constrain, and svc.capabilities output that conforms to its schema.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { invoiceInput, operation } from "../helpers/factories.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

type Schema = Record<string, unknown> & { type?: unknown; properties?: Record<string, { enum?: unknown[] }>; required?: string[] };
type Tool = { name: string; title?: string; description?: string; inputSchema: Schema; outputSchema?: Schema; annotations?: Record<string, unknown> };

/** Aggregate tools: their actions (the spec's catalog, ADR 0001), entities and default action. */
const AGGREGATES: Record<string, { actions: string[]; entities?: string[]; hasDefault: boolean }> = {
  "invoices.query": { actions: ["list", "get", "payments", "history", "shared"], hasDefault: true },
  "invoices.mutate": { actions: ["update", "transition", "record_payment", "delete", "share", "unshare"], hasDefault: false },
  "invoices.export": { actions: ["stored", "inline", "formats", "bulk"], hasDefault: true },
  "templates.query": { actions: ["list", "get", "schema"], hasDefault: true },
  "templates.mutate": { actions: ["create", "update", "delete", "extract_brand"], hasDefault: false },
  import: { actions: ["import", "get", "cancel", "ocr", "extract"], hasDefault: true },
  "invoices.finalize": { actions: ["finalize", "undo"], hasDefault: true },
  "invoices.summarize": { actions: ["stored", "shared", "inline", "set"], hasDefault: true },
  "entities.query": { actions: ["list", "get"], entities: ["client", "product"], hasDefault: false },
  "entities.mutate": { actions: ["create", "update", "delete"], entities: ["client", "product"], hasDefault: false },
  "invoices.automate": {
    actions: [
      "create_recurring",
      "list_recurring",
      "get_recurring",
      "update_recurring",
      "delete_recurring",
      "pause_recurring",
      "resume_recurring",
      "skip_recurring",
      "preview_recurring",
      "create_webhook",
      "list_webhooks",
      "get_webhook",
      "update_webhook",
      "delete_webhook",
      "rotate_webhook_secret",
      "test_webhook",
      "list_deliveries",
      "redeliver",
      "list_events",
      "get_event",
      "get_reminders",
      "set_reminders",
    ],
    hasDefault: false,
  },
};
const SINGLE = ["invoices.analytics", "invoices.create", "invoices.createFromDsl", "invoices.duplicate", "invoices.send", "invoices.suggest", "svc.capabilities", "svc.feedback", "templates.apply"];

const INVOICE_ID = "inv_01M7YRRT802JPX82W4PATB147W";
const CLIENT_ID = "cli_01M7YRRT802JPX82W4PATB147W";

/** Arguments each tool must accept (valid per its input schema) and ones it must refuse. */
const VALID_ARGUMENTS: [string, string, Record<string, unknown>][] = [
  ["invoices.create", "a full invoice", invoiceInput()],
  ["invoices.create", "an item without quantity (defaults are not required)", { issue_date: "2026-11-01", items: [{ description: "x", rate: 100 }] }],
  ["invoices.duplicate", "an id", { id: INVOICE_ID }],
  ["invoices.query", "{} (the default action)", {}],
  ["invoices.query", "list with filters", { action: "list", limit: 5, q: "acme" }],
  ["invoices.query", "get", { action: "get", id: INVOICE_ID }],
  ["invoices.mutate", "update", { action: "update", id: INVOICE_ID, notes: "x", ...operation(1) }],
  ["invoices.mutate", "transition", { action: "transition", id: INVOICE_ID, status: "review", ...operation(1) }],
  ["invoices.finalize", "no action (the default)", { id: INVOICE_ID, ...operation(1) }],
  ["invoices.finalize", "undo", { action: "undo", id: INVOICE_ID, ...operation(2) }],
  ["entities.query", "client list", { entity: "client", action: "list" }],
  ["entities.query", "client get", { entity: "client", action: "get", id: CLIENT_ID }],
  ["entities.mutate", "client create", { entity: "client", action: "create", name: "Zoë" }],
  ["svc.capabilities", "{}", {}],
  ["svc.feedback", "a message", { message: "works" }],
  ["invoices.query", "a share token without action", { share_token: "abc" }],
  ["invoices.export", "an id without action", { id: INVOICE_ID, format: "pdf" }],
  ["invoices.export", "an inline invoice without action", { invoice: invoiceInput(), format: "ubl" }],
  ["templates.query", "{}", {}],
  ["templates.query", "schema", { action: "schema", id: "classic" }],
  ["templates.mutate", "create", { action: "create", name: "Brand", options: { paper: "Letter" } }],
  ["templates.apply", "a template", { id: INVOICE_ID, template_id: "bold", ...operation(1) }],
  ["invoices.send", "by e-mail to the client", { id: INVOICE_ID, via: "email", ...operation(1) }],
  ["invoices.automate", "a webhook for every event", { action: "create_webhook", url: "https://hooks.example.com/invoices", event_types: ["*"] }],
  ["invoices.automate", "a monthly rule", { action: "create_recurring", invoice_id: INVOICE_ID, frequency: "monthly", start_date: "2026-12-01" }],
  ["invoices.automate", "events of one type", { action: "list_events", type: "invoice.paid" }],
];
const INVALID_ARGUMENTS: [string, string, Record<string, unknown>][] = [
  ["invoices.create", "no issue_date", { bill_to_name: "x" }],
  ["invoices.create", "an unknown field", invoiceInput({ colour: "red" })],
  ["invoices.create", "a string rate", invoiceInput({ items: [{ description: "x", rate: "100" }] })],
  ["invoices.duplicate", "no id", {}],
  ["invoices.query", "an unknown action", { action: "explode" }],
  ["invoices.mutate", "no action", { id: INVOICE_ID, notes: "x", ...operation(1) }],
  ["entities.query", "no entity", { action: "list" }],
  ["entities.mutate", "an unknown entity", { entity: "supplier", action: "create", name: "x" }],
  ["svc.capabilities", "an unknown field", { verbose: true }],
  ["svc.feedback", "no message", {}],
  ["invoices.export", "an unknown format", { id: INVOICE_ID, format: "gif" }],
  ["templates.apply", "no base_revision", { id: INVOICE_ID, template_id: "bold" }],
  ["invoices.send", "an unknown channel", { id: INVOICE_ID, via: "fax", ...operation(1) }],
  ["invoices.automate", "no action", { url: "https://hooks.example.com/invoices", event_types: ["*"] }],
  ["invoices.automate", "an unknown frequency", { action: "create_recurring", invoice_id: INVOICE_ID, frequency: "hourly", start_date: "2026-12-01" }],
];

let server: TestServer;
let tools: Map<string, Tool>;
const validator = new AjvJsonSchemaValidator();

async function rpc(method: string, params?: unknown): Promise<any> {
  const response = await fetch(`${server.url}/api/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, ...(params === undefined ? {} : { params }) }),
  });
  expect(response.status).toBe(200);
  return response.json();
}

function validate(schema: Schema | undefined, value: unknown): { valid: boolean; errorMessage?: string } {
  expect(schema).toBeDefined();
  return validator.getValidator(schema as Record<string, unknown>)(value);
}

beforeAll(async () => {
  server = await startTestServer();
  const listed = await rpc("tools/list");
  tools = new Map((listed.result.tools as Tool[]).map((tool) => [tool.name, tool]));
});
afterAll(() => server.close());

describe("tools/list: every schema has an object root", () => {
  test("the catalog is the tools of this build", () => {
    expect([...tools.keys()].sort()).toEqual([...Object.keys(AGGREGATES), ...SINGLE].sort());
  });

  test.each([...Object.keys(AGGREGATES), ...SINGLE])("%s: inputSchema and outputSchema are objects with type \"object\"", (name) => {
    const tool = tools.get(name);
    expect(tool).toBeDefined();
    for (const schema of [tool!.inputSchema, tool!.outputSchema]) {
      expect(schema !== null && typeof schema === "object" && !Array.isArray(schema)).toBe(true);
      expect(schema!.type).toBe("object");
    }
  });

  test.each([...Object.keys(AGGREGATES), ...SINGLE])("%s: title, description and boolean annotations", (name) => {
    const tool = tools.get(name)!;
    expect(tool.title?.length).toBeGreaterThan(0);
    expect(tool.description?.length).toBeGreaterThan(0);
    for (const hint of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"]) expect(typeof tool.annotations?.[hint]).toBe("boolean");
  });

  test("annotations are the union of the procedures' hints", () => {
    expect(tools.get("invoices.query")!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(tools.get("entities.query")!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(tools.get("invoices.mutate")!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(tools.get("entities.mutate")!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(tools.get("invoices.create")!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
  });
});

describe("tools/list: schemas the major model APIs accept", () => {
  test.each([...Object.keys(AGGREGATES), ...SINGLE])("%s: the input schema's root is a plain object, no combinator", (name) => {
    const schema = tools.get(name)!.inputSchema;
    for (const keyword of ["oneOf", "anyOf", "allOf", "not", "if", "then", "else", "enum", "const", "$ref"]) expect(schema[keyword]).toBeUndefined();
    expect(schema.type).toBe("object");
    expect(typeof schema.properties).toBe("object");
  });

  test.each(Object.keys(AGGREGATES))("%s: each field says which actions use it, the action enum describes every action", (name) => {
    const schema = tools.get(name)!.inputSchema as Schema & { properties: Record<string, { description?: string }> };
    const actionDescription = schema.properties.action?.description ?? "";
    for (const action of AGGREGATES[name]!.actions) expect(actionDescription).toContain(`${action}: `);
    const described = Object.entries(schema.properties).filter(([key]) => key !== "action" && key !== "entity");
    // A field every action takes and none requires needs no note; every other field names its actions.
    const noted = described.filter(([, field]) => /(Required by|For|Required\.)/.test(field.description ?? ""));
    expect(noted.length).toBeGreaterThan(0);
    if (name === "invoices.query") {
      expect(schema.properties.id?.description).toContain("Required by get, payments and history.");
      expect(schema.properties.status?.description).toContain("For list.");
    }
  });

  test("a field required by one action and optional in another says so", () => {
    const status = (tools.get("invoices.mutate")!.inputSchema.properties as Record<string, any>).status;
    expect(status.description).toContain("Required by transition; optional for update.");
  });

  test("a field two actions type differently keeps both shapes (anyOf inside the property, never at the root)", () => {
    const unit = (tools.get("entities.mutate")!.inputSchema.properties as Record<string, any>).unit;
    expect(unit.anyOf).toHaveLength(2);
    expect(unit.description).toBe("For product.create and product.update.");
  });
});

describe("aggregate tools dispatch on {action} (entities also {entity})", () => {
  test.each(Object.entries(AGGREGATES))("%s: action enum, entity enum, required selectors", (name, expected) => {
    const schema = tools.get(name)!.inputSchema;
    expect(schema.properties?.action?.enum?.slice().sort()).toEqual(expected.actions.slice().sort());
    if (expected.entities) {
      expect(schema.properties?.entity?.enum?.slice().sort()).toEqual(expected.entities.slice().sort());
      expect(schema.required).toContain("entity");
    } else {
      expect(schema.properties?.entity).toBeUndefined();
    }
    // With a default action the call may omit it ({} lists); without one, action is required.
    expect((schema.required ?? []).includes("action")).toBe(!expected.hasDefault);
  });

  test.each(SINGLE)("%s: a single-procedure tool has no action selector", (name) => {
    expect(tools.get(name)!.inputSchema.properties?.action).toBeUndefined();
  });
});

describe("the schemas compile in the SDK's validator and constrain", () => {
  test.each(VALID_ARGUMENTS)("%s accepts %s", (name, _what, args) => {
    const result = validate(tools.get(name)?.inputSchema, args);
    if (!result.valid) throw new Error(`${name} input schema refused valid arguments: ${result.errorMessage}`);
  });

  test.each(INVALID_ARGUMENTS)("%s refuses %s", (name, _why, args) => {
    expect(validate(tools.get(name)?.inputSchema, args).valid).toBe(false);
  });

  test.each([...Object.keys(AGGREGATES), ...SINGLE])("%s: the outputSchema refuses {} (it is not vacuous)", (name) => {
    expect(validate(tools.get(name)?.outputSchema, {}).valid).toBe(false);
  });
});

describe("svc.capabilities", () => {
  test("its structuredContent validates against its outputSchema, and the text block is the same JSON", async () => {
    const reply = await rpc("tools/call", { name: "svc.capabilities", arguments: {} });
    expect(reply.result.isError).toBeUndefined();
    const structured = reply.result.structuredContent;
    const result = validate(tools.get("svc.capabilities")?.outputSchema, structured);
    if (!result.valid) throw new Error(`capabilities do not match their outputSchema: ${result.errorMessage}`);
    expect(JSON.parse(reply.result.content[0].text)).toEqual(structured);
  });

  test("it lists the same tools and actions as tools/list", async () => {
    const reply = await rpc("svc.capabilities", {});
    const listed = reply.result.tools as { name: string; auth: string; actions: string[] }[];
    expect(listed.map((tool) => tool.name).sort()).toEqual([...tools.keys()].sort());
    for (const entry of listed) {
      const aggregate = AGGREGATES[entry.name];
      if (!aggregate) continue;
      // Entity tools name each action `entity.action`, for every entity the tool covers.
      const expected = aggregate.entities ? aggregate.entities.flatMap((entity) => aggregate.actions.map((action) => `${entity}.${action}`)) : aggregate.actions;
      expect(entry.actions.slice().sort()).toEqual(expected.slice().sort());
    }
    const auth = Object.fromEntries(listed.map((tool) => [tool.name, tool.auth]));
    // The spec's Auth column (4.3).
    expect(auth).toEqual({
      "invoices.analytics": "key",
      "invoices.automate": "key",
      "invoices.send": "key",
      "invoices.create": "key",
      "invoices.createFromDsl": "key",
      "invoices.query": "none",
      "invoices.summarize": "none",
      "invoices.suggest": "key",
      "invoices.mutate": "key",
      "invoices.finalize": "key",
      "invoices.duplicate": "key",
      "entities.query": "none",
      "entities.mutate": "key",
      "svc.capabilities": "none",
      "svc.feedback": "none",
      "invoices.export": "none",
      "templates.query": "none",
      "templates.mutate": "key",
      import: "key",
      "templates.apply": "key",
    });
  });
});
