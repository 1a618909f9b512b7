// Turns schema issues into the spec's errors: a missing base_revision/operation_id is 428 before any
// other check, a problem with a money field (named rate or amount) is INVALID_AMOUNT, anything else
// VALIDATION_ERROR, each with `details {field, issue}` naming the first offending field.
import { AppError } from "./errors.ts";

export type SchemaIssue = { code?: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>; message: string; keys?: string[] };

const REVISION_FIELDS = new Set(["base_revision", "operation_id"]);
const MONEY_FIELDS = new Set(["rate", "amount"]);

function pathOf(issue: SchemaIssue): string[] {
  return (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment));
}

function isMissing(issue: SchemaIssue): boolean {
  return issue.code === "invalid_type" && /received undefined/.test(issue.message);
}

function describe(issue: SchemaIssue): { field: string; issue: string } {
  const path = pathOf(issue);
  if (issue.code === "unrecognized_keys" && issue.keys?.length) {
    return { field: [...path, issue.keys[0]].join("."), issue: "unknown field" };
  }
  return { field: path.join(".") || "(body)", issue: isMissing(issue) ? "required" : issue.message };
}

export function errorFromIssues(issues: readonly SchemaIssue[]): AppError {
  const missingRevision = issues.find((issue) => isMissing(issue) && pathOf(issue).length === 1 && REVISION_FIELDS.has(pathOf(issue)[0] ?? ""));
  if (missingRevision) {
    return new AppError("REVISION_REQUIRED", undefined, { field: pathOf(missingRevision)[0], issue: "required" });
  }
  // Any problem with a money field is INVALID_AMOUNT (DESIGN "Money"), wherever it stands among the issues.
  const money = issues.find((issue) => issue.code !== "unrecognized_keys" && MONEY_FIELDS.has(pathOf(issue).at(-1) ?? ""));
  if (money) {
    const details = describe(money);
    return new AppError("INVALID_AMOUNT", `${details.field}: not a valid whole-minor-unit amount (${details.issue})`, details);
  }
  const first = issues[0];
  if (!first) return new AppError("VALIDATION_ERROR");
  const details = describe(first);
  return new AppError("VALIDATION_ERROR", `${details.field}: ${details.issue}`, details);
}
