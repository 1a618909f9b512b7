// What an agent reads in tools/list: every tool says its auth and scope and shows one valid example
// call per action; a key with narrower scopes sees the tools it may call plus the open ones.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { appRouter } from "../../routers/index.ts";
import { SCOPES, type Scope } from "../../server/domain/scopes.ts";
import { listProcedures } from "../../server/http/procedures.ts";
import { actionLabel, buildToolRegistry } from "../../server/http/tools.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { EXPECTED_TOOLS } from "../helpers/tools.ts";

type ListedTool = { name: string; description: string; inputSchema: Record<string, unknown> };

const registry = buildToolRegistry(listProcedures(appRouter));
const validator = new AjvJsonSchemaValidator();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function listTools(key: string | null): Promise<ListedTool[]> {
  const response = await fetch(`${server.url}/api/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  return ((await response.json()) as { result: { tools: ListedTool[] } }).result.tools;
}

const actions = registry.tools.flatMap((tool) => tool.actions.map((entry) => [tool.name, entry.action === null ? "(single)" : actionLabel(entry), tool, entry] as const));

describe("one example call per action", () => {
  test.each(actions)("%s %s: its example passes the procedure's own input schema", (_name, _label, _tool, entry) => {
    const { action: _action, entity: _entity, ...input } = entry.example;
    const parsed = entry.procedure.input.safeParse(input);
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  });

  test.each(actions)("%s %s: its example is valid against the listed inputSchema and shown in the description", async (name, _label, _tool, entry) => {
    const listed = (await listTools(null)).find((tool) => tool.name === name)!;
    const check = validator.getValidator(listed.inputSchema)(entry.example);
    if (!check.valid) throw new Error(check.errorMessage);
    expect(listed.description).toContain(JSON.stringify(entry.example));
  });

  test("an example names its action (and entity) so it dispatches to that action", () => {
    for (const tool of registry.tools) {
      for (const entry of tool.actions) expect(tool.dispatch({ ...entry.example }).procedure).toBe(entry.procedure);
    }
  });
});

describe("each description states auth and scope", () => {
  test.each(registry.tools.map((tool) => [tool.name, tool] as const))("%s", (_name, tool) => {
    expect(tool.description).toMatch(/\n\nAuth: /);
    for (const entry of tool.actions) if (entry.access.scope) expect(tool.description).toContain(entry.access.scope);
    if (tool.actions.every((entry) => !entry.access.keyRequired)) expect(tool.description).toContain("Auth: none; anyone may call it.");
  });

  test("an open tool with stored-data actions says which actions are open and which need the key", () => {
    const query = registry.byName.get("invoices.query")!;
    expect(query.description).toContain("Auth: none for shared (also get with share_token); list, get, payments and history need an API key (Authorization: Bearer svc_…) holding invoices:read.");
  });
});

describe("tools/list follows the credential's scopes", () => {
  test("without a credential every tool is listed (discovery)", async () => {
    expect((await listTools(null)).map((tool) => tool.name).sort()).toEqual(EXPECTED_TOOLS);
  });

  test("a key with every scope sees every tool", async () => {
    const owner = await server.account();
    expect((await listTools(owner.key)).map((tool) => tool.name).sort()).toEqual(EXPECTED_TOOLS);
  });

  test("a read-only key sees the tools it may call plus the open ones", async () => {
    const owner = await server.account({ scopes: ["invoices:read"] satisfies Scope[] });
    const names = (await listTools(owner.key)).map((tool) => tool.name);
    const open = registry.tools.filter((tool) => tool.actions.some((entry) => !entry.access.keyRequired)).map((tool) => tool.name);
    expect(names).toContain("invoices.query");
    for (const name of open) expect(names).toContain(name);
    for (const hidden of ["invoices.create", "invoices.mutate", "invoices.finalize", "entities.mutate", "templates.apply"]) expect(names).not.toContain(hidden);
    // templates.mutate stays: its extract_brand action is open to anyone who pays for it.
    expect(names).toContain("templates.mutate");
  });

  test("every scope but one hides exactly the tools only that scope opens", async () => {
    const owner = await server.account({ scopes: SCOPES.filter((scope) => scope !== "invoices:write") });
    const names = (await listTools(owner.key)).map((tool) => tool.name);
    for (const hidden of ["invoices.create", "invoices.mutate", "invoices.finalize", "templates.apply"]) expect(names).not.toContain(hidden);
    expect(names).toContain("invoices.query");
    expect(names).toContain("templates.mutate");
  });
});
