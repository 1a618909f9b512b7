// The tool catalog's JSON Schemas as /api/mcp lists them and as GET /api/tools/{name} gives them in
// full (ADR 0035): object roots (the MCP SDK client rejects anything else), action/entity selectors
// on aggregate tools, schemas that compile in the SDK's own validator and actually constrain, output
// schemas only in the full definitions, and svc.capabilities output that conforms to its schema.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { invoiceInput, operation } from "../helpers/factories.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { appRouter } from "../../routers/index.ts";
import { listProcedures } from "../../server/http/procedures.ts";
import { actionLabel, buildToolRegistry } from "../../server/http/tools.ts";
import { checkOutput, expectListedAnnotations, expectOutput, hintsOf, toolDefinitions, type ToolDefinition } from "../helpers/tools.ts";

/** The registry the listing is made from, for what a call without an action runs. */
const registry = buildToolRegistry(listProcedures(appRouter));

type Schema = Record<string, unknown> & { type?: unknown; properties?: Record<string, { enum?: unknown[] }>; required?: string[] };
type Tool = { name: string; title?: string; description?: string; inputSchema: Schema; outputSchema?: Schema; annotations?: Record<string, unknown> };

/** Aggregate tools: their actions (the spec's catalog, ADR 0001), entities and default action. */
const AGGREGATES: Record<string, { actions: string[]; entities?: string[]; hasDefault: boolean }> = {
  "invoices.query": { actions: ["list", "get", "payments", "history", "mail", "shared"], hasDefault: true },
  "invoices.mutate": { actions: ["update", "transition", "record_payment", "remove_payment", "retry_mail", "delete", "share", "unshare"], hasDefault: false },
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
let definitions: Map<string, ToolDefinition>;
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
  definitions = await toolDefinitions(server.url);
});
afterAll(() => server.close());

describe("tools/list: every schema has an object root", () => {
  test("the catalog is the tools of this build", () => {
    expect([...tools.keys()].sort()).toEqual([...Object.keys(AGGREGATES), ...SINGLE].sort());
  });

  test.each([...Object.keys(AGGREGATES), ...SINGLE])("%s: the listed inputSchema, and the full definition's input and output schemas, are objects with type \"object\"; tools/list has no outputSchema", (name) => {
    const tool = tools.get(name);
    const definition = definitions.get(name);
    expect(tool).toBeDefined();
    expect(definition).toBeDefined();
    for (const schema of [tool!.inputSchema, definition!.inputSchema, definition!.outputSchema]) {
      expect(schema !== null && typeof schema === "object" && !Array.isArray(schema)).toBe(true);
      expect(schema!.type).toBe("object");
    }
    expect(tool!.outputSchema).toBeUndefined();
  });

  test.each([...Object.keys(AGGREGATES), ...SINGLE])("%s: title, description, and only the annotations that differ from MCP's defaults", (name) => {
    const tool = tools.get(name)!;
    expect(tool.title?.length).toBeGreaterThan(0);
    expect(tool.description?.length).toBeGreaterThan(0);
    expectListedAnnotations(tool.annotations);
    expect(definitions.get(name)!.annotations).toEqual(tool.annotations!);
  });

  test("annotations are the union of the procedures' hints", () => {
    expect(hintsOf(tools.get("invoices.query")!.annotations)).toMatchObject({ readOnlyHint: true });
    expect(hintsOf(tools.get("entities.query")!.annotations)).toMatchObject({ readOnlyHint: true });
    expect(hintsOf(tools.get("invoices.mutate")!.annotations)).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(hintsOf(tools.get("entities.mutate")!.annotations)).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(hintsOf(tools.get("invoices.create")!.annotations)).toMatchObject({ readOnlyHint: false, destructiveHint: false });
  });
});

