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

/** The labels a sentence lists: "a, b and c" (parenthesised words left out). */
function labelsIn(list: string): string[] {
  return list.replace(/ \([^)]*\)/g, "").split(/, | and /).sort();
}

describe("each description states auth and scope", () => {
  test.each(registry.tools.map((tool) => [tool.name, tool] as const))("%s", (_name, tool) => {
    // The tool's words, then one Auth line (and its price sentence), then the examples.
    const line = /\nAuth: ([^\n]*)\nExamples?:\n/.exec(tool.description)?.[1];
    expect(line).toBeDefined();
    const [auth, paid] = line!.split(" Paid without a key (x402): ") as [string, string | undefined];
    const open = tool.actions.filter((entry) => !entry.access.keyRequired);
    const keyed = tool.actions.filter((entry) => entry.access.keyRequired);
    for (const entry of keyed) if (entry.access.scope) expect(auth).toContain(entry.access.scope);
    // "by action" exactly when the keyed actions need different scopes (each one's is GET /api/tools/{name}'s).
    expect(auth.endsWith(", by action.")).toBe(new Set(keyed.map((entry) => entry.access.scope)).size > 1);
    if (keyed.length === 0) expect(auth).toBe("none.");
    else if (open.length === 0) expect(auth).toStartWith("a key");
    else {
      // The open actions named first, then the ones that need the key.
      const [, openList, keyedList] = /^none for (.+); (.+): a key/.exec(auth) ?? [];
      expect({ open: labelsIn(openList ?? ""), keyed: labelsIn(keyedList ?? "") }).toEqual({ open: open.map(actionLabel).sort(), keyed: keyed.map(actionLabel).sort() });
    }
    const priced = tool.actions.filter((entry) => entry.procedure.meta.price);
    if (priced.length === 0) expect(paid).toBeUndefined();
    else {
      expect(paid).toEndWith("; with a key, counted as usage.");
      for (const entry of priced) expect(paid).toMatch(new RegExp(`${entry.action === null ? "a call" : actionLabel(entry)} [0-9.]+ USD`));
    }
  });

  test("the sentences as tools/list shows them: open, one scope, several scopes, open actions, paid actions", async () => {
    const listed = new Map((await listTools(null)).map((tool) => [tool.name, tool.description]));
    expect(listed.get("svc.capabilities")).toContain("\nAuth: none.\n");
    expect(listed.get("invoices.create")).toContain("\nAuth: a key with invoices:write.\n");
    expect(listed.get("invoices.automate")).toContain("\nAuth: a key with invoices:read or invoices:write or account:admin, by action.\n");
    expect(listed.get("invoices.query")).toContain("\nAuth: none for shared (and get with share_token); list, get, payments, mail and history: a key with invoices:read.\n");
    expect(listed.get("import")).toContain(
      "\nAuth: none for ocr and extract; import, get and cancel: a key with invoices:write or invoices:read, by action. Paid without a key (x402): ocr 0.005 USD and extract 0.01 USD; with a key, counted as usage.\n",
    );
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
