// The shapes a tool's input schema takes for the model that reads it (ADR 0035). The full schema,
// generated from the zod schemas, is exact but long: an agent pays for every token of tools/list
// before its first call. Three forms derive from it, none hand-kept:
// - listed: what tools/list and /.well-known/mcp.json show. Size limits, regexes that a format or a
//   description already states, and null branches folded into the type go; an object repeated at
//   several fields is written once in $defs; a field that takes another tool's whole input is named
//   by reference. The server still enforces the full schema.
// - strict: OpenAI's strict function calling. Every property required, optional ones nullable,
//   `additionalProperties: false` everywhere, open maps as lists of {key, value}, only the keywords
//   strict mode documents. `strictForm` also turns such a call back into the tool's own arguments,
//   and a `clear` list names the fields set to null on purpose (null alone means "not given").
// - Anthropic's tool use reads the listed form as it is (its rules: an object root, no combinator there).
import { SAME_AS_TOOL } from "../../routers/meta.ts";

type Schema = Record<string, unknown>;

/** The bounds zod writes for a safe integer: they say nothing a model needs. */
const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

const SIZE_LIMITS = new Set(["minLength", "maxLength", "maxItems", "propertyNames", "$schema"]);

function isObject(value: unknown): value is Schema {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function mapValues(record: unknown, transform: (schema: Schema) => Schema): Schema {
  return Object.fromEntries(Object.entries(record as Schema).map(([key, value]) => [key, transform(value as Schema)]));
}

/** The keywords whose value is a schema, or a record or list of schemas, to walk into. */
function walkChildren(schema: Schema, transform: (schema: Schema) => Schema): Schema {
  const out: Schema = { ...schema };
  for (const key of ["properties", "$defs"]) if (isObject(out[key])) out[key] = mapValues(out[key], transform);
  for (const key of ["items", "additionalProperties"]) if (isObject(out[key])) out[key] = transform(out[key] as Schema);
  for (const key of ["anyOf", "oneOf", "allOf"]) if (Array.isArray(out[key])) out[key] = (out[key] as Schema[]).map(transform);
  return out;
}

function isNullSchema(schema: unknown): boolean {
  return isObject(schema) && schema.type === "null" && Object.keys(schema).length === 1;
}

/** A field's own words, then those around it (which actions use it): one description. */
function joinedWords(inner: unknown, outer: unknown): string {
  const parts = [inner, outer].filter((text): text is string => typeof text === "string" && text.length > 0);
  return parts.map((text, index) => (index < parts.length - 1 && !/[.;:]$/.test(text) ? `${text}.` : text)).join(" ");
}

/** `anyOf: [{anyOf: [A, B]}, C]` as `anyOf: [A, B, C]`, when the inner one carries nothing else. */
function flattenAnyOf(schema: Schema): Schema {
  if (!Array.isArray(schema.anyOf)) return schema;
  const branches = (schema.anyOf as Schema[]).flatMap((branch) => (Array.isArray(branch.anyOf) && Object.keys(branch).length === 1 ? (branch.anyOf as Schema[]) : [branch]));
  return { ...schema, anyOf: branches };
}

/** A branch without what tells alike branches apart for a reader: its default, its words, null. */
function branchShape(branch: Schema): string {
  const { default: _default, description: _words, ...shape } = branch;
  if (Array.isArray(shape.type)) shape.type = (shape.type as unknown[]).filter((type) => type !== "null").join();
  if (Array.isArray(shape.enum)) shape.enum = (shape.enum as unknown[]).filter((value) => value !== null);
  return JSON.stringify(shape);
}

/**
 * Branches that differ only in default, words or null become one (an aggregate tool's create and
 * update actions type a field alike, the update's nullable and without default): nullable when
 * one was, with the longest words, and the default only when all agree.
 */
function mergeAlikeBranches(schema: Schema): Schema {
  if (!Array.isArray(schema.anyOf)) return schema;
  const groups = new Map<string, Schema[]>();
  for (const branch of schema.anyOf as Schema[]) groups.set(branchShape(branch), [...(groups.get(branchShape(branch)) ?? []), branch]);
  const merged = [...groups.values()].map((group) => {
    const [first, ...others] = group as [Schema, ...Schema[]];
    if (others.length === 0) return first;
    const words = group.map((branch) => branch.description).filter((text): text is string => typeof text === "string").sort((a, b) => b.length - a.length)[0];
    const defaults = new Set(group.map((branch) => JSON.stringify(branch.default)));
    const { default: _default, description: _words, ...shape } = group.find(acceptsNull) ?? first;
    return { ...shape, ...(words ? { description: words } : {}), ...(defaults.size === 1 && first.default !== undefined ? { default: first.default } : {}) };
  });
  if (merged.length > 1) return { ...schema, anyOf: merged };
  const { anyOf: _branches, ...rest } = schema;
  const only = merged[0] as Schema;
  const description = joinedWords(only.description, rest.description);
  return { ...only, ...rest, ...(description ? { description } : {}) };
}

/** `anyOf: [X, {type: "null"}]` as X with "null" in its type, when X has one plain type. */
function foldNull(schema: Schema): Schema {
  const branches = schema.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return schema;
  const nullAt = branches.findIndex(isNullSchema);
  const other = branches[1 - nullAt] as Schema | undefined;
  if (nullAt < 0 || !other || typeof other.type !== "string") return schema;
  const { anyOf: _branches, ...rest } = schema;
  const description = joinedWords(other.description, rest.description);
  return {
    ...other,
    ...rest,
    type: [other.type, "null"],
    ...(Array.isArray(other.enum) ? { enum: [...other.enum, null] } : {}),
    ...(description ? { description } : {}),
  };
}

function referencedDefinitions(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((item) => referencedDefinitions(item, found));
  else if (isObject(schema)) {
    if (typeof schema.$ref === "string") found.add(schema.$ref.replace("#/$defs/", ""));
    for (const [key, value] of Object.entries(schema)) if (key !== "$defs") referencedDefinitions(value, found);
  }
  return found;
}

/** Definitions nothing points at go (zod lifts every named schema into $defs, used or not). */
function withoutUnusedDefinitions(schema: Schema): Schema {
  if (!isObject(schema.$defs)) return schema;
  const definitions = schema.$defs as Schema;
  const used = new Set<string>();
  let frontier = referencedDefinitions({ ...schema, $defs: undefined });
  while ([...frontier].some((name) => !used.has(name))) {
    const next = new Set<string>();
    for (const name of frontier) {
      if (used.has(name)) continue;
      used.add(name);
      referencedDefinitions(definitions[name], next);
    }
    frontier = next;
  }
  const { $defs: _all, ...rest } = schema;
  const kept = Object.entries(definitions).filter(([name]) => used.has(name));
  return kept.length ? { ...rest, $defs: Object.fromEntries(kept) } : rest;
}

function compactNode(schema: Schema, byReference: boolean): Schema {
  const tool = schema[SAME_AS_TOOL];
  if (typeof tool === "string") {
    const { [SAME_AS_TOOL]: _marker, ...inline } = schema;
    // Its description names the tool whose input it is (routers/meta.ts SAME_AS_TOOL).
    if (byReference) return { type: "object", description: schema.description };
    schema = inline;
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SIZE_LIMITS.has(key)) continue;
    // A default that is an object or a list restates the fields' own defaults.
    if (key === "default" && value !== null && typeof value === "object") continue;
    if ((key === "minimum" && value === -SAFE_INTEGER) || (key === "maximum" && value === SAFE_INTEGER)) continue;
    if (key === "pattern" && (schema.format !== undefined || schema.description !== undefined)) continue;
    out[key] = value;
  }
  return foldNull(mergeAlikeBranches(flattenAnyOf(walkChildren(out, (child) => compactNode(child, byReference)))));
}

