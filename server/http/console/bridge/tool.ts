// What a page tool is, in the shapes MCP uses (tools/list entries, tools/call results), shared by
// the browser bridge, the pages that register tools and the server's /.well-known/webmcp.json.
// Pure types and data: no DOM, no server imports, so every side can import it.

/** The JSON Schema subset page tools use for their input: an object of named parameters. */
export type JsonSchema = {
  type?: "object" | "string" | "number" | "integer" | "boolean" | "array";
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  enum?: readonly (string | number)[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
};

export type InputSchema = JsonSchema & { type: "object"; properties: Record<string, JsonSchema> };

/** MCP's tool annotations (hints for the agent; the bridge enforces none of them). */
export type ToolAnnotations = { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };

/** A tool as a page declares it, without its behaviour: what the manifest and tools/list show. */
export type PageToolDefinition = {
  /** `area.verb`, unique on a page; also the `data-tool-name` of the element that performs it. */
  name: string;
  title: string;
  description: string;
  inputSchema: InputSchema;
  annotations?: ToolAnnotations;
  /**
   * The call waits until the person confirms it in a dialog on the page (approvals, and whatever the
   * page's own buttons ask the person to confirm). The bridge never does these on its own.
   */
  needsConfirmation?: boolean;
};

export type ToolContent = { type: "text"; text: string };

/** An MCP CallToolResult. */
export type ToolResult = { content: ToolContent[]; structuredContent?: Record<string, unknown>; isError?: boolean };

/** The input schema of a tool that takes nothing. */
export const NO_INPUT: InputSchema = { type: "object", properties: {}, additionalProperties: false };

/** The result of a call that failed or was refused: `{error, code}` as JSON text, like /api/mcp's isError results. */
export function errorResult(error: string, code: string): ToolResult {
  return { isError: true, content: [{ type: "text", text: JSON.stringify({ error, code }) }] };
}

/** What a tool's `execute` returned, as a result: objects also as structuredContent. */
export function resultOf(value: unknown): ToolResult {
  const text = value === undefined ? JSON.stringify({ ok: true }) : JSON.stringify(value);
  const structured = typeof value === "object" && value !== null && !Array.isArray(value);
  return structured ? { content: [{ type: "text", text }], structuredContent: value as Record<string, unknown> } : { content: [{ type: "text", text }] };
}
