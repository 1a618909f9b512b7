// The shape of one EN 16931 business rule: its official id and wording, and a check on the model
// that names the business term and where in the model it went wrong.
import type { En16931Invoice } from "../model.ts";

/** Where a rule found the model wrong: the business term, its path in the model, what was there. */
export type Finding = { term: string; path: string; found: string };

export type BusinessRule = {
  /** The official id, e.g. "BR-CO-10". */
  id: string;
  /** The official wording (ConnectingEurope/eInvoicing-EN16931, without the "[id]-" prefix). */
  text: string;
  check: (model: En16931Invoice) => Finding | null;
};

export type RuleViolation = { rule: string; text: string; businessTerm: string; path: string; found: string };

/** normalize-space(x) = '': absent, empty or only spaces. */
export function blank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === "";
}

/** The finding for the first item that fails, with the item's index. */
export function firstFinding<T>(items: readonly T[], check: (item: T, index: number) => Finding | null): Finding | null {
  for (const [index, item] of items.entries()) {
    const found = check(item, index);
    if (found) return found;
  }
  return null;
}

type LineAllowance = En16931Invoice["lines"][number]["allowances"][number];

/** The finding for the first invoice line allowance (BG-27) that fails, with its path in the model. */
export function firstAllowanceFinding(model: En16931Invoice, check: (allowance: LineAllowance, path: string) => Finding | null): Finding | null {
  return firstFinding(model.lines, (line, index) => firstFinding(line.allowances, (allowance, at) => check(allowance, `lines.${index}.allowances.${at}`)));
}

/** BR-42 and BR-CO-23, one test in both bindings: a line allowance says why, by reason (BT-139) or code (BT-140). */
export function unexplainedAllowance(allowance: LineAllowance, path: string): Finding | null {
  return blank(allowance.reason) && blank(allowance.reasonCode) ? { term: "BT-139", path: `${path}.reason`, found: "neither BT-139 nor BT-140" } : null;
}

/** A rule that holds when a value is present (the many "shall have" rules). */
export function presence(id: string, text: string, term: string, path: string, value: (model: En16931Invoice) => unknown): BusinessRule {
  return {
    id,
    text,
    check: (model) => {
      const found = value(model);
      const missing = found === null || found === undefined || (typeof found === "string" && blank(found));
      return missing ? { term, path, found: "absent" } : null;
    },
  };
}

/** A rule that holds when every invoice line (BG-25) has a value present. */
export function linePresence(id: string, text: string, term: string, field: Exclude<keyof En16931Invoice["lines"][number], "allowances">): BusinessRule {
  return {
    id,
    text,
    check: (model) => firstFinding(model.lines, (line, index) => (blank(line[field]) ? { term, path: `lines.${index}.${field}`, found: "absent" } : null)),
  };
}

/** As linePresence, for every VAT breakdown (BG-23). */
export function groupPresence(id: string, text: string, term: string, field: keyof En16931Invoice["vatBreakdown"][number]): BusinessRule {
  return {
    id,
    text,
    check: (model) =>
      firstFinding(model.vatBreakdown, (group, index) => (blank(group[field]) ? { term, path: `vatBreakdown.${index}.${field}`, found: "absent" } : null)),
  };
}