/** Below this many characters a repeated sub-schema costs less written out than as a reference. */
const WORTH_A_REFERENCE = 160;

/** The name two fields holding the same schema share: their common ending (from_address, bill_to_address: address). */
function sharedName(keys: string[]): string {
  const parts = keys.map((key) => key.split("_").reverse());
  const common: string[] = [];
  for (let index = 0; parts.every((words) => words[index] !== undefined && words[index] === parts[0]?.[index]); index += 1) common.unshift(parts[0]?.[index] as string);
  return common.length ? common.join("_") : (keys[0] as string);
}

/** An object sub-schema written out at several properties goes once into $defs, the properties referring to it. */
function shareRepeated(schema: Schema): Schema {
  const seen = new Map<string, string[]>();
  const collect = (node: unknown): void => {
    if (!isObject(node)) return;
    for (const [key, child] of Object.entries(isObject(node.properties) ? (node.properties as Schema) : {})) {
      const text = JSON.stringify(child);
      if (isObject(child) && text.length >= WORTH_A_REFERENCE && (child.type === "object" || Array.isArray(child.anyOf))) seen.set(text, [...(seen.get(text) ?? []), key]);
    }
    for (const value of Object.values(node)) if (isObject(value) || Array.isArray(value)) (Array.isArray(value) ? value : [value]).forEach(collect);
  };
  collect(schema);
  const shared = new Map([...seen].filter(([, keys]) => keys.length > 1).map(([text, keys]) => [text, sharedName(keys)]));
  if (shared.size === 0) return schema;
  const replace = (node: Schema): Schema => {
    const name = shared.get(JSON.stringify(node));
    return name ? { $ref: `#/$defs/${name}` } : walkChildren(node, replace);
  };
  const definitions = Object.fromEntries([...shared].map(([text, name]) => [name, JSON.parse(text) as Schema]));
  return { ...replace(schema), $defs: { ...((schema.$defs as Schema | undefined) ?? {}), ...definitions } };
}

