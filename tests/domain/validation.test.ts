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
