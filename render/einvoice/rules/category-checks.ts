// The checks the VAT category rules share: each category (S, Z, E, AE, K, G, O) asks the same
// questions of its lines (BG-25) and its breakdown (BG-23), with its own answers. Where the UBL and
// CII bindings differ, the stricter reading is taken, since the service writes both syntaxes.
import type { TaxCategory } from "../../../server/domain/money.ts";
import type { En16931Invoice, En16931Line, En16931VatGroup } from "../model.ts";
import { amount, compare, equal, parseExact, show, sum, ZERO, type Exact } from "./amounts.ts";
import { taxWithinTolerance } from "./totals.ts";
import { blank, firstFinding, type BusinessRule, type Finding } from "./types.ts";

type Check = BusinessRule["check"];

const hasLine = (model: En16931Invoice, category: TaxCategory): boolean => model.lines.some((line) => line.categoryCode === category);

/** Each group of the category with its index in the whole breakdown, the first finding wins. */
function eachGroup(model: En16931Invoice, category: TaxCategory, check: (group: En16931VatGroup, index: number) => Finding | null): Finding | null {
  return firstFinding(model.vatBreakdown, (group, index) => (group.categoryCode === category ? check(group, index) : null));
}

/**
 * Lines of the category need its breakdown group: at least one for S, exactly one for the
 * others. Both bindings also refuse a group no line belongs to (UBL for S, CII for the others).
 */
export function breakdownMatchesLines(category: TaxCategory): Check {
  return (model) => {
    const lines = hasLine(model, category);
    const groups = model.vatBreakdown.filter((group) => group.categoryCode === category).length;
    const holds = category === "S" ? lines === groups > 0 : lines ? groups === 1 : groups === 0;
    return holds ? null : { term: "BT-118", path: "vatBreakdown", found: `${groups} group(s) of category ${category}, ${lines ? "with" : "without"} lines of it` };
  };
}

/** X-02 and the like: a condition on the parties that applies once a line of the category exists. */
export function whenLinesOf(category: TaxCategory, check: Check): Check {
  return (model) => (hasLine(model, category) ? check(model) : null);
}

/** the line's rate (BT-152) is above zero, zero, or absent. */
export function lineRate(category: TaxCategory, wanted: "positive" | "zero" | "absent"): Check {
  return (model) =>
    firstFinding(model.lines, (line, index) => {
      if (line.categoryCode !== category) return null;
      const path = `lines.${index}.rate`;
      if (wanted === "absent") return blank(line.rate) ? null : { term: "BT-152", path, found: line.rate ?? "" };
      if (blank(line.rate)) return { term: "BT-152", path, found: "absent" };
      const rate = amount(line.rate, "BT-152", path);
      const holds = wanted === "zero" ? equal(rate, ZERO) : compare(rate, ZERO) > 0;
      return holds ? null : { term: "BT-152", path, found: line.rate ?? "" };
    });
}

const sameRate = (line: En16931Line, rate: Exact): boolean => {
  const lineRate = parseExact(line.rate);
  return lineRate !== null && equal(lineRate, rate);
};

/**
 * X-08: the group's taxable amount is the sum of its lines' net amounts (S: per rate, and a line at
 * that rate must exist). Exact: UBL allows one unit of slack for S, CII for the others; neither
 * does for both, so only an exact sum passes everywhere.
 */
export function taxableMatchesLines(category: TaxCategory): Check {
  return (model) =>
    eachGroup(model, category, (group, index) => {
      const path = `vatBreakdown.${index}.taxableAmount`;
      const rate = category === "S" ? amount(group.rate, "BT-119", `vatBreakdown.${index}.rate`) : null;
      const lines = model.lines.filter((line) => line.categoryCode === category && (rate === null || sameRate(line, rate)));
      if (rate && lines.length === 0) return { term: "BT-116", path, found: `no line of category S at rate ${group.rate}` };
      const expected = sum(lines.map((line) => amount(line.netAmount, "BT-131", `lines.${model.lines.indexOf(line)}.netAmount`)));
      const taxable = amount(group.taxableAmount, "BT-116", path);
      return equal(taxable, expected) ? null : { term: "BT-116", path, found: `${show(taxable)}, lines sum to ${show(expected)}` };
    });
}

/** S-09: the schematron's BR-CO-17 test, for standard-rated groups. */
export const standardTax: Check = (model) => eachGroup(model, "S", (group, index) => taxWithinTolerance(group, index, amount(group.rate, "BT-119", `vatBreakdown.${index}.rate`)));

/** no tax in a category that charges none. */
export function taxIsZero(category: TaxCategory): Check {
  return (model) =>
    eachGroup(model, category, (group, index) => {
      const path = `vatBreakdown.${index}.taxAmount`;
      const tax = amount(group.taxAmount, "BT-117", path);
      return equal(tax, ZERO) ? null : { term: "BT-117", path, found: show(tax) };
    });
}

/** a reason (BT-120) or code (BT-121) is required, or forbidden. */
export function exemptionReason(category: TaxCategory, wanted: "required" | "forbidden"): Check {
  return (model) =>
    eachGroup(model, category, (group, index) => {
      const given = !blank(group.exemptionReason) || !blank(group.exemptionReasonCode);
      if (wanted === "required") return given ? null : { term: "BT-120", path: `vatBreakdown.${index}.exemptionReason`, found: "absent, and no BT-121 code" };
      if (!given) return null;
      if (!blank(group.exemptionReason)) return { term: "BT-120", path: `vatBreakdown.${index}.exemptionReason`, found: group.exemptionReason ?? "" };
      return { term: "BT-121", path: `vatBreakdown.${index}.exemptionReasonCode`, found: group.exemptionReasonCode ?? "" };
    });
}

/** A party identifier that must be present (or, for O, absent), as a finding when it is not. */
export function identifier(value: string | null, term: string, path: string, wanted: "present" | "absent"): Finding | null {
  if (wanted === "present") return blank(value) ? { term, path, found: "absent" } : null;
  return blank(value) ? null : { term, path, found: value ?? "" };
}
