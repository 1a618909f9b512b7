// Whether the draft adds up to what the document says: the lines, priced and taxed by the service's
// own money rules (domain/money.ts), must give every total the document states. A total the
// document must have stated but that was not found is a total not read, so nothing confirms the
// lines: every invoice states its grand total, and one that charges tax states the net amount and
// the tax beside it. A mismatch is reported, never hidden by taking the computed figure: the
// document is the evidence.
import { AppError } from "../../domain/errors.ts";
import { computeTotals } from "../../domain/money.ts";
import type { DocumentTotals, ExtractedInvoice } from "./result.ts";

export type TotalsCheck = { consistent: boolean; warnings: string[] };

const NAMES = { subtotal: "subtotal", tax: "tax", total: "total" } as const;

export function checkTotals(invoice: ExtractedInvoice, stated: DocumentTotals): TotalsCheck {
  const items = invoice.items ?? [];
  const keys = (Object.keys(NAMES) as Array<keyof DocumentTotals>).filter((key) => stated[key] !== null);
  if (keys.length === 0) return { consistent: false, warnings: ["The document states no totals to check the lines against"] };
  let computed: DocumentTotals;
  try {
    const lines = items.map((item) => ({ quantity: item.quantity ?? 1, rate: item.rate, tax_rate: item.tax_rate ?? null, tax_category: item.tax_category ?? null }));
    computed = computeTotals(lines, invoice.tax_rate ?? null);
  } catch (error) {
    if (error instanceof AppError) return { consistent: false, warnings: [`The lines cannot be totalled: ${error.message}`] };
    throw error;
  }
  const warnings = keys
    .filter((key) => computed[key] !== stated[key])
    .map((key) => `The lines give a ${NAMES[key]} of ${computed[key]} but the document states ${stated[key]} (minor units)`);
  const required: Array<keyof DocumentTotals> = computed.tax === 0 ? ["total"] : ["subtotal", "tax", "total"];
  const missing = required.filter((key) => stated[key] === null);
  if (missing.length > 0) warnings.push(`No ${missing.map((key) => NAMES[key]).join(" or ")} was found on the document: the lines are not checked against it`);
  return { consistent: warnings.length === 0, warnings };
}
