// The words every human-readable format prints, per language. `Labels` is the key set: a language
// file that misses a key (or a document type, or a tax category) fails tsc, not a customer's PDF.
import type { InvoiceType } from "../../server/domain/lifecycle.ts";
import type { TaxCategory } from "../../server/domain/money.ts";
import { de } from "./de.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { it } from "./it.ts";
import { ja } from "./ja.ts";
import { nl } from "./nl.ts";
import { pt } from "./pt.ts";

export type Labels = {
  /** The document's title by type. */
  title: Record<InvoiceType, string>;
  /** Between a label and its value, with the spacing the language wants ("Due date: …"). */
  colon: string;
  /** Marks an invoice that has no number yet, visibly and translated: a draft never passes for a real one. */
  draft: string;
  number: string;
  issueDate: string;
  dueDate: string;
  deliveryDate: string;
  precedingInvoice: string;
  from: string;
  billTo: string;
  taxId: string;
  description: string;
  quantity: string;
  unitPrice: string;
  taxRate: string;
  amount: string;
  /** A line's discount as a column's header (the XLSX export). */
  discount: string;
  /** "Discount 10% (-€12.00)" under a discounted line's description; both arrive formatted, the amount signed as it changes the line. */
  lineDiscount: (percent: string, amount: string) => string;
  subtotal: string;
  tax: string;
  /** "VAT 19 %"; `rate` arrives formatted for the locale. */
  taxAt: (rate: string) => string;
  total: string;
  amountPaid: string;
  amountDue: string;
  taxBreakdown: string;
  taxableAmount: string;
  /** Named beside the rate in a VAT breakdown; S is just "VAT". */
  taxCategory: Record<Exclude<TaxCategory, "S">, string>;
  taxExemptionReason: string;
  paymentTerms: string;
  paymentInstructions: string;
  iban: string;
  bic: string;
  reference: string;
  notes: string;
  /** Numbers arrive formatted for the locale. */
  pageOf: (page: string, pages: string) => string;
};

export const LABELS = { en, de, fr, es, it, nl, pt, ja } satisfies Record<string, Labels>;
export type LabelLanguage = keyof typeof LABELS;

/** Labels for a BCP 47 tag: its language (de-AT → de), else English. Tags were validated on input. */
export function labelsFor(locale: string): Labels {
  const language = new Intl.Locale(locale).language;
  return Object.hasOwn(LABELS, language) ? LABELS[language as LabelLanguage] : LABELS.en;
}
