// JSON-RPC / MCP tools from `meta.tool`. A tool over one procedure takes that procedure's input; an
// aggregate tool (invoices.query, entities.mutate, …) takes `{action, …}` (entities also `{entity}`)
// and dispatches to the named procedure. Schemas come from the same zod schemas (DESIGN).
import { z } from "zod";
import { AppError } from "../domain/errors.ts";
import type { ToolHints } from "../../routers/trpc.ts";
import type { ProcedureEntry } from "./procedures.ts";

type JsonSchema = Record<string, unknown>;

export type ToolAction = { action: string | null; entity: string | null; isDefault: boolean; selectWhen: string | null; procedure: ProcedureEntry };

export type Tool = {
  name: string;
  title: string;
  description: string;
  auth: "none" | "key";
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  actions: ToolAction[];
  /** The tool makes a file: MCP returns small text inline and the rest as a resource_link. */
  returnsFile: boolean;
  /** Picks the procedure for a call's arguments and the input to give it. */
  dispatch(args: Record<string, unknown>): { procedure: ProcedureEntry; input: Record<string, unknown> };
};

export type ToolRegistry = { tools: Tool[]; byName: Map<string, Tool> };

/**
 * The JSON Schema of a zod schema, its root always an object schema: a schema with an id (Invoice)
 * comes out as a bare `$ref` into `$defs`, which MCP clients refuse as a tool schema root.
 */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  const reference = typeof rest.$ref === "string" ? /^#\/\$defs\/(.+)$/.exec(rest.$ref)?.[1] : undefined;
  if (!reference) return rest;
  const { $ref: _root, ...others } = rest;
  return { ...((rest.$defs as Record<string, JsonSchema>)[reference] ?? {}), ...others };
}

function unionHints(hints: ToolHints[]): ToolHints {
  return {
    readOnly: hints.every((hint) => hint.readOnly),
    destructive: hints.some((hint) => hint.destructive),
    idempotent: hints.every((hint) => hint.idempotent),
    openWorld: hints.some((hint) => hint.openWorld),
  };
}

function selectorKey(entity: string | null, action: string | null): string {
  return `${entity ?? ""}/${action ?? ""}`;
}

/** Named sub-schemas ($defs) of several procedures, lifted to the root of an aggregate schema. */
function liftDefinitions(schemas: JsonSchema[]): JsonSchema {
  const definitions: JsonSchema = {};
  for (const schema of schemas) Object.assign(definitions, schema.$defs ?? {});
  return Object.keys(definitions).length ? { $defs: definitions } : {};
}

function aggregateInputSchema(actions: ToolAction[]): JsonSchema {
  const properties: Record<string, unknown> = {};
  const schemas = actions.map((entry) => jsonSchema(entry.procedure.input, "input"));
  const variants: JsonSchema[] = [];
  const hasEntity = actions.some((entry) => entry.entity !== null);
  actions.forEach((entry, index) => {
    const schema = schemas[index] as JsonSchema;
    for (const [key, value] of Object.entries((schema.properties ?? {}) as Record<string, unknown>)) properties[key] ??= value;
    const selector: Record<string, unknown> = { action: { const: entry.action } };
    if (hasEntity) selector.entity = { const: entry.entity };
    variants.push({ properties: selector, required: [...(hasEntity ? ["entity"] : []), "action", ...((schema.required as string[]) ?? [])] });
  });
  const selectorProperties: Record<string, unknown> = {
    action: { type: "string", enum: [...new Set(actions.map((entry) => entry.action))], description: "which operation to run" },
  };
  if (hasEntity) selectorProperties.entity = { type: "string", enum: [...new Set(actions.map((entry) => entry.entity))], description: "client or product" };
  // Without an action: an action chosen by a field of its own (selectWhen) when that field is
  // there, else the default; the variants exclude each other so oneOf holds.
  const selectors = actions.flatMap((entry) => (entry.selectWhen ? [entry.selectWhen] : []));
  actions.forEach((entry, index) => {
    if (entry.selectWhen) variants.push({ not: { required: ["action"] }, required: (schemas[index]?.required as string[]) ?? [entry.selectWhen] });
  });
  const fallback = actions.findIndex((entry) => entry.isDefault);
  if (fallback >= 0) {
    const absent = ["action", ...selectors].map((field) => ({ required: [field] }));
    variants.push({ not: { anyOf: absent }, required: (schemas[fallback]?.required as string[]) ?? [] });
  }
  const required = [...(hasEntity ? ["entity"] : []), ...(fallback >= 0 ? [] : ["action"])];
  return {
    type: "object",
    properties: { ...selectorProperties, ...properties },
    required,
    additionalProperties: false,
    oneOf: variants,
    ...liftDefinitions(schemas),
  };
}

