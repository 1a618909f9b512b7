// BR-CO-*: the conditions between terms, mostly the sums of BG-22 and BG-23. Sums are exact decimals
// (amounts.ts); where the official schematron rounds a sum to two decimals, so do we. The service
// writes no document-level allowances or charges (BT-107, BT-108) or rounding amount (BT-114), so
// those terms are zero in every formula below, as the bindings treat them when absent; a line's
// discount (BG-27) is already taken off its net amount (BT-131). BR-CO-07 and BR-CO-23 are here by
// their ids, on the line allowances.
import type { En16931Invoice, En16931VatGroup } from "../model.ts";
import { abs, add, amount, compare, equal, multiply, ONE, round, show, subtract, sum, ZERO, type Exact } from "./amounts.ts";
import { LINE_DISCOUNT } from "../vat.ts";
import { blank, firstAllowanceFinding, firstFinding, unexplainedAllowance, type BusinessRule, type Finding } from "./types.ts";
import { VAT_PREFIXES } from "./vat-prefixes.ts";

const total = (model: En16931Invoice, key: keyof En16931Invoice["totals"], term: string): Exact => amount(model.totals[key], term, `totals.${key}`);

/** A total that must equal `expected`, as a finding when it does not. */
function mismatch(model: En16931Invoice, key: keyof En16931Invoice["totals"], term: string, expected: Exact): Finding | null {
  const written = total(model, key, term);
  return equal(written, expected) ? null : { term, path: `totals.${key}`, found: `${show(written)}, expected ${show(expected)}` };
}

/** value × rate / 100, exact: dividing by 100 is two more decimals. */
function percentOf(value: Exact, rate: Exact): Exact {
  const product = multiply(value, rate);
  return { units: product.units, scale: product.scale + 2 };
}

/**
 * The schematron's test for BR-CO-17 (and BR-S-09): round(|BT-116| × BT-119 / 100, 2) must lie
 * strictly within one currency unit of |BT-117|. The UBL binding has the strict bounds, CII allows
 * equality; the strict one holds for both. That unit of slack is what lets whole-unit currencies
 * (JPY) carry VAT rounded to the unit, as the record computes it.
 */
export function taxWithinTolerance(group: En16931VatGroup, index: number, rate: Exact): Finding | null {
  const tax = amount(group.taxAmount, "BT-117", `vatBreakdown.${index}.taxAmount`);
  const taxable = amount(group.taxableAmount, "BT-116", `vatBreakdown.${index}.taxableAmount`);
  const expected = round(percentOf(abs(taxable), rate), 2);
  const lower = subtract(abs(tax), ONE);
  const upper = add(abs(tax), ONE);
  if (compare(lower, expected) < 0 && compare(expected, upper) < 0) return null;
  return { term: "BT-117", path: `vatBreakdown.${index}.taxAmount`, found: `${show(tax)}, expected ${show(expected)} (${show(taxable)} × ${group.rate} %)` };
}

/** BR-CO-17 without a rate (O) or at a rate that rounds to 0: the tax itself must round to 0. */
function taxRoundsToZero(group: En16931VatGroup, index: number): Finding | null {
  const tax = amount(group.taxAmount, "BT-117", `vatBreakdown.${index}.taxAmount`);
  return equal(round(tax, 0), ZERO) ? null : { term: "BT-117", path: `vatBreakdown.${index}.taxAmount`, found: `${show(tax)} at rate ${group.rate ?? "none"}` };
}

function categoryTax(group: En16931VatGroup, index: number): Finding | null {
  if (blank(group.rate)) return taxRoundsToZero(group, index);
  const rate = amount(group.rate, "BT-119", `vatBreakdown.${index}.rate`);
  return equal(round(rate, 0), ZERO) ? taxRoundsToZero(group, index) : taxWithinTolerance(group, index, rate);
}

function prefixed(id: string | null, term: string, path: string): Finding | null {
  return id !== null && !VAT_PREFIXES.has(id.slice(0, 2)) ? { term, path, found: id } : null;
}