describe("tools/list: schemas the major model APIs accept", () => {
  test.each([...Object.keys(AGGREGATES), ...SINGLE])("%s: the input schema's root is a plain object, no combinator", (name) => {
    const schema = tools.get(name)!.inputSchema;
    for (const keyword of ["oneOf", "anyOf", "allOf", "not", "if", "then", "else", "enum", "const", "$ref"]) expect(schema[keyword]).toBeUndefined();
    expect(schema.type).toBe("object");
    expect(typeof schema.properties).toBe("object");
  });

  test.each(Object.keys(AGGREGATES))("%s: each field says which actions require it, the action enum names its default, every action has its example", (name) => {
    const tool = tools.get(name)!;
    const schema = tool.inputSchema as Schema & { properties: Record<string, { description?: string }> };
    const { actions, hasDefault } = AGGREGATES[name]!;
    // The action's words are only what a call without one runs (the default, and an action its field picks); what each action does is its example line.
    const actionDescription = schema.properties.action?.description;
    const picked = definitions.get(name)!.actions.flatMap((entry) => {
      const field = registry.byName.get(name)!.actions.find((action) => action.action === entry.action && action.entity === entry.entity)?.selectWhen;
      return field ? [`${actionLabel(entry)} if ${field} is given`] : [];
    });
    const fallback = registry.byName.get(name)!.actions.find((action) => action.isDefault)?.action;
    expect(hasDefault).toBe(fallback !== undefined);
    const expected = [...(fallback ? [`default ${fallback}`] : []), ...picked];
    expect(actionDescription).toBe(expected.length ? expected.join("; ") : undefined);
    if (hasDefault) expect(actions).toContain(fallback!);
    for (const action of actions) expect(tool.description).toContain(`"action":"${action}"`);
    // Which actions require a field, from each action's own schema in the full definition.
    const definition = definitions.get(name)!;
    const labels = definition.actions.map(actionLabel);
    for (const [key, field] of Object.entries(schema.properties)) {
      if (key === "action" || key === "entity") continue;
      const requiring = definition.actions.filter((entry) => ((entry.inputSchema.required as string[] | undefined) ?? []).includes(key)).map(actionLabel);
      const words = field.description ?? "";
      expect({ key, words }).not.toEqual({ key, words: expect.stringMatching(/\bFor |optional for/) });
      if (requiring.length === 0) expect({ key, words }).not.toEqual({ key, words: expect.stringContaining("Required") });
      else if (requiring.length === labels.length) expect({ key, words }).toEqual({ key, words: expect.stringMatching(/Required\.$/) });
      else {
        const [, form, list] = /Required (by|but not by) (.+)\.$/.exec(words) ?? [];
        const named = (list ?? "").split(/, | and /);
        expect({ key, named: named.slice().sort() }).toEqual({ key, named: (form === "by" ? requiring : labels.filter((label) => !requiring.includes(label))).sort() });
      }
    }
    if (name === "invoices.query") {
      expect(schema.properties.id?.description).toEndWith("Required but not by list and shared.");
      expect(schema.properties.status?.description ?? "").not.toContain("Required");
    }
  });

  test("a field one action requires and another takes names only the one that requires it; the other's own schema has it", () => {
    const status = (tools.get("invoices.mutate")!.inputSchema.properties as Record<string, any>).status;
    expect(status.description).toEndWith("Required by transition.");
    const update = definitions.get("invoices.mutate")!.actions.find((entry) => entry.action === "update")!.inputSchema as Schema;
    expect(update.properties?.status).toBeDefined();
    expect(update.required ?? []).not.toContain("status");
  });

  test("a field two actions type differently keeps both shapes (anyOf inside the property, never at the root)", () => {
    const status = (tools.get("invoices.automate")!.inputSchema.properties as Record<string, any>).status;
    expect(status.anyOf.map((branch: { enum: string[] }) => branch.enum)).toEqual(
      expect.arrayContaining([
        ["active", "paused", "ended"],
        ["pending", "delivered", "failed"],
      ]),
    );
    expect(status.anyOf).toHaveLength(2);
  });

  test("a field two actions type alike, but for a default, is one shape", () => {
    const unit = (tools.get("entities.mutate")!.inputSchema.properties as Record<string, any>).unit;
    expect(unit.anyOf).toBeUndefined();
    expect(unit.type).toBe("string");
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
  test.each(VALID_ARGUMENTS)("%s accepts %s, listed and in full", (name, _what, args) => {
    for (const [form, schema] of [["listed", tools.get(name)?.inputSchema], ["full", definitions.get(name)?.inputSchema]] as const) {
      const result = validate(schema, args);
      if (!result.valid) throw new Error(`${name} ${form} input schema refused valid arguments: ${result.errorMessage}`);
    }
  });

  test.each(INVALID_ARGUMENTS)("%s refuses %s, listed and in full", (name, _why, args) => {
    expect(validate(tools.get(name)?.inputSchema, args).valid).toBe(false);
    expect(validate(definitions.get(name)?.inputSchema, args).valid).toBe(false);
  });

  test("the full inputSchema keeps the constraints the listed one leaves to the server", () => {
    const args = { id: "x".repeat(65) };
    expect(validate(tools.get("invoices.duplicate")?.inputSchema, args).valid).toBe(true);
    expect(validate(definitions.get("invoices.duplicate")?.inputSchema, args).valid).toBe(false);
  });

  test.each([...Object.keys(AGGREGATES), ...SINGLE])("%s: the full definition's outputSchema refuses {} (it is not vacuous)", (name) => {
    expect(checkOutput(definitions.get(name), {}).valid).toBe(false);
  });
});

describe("GET /api/tools/{name}: each tool in full", () => {
  const names = [...Object.keys(AGGREGATES), ...SINGLE];

  test.each(names)("%s: open, the same under its dotted and its underscored name, and what tools/list leaves out", async (name) => {
    const [dotted, underscored] = await Promise.all([fetch(`${server.url}/api/tools/${name}`), fetch(`${server.url}/api/tools/${name.replaceAll(".", "_")}`)]);
    expect([dotted.status, underscored.status]).toEqual([200, 200]);
    const definition = (await dotted.json()) as ToolDefinition;
    expect(await underscored.json()).toEqual(definition);
    const listed = tools.get(name)!;
    expect({ name: definition.name, title: definition.title, description: definition.description, annotations: definition.annotations }).toEqual({
      name,
      title: listed.title!,
      description: listed.description!,
      annotations: listed.annotations!,
    });
    expect(definition.outputSchema.type).toBe("object");
    expect(listed.outputSchema).toBeUndefined();
  });

  test.each(names)("%s: each action on its own, with its summary, key, scope, example and schemas; the example passes the action's schema", (name) => {
    const definition = definitions.get(name)!;
    const aggregate = AGGREGATES[name];
    if (aggregate) {
      const expected = (aggregate.entities ?? [null]).flatMap((entity) => aggregate.actions.map((action) => actionLabel({ action, entity })));
      expect(definition.actions.map(actionLabel).sort()).toEqual(expected.sort());
    } else {
      expect(definition.actions.map(({ action, entity }) => ({ action, entity }))).toEqual([{ action: null, entity: null }]);
    }
    for (const entry of definition.actions) {
      expect(entry.summary.length).toBeGreaterThan(0);
      expect(typeof entry.key_required).toBe("boolean");
      // A scope only where a key is needed (a key-only action may need no particular scope).
      if (!entry.key_required) expect(entry.scope).toBeNull();
      expect(entry.inputSchema.type).toBe("object");
      expect(entry.outputSchema.type).toBe("object");
      const { action: _action, entity: _entity, ...input } = entry.example;
      const check = validate(entry.inputSchema, input);
      if (!check.valid) throw new Error(`${name} ${actionLabel(entry)}: its example fails its own schema: ${check.errorMessage}`);
    }
  });

  test("an unknown name is 404 NOT_FOUND, so is a path below a tool's", async () => {
    for (const path of ["/api/tools/invoices.nope", "/api/tools/invoices_nope", "/api/tools/invoices.create/extra"]) {
      const response = await fetch(server.url + path);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      const body = await response.json();
      expect(body.code).toBe("NOT_FOUND");
      expect(body.error).toBe(`No tool named ${path.replace("/api/tools/", "")}: GET /api/tools lists them`);
    }
  });
});

describe("svc.capabilities", () => {
  test("its structuredContent validates against its outputSchema, and the text block is the same JSON", async () => {
    const reply = await rpc("tools/call", { name: "svc.capabilities", arguments: {} });
    expect(reply.result.isError).toBeUndefined();
    const structured = reply.result.structuredContent;
    expectOutput(definitions.get("svc.capabilities"), structured);
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