/**
 * `additionalProperties: false` below the root, and empty `required` lists, go: the root's says
 * once that a call holds only the listed fields, and the server refuses any other by name.
 */
function withoutNestedClosures(schema: Schema, isRoot = true): Schema {
  const out = walkChildren(schema, (child) => withoutNestedClosures(child, false));
  if (!isRoot && out.additionalProperties === false) delete out.additionalProperties;
  if (Array.isArray(out.required) && out.required.length === 0) delete out.required;
  return out;
}

/**
 * The listed form of a full input schema. `byReference`: a field marked as another tool's whole
 * input is named, not repeated (the listing holds that tool); off for dialects that need it inline.
 */
export function compactSchema(schema: Schema, options: { byReference: boolean }): Schema {
  return shareRepeated(withoutNestedClosures(withoutUnusedDefinitions(compactNode(schema, options.byReference))));
}

// OpenAI strict mode: the keywords it documents for each kind of schema, and the string formats.
const STRICT_KEYWORDS = new Set([
  "type", "description", "title", "enum", "const", "anyOf", "$ref", "$defs",
  "properties", "required", "additionalProperties", "items", "minItems", "maxItems",
  "pattern", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
]);
export const STRICT_FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]);

/** A map with free keys (`additionalProperties` a schema, no properties): strict mode has none. */
function isOpenMap(schema: Schema): boolean {
  return [schema.type].flat().includes("object") && !isObject(schema.properties) && isObject(schema.additionalProperties);
}

/** A schema that takes any JSON value: nothing about it is said. */
function isAnyValue(schema: Schema): boolean {
  return ["type", "anyOf", "$ref", "enum", "const", "properties"].every((key) => !(key in schema));
}

/** Whether null is one of the values a schema takes. */
function acceptsNull(schema: Schema): boolean {
  if ([schema.type].flat().includes("null") || (Array.isArray(schema.enum) && schema.enum.includes(null))) return true;
  return Array.isArray(schema.anyOf) && (schema.anyOf as Schema[]).some(acceptsNull);
}

/** The schema, taking null as well. */
function nullable(schema: Schema): Schema {
  if (typeof schema.type === "string") return { ...schema, type: [schema.type, "null"], ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}) };
  if (Array.isArray(schema.type)) return schema.type.includes("null") ? schema : { ...schema, type: [...schema.type, "null"], ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}) };
  if (Array.isArray(schema.anyOf)) return acceptsNull(schema) ? schema : { ...schema, anyOf: [...(schema.anyOf as Schema[]), { type: "null" }] };
  const { description, ...rest } = schema;
  return { ...(description !== undefined ? { description } : {}), anyOf: [rest, { type: "null" }] };
}

function strictNode(schema: Schema): Schema {
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "oneOf") out.anyOf = value;
    else if (key === "format" && !STRICT_FORMATS.has(value as string)) continue;
    else if (STRICT_KEYWORDS.has(key)) out[key] = value;
  }
  if (isOpenMap(out)) {
    // A value of any JSON (template options) travels as JSON text: strict mode types every value.
    const value = isAnyValue(out.additionalProperties as Schema) ? { type: "string", description: "the value as JSON" } : (out.additionalProperties as Schema);
    return {
      type: "array",
      description: `${out.description ?? "a map"}, as a list of {key, value} pairs`,
      items: { type: "object", properties: { key: { type: "string" }, value: strictNode(value) }, required: ["key", "value"], additionalProperties: false },
    };
  }
  const walked = walkChildren(out, strictNode);
  // An object with no fields of its own (svc.capabilities takes none) is closed and empty.
  if ([walked.type].flat().includes("object") && !isObject(walked.properties)) return { ...walked, properties: {}, required: [], additionalProperties: false };
  if (!isObject(walked.properties)) return walked;
  const required = new Set((walked.required as string[] | undefined) ?? []);
  const properties = mapValues(walked.properties, (property) => property) as Record<string, Schema>;
  for (const [key, property] of Object.entries(properties)) if (!required.has(key)) properties[key] = nullable(property);
  return { ...walked, properties, required: Object.keys(properties), additionalProperties: false };
}

