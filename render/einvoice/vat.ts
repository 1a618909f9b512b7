// Lines (BG-25) with their discounts (BG-27), VAT breakdown (BG-23) and totals (BG-22) at two
// decimals. VAT is computed per group of (category, rate) on the summed line nets, as the record
// does, so that the BR-CO sums hold exactly in the written amounts (BR-CO-10, -13, -14, -15, -16, -17).
import type { InvoiceRecord, LineItem } from "../../server/domain/invoice.ts";
import { linePrice, lineTax, percentOf, type TaxCategory } from "../../server/domain/money.ts";
import { formatScaled } from "../decimal.ts";
import { amountScale, type AmountScale } from "./decimal.ts";
import type { En16931Line, En16931LineAllowance, En16931Totals, En16931VatGroup } from "./model.ts";
import { EXEMPT_CATEGORIES, present, termError } from "./requirements.ts";

type Group = { category: TaxCategory; rate: number; taxable: bigint; reasons: Set<string> };

/** A VATEX code (CEF list, e.g. VATEX-EU-AE) given as the reason is BT-121, anything else is BT-120. */
const VATEX = /^vatex-[a-z0-9-]+$/i;

/** Outside the scope of VAT (O) states no rate at all (BR-O-05, BR-O-10). */
function rateText(category: TaxCategory, rate: number): string | null {
  return category === "O" ? null : formatScaled(rate);
}

function groupOf(group: Group, tax: bigint, scale: AmountScale): En16931VatGroup {
  const reason = [...group.reasons].join("; ") || null;
  const isCode = reason !== null && VATEX.test(reason);
  return {
    taxableAmount: scale.amount(group.taxable),
    taxAmount: scale.amount(tax),
    categoryCode: group.category,
    rate: rateText(group.category, group.rate),
    exemptionReason: isCode ? null : reason,
    exemptionReasonCode: isCode ? reason.toUpperCase() : null,
  };
}

/** The one line allowance the service writes: a discount, UNTDID 5189 code 95 with that code's name. */
export const LINE_DISCOUNT = { reasonCode: "95", reason: "Discount" } as const;

/**
 * A discounted line's allowance (BG-27), its amounts linePrice's: base BT-137 the gross quantity ×
 * rate, amount BT-136 the discount, so base × percentage / 100 is the amount (PEPPOL-EN16931-R040)
 * and quantity × price − amount the net BT-131 (R120). Both keep the line's sign: a negative line
 * is written with a negative quantity (BR-27), and its gross, discount and net are all negative.
 */
function allowancesOf(item: LineItem, scale: AmountScale, field: string): En16931LineAllowance[] {
  if (!item.discount_percent) return [];
  const { gross, discount } = linePrice(item, field);
  return [{ amount: scale.amount(scale.toWork(discount)), baseAmount: scale.amount(scale.toWork(gross)), percentage: formatScaled(item.discount_percent), ...LINE_DISCOUNT }];
}

export type Vat = { lines: En16931Line[]; groups: En16931VatGroup[]; totals: En16931Totals };

type Taxed = { groups: Group[]; taxes: bigint[]; lineTotal: bigint; vatTotal: bigint };

/** The record's VAT groups in working units, in the record's order (by category, then rate), each group's VAT and the sums. */
function taxedGroups(invoice: InvoiceRecord, scale: AmountScale): Taxed {
  const byKey = new Map<string, Group>();
  for (const item of invoice.items) {
    const { rate, category } = lineTax(item, invoice.tax_rate);
    const key = `${category}|${rate}`;
    const group = byKey.get(key) ?? { category, rate, taxable: 0n, reasons: new Set<string>() };
    group.taxable += scale.toWork(item.amount);
    const reason = present(item.tax_exemption_reason) ?? present(invoice.tax_exemption_reason);
    // Only exempt categories state a reason; S, Z, L and M must not (BR-S-10, BR-Z-10, …).
    if (reason && EXEMPT_CATEGORIES.has(category)) group.reasons.add(reason);
    byKey.set(key, group);
  }
  const groups = [...byKey.values()].sort((a, b) => (a.category === b.category ? a.rate - b.rate : a.category < b.category ? -1 : 1));
  const taxes = groups.map((group) => BigInt(percentOf(Number(group.taxable), group.rate)));
  const lineTotal = groups.reduce((sum, group) => sum + group.taxable, 0n);
  const vatTotal = taxes.reduce((sum, tax) => sum + tax, 0n);
  return { groups, taxes, lineTotal, vatTotal };
}

/**
 * The totals an e-invoice of the record states (BT-109, BT-110, BT-112) in the currency's minor
 * units: the record's own, except in a currency with more than two decimals, where they are summed
 * from line nets rounded to two (BR-DEC-23, BR-CO-10) and so may differ from it by a few units.
 */
export function statedTotalsOf(invoice: InvoiceRecord): { subtotal: number; tax: number; total: number } {
  const scale = amountScale(invoice.currency);
  const { lineTotal, vatTotal } = taxedGroups(invoice, scale);
  const minor = scale.toMinor;
  return { subtotal: minor(lineTotal), tax: minor(vatTotal), total: minor(lineTotal + vatTotal) };
}

export function vatOf(invoice: InvoiceRecord, scale: AmountScale): Vat {
  const lines = invoice.items.map((item, index): En16931Line => {
    const itemName = present(item.description);
    if (!itemName) throw termError("BT-153", "item name", `items.${index}.description`, "required");
    const { rate, category } = lineTax(item, invoice.tax_rate);
    // A price is never negative (BR-27): a credit line carries its sign on the quantity, same net.
    const sign = item.rate < 0 ? -1 : 1;
    return {
      id: String(index + 1),
      quantity: formatScaled(sign * item.quantity),
      unitCode: item.unit,
      netAmount: scale.amount(scale.toWork(item.amount)),
      netPrice: scale.price(sign * item.rate),
      allowances: allowancesOf(item, scale, `items.${index}.amount`),
      categoryCode: category,
      rate: rateText(category, rate),
      itemName,
    };
  });
  const { groups, taxes, lineTotal, vatTotal } = taxedGroups(invoice, scale);
  const breakdown = groups.map((group, index) => groupOf(group, taxes[index] ?? 0n, scale));
  const paid = scale.toWork(invoice.amount_paid);
  return {
    lines,
    groups: breakdown,
    totals: {
      lineNetTotal: scale.amount(lineTotal),
      taxExclusive: scale.amount(lineTotal),
      vatTotal: scale.amount(vatTotal),
      taxInclusive: scale.amount(lineTotal + vatTotal),
      paid: scale.amount(paid),
      amountDue: scale.amount(lineTotal + vatTotal - paid),
    },
  };
}
