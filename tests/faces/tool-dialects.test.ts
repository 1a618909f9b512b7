// GET /api/tools?dialect=openai|anthropic (ADR 0035): every definition checked against the rules
// each model API documents for tools, and the mapped names answered on /api/mcp — a strict call
// (every field present, null for those left out, a `clear` list) does what the tool's own call does.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { STRICT_FORMATS } from "../../server/http/tool-schemas.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { EXPECTED_TOOLS } from "../helpers/tools.ts";

type Schema = Record<string, any>;
type OpenAiTool = { type: string; name: string; description: string; parameters: Schema; strict: boolean };
type AnthropicTool = { name: string; description: string; input_schema: Schema };

/** Both APIs' rule for a tool's name. */
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

// OpenAI's strict mode (Structured Outputs, "Supported schemas"): the keywords it takes, objects
// closed with every property required, at most 10 levels of nesting, 5000 properties and 1000 enum values.
const STRICT_KEYWORDS = new Set(["type", "description", "title", "enum", "const", "anyOf", "$ref", "$defs", "properties", "required", "additionalProperties", "items", "minItems", "maxItems", "pattern", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]);

/** Every way `schema` breaks OpenAI's strict mode, as readable lines. */
function strictProblems(root: Schema): string[] {
  const problems: string[] = [];
  let properties = 0;
  let enumValues = 0;
  const walk = (schema: Schema, path: string, depth: number): void => {
    if (depth > 10) problems.push(`${path}: deeper than 10 levels`);
    for (const key of Object.keys(schema)) if (!STRICT_KEYWORDS.has(key)) problems.push(`${path}: keyword ${key}`);
    if (typeof schema.format === "string" && !STRICT_FORMATS.has(schema.format)) problems.push(`${path}: format ${schema.format}`);
    if (typeof schema.$ref === "string" && !root.$defs?.[schema.$ref.replace("#/$defs/", "")]) problems.push(`${path}: $ref to nothing`);
    if (Array.isArray(schema.enum)) enumValues += schema.enum.length;
    if (!("type" in schema) && !schema.anyOf && !schema.$ref && !("const" in schema) && !schema.enum && path !== "(root)") problems.push(`${path}: no type`);
    const types = [schema.type].flat();
    if (types.includes("object")) {
      const keys = Object.keys(schema.properties ?? {});
      if (keys.length === 0 && schema.additionalProperties !== false) problems.push(`${path}: an open map`);
      if (schema.additionalProperties !== false) problems.push(`${path}: additionalProperties is not false`);
      if (JSON.stringify([...(schema.required ?? [])].sort()) !== JSON.stringify([...keys].sort())) problems.push(`${path}: not every property is required`);
      properties += keys.length;
    }
    for (const [key, child] of Object.entries(schema.properties ?? {})) walk(child as Schema, `${path}.${key}`, depth + 1);
    if (schema.items) walk(schema.items, `${path}[]`, depth + 1);
    for (const branch of schema.anyOf ?? []) walk(branch, `${path}|`, depth);
    for (const [name, definition] of Object.entries(schema.$defs ?? {})) walk(definition as Schema, `$defs.${name}`, depth);
  };
  if (root.type !== "object" || root.anyOf) problems.push("root: not a plain object");
  walk(root, "(root)", 1);
  if (properties > 5000) problems.push(`${properties} properties`);
  if (enumValues > 1000) problems.push(`${enumValues} enum values`);
  return problems;
}

/** The object branch a value takes in `schema` (through anyOf and $ref), if any. */
function objectShape(schema: Schema, root: Schema): Schema | null {
  const resolved = typeof schema.$ref === "string" ? root.$defs[schema.$ref.replace("#/$defs/", "")] : schema;
  if (resolved.properties) return resolved;
  for (const branch of resolved.anyOf ?? []) {
    const shape = objectShape(branch, root);
    if (shape) return shape;
  }
  return null;
}