/** The name of the strict form's list of fields to set to null, where null alone means "not given". */
export const CLEAR_FIELD = "clear";

/** Top-level fields a call may leave out or set to null (a patch's "remove it"), which strict mode cannot tell apart. */
function clearable(schema: Schema): string[] {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries((schema.properties ?? {}) as Record<string, Schema>)
    .filter(([key, property]) => !required.has(key) && acceptsNull(property))
    .map(([key]) => key);
}

/** A tool's strict form, and how a call made by it becomes the tool's own arguments. */
export type StrictForm = { schema: Schema; toArguments(args: Record<string, unknown>): Record<string, unknown> };

/**
 * A compact input schema (inline, not by reference) as OpenAI's strict function calling takes it,
 * settled once at start. Where a field may be set to null on purpose, a `clear` list says which:
 * null alone means left out. A call that is not strict (no `clear` where the schema has one: a plain
 * caller using the mapped name) keeps its nulls.
 */
export function strictForm(schema: Schema): StrictForm {
  const strict = strictNode(schema);
  const fields = clearable(schema);
  if (fields.length === 0) return { schema: strict, toArguments: (args) => fromStrictValue(args, schema, schema) as Record<string, unknown> };
  if (CLEAR_FIELD in ((schema.properties ?? {}) as Schema)) throw new Error(`A tool's own field is named ${CLEAR_FIELD}`);
  const clear = { type: ["array", "null"], items: { type: "string", enum: fields }, description: "fields to set to null (a null field above means: not given)" };
  return {
    schema: { ...strict, properties: { ...(strict.properties as Schema), [CLEAR_FIELD]: clear }, required: [...(strict.required as string[]), CLEAR_FIELD] },
    toArguments(args) {
      if (!(CLEAR_FIELD in args)) return args;
      const { [CLEAR_FIELD]: cleared, ...rest } = args;
      const out = fromStrictValue(rest, schema, schema) as Record<string, unknown>;
      if (Array.isArray(cleared)) for (const field of cleared) if (typeof field === "string" && fields.includes(field)) out[field] = null;
      return out;
    },
  };
}

function resolve(schema: Schema, root: Schema): Schema {
  const reference = typeof schema.$ref === "string" ? schema.$ref.replace("#/$defs/", "") : null;
  return reference ? (((root.$defs as Schema | undefined)?.[reference] as Schema | undefined) ?? schema) : schema;
}

/** The branch of an anyOf a value takes: an object value walks into the branch with properties. */
function branchFor(schema: Schema, value: unknown, root: Schema): Schema {
  const resolved = resolve(schema, root);
  if (!Array.isArray(resolved.anyOf)) return resolved;
  const branches = (resolved.anyOf as Schema[]).map((branch) => resolve(branch, root));
  if (Array.isArray(value)) return branches.find((branch) => branch.type === "array" || isOpenMap(branch)) ?? resolved;
  if (isObject(value)) return branches.find((branch) => isObject(branch.properties)) ?? resolved;
  return resolved;
}

/** A strict call's JSON text for a value of any JSON; text that is not JSON stays the text it is. */
function parsedJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function fromStrictValue(value: unknown, schema: Schema, root: Schema): unknown {
  const shape = branchFor(schema, value, root);
  if (isOpenMap(shape) && Array.isArray(value)) {
    const entries = value.filter((entry): entry is { key: string; value: unknown } => isObject(entry) && typeof entry.key === "string");
    const valueSchema = shape.additionalProperties as Schema;
    return Object.fromEntries(entries.map((entry) => [entry.key, isAnyValue(valueSchema) ? parsedJson(entry.value) : fromStrictValue(entry.value, valueSchema, root)]));
  }
  if (Array.isArray(value) && isObject(shape.items)) return value.map((item) => fromStrictValue(item, shape.items as Schema, root));
  if (!isObject(value) || !isObject(shape.properties)) return value;
  const properties = shape.properties as Record<string, Schema>;
  const required = new Set((shape.required as string[] | undefined) ?? []);
  const out: Schema = {};
  for (const [key, item] of Object.entries(value)) {
    // Strict mode sends every property: null stands for one the caller left out.
    if (item === null && !required.has(key) && key in properties) continue;
    out[key] = key in properties ? fromStrictValue(item, properties[key] as Schema, root) : item;
  }
  return out;
}
