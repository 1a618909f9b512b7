// The tools as the two major model APIs take them (ADR 0035), served at GET /api/tools?dialect=…:
// - openai: function tools for strict function calling (`strict: true`): the name as
//   `^[a-zA-Z0-9_-]{1,64}$` (invoices.create → invoices_create), the strict form of the schema;
// - anthropic: tool definitions (`name`, `description`, `input_schema`), the same names;
// - mcp: what tools/list shows.
// /api/mcp answers a mapped name as the tool it stands for; a strict call's nulls and {key, value}
// lists are turned back into the tool's own arguments first (tool-schemas.ts `strictForm`).
import { compactSchema, strictForm, type StrictForm } from "./tool-schemas.ts";
import { toolListing, type Tool, type ToolRegistry } from "./tools.ts";

export const TOOL_DIALECTS = ["mcp", "openai", "anthropic"] as const;
export type ToolDialect = (typeof TOOL_DIALECTS)[number];

/** A tool's name where model APIs allow only letters, digits, `_` and `-`. */
export function dialectToolName(name: string): string {
  return name.replaceAll(".", "_");
}

type Schema = Record<string, unknown>;

/** A tool under its mapped name: the schema its dialects show, inline, and how a call by that name becomes the tool's arguments. */
export type DialectTool = { tool: Tool; name: string; description: string; inlineSchema: Schema; strict: StrictForm };

/**
 * Every tool under its mapped name. Descriptions, the schema's included, name the other tools by
 * their mapped names too (longest first: invoices.createFromDsl before invoices.create).
 */
export function dialectTools(registry: ToolRegistry): Map<string, DialectTool> {
  const names = registry.tools.map((tool) => tool.name).sort((a, b) => b.length - a.length);
  const renamed = (text: string): string => names.reduce((words, name) => words.replaceAll(name, dialectToolName(name)), text);
  return new Map(
    registry.tools.map((tool) => {
      const inlineSchema = JSON.parse(renamed(JSON.stringify(compactSchema(tool.inputSchema, { byReference: false })))) as Schema;
      const entry: DialectTool = { tool, name: dialectToolName(tool.name), description: renamed(tool.description), inlineSchema, strict: strictForm(inlineSchema) };
      return [entry.name, entry] as const;
    }),
  );
}

/** The tools in one dialect, as the document GET /api/tools?dialect=… answers. */
export function toolsInDialect(registry: ToolRegistry, tools: ReadonlyMap<string, DialectTool>, dialect: ToolDialect): { dialect: ToolDialect; tools: unknown[] } {
  if (dialect === "mcp") return { dialect, tools: registry.tools.map(toolListing) };
  const entries = [...tools.values()];
  if (dialect === "openai") {
    return { dialect, tools: entries.map((entry) => ({ type: "function", name: entry.name, description: entry.description, parameters: entry.strict.schema, strict: true })) };
  }
  return { dialect, tools: entries.map((entry) => ({ name: entry.name, description: entry.description, input_schema: entry.inlineSchema })) };
}