/** A call as strict mode sends it: every property present at every level, null for one left out. */
function asStrictCall(args: Schema, schema: Schema, root: Schema = schema): Schema {
  const strictValue = (value: unknown, property: Schema): unknown => {
    // A map is sent as its {key, value} pairs.
    const pairs = property.items?.properties?.key && property.items?.properties?.value ? property.items : null;
    if (pairs && value !== null && typeof value === "object" && !Array.isArray(value)) {
      const asText = pairs.properties.value.type === "string" && pairs.properties.value.description === "the value as JSON";
      return Object.entries(value).map(([entry, inner]) => ({ key: entry, value: asText ? JSON.stringify(inner) : strictValue(inner, pairs.properties.value) }));
    }
    if (Array.isArray(value)) return value.map((item) => strictValue(item, property.items ?? objectShape(property, root)?.items ?? {}));
    const shape = value !== null && typeof value === "object" ? objectShape(property, root) : null;
    return shape ? asStrictCall(value as Schema, shape, root) : value;
  };
  return Object.fromEntries(Object.entries(schema.properties as Record<string, Schema>).map(([key, property]) => [key, key in args ? strictValue(args[key], property) : null]));
}

let server: TestServer;
let key: string;
let openai: OpenAiTool[];
let anthropic: AnthropicTool[];
const validator = new AjvJsonSchemaValidator();

async function tools(dialect: string): Promise<Response> {
  return fetch(`${server.url}/api/tools?dialect=${dialect}`);
}

