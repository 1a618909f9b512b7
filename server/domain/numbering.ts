// Invoice numbers: gapless per account, type and year (INV-2026-0001); the account may set prefixes.
import type { InvoiceType } from "./lifecycle.ts";

export const DEFAULT_PREFIXES: Readonly<Record<InvoiceType, string>> = {
  invoice: "INV",
  credit_note: "CN",
  quote: "QUO",
  purchase_order: "PO",
};

export function formatInvoiceNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(4, "0")}`;
}
