// BR-DEC-*: amounts carry at most two decimals. Counted on the written string, as the bindings do
// (string-length(substring-after(x, '.')) <= 2), so "1.000" fails even though it equals 1.00.
import type { En16931Invoice } from "../model.ts";
import { fractionDigits } from "./amounts.ts";
import { firstAllowanceFinding, firstFinding, type BusinessRule, type Finding } from "./types.ts";

const MAX_DECIMALS = 2;

function tooPrecise(value: string, term: string, path: string): Finding | null {
  return fractionDigits(value) > MAX_DECIMALS ? { term, path, found: value } : null;
}

const text = (label: string, term: string): string => `The allowed maximum number of decimals for the ${label} (${term}) is 2.`;

function totalRule(id: string, label: string, term: string, key: keyof En16931Invoice["totals"]): BusinessRule {
  return { id, text: text(label, term), check: (model) => tooPrecise(model.totals[key], term, `totals.${key}`) };
}

export const DECIMAL_RULES: BusinessRule[] = [
  totalRule("BR-DEC-09", "Sum of Invoice line net amount", "BT-106", "lineNetTotal"),
  totalRule("BR-DEC-12", "Invoice total amount without VAT", "BT-109", "taxExclusive"),
  totalRule("BR-DEC-13", "Invoice total VAT amount", "BT-110", "vatTotal"),
  totalRule("BR-DEC-14", "Invoice total amount with VAT", "BT-112", "taxInclusive"),
  totalRule("BR-DEC-16", "Paid amount", "BT-113", "paid"),
  totalRule("BR-DEC-18", "Amount due for payment", "BT-115", "amountDue"),
  {
    id: "BR-DEC-19",
    text: text("VAT category taxable amount", "BT-116"),
    check: (model) => firstFinding(model.vatBreakdown, (group, i) => tooPrecise(group.taxableAmount, "BT-116", `vatBreakdown.${i}.taxableAmount`)),
  },
  {
    id: "BR-DEC-20",
    text: text("VAT category tax amount", "BT-117"),
    check: (model) => firstFinding(model.vatBreakdown, (group, i) => tooPrecise(group.taxAmount, "BT-117", `vatBreakdown.${i}.taxAmount`)),
  },
  {
    id: "BR-DEC-23",
    text: text("Invoice line net amount", "BT-131"),
    check: (model) => firstFinding(model.lines, (line, i) => tooPrecise(line.netAmount, "BT-131", `lines.${i}.netAmount`)),
  },
  {
    id: "BR-DEC-24",
    text: text("Invoice line allowance amount", "BT-136"),
    check: (model) => firstAllowanceFinding(model, (allowance, path) => tooPrecise(allowance.amount, "BT-136", `${path}.amount`)),
  },
  {
    id: "BR-DEC-25",
    text: text("Invoice line allowance base amount", "BT-137"),
    check: (model) => firstAllowanceFinding(model, (allowance, path) => tooPrecise(allowance.baseAmount, "BT-137", `${path}.baseAmount`)),
  },
];
