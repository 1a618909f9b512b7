// What the tool tests share: the catalog of this build, each tool's full definition (GET
// /api/tools/{name}, where the output schemas are), and calls through the MCP SDK client whose
// results are checked against them.
import { expect } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { toolDefinition } from "../../server/http/tools.ts";

/** The tools the service lists today (the spec's catalog as far as the landed issues reach), sorted. */
export const EXPECTED_TOOLS = [
  "entities.mutate",
  "entities.query",
  "import",
  "invoices.analytics",
  "invoices.automate",
  "invoices.create",
  "invoices.createFromDsl",
  "invoices.duplicate",
  "invoices.export",
  "invoices.finalize",
  "invoices.mutate",
  "invoices.query",
  "invoices.send",
  "invoices.suggest",
  "invoices.summarize",
  "svc.capabilities",
  "svc.feedback",
  "templates.apply",
  "templates.mutate",
  "templates.query",
];

/** A tool in full, as GET /api/tools/{name} answers: the exact schemas, the output schema tools/list leaves out (ADR 0035). */
export type ToolDefinition = ReturnType<typeof toolDefinition>;

const definitionsByServer = new Map<string, Promise<Map<string, ToolDefinition>>>();

async function fetchDefinitions(baseUrl: string): Promise<Map<string, ToolDefinition>> {
  const listing = (await (await fetch(`${baseUrl}/api/tools`)).json()) as { tools: Array<{ name: string }> };
  const entries = await Promise.all(
    listing.tools.map(async ({ name }) => {
      const response = await fetch(`${baseUrl}/api/tools/${name}`);
      if (response.status !== 200) throw new Error(`GET /api/tools/${name} answered ${response.status}`);
      return [name, (await response.json()) as ToolDefinition] as const;
    }),
  );
  return new Map(entries);
}

/**
 * Every listed tool's full definition, by name, fetched once per server. They are the build's, so a
 * later suite's server on a reused port finds the same ones.
 */
export function toolDefinitions(baseUrl: string): Promise<Map<string, ToolDefinition>> {
  const definitions = definitionsByServer.get(baseUrl) ?? fetchDefinitions(baseUrl);
  definitionsByServer.set(baseUrl, definitions);
  return definitions;
}

const validator = new AjvJsonSchemaValidator();

/** `value` checked against the tool's output schema, from its full definition. */
export function checkOutput(definition: ToolDefinition | undefined, value: unknown): { valid: boolean; errorMessage?: string } {
  expect(definition).toBeDefined();
  return validator.getValidator(definition!.outputSchema)(value);
}

/** Fails, saying why, unless `value` is what the tool's output schema describes. */
export function expectOutput(definition: ToolDefinition | undefined, value: unknown): void {
  const check = checkOutput(definition, value);
  if (!check.valid) throw new Error(`structuredContent of ${definition!.name} does not match its outputSchema: ${check.errorMessage}`);
}

/** MCP's value for each hint a tool leaves out of its annotations. */
export const MCP_DEFAULT_HINTS = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true } as const;

type Hints = Record<keyof typeof MCP_DEFAULT_HINTS, boolean>;

/** A tool's hints as an MCP client reads them: one left out is MCP's default. */
export function hintsOf(annotations: Record<string, unknown> | undefined): Hints {
  return { ...MCP_DEFAULT_HINTS, ...annotations } as Hints;
}

/**
 * Listed annotations hold MCP's boolean hints only, each where it differs from MCP's default, and
 * no destructiveHint beside readOnlyHint (MCP reads it only on a tool that writes).
 */
export function expectListedAnnotations(annotations: Record<string, unknown> | undefined): void {
  expect(annotations).toBeDefined();
  for (const [hint, value] of Object.entries(annotations!)) {
    const fallback = (MCP_DEFAULT_HINTS as Record<string, boolean>)[hint];
    expect({ hint, known: fallback !== undefined, boolean: typeof value === "boolean", isDefault: value === fallback }).toEqual({ hint, known: true, boolean: true, isDefault: false });
  }
  if (annotations!.readOnlyHint === true) expect(annotations!.destructiveHint).toBeUndefined();
}

/** Tool calls through the official MCP SDK client, as an agent holding `key` makes them. */
export type CheckedTools = {
  /** The structured result of a call that must succeed, checked against the output schema of the tool's full definition. */
  call(name: string, args: Record<string, unknown>): Promise<any>;
  /** The error body of a call that must fail (an isError result). */
  refusal(name: string, args: Record<string, unknown>): Promise<any>;
};

/** Connects an MCP SDK client to `${baseUrl}/api/mcp` with `key`, hands it to `use`, and closes it. */
export async function withMcpClient(baseUrl: string, key: string, use: (tools: CheckedTools) => Promise<void>): Promise<void> {
  const client = new Client({ name: "tools-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  try {
    const { tools } = await client.listTools();
    const definitions = await toolDefinitions(baseUrl);
    await use({
      async call(name, args) {
        const tool = tools.find((candidate) => candidate.name === name);
        expect(tool).toBeDefined();
        const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ text?: string }>; structuredContent?: unknown };
        expect({ isError: result.isError ?? false, text: result.isError ? result.content[0]?.text : undefined }).toEqual({ isError: false, text: undefined });
        expectOutput(definitions.get(name), result.structuredContent);
        return result.structuredContent;
      },
      async refusal(name, args) {
        const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ text: string }> };
        expect(result.isError).toBe(true);
        return JSON.parse(result.content[0]!.text);
      },
    });
  } finally {
    await client.close();
  }
}
