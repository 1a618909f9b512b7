import { expect } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";

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

/** Tool calls through the official MCP SDK client, as an agent holding `key` makes them. */
export type CheckedTools = {
  /** The structured result of a call that must succeed, checked against the tool's own output schema. */
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
    const validator = new AjvJsonSchemaValidator();
    await use({
      async call(name, args) {
        const tool = tools.find((candidate) => candidate.name === name);
        expect(tool).toBeDefined();
        const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ text?: string }>; structuredContent?: unknown };
        expect({ isError: result.isError ?? false, text: result.isError ? result.content[0]?.text : undefined }).toEqual({ isError: false, text: undefined });
        expect(validator.getValidator(tool!.outputSchema as never)(result.structuredContent).valid).toBe(true);
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
