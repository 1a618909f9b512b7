// JSON-RPC / MCP tools from `meta.tool`. A tool over one procedure takes that procedure's input; an
// aggregate tool (invoices.query, entities.mutate, …) takes `{action, …}` (entities also `{entity}`)
// and dispatches to the named procedure. Schemas come from the same zod schemas (ADR 0001).
//
// Every input schema's root is a plain `type: "object"` with no oneOf/anyOf/allOf: the major model
// APIs refuse tool schemas with a combinator at the root, and one refused tool fails the whole
// session (ADR 0012). An aggregate tool's properties are the union of its actions' fields, each
// field's description naming the actions that use it; the action's own schema is enforced when the
// call is dispatched. Descriptions carry the tool's auth and one example call per action.
import { z } from "zod";
import { AppError } from "../domain/errors.ts";
import { PAID_OPERATIONS } from "../domain/prices.ts";
import type { Scope } from "../domain/scopes.ts";
import type { ToolHints } from "../../routers/meta.ts";
import type { ProcedureEntry } from "./procedures.ts";

type JsonSchema = Record<string, unknown>;

export type ToolAction = {
  action: string | null;
  entity: string | null;
  isDefault: boolean;
  selectWhen: string | null;
  /** Another action of the tool this one also answers when the call holds `selectWhen`'s field. */
  alsoAnswers: string | null;
  procedure: ProcedureEntry;
  /** What a call needs: nothing, any valid key, or a key holding `scope`. */
  access: Access;
  /** One valid call, `action`/`entity` included. */
  example: Record<string, unknown>;
};

export type Access = { keyRequired: boolean; scope: Scope | null };

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
export function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
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

/** How an action is named in descriptions and the catalog: `list`, or `client.create` for entity tools. */
export function actionLabel(entry: Pick<ToolAction, "action" | "entity">): string {
  return entry.entity ? `${entry.entity}.${entry.action}` : `${entry.action}`;
}

/** Named sub-schemas ($defs) of several procedures, lifted to the root of an aggregate schema. */
function liftDefinitions(schemas: JsonSchema[]): JsonSchema {
  const definitions: JsonSchema = {};
  for (const schema of schemas) Object.assign(definitions, schema.$defs ?? {});
  return Object.keys(definitions).length ? { $defs: definitions } : {};
}

