// The totals the document states: subtotal, tax and total, each the amount beside (or under) its
// label, outside the line table. Tax may be stated once ("VAT"), per rate ("VAT 19 %" with one
// amount) or as a breakdown row ("VAT 19 %", taxable, tax); the rates seen are kept so lines without
// a rate column can be taxed. Amounts are read, never computed here: checking them against the
// lines is the caller's (consistency.ts). Where OCR offers several readings of an amount, the
// subtotal, tax and total take the ones that add up among themselves, as printed totals do.
import { moneyReadings, readPercent, type NumberStyle } from "./amounts.ts";
import type { Found, LabelHit, Reader } from "./reading.ts";
import type { FieldRole } from "./vocabulary.ts";

export type TaxRow = { rate: number; taxable: number | null; tax: number };

/** An amount found, as read (`amount`) and as OCR may also have read it (`readings`, likeliest first). */
type Amount = Found & { amount: number; readings: readonly number[] };

export type StatedTotals = {
  subtotal: Amount | null;
  tax: { amount: number; confidence: number } | null;
  total: Amount | null;
  /** Rates the document names with their tax (and taxable amount in a breakdown). */
  taxRows: TaxRow[];
};

type Stated = { hit: LabelHit; amounts: Amount[]; rate: number | null };

function amountOf(found: Found, style: NumberStyle): Amount | null {
  const readings = moneyReadings(found.text, style);
  return readings.length > 0 ? { ...found, amount: readings[0]!, readings } : null;
}

/** The amounts right of a label on its line (nearest first), or under it when none stand beside it. */
function stated(reader: Reader, hit: LabelHit, style: NumberStyle): Stated {
  const line = reader.line(hit.line);
  const amounts: Stated["amounts"] = [];
  const rate = hit.match.rest ? readPercent(hit.match.rest, style.decimal) : null;
  const inCell = hit.match.rest && rate === null ? amountOf({ text: hit.match.rest, confidence: reader.cell(hit)?.confidence ?? 1, ref: hit }, style) : null;
  if (inCell) amounts.push(inCell);
  line?.cells.slice(hit.cell + 1).some((cell, offset) => {
    const ref = { line: hit.line, cell: hit.cell + 1 + offset };
    if (reader.isLabel(ref)) return true;
    const amount = amountOf({ text: cell.text, confidence: cell.confidence, ref }, style);
    if (amount) amounts.push(amount);
    return false;
  });
  // Under it only for a caption on its own (a stacked "TOTAL" over its amount), never for a column
  // of a small table's header (the VAT breakdown's "VAT" heads a column of per-rate amounts).
  const captionAlone = line?.cells.every((_, index) => index === hit.cell || !reader.isLabel({ line: hit.line, cell: index }));
  if (amounts.length === 0 && captionAlone) {
    const under = reader.under(hit, 1)[0];
    const amount = under && !reader.isLabel(under.ref) ? amountOf(under, style) : null;
    if (amount) amounts.push(amount);
  }
  return { hit, amounts, rate };
}

function all(reader: Reader, role: FieldRole, style: NumberStyle): Stated[] {
  return reader.labels(role).map((hit) => stated(reader, hit, style)).filter((found) => found.amounts.length > 0);
}

export function statedTotals(reader: Reader, style: NumberStyle): StatedTotals {
  const first = (found: Stated | undefined): Amount | null => found?.amounts[0] ?? null;
  const subtotal = first(all(reader, "subtotal", style)[0]);
  const taxes = all(reader, "tax", style);
  const breakdown = taxes.filter((found) => found.rate !== null && found.amounts.length >= 2);
  const perRate = taxes.filter((found) => found.rate !== null && found.amounts.length === 1);
  const plain = taxes.filter((found) => found.rate === null);
  const taxRows: TaxRow[] = [
    ...breakdown.map((found) => ({ rate: found.rate as number, taxable: found.amounts[0]?.amount ?? null, tax: found.amounts.at(-1)?.amount ?? 0 })),
    ...perRate.map((found) => ({ rate: found.rate as number, taxable: null, tax: found.amounts[0]?.amount ?? 0 })),
  ];
  const lastAmount = (found: Stated): Amount => found.amounts.at(-1)!;
  const sum = (rows: Stated[]): Pick<Amount, "amount" | "confidence" | "readings"> | null => {
    if (rows.length === 0) return null;
    const amount = rows.reduce((total, found) => total + lastAmount(found).amount, 0);
    // One amount keeps its other readings; a sum of several is taken as read.
    return { amount, confidence: Math.min(...rows.map((found) => lastAmount(found).confidence)), readings: rows.length === 1 ? lastAmount(rows[0]!).readings : [amount] };
  };
  // Stated once beats stated per rate beats the breakdown, which sits apart from the totals.
  const tax = plain.length > 0 ? sum([plain.at(-1)!]) : (sum(perRate) ?? sum(breakdown));
  const totals = all(reader, "total", style);
  const dues = all(reader, "amountDue", style);
  const paid = all(reader, "amountPaid", style);
  // The grand total is the one that is subtotal plus tax when both are stated, else the last one;
  // without a total, the amount due is it as long as nothing was paid.
  const expected = subtotal && tax ? subtotal.amount + tax.amount : null;
  const total = first(totals.find((found) => found.amounts[0]?.amount === expected) ?? totals.at(-1)) ?? (paid.length === 0 ? first(dues.at(-1)) : null);
  return { ...addingUp(subtotal, tax, total), taxRows };
}

/** A reading's confidence once it had to be chosen over the likeliest one. */
const CHOSEN_READING = 0.9;

/** The subtotal, tax and total as read, or the readings of them that add up with the fewest second choices. */
function addingUp(subtotal: Amount | null, tax: Pick<Amount, "amount" | "confidence" | "readings"> | null, total: Amount | null): Omit<StatedTotals, "taxRows"> {
  const asRead = { subtotal, tax: tax && { amount: tax.amount, confidence: tax.confidence }, total };
  if (!subtotal || !tax || !total || subtotal.amount + tax.amount === total.amount) return asRead;
  let best: { net: number; vat: number; gross: number; repairs: number } | null = null;
  for (const [s, net] of subtotal.readings.entries()) {
    for (const [t, vat] of tax.readings.entries()) {
      const g = total.readings.indexOf(net + vat);
      if (g >= 0 && (!best || s + t + g < best.repairs)) best = { net, vat, gross: net + vat, repairs: s + t + g };
    }
  }
  if (!best) return asRead;
  const { net, vat, gross } = best;
  const chosen = (amount: number, read: { amount: number; confidence: number }) => (amount === read.amount ? read.confidence : read.confidence * CHOSEN_READING);
  return {
    subtotal: { ...subtotal, amount: net, confidence: chosen(net, subtotal) },
    tax: { amount: vat, confidence: chosen(vat, tax) },
    total: { ...total, amount: gross, confidence: chosen(gross, total) },
  };
}
