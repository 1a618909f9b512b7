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
import { compactSchema } from "./tool-schemas.ts";

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
  annotations: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
  /** Every field with every constraint, as the server checks it (on demand: GET /api/tools/{name}). */
  inputSchema: JsonSchema;
  /** What tools/list shows: the same fields, written for a model to read (tool-schemas.ts). */
  listedInputSchema: JsonSchema;
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

/** MCP's hints, each left out where it is MCP's default (not read-only, destructive, not idempotent, open world). */
function annotationsOf(hints: ToolHints): Tool["annotations"] {
  return {
    ...(hints.readOnly ? { readOnlyHint: true } : {}),
    ...(hints.destructive || hints.readOnly ? {} : { destructiveHint: false }),
    ...(hints.idempotent ? { idempotentHint: true } : {}),
    ...(hints.openWorld ? {} : { openWorldHint: false }),
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

/**
 * Which actions need a field, said in its description: "Required by get, history." When most need
 * it, the others are named instead ("Required but not by list."). What each action takes beside is
 * its example line's to show, and its procedure's to check.
 */
function usage(required: string[], all: string[]): string {
  if (required.length === 0) return "";
  const others = all.filter((label) => !required.includes(label));
  if (others.length === 0) return "Required.";
  return required.length > others.length ? `Required but not by ${listed(others)}.` : `Required by ${listed(required)}.`;
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
  // Each field's distinct shapes, each with the distinct words the actions give it ("identifier (evt_…)", "identifier (rec_…)").
  const fields = new Map<string, { variants: Map<string, { shape: JsonSchema; words: Set<string> }>; required: string[] }>();
  actions.forEach((entry, index) => {
    const schema = schemas[index] as JsonSchema;
    const required = new Set((schema.required as string[]) ?? []);
    for (const [key, value] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      const field = fields.get(key) ?? { variants: new Map(), required: [] as string[] };
      const { description, ...shape } = value;
      const variant = field.variants.get(JSON.stringify(shape)) ?? { shape, words: new Set<string>() };
      if (typeof description === "string") variant.words.add(description);
      field.variants.set(JSON.stringify(shape), variant);
      if (required.has(key)) field.required.push(actionLabel(entry));
      fields.set(key, field);
    }
  });
  const hasEntity = actions.some((entry) => entry.entity !== null);
  const fallback = actions.find((entry) => entry.isDefault);
  // What each action does is its example line in the description; here only what a call without one runs.
  const implicit = [
    ...(fallback ? [`default ${fallback.action}`] : []),
    ...actions.filter((entry) => entry.selectWhen !== null).map((entry) => `${actionLabel(entry)} if ${entry.selectWhen} is given`),
  ];
  const properties: Record<string, unknown> = {
    action: { type: "string", enum: [...new Set(actions.map((entry) => entry.action))], ...(implicit.length ? { description: implicit.join("; ") } : {}) },
  };
  if (hasEntity) properties.entity = { type: "string", enum: [...new Set(actions.map((entry) => entry.entity))], description: "client or product" };
  for (const [key, field] of fields) {
    const variants = [...field.variants.values()].map(({ shape, words }) => (words.size ? { ...shape, description: [...words].join(" / ") } : shape));
    const base = variants.length === 1 ? (variants[0] as JsonSchema) : { anyOf: variants };
    properties[key] = withUsage(base, usage(field.required, actions.map(actionLabel)));
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
  return named.length === 0 ? "a key" : `a key with ${named.length > 1 ? named.join(" or ") : named[0]}`;
}

/** The tool's auth in one sentence: open, a key with its scopes, or open for some actions only. "A key" is the server instructions' Bearer credential. */
function authStatement(actions: ToolAction[]): string {
  const open = actions.filter((entry) => !entry.access.keyRequired);
  const keyed = actions.filter((entry) => entry.access.keyRequired);
  if (keyed.length === 0) return "Auth: none.";
  // Which scope each action needs is GET /api/tools/{name}'s, and a 403 names it.
  const scopes = [...new Set(keyed.map((entry) => entry.access.scope))];
  const byAction = scopes.length > 1 ? ", by action" : "";
  if (open.length === 0) return `Auth: ${keyPhrase(scopes)}${byAction}.`;
  const openLabels = open.map((entry) => (entry.alsoAnswers ? `${actionLabel(entry)} (and ${entry.alsoAnswers} with ${entry.selectWhen})` : actionLabel(entry)));
  return `Auth: none for ${listed(openLabels)}; ${listed(keyed.map(actionLabel))}: ${keyPhrase(scopes)}${byAction}.`;
}

/** The paid actions in one sentence; how to pay is the server instructions' (README "Payments"). */
function priceStatement(actions: ToolAction[]): string | null {
  const priced = actions.flatMap((entry) => {
    const price = entry.procedure.meta.price;
    if (!price) return [];
    const what = entry.action === null ? "a call" : actionLabel(entry);
    return [`${what} ${PAID_OPERATIONS[price.operation].usd} USD${price.when ? ` (${price.when})` : ""}`];
  });
  return priced.length ? `Paid without a key (x402): ${listed(priced)}; with a key, counted as usage.` : null;
}

function describedTool(description: string, actions: ToolAction[]): string {
  const examples = actions.map((entry) => JSON.stringify(entry.example));
  const access = [authStatement(actions), priceStatement(actions)].filter((statement) => statement !== null).join(" ");
  return `${description}\n${access}\nExample${examples.length > 1 ? "s" : ""}:\n${examples.join("\n")}`;
}

function buildTool(name: string, actions: ToolAction[]): Tool {
  const first = actions[0]?.procedure.meta.tool;
  if (!first) throw new Error(`Tool ${name} has no procedures`);
  const hints = unionHints(actions.map((entry) => entry.procedure.meta.tool?.hints ?? first.hints));
  const single = actions.length === 1 && actions[0]?.action === null ? actions[0] : null;
  const byKey = new Map(actions.map((entry) => [selectorKey(entry.entity, entry.action), entry]));
  const choices = actions.map(actionLabel).join(", ");
  const inputSchema = single ? jsonSchema(single.procedure.input, "input") : aggregateInputSchema(actions);
  return {
    name,
    title: first.title,
    description: describedTool(first.description, actions),
    auth: first.auth,
    annotations: annotationsOf(hints),
    inputSchema,
    listedInputSchema: compactSchema(inputSchema, { byReference: true }),
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

/** A tool as MCP's tools/list shows it (and the discovery manifest, which adds to it): no output schema, GET /api/tools/{name} has it. */
export function toolListing(tool: Tool): { name: string; title: string; description: string; inputSchema: JsonSchema; annotations: Tool["annotations"] } {
  return { name: tool.name, title: tool.title, description: tool.description, inputSchema: tool.listedInputSchema, annotations: tool.annotations };
}

/** A tool in full, for code generators and the console: exact schemas, and each action on its own. */
export function toolDefinition(tool: Tool) {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    annotations: tool.annotations,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
    actions: tool.actions.map((entry) => ({
      action: entry.action,
      entity: entry.entity,
      summary: entry.procedure.meta.openapi?.summary ?? tool.title,
      key_required: entry.access.keyRequired,
      scope: entry.access.scope,
      example: entry.example,
      inputSchema: jsonSchema(entry.procedure.input, "input"),
      outputSchema: jsonSchema(entry.procedure.output, "output"),
    })),
  };
}

/** Whether a key holding `scopes` may call at least one of the tool's actions. */
export function mayCall(tool: Tool, scopes: readonly Scope[]): boolean {
  return tool.actions.some((entry) => entry.access.scope === null || scopes.includes(entry.access.scope));
}