export const TOTALS_RULES: BusinessRule[] = [
  {
    id: "BR-CO-04",
    text: "Each Invoice line (BG-25) shall be categorized with an Invoiced item VAT category code (BT-151).",
    check: (model) => firstFinding(model.lines, (line, index) => (blank(line.categoryCode) ? { term: "BT-151", path: `lines.${index}.categoryCode`, found: "absent" } : null)),
  },
  {
    // Both bindings test nothing here (true()): whether a reason text and a code mean the same is
    // no XPath question. The model holds only the service's discount, so what can be checked is
    // that code 95 comes with its own UNTDID 5189 name, as the writers take both from LINE_DISCOUNT.
    id: "BR-CO-07",
    text: "Invoice line allowance reason code (BT-140) and Invoice line allowance reason (BT-139) shall indicate the same type of allowance reason.",
    check: (model) =>
      firstAllowanceFinding(model, (allowance, path) =>
        allowance.reasonCode === LINE_DISCOUNT.reasonCode && !blank(allowance.reason) && allowance.reason !== LINE_DISCOUNT.reason
          ? { term: "BT-139", path: `${path}.reason`, found: `"${allowance.reason}" with code ${allowance.reasonCode} (${LINE_DISCOUNT.reason})` }
          : null,
      ),
  },
  {
    id: "BR-CO-09",
    text: "The Seller VAT identifier (BT-31), the Seller tax representative VAT identifier (BT-63) and the Buyer VAT identifier (BT-48) shall have a prefix in accordance with ISO code ISO 3166-1 alpha-2 by which the country of issue may be identified. Nevertheless, Greece may use the prefix ‘EL’.",
    check: ({ seller, buyer }) => prefixed(seller.vatIdentifier, "BT-31", "seller.vatIdentifier") ?? prefixed(buyer.vatIdentifier, "BT-48", "buyer.vatIdentifier"),
  },
  {
    id: "BR-CO-10",
    text: "Sum of Invoice line net amount (BT-106) = Σ Invoice line net amount (BT-131).",
    check: (model) => mismatch(model, "lineNetTotal", "BT-106", round(sum(model.lines.map((line, i) => amount(line.netAmount, "BT-131", `lines.${i}.netAmount`))), 2)),
  },
  {
    // Without BT-107 and BT-108 both bindings compare BT-109 with BT-106 (itself Σ BT-131 by BR-CO-10).
    id: "BR-CO-13",
    text: "Invoice total amount without VAT (BT-109) = Σ Invoice line net amount (BT-131) - Sum of allowances on document level (BT-107) + Sum of charges on document level (BT-108).",
    check: (model) => mismatch(model, "taxExclusive", "BT-109", total(model, "lineNetTotal", "BT-106")),
  },
  {
    id: "BR-CO-14",
    text: "Invoice total VAT amount (BT-110) = Σ VAT category tax amount (BT-117).",
    check: (model) => mismatch(model, "vatTotal", "BT-110", round(sum(model.vatBreakdown.map((group, i) => amount(group.taxAmount, "BT-117", `vatBreakdown.${i}.taxAmount`))), 2)),
  },
  {
    id: "BR-CO-15",
    text: "Invoice total amount with VAT (BT-112) = Invoice total amount without VAT (BT-109) + Invoice total VAT amount (BT-110).",
    check: (model) => mismatch(model, "taxInclusive", "BT-112", round(add(total(model, "taxExclusive", "BT-109"), total(model, "vatTotal", "BT-110")), 2)),
  },
  {
    id: "BR-CO-16",
    text: "Amount due for payment (BT-115) = Invoice total amount with VAT (BT-112) -Paid amount (BT-113) +Rounding amount (BT-114).",
    check: (model) => mismatch(model, "amountDue", "BT-115", round(subtract(total(model, "taxInclusive", "BT-112"), total(model, "paid", "BT-113")), 2)),
  },
  {
    id: "BR-CO-17",
    text: "VAT category tax amount (BT-117) = VAT category taxable amount (BT-116) x (VAT category rate (BT-119) / 100), rounded to two decimals.",
    check: (model) => firstFinding(model.vatBreakdown, categoryTax),
  },
  {
    id: "BR-CO-18",
    text: "An Invoice shall at least have one VAT breakdown group (BG-23).",
    check: (model) => (model.vatBreakdown.length > 0 ? null : { term: "BG-23", path: "vatBreakdown", found: "none" }),
  },
  {
    id: "BR-CO-23",
    text: "Each Invoice line allowance (BG-27) shall contain an Invoice line allowance reason (BT-139) or an Invoice line allowance reason code (BT-140), or both.",
    check: (model) => firstAllowanceFinding(model, unexplainedAllowance),
  },
  {
    id: "BR-CO-25",
    text: "In case the Amount due for payment (BT-115) is positive, either the Payment due date (BT-9) or the Payment terms (BT-20) shall be present.",
    check: (model) => {
      const due = total(model, "amountDue", "BT-115");
      if (compare(due, ZERO) <= 0 || !blank(model.dueDate) || !blank(model.paymentTerms)) return null;
      return { term: "BT-9", path: "dueDate", found: `absent, and no BT-20 payment terms, with ${show(due)} due` };
    },
  },
  {
    // The model carries no Seller identifier (BT-29) or legal registration identifier (BT-30), so
    // only BT-31 can satisfy this rule; a seller with only a tax number (BT-32) fails it.
    id: "BR-CO-26",
    text: "In order for the buyer to automatically identify a supplier, the Seller identifier (BT-29), the Seller legal registration identifier (BT-30) and/or the Seller VAT identifier (BT-31) shall be present.",
    check: ({ seller }) =>
      blank(seller.vatIdentifier) && blank(seller.legalRegistrationIdentifier)
        ? { term: "BT-30", path: "seller.legalRegistrationIdentifier", found: "neither BT-30 nor BT-31 (the service writes no BT-29)" }
        : null,
  },
];