function aggregateOutputSchema(actions: ToolAction[]): JsonSchema {
  const outputs = actions.map((entry) => jsonSchema(entry.procedure.output, "output"));
  const branches = outputs.map(({ $defs: _lifted, ...branch }) => branch);
  return { type: "object", anyOf: branches, ...liftDefinitions(outputs) };
}

function buildTool(name: string, actions: ToolAction[]): Tool {
  const first = actions[0]?.procedure.meta.tool;
  if (!first) throw new Error(`Tool ${name} has no procedures`);
  const hints = unionHints(actions.map((entry) => entry.procedure.meta.tool?.hints ?? first.hints));
  const single = actions.length === 1 && actions[0]?.action === null ? actions[0] : null;
  const byKey = new Map(actions.map((entry) => [selectorKey(entry.entity, entry.action), entry]));
  const choices = actions.map((entry) => (entry.entity ? `${entry.entity}/${entry.action}` : entry.action)).join(", ");
  return {
    name,
    title: first.title,
    description: first.description,
    auth: first.auth,
    annotations: { title: first.title, readOnlyHint: hints.readOnly, destructiveHint: hints.destructive, idempotentHint: hints.idempotent, openWorldHint: hints.openWorld },
    inputSchema: single ? jsonSchema(single.procedure.input, "input") : aggregateInputSchema(actions),
    outputSchema: single ? jsonSchema(single.procedure.output, "output") : aggregateOutputSchema(actions),
    actions,
    returnsFile: first.returnsFile ?? false,
    dispatch(args) {
      if (single) return { procedure: single.procedure, input: args };
      const { action, entity, ...input } = args;
      const chosen =
        action === undefined
          ? (actions.find((entry) => entry.selectWhen !== null && entry.selectWhen in input) ?? actions.find((entry) => entry.isDefault && (entry.entity ?? undefined) === entity))
          : byKey.get(selectorKey(typeof entity === "string" ? entity : null, typeof action === "string" ? action : null));
      if (!chosen) {
        const field = action === undefined ? "action" : entity === undefined && actions.some((entry) => entry.entity) ? "entity" : "action";
        throw new AppError("VALIDATION_ERROR", `${name} needs one of: ${choices}`, { field, issue: `one of ${choices}` });
      }
      return { procedure: chosen.procedure, input };
    },
  };
}

export function buildToolRegistry(procedures: readonly ProcedureEntry[]): ToolRegistry {
  const grouped = new Map<string, ToolAction[]>();
  for (const procedure of procedures) {
    const tool = procedure.meta.tool;
    if (!tool) continue;
    const actions = grouped.get(tool.name) ?? [];
    actions.push({ action: tool.action ?? null, entity: tool.entity ?? null, isDefault: tool.isDefault ?? false, selectWhen: tool.selectWhen ?? null, procedure });
    grouped.set(tool.name, actions);
  }
  const tools = [...grouped.entries()].map(([name, actions]) => buildTool(name, actions)).sort((a, b) => a.name.localeCompare(b.name));
  return { tools, byName: new Map(tools.map((tool) => [tool.name, tool])) };
}
