// Values shaped by a JSON Schema (the one each procedure's zod input gives, `z.toJSONSchema`): what
// a well-meaning caller would send. Sizes stay small (short strings, a few items) so each run is
// cheap; the hostile values come from mutations.ts on top of these.
import fc from "fast-check";

export type JsonSchema = Record<string, unknown>;

/** The addresses a generated URL may point at: loopback and TEST-NET, so a fuzzed call never reaches the network. */
const LOCAL_URLS = ["http://127.0.0.1:9/", "https://203.0.113.10/hooks", "http://[::1]:9/x", "http://localhost:9/a?b=c", "https://198.51.100.7/p"];

const SHORT_TEXT = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("Acme GmbH", "Zoë Müller", "株式会社", "a"));

function isoDate(min: number, max: number): fc.Arbitrary<string> {
  return fc.integer({ min, max }).map((time) => new Date(time).toISOString());
}

const DATE_TIME = isoDate(Date.UTC(2000, 0, 1), Date.UTC(2099, 0, 1));

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.max(minLength, Math.min((schema.maxLength as number | undefined) ?? 40, 40));
  switch (schema.format) {
    case "date":
      return DATE_TIME.map((time) => time.slice(0, 10));
    case "date-time":
      return DATE_TIME;
    case "email":
      return fc.tuple(fc.stringMatching(/^[a-z0-9]{1,8}$/), fc.constantFrom("example.com", "example.org", "b.co")).map(([local, domain]) => `${local}@${domain}`);
    case "uuid":
      return fc.uuid({ version: [4, 7] });
    case "uri":
    case "url":
      return fc.constantFrom(...LOCAL_URLS);
  }
  if (typeof schema.pattern === "string") {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length >= minLength && text.length <= ((schema.maxLength as number | undefined) ?? Infinity));
    } catch {
      // A pattern fast-check cannot generate from: plain text, which the schema may well refuse.
    }
  }
  return fc.oneof(SHORT_TEXT, fc.string({ minLength, maxLength })).filter((text) => text.length >= minLength && text.length <= ((schema.maxLength as number | undefined) ?? Infinity));
}

function bounded(schema: JsonSchema, fallbackMin: number, fallbackMax: number): { min: number; max: number } {
  const min = Math.max((schema.minimum as number | undefined) ?? fallbackMin, fallbackMin);
  const max = Math.min((schema.maximum as number | undefined) ?? fallbackMax, fallbackMax);
  return { min, max: Math.max(min, max) };
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const { min, max } = bounded(schema, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  // Small values near the minimum most often: revisions, limits and offsets that get past checks.
  return fc.oneof({ weight: 3, arbitrary: fc.integer({ min, max: Math.min(max, min + 5) }) }, { weight: 1, arbitrary: fc.integer({ min, max }) });
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const { min, max } = bounded(schema, -1e15, 1e15);
  return fc.oneof(integerArbitrary({ minimum: Math.ceil(min), maximum: Math.floor(max) }), fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
}

/** What a `$ref` names, within the root schema's `$defs`. */
function resolve(reference: string, definitions: JsonSchema): JsonSchema {
  const name = /^#\/\$defs\/(.+)$/.exec(reference)?.[1];
  const found = name ? (definitions[name] as JsonSchema | undefined) : undefined;
  if (!found) throw new Error(`Unresolvable $ref ${reference}`);
  return found;
}

/** Deeper than this, a recursive schema gives its simplest value: generated inputs stay small. */
const MAX_DEPTH = 6;

export function arbitraryFromSchema(schema: JsonSchema, definitions: JsonSchema = (schema.$defs as JsonSchema | undefined) ?? {}, depth = 0): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === "string") return depth > MAX_DEPTH ? fc.constant(null) : arbitraryFromSchema(resolve(schema.$ref, definitions), definitions, depth + 1);
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (choices) return fc.oneof(...choices.map((choice) => arbitraryFromSchema(choice, definitions, depth + 1)));
  if (Array.isArray(schema.type)) return fc.oneof(...(schema.type as string[]).map((type) => arbitraryFromSchema({ ...schema, type }, definitions, depth)));
  switch (schema.type) {
    case "string":
      return stringArbitrary(schema);
    case "integer":
      return integerArbitrary(schema);
    case "number":
      return numberArbitrary(schema);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.max(minLength, Math.min((schema.maxItems as number | undefined) ?? 3, 3));
      const items = depth > MAX_DEPTH ? fc.constant(null) : arbitraryFromSchema((schema.items as JsonSchema | undefined) ?? {}, definitions, depth + 1);
      return fc.array(items, { minLength, maxLength });
    }
    case "object":
      return objectArbitrary(schema, definitions, depth);
  }
  // No type: any JSON (z.unknown(), a record's free values).
  return fc.jsonValue({ maxDepth: 2 });
}

function objectArbitrary(schema: JsonSchema, definitions: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  const model = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, arbitraryFromSchema(property, definitions, depth + 1)]));
  const fixed = fc.record(model, { requiredKeys: required.filter((key) => key in model) });
  const extra = schema.additionalProperties;
  if (extra === undefined || extra === false || Object.keys(properties).length > 0) return fixed;
  // A record (`z.record`): a few keys its propertyNames allow, each with a value of its own schema.
  const keys = arbitraryFromSchema({ type: "string", maxLength: 12, ...((schema.propertyNames as JsonSchema | undefined) ?? {}) }, definitions, depth + 1) as fc.Arbitrary<string>;
  const values = extra === true ? fc.jsonValue({ maxDepth: 1 }) : arbitraryFromSchema(extra as JsonSchema, definitions, depth + 1);
  return fc.dictionary(keys, values, { maxKeys: 3 });
}
