// A tool's arguments checked against its input schema before anything runs. Page tools take a flat
// object of simple values, so this covers exactly the schema keywords tool.ts allows; a full JSON
// Schema validator would weigh more than the rest of the bridge together.
import type { JsonSchema } from "./tool.ts";

export type Checked = { ok: true; value: Record<string, unknown> } | { ok: false; problem: string };

function typeProblem(schema: JsonSchema, value: unknown, field: string): string | null {
  const expected = schema.type;
  const fits =
    expected === undefined ||
    (expected === "string" && typeof value === "string") ||
    (expected === "number" && typeof value === "number" && Number.isFinite(value)) ||
    (expected === "integer" && Number.isInteger(value)) ||
    (expected === "boolean" && typeof value === "boolean") ||
    (expected === "array" && Array.isArray(value)) ||
    (expected === "object" && typeof value === "object" && value !== null && !Array.isArray(value));
  if (!fits) return `${field} must be ${expected === "integer" || expected === "array" ? "an" : "a"} ${expected}`;
  if (schema.enum && !schema.enum.includes(value as string | number)) return `${field} must be one of ${schema.enum.join(", ")}`;
  if (typeof value === "string") {
    if (schema.minLength !== undefined && value.length < schema.minLength) return `${field} must have at least ${schema.minLength} characters`;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return `${field} must have at most ${schema.maxLength} characters`;
  }
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) return `${field} must be at least ${schema.minimum}`;
    if (schema.maximum !== undefined && value > schema.maximum) return `${field} must be at most ${schema.maximum}`;
  }
  if (Array.isArray(value) && schema.items) {
    for (const [index, item] of value.entries()) {
      const problem = typeProblem(schema.items, item, `${field}.${index}`);
      if (problem) return problem;
    }
  }
  return null;
}

/** `input` if it fits `schema` (an object schema), else the first problem found, naming the field. */
export function checkInput(schema: JsonSchema, input: unknown): Checked {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return { ok: false, problem: "arguments must be an object" };
  const value = input as Record<string, unknown>;
  const properties = schema.properties ?? {};
  for (const name of schema.required ?? []) {
    if (value[name] === undefined) return { ok: false, problem: `${name} is required` };
  }
  for (const [name, item] of Object.entries(value)) {
    const property = properties[name];
    if (!property) {
      if (schema.additionalProperties === false) return { ok: false, problem: `${name} is not a parameter of this tool` };
      continue;
    }
    const problem = item === undefined ? null : typeProblem(property, item, name);
    if (problem) return { ok: false, problem };
  }
  return { ok: true, value };
}
