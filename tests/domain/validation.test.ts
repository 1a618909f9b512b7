import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { canonicalJson } from "../../server/domain/canonical.ts";
import { searchFold } from "../../server/domain/invoice.ts";
import { errorFromIssues } from "../../server/domain/validation.ts";

const schema = z.strictObject({
  base_revision: z.int(),
  operation_id: z.uuid(),
  name: z.string().min(1),
  items: z.array(z.strictObject({ description: z.string(), rate: z.int() })).optional(),
});

function errorFor(input: unknown) {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error("expected a failure");
  return errorFromIssues(parsed.error.issues);
}

describe("schema issues → the spec's errors", () => {
  test("a missing base_revision or operation_id is 428, even beside other problems", () => {
    const error = errorFor({ name: "", operation_id: crypto.randomUUID() });
    expect(error.code).toBe("REVISION_REQUIRED");
    expect(error.details).toEqual({ field: "base_revision", issue: "required" });
    expect(errorFor({ base_revision: 1, name: "x" }).code).toBe("REVISION_REQUIRED");
  });

  test("a wrong-typed base_revision is a validation error, not 428", () => {
    expect(errorFor({ base_revision: "1", operation_id: crypto.randomUUID(), name: "x" }).code).toBe("VALIDATION_ERROR");
  });

  test("money fields give INVALID_AMOUNT with the dotted path", () => {
    const error = errorFor({ base_revision: 1, operation_id: crypto.randomUUID(), name: "x", items: [{ description: "a", rate: 1 }, { description: "b", rate: 1.5 }] });
    expect(error.code).toBe("INVALID_AMOUNT");
    expect(error.details).toMatchObject({ field: "items.1.rate" });
  });

  test("unknown fields are named", () => {
    const error = errorFor({ base_revision: 1, operation_id: crypto.randomUUID(), name: "x", extra: true });
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.details).toEqual({ field: "extra", issue: "unknown field" });
  });

  test("missing required fields say required", () => {
    expect(errorFor({ base_revision: 1, operation_id: crypto.randomUUID() }).details).toEqual({ field: "name", issue: "required" });
  });
});

describe("canonical JSON and search folding", () => {
  test("key order and undefined do not change the canonical form", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe(canonicalJson({ a: { d: [1, { x: 1, y: 2 }] }, b: 1 }));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: "1" }));
  });

  test("folding lowers case beyond ASCII and drops accents", () => {
    expect(searchFold("ZOË", "MÜLLER")).toBe("zoe muller");
    expect(searchFold("Ærø İstanbul")).toBe(searchFold("ærø i̇stanbul"));
  });
});

describe("unions say what they expected, never a bare Invalid input", () => {
  const details = (schema: z.ZodType, input: unknown) => {
    const parsed = schema.safeParse(input);
    if (parsed.success) throw new Error("expected a failure");
    return errorFromIssues(parsed.error.issues).details;
  };
  const address = z.strictObject({ where: z.union([z.string().max(5), z.strictObject({ line1: z.string(), city: z.string().optional() })]) });

  test("a value of neither alternative's type lists the types expected", () => {
    expect(details(address, { where: 5 })).toEqual({ field: "where", issue: "expected string or object" });
  });

  test("a value of one alternative's type reports that alternative's own issue at its full path", () => {
    expect(details(address, { where: { line1: "x", city: 7 } })).toEqual({ field: "where.city", issue: "expected string, received number" });
    expect(details(address, { where: { line1: "x", zip: "1" } })).toEqual({ field: "where.zip", issue: "unknown field" });
  });

  test("among object alternatives, the one without unknown fields wins; a tie keeps the union's own message", () => {
    const either = z.strictObject({ ref: z.union([z.strictObject({ id: z.string() }), z.strictObject({ number: z.string() })], { error: "give id or number" }) });
    expect(details(either, { ref: { number: 5 } })).toEqual({ field: "ref.number", issue: "expected string, received number" });
    expect(details(either, { ref: {} })).toEqual({ field: "ref", issue: "give id or number" });
  });
});