async function call(name: string, args: Schema): Promise<any> {
  const response = await fetch(`${server.url}/api/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
  const reply = await response.json();
  if (reply.error || reply.result.isError) throw new Error(`${name}: ${JSON.stringify(reply.error ?? reply.result.content)}`);
  return reply.result.structuredContent;
}

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.account()).key;
  openai = (await (await tools("openai")).json()).tools;
  anthropic = (await (await tools("anthropic")).json()).tools;
});
afterAll(() => server.close());

const examples = (description: string): Schema[] => (description.split(/\nExamples?:\n/)[1] ?? "").split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line));

describe("dialect=openai: strict function tools", () => {
  test("all 20 tools, named by the mapping, strict", () => {
    expect(openai.map((tool) => tool.name).sort()).toEqual(EXPECTED_TOOLS.map((name) => name.replaceAll(".", "_")).sort());
    for (const tool of openai) {
      expect(tool.name).toMatch(TOOL_NAME);
      expect({ type: tool.type, strict: tool.strict }).toEqual({ type: "function", strict: true });
      expect(tool.description.length).toBeGreaterThan(0);
    }
  });

  test("every schema passes strict mode's rules", () => {
    const problems = openai.flatMap((tool) => strictProblems(tool.parameters).map((problem) => `${tool.name} ${problem}`));
    expect(problems).toEqual([]);
  });

  test("the rules catch what strict mode refuses (an optional field, an open map, an unknown keyword)", () => {
    expect(strictProblems({ type: "object", properties: { a: { type: "string" } }, required: [], additionalProperties: false })).toEqual(["(root): not every property is required"]);
    expect(strictProblems({ type: "object", properties: { m: { type: "object", additionalProperties: { type: "string" } } }, required: ["m"], additionalProperties: false })).toContain("(root).m: an open map");
    expect(strictProblems({ type: "object", properties: { s: { type: "string", maxLength: 5 } }, required: ["s"], additionalProperties: false })).toEqual(["(root).s: keyword maxLength"]);
  });

  test("every example of the listing, sent the strict way, is valid against its strict schema", () => {
    for (const tool of openai) {
      const check = validator.getValidator(tool.parameters);
      for (const example of examples(tool.description)) {
        const result = check(asStrictCall(example, tool.parameters));
        if (!result.valid) throw new Error(`${tool.name} ${JSON.stringify(example)}: ${result.errorMessage}`);
      }
    }
  });

  test("descriptions name the other tools by their mapped names", () => {
    const fromDsl = openai.find((tool) => tool.name === "invoices_export");
    expect(fromDsl?.description).not.toMatch(/invoices\.create\b/);
    expect(JSON.stringify(fromDsl?.parameters)).toContain("invoices_create");
  });
});

describe("dialect=anthropic: tool definitions", () => {
  test("name, description and an object input_schema without a combinator at its root", () => {
    expect(anthropic).toHaveLength(20);
    for (const tool of anthropic) {
      expect(Object.keys(tool).sort()).toEqual(["description", "input_schema", "name"]);
      expect(tool.name).toMatch(TOOL_NAME);
      expect(tool.input_schema.type).toBe("object");
      for (const keyword of ["anyOf", "oneOf", "allOf", "not", "$ref"]) expect(tool.input_schema[keyword]).toBeUndefined();
      expect(() => validator.getValidator(tool.input_schema)).not.toThrow();
    }
  });

  test("every example of the listing is valid against its input_schema", () => {
    for (const tool of anthropic) {
      const check = validator.getValidator(tool.input_schema);
      for (const example of examples(tool.description)) expect({ tool: tool.name, valid: check(example).valid }).toEqual({ tool: tool.name, valid: true });
    }
  });
});

describe("GET /api/tools", () => {
  test("without a dialect: the tools as tools/list lists them", async () => {
    const listed = await (await fetch(`${server.url}/api/mcp`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) })).json();
    const plain = await (await tools("mcp")).json();
    expect(plain).toEqual({ dialect: "mcp", tools: listed.result.tools });
    expect(await (await fetch(`${server.url}/api/tools`)).json()).toEqual(plain);
  });

  test("an unknown dialect is a 422 naming the field and the choices", async () => {
    const response = await tools("gemini");
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "dialect", issue: "one of mcp, openai, anthropic" } });
  });

  test("open, cacheable, and refused with a credential that is present but invalid", async () => {
    const response = await tools("openai");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect((await fetch(`${server.url}/api/tools?dialect=openai`, { headers: { authorization: "Bearer svc_not_a_key" } })).status).toBe(401);
  });
});

describe("mapped names on /api/mcp", () => {
  test("invoices_create called the strict way creates the invoice the listing's example describes", async () => {
    const tool = openai.find((entry) => entry.name === "invoices_create")!;
    const [example] = examples(tool.description);
    const created = await call("invoices_create", asStrictCall(example!, tool.parameters));
    const plain = await call("invoices.create", example!);
    // Nulls stood for fields left out: the same invoice as the plain call's, but for its own ids.
    const comparable = ({ id: _id, items, ...rest }: any) => ({ ...rest, items: items.map(({ id: _line, ...line }: any) => line) });
    expect(comparable(created)).toEqual(comparable(plain));
    expect(created).toMatchObject({ from_name: "Acme GmbH", bill_to_name: "Globex Corporation", currency: "EUR", status: "draft", total: 142_800 });
  });

  test("a strict update_recurring: null leaves a field as it is, clear sets one to null", async () => {
    const tool = openai.find((entry) => entry.name === "invoices_automate")!;
    const invoice = await call("invoices.create", { from_name: "Acme GmbH", bill_to_name: "Globex", currency: "EUR", issue_date: "2026-11-21", items: [{ description: "Hosting", rate: 5_000 }] });
    const rule = await call("invoices.automate", { action: "create_recurring", invoice_id: invoice.id, frequency: "monthly", start_date: "2027-01-15", count: 12, end_date: undefined });
    const kept = await call("invoices_automate", asStrictCall({ action: "update_recurring", id: rule.id, frequency: "quarterly" }, tool.parameters));
    expect(kept).toMatchObject({ frequency: "quarterly", count: 12 });
    const cleared = await call("invoices_automate", asStrictCall({ action: "update_recurring", id: rule.id, clear: ["count"] }, tool.parameters));
    expect(cleared).toMatchObject({ frequency: "quarterly", count: null });
  });

  test("a map sent as {key, value} pairs (any JSON as text) is the map the tool takes", async () => {
    const tool = openai.find((entry) => entry.name === "templates_mutate")!;
    const example = examples(tool.description).find((call) => call.action === "create")!;
    const created = await call("templates_mutate", asStrictCall(example, tool.parameters));
    expect(created.options.colors.accent).toBe("#0b5fff");
  });

  test("a mapped name called the plain way (no clear list) keeps a null the caller meant", async () => {
    const invoice = await call("invoices.create", { from_name: "Acme GmbH", bill_to_name: "Globex", currency: "EUR", issue_date: "2026-11-21", items: [{ description: "Hosting", rate: 5_000 }] });
    const rule = await call("invoices.automate", { action: "create_recurring", invoice_id: invoice.id, frequency: "monthly", start_date: "2027-01-15", count: 6 });
    expect(await call("invoices_automate", { action: "update_recurring", id: rule.id, count: null })).toMatchObject({ count: null });
  });

  test("a mapped name needs the credential its tool needs, and an unknown one is unknown", async () => {
    const response = await fetch(`${server.url}/api/mcp`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "invoices_create", arguments: {} } }) });
    expect(response.status).toBe(401);
    const unknown = await fetch(`${server.url}/api/mcp`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${key}` }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "invoices_nothing", arguments: {} } }) });
    expect((await unknown.json()).error.message).toBe("Unknown tool: invoices_nothing");
  });
});