function listed(labels: string[]): string {
  return labels.length <= 1 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

/** Which actions use a field, said in its description: "Required by get, history; optional for list." */
function usage(required: string[], optional: string[], everyAction: boolean): string {
  if (everyAction && required.length === 0) return "";
  if (optional.length === 0) return everyAction ? "Required." : `Required by ${listed(required)}.`;
  if (required.length === 0) return `For ${listed(optional)}.`;
  return `Required by ${listed(required)}; optional for ${listed(optional)}.`;
}

function withUsage(schema: JsonSchema, note: string): JsonSchema {
  if (!note) return schema;
  const description = typeof schema.description === "string" ? `${schema.description}. ${note}` : note;
  return { ...schema, description };
}

/**
 * One object schema over every action: each field once (as `anyOf` when actions type it
 * differently), described with the actions that use it; `action` and `entity` as enums describing
 * each choice. Which fields an action requires is said in the descriptions and enforced on dispatch.
 */
function aggregateInputSchema(actions: ToolAction[]): JsonSchema {
  const schemas = actions.map((entry) => jsonSchema(entry.procedure.input, "input"));
  const fields = new Map<string, { variants: Map<string, JsonSchema>; required: string[]; optional: string[] }>();
  actions.forEach((entry, index) => {
    const schema = schemas[index] as JsonSchema;
    const required = new Set((schema.required as string[]) ?? []);
    for (const [key, value] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      const field = fields.get(key) ?? { variants: new Map(), required: [], optional: [] };
      const { description: _described, ...shape } = value;
      field.variants.set(JSON.stringify(shape), field.variants.get(JSON.stringify(shape)) ?? value);
      (required.has(key) ? field.required : field.optional).push(actionLabel(entry));
      fields.set(key, field);
    }
  });
  const hasEntity = actions.some((entry) => entry.entity !== null);
  const fallback = actions.find((entry) => entry.isDefault);
  const choices = actions.map((entry) => {
    const trigger = entry.alsoAnswers ? `without action or with ${entry.alsoAnswers}` : "without action";
    const when = entry.selectWhen ? ` (chosen ${trigger} when ${entry.selectWhen} is given)` : entry.isDefault ? " (the default)" : "";
    return `${actionLabel(entry)}: ${entry.procedure.meta.openapi?.summary ?? entry.procedure.meta.tool?.title ?? ""}${when}`;
  });
  const properties: Record<string, unknown> = {
    action: { type: "string", enum: [...new Set(actions.map((entry) => entry.action))], description: `Which operation to run. ${choices.join("; ")}.` },
  };
  if (hasEntity) properties.entity = { type: "string", enum: [...new Set(actions.map((entry) => entry.entity))], description: "client or product" };
  for (const [key, field] of fields) {
    const variants = [...field.variants.values()];
    const base = variants.length === 1 ? (variants[0] as JsonSchema) : { anyOf: variants };
    properties[key] = withUsage(base, usage(field.required, field.optional, field.required.length + field.optional.length === actions.length));
  }
  return {
    type: "object",
    properties,
    required: [...(hasEntity ? ["entity"] : []), ...(fallback ? [] : ["action"])],
    additionalProperties: false,
    ...liftDefinitions(schemas),
  };
}

function aggregateOutputSchema(actions: ToolAction[]): JsonSchema {
  const outputs = actions.map((entry) => jsonSchema(entry.procedure.output, "output"));
  const branches = outputs.map(({ $defs: _lifted, ...branch }) => branch);
  return { type: "object", anyOf: branches, ...liftDefinitions(outputs) };
}

function accessOf(procedure: ProcedureEntry): Access {
  return { keyRequired: procedure.meta.keyRequired === true, scope: procedure.meta.scope ?? null };
}

function keyPhrase(scopes: Array<Scope | null>): string {
  const named = [...new Set(scopes.filter((scope): scope is Scope => scope !== null))];
  if (named.length === 0) return "an API key (Authorization: Bearer svc_…)";
  return `an API key (Authorization: Bearer svc_…) holding ${listed(named)}`;
}

/** The tool's auth in one sentence: open, a key with its scopes, or open for some actions only. */
function authStatement(actions: ToolAction[]): string {
  const open = actions.filter((entry) => !entry.access.keyRequired);
  const keyed = actions.filter((entry) => entry.access.keyRequired);
  if (keyed.length === 0) return "Auth: none; anyone may call it.";
  const scopes = [...new Set(keyed.map((entry) => entry.access.scope))];
  const perAction = scopes.length > 1 && keyed.length > 1 ? ` (${scopes.map((scope) => `${scope ?? "any key"}: ${listed(keyed.filter((entry) => entry.access.scope === scope).map(actionLabel))}`).join("; ")})` : "";
  if (open.length === 0) return `Auth: ${keyPhrase(scopes)}${perAction}.`;
  const openLabels = open.map((entry) => (entry.alsoAnswers ? `${actionLabel(entry)} (also ${entry.alsoAnswers} with ${entry.selectWhen})` : actionLabel(entry)));
  return `Auth: none for ${listed(openLabels)}; ${listed(keyed.map(actionLabel))} need ${keyPhrase(scopes)}${perAction}.`;
}

/** The paid actions in one sentence (README "Payments"): each price per call without a key, and how an agent pays. */
function priceStatement(actions: ToolAction[]): string | null {
  const priced = actions.flatMap((entry) => {
    const price = entry.procedure.meta.price;
    if (!price) return [];
    const what = entry.action === null ? "each call" : actionLabel(entry);
    return [`${what} ${PAID_OPERATIONS[price.operation].usd} USD${price.when ? ` (${price.when})` : ""}`];
  });
  if (priced.length === 0) return null;
  return `Paid: ${listed(priced)} per call without a key, in USDC over x402 (a call without payment answers with the requirements; send the signed payment in _meta["x402/payment"], the receipt comes back in _meta["x402/payment-response"]); with a key it counts as the account's monthly usage instead.`;
}

function describedTool(description: string, actions: ToolAction[], single: boolean): string {
  const examples = actions.map((entry) => JSON.stringify(entry.example));
  const heading = single ? "Example" : "Examples (one per action)";
  const access = [authStatement(actions), priceStatement(actions)].filter((statement) => statement !== null).join(" ");
  return `${description}\n\n${access}\n\n${heading}:\n${examples.join("\n")}`;
}

function buildTool(name: string, actions: ToolAction[]): Tool {
  const first = actions[0]?.procedure.meta.tool;
  if (!first) throw new Error(`Tool ${name} has no procedures`);
  const hints = unionHints(actions.map((entry) => entry.procedure.meta.tool?.hints ?? first.hints));
  const single = actions.length === 1 && actions[0]?.action === null ? actions[0] : null;
  const byKey = new Map(actions.map((entry) => [selectorKey(entry.entity, entry.action), entry]));
  const choices = actions.map(actionLabel).join(", ");
  return {
    name,
    title: first.title,
    description: describedTool(first.description, actions, single !== null),
    auth: first.auth,
    annotations: { title: first.title, readOnlyHint: hints.readOnly, destructiveHint: hints.destructive, idempotentHint: hints.idempotent, openWorldHint: hints.openWorld },
    inputSchema: single ? jsonSchema(single.procedure.input, "input") : aggregateInputSchema(actions),
    outputSchema: single ? jsonSchema(single.procedure.output, "output") : aggregateOutputSchema(actions),
    actions,
    returnsFile: first.returnsFile ?? false,
    dispatch(args) {
      if (single) return { procedure: single.procedure, input: args };
      const { action, entity, ...input } = args;
      const named = selectorKey(typeof entity === "string" ? entity : null, typeof action === "string" ? action : null);
      const chosen =
        action === undefined
          ? (actions.find((entry) => entry.selectWhen !== null && entry.selectWhen in input) ?? actions.find((entry) => entry.isDefault && (entry.entity ?? undefined) === entity))
          : (actions.find((entry) => entry.alsoAnswers !== null && selectorKey(entry.entity, entry.alsoAnswers) === named && entry.selectWhen !== null && entry.selectWhen in input) ?? byKey.get(named));
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
    const selector = { ...(tool.entity ? { entity: tool.entity } : {}), ...(tool.action ? { action: tool.action } : {}) };
    actions.push({
      action: tool.action ?? null,
      entity: tool.entity ?? null,
      isDefault: tool.isDefault ?? false,
      selectWhen: tool.selectWhen ?? null,
      alsoAnswers: tool.alsoAnswers ?? null,
      procedure,
      access: accessOf(procedure),
      example: { ...selector, ...tool.example },
    });
    grouped.set(tool.name, actions);
  }
  const tools = [...grouped.entries()].map(([name, actions]) => buildTool(name, actions)).sort((a, b) => a.name.localeCompare(b.name));
  return { tools, byName: new Map(tools.map((tool) => [tool.name, tool])) };
}

/** A tool as MCP's tools/list shows it (and the discovery manifest, which adds to it). */
export function toolListing(tool: Tool): Pick<Tool, "name" | "title" | "description" | "inputSchema" | "outputSchema" | "annotations"> {
  return { name: tool.name, title: tool.title, description: tool.description, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema, annotations: tool.annotations };
}

/** Whether a key holding `scopes` may call at least one of the tool's actions. */
export function mayCall(tool: Tool, scopes: readonly Scope[]): boolean {
  return tool.actions.some((entry) => entry.access.scope === null || scopes.includes(entry.access.scope));
}
