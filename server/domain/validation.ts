// Turns schema issues into the spec's errors: a missing base_revision/operation_id is 428 before any
// other check, a problem with a money field (named rate or amount) is INVALID_AMOUNT, anything else
// VALIDATION_ERROR, each with `details {field, issue}` naming the first offending field.
import { AppError } from "./errors.ts";

export type SchemaIssue = {
  code?: string;
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
  message: string;
  keys?: string[];
  expected?: string;
  /** A union's failure: the issues of each alternative. */
  errors?: SchemaIssue[][];
};

const REVISION_FIELDS = new Set(["base_revision", "operation_id"]);
const MONEY_FIELDS = new Set(["rate", "amount"]);

function pathOf(issue: SchemaIssue): string[] {
  return (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment));
}

function isMissing(issue: SchemaIssue): boolean {
  return issue.code === "invalid_type" && /received undefined/.test(issue.message);
}

/** zod's own words for a union that failed, or a refinement without a message: never shown as such. */
const BARE_MESSAGE = "Invalid input";

function isRootTypeMismatch(issue: SchemaIssue): boolean {
  return issue.code === "invalid_type" && pathOf(issue).length === 0;
}

/**
 * A union's failure as the issue that helps: when the value has the type of exactly one alternative
 * (an object where a string or an object is accepted), that alternative's own first issue, at its
 * full path; otherwise the union's own message, or what the alternatives expected ("expected string
 * or object"), never zod's bare "Invalid input".
 */
function resolveUnion(issue: SchemaIssue): SchemaIssue {
  const branches = issue.errors ?? [];
  const fitting = branches.filter((branch) => !branch.some(isRootTypeMismatch));
  // Among alternatives of the value's type, the one without unknown fields, then the one with fewest complaints.
  const ranked = fitting
    .map((branch) => ({ branch, unknown: branch.some((inner) => inner.code === "unrecognized_keys" && pathOf(inner).length === 0) }))
    .sort((a, b) => Number(a.unknown) - Number(b.unknown) || a.branch.length - b.branch.length);
  const best = ranked[0];
  const unique = best && (ranked.length === 1 || ranked[1]!.unknown !== best.unknown || ranked[1]!.branch.length !== best.branch.length);
  if (best && unique && best.branch[0]) {
    const inner = best.branch[0];
    return resolved({ ...inner, path: [...(issue.path ?? []), ...(inner.path ?? [])] });
  }
  if (issue.message !== BARE_MESSAGE) return issue;
  const expected = [...new Set(branches.map((branch) => branch.find(isRootTypeMismatch)?.expected ?? "object"))];
  return { ...issue, message: `expected ${expected.join(" or ")}` };
}

function resolved(issue: SchemaIssue): SchemaIssue {
  return issue.code === "invalid_union" ? resolveUnion(issue) : issue;
}

function describe(issue: SchemaIssue): { field: string; issue: string } {
  const path = pathOf(issue);
  if (issue.code === "unrecognized_keys" && issue.keys?.length) {
    return { field: [...path, issue.keys[0]].join("."), issue: "unknown field" };
  }
  // zod prefixes type errors with its bare "Invalid input: "; what follows says what was expected.
  return { field: path.join(".") || "(body)", issue: isMissing(issue) ? "required" : issue.message.replace(/^Invalid input: /, "") };
}

export function errorFromIssues(given: readonly SchemaIssue[]): AppError {
  const issues = given.map(resolved);
  const missingRevision = issues.find((issue) => isMissing(issue) && pathOf(issue).length === 1 && REVISION_FIELDS.has(pathOf(issue)[0] ?? ""));
  if (missingRevision) {
    return new AppError("REVISION_REQUIRED", undefined, { field: pathOf(missingRevision)[0], issue: "required" });
  }
  // Any problem with a money field is INVALID_AMOUNT, wherever it stands among the issues: amounts
  // (integers in minor units) have their own error code, apart from VALIDATION_ERROR.
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

/** Every issue as {field, issue}, unions resolved as errorFromIssues does (for callers that list them all). */
export function describeIssues(issues: readonly SchemaIssue[]): Array<{ field: string; issue: string }> {
  return issues.map((issue) => describe(resolved(issue)));
}
