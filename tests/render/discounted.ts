// An invoice with discounted lines, for the tests of every human-readable export and of their
// readers, built through the domain's newInvoice (amounts are linePrice's nets, totals the
// service's). In en-GB: 40 × €120.00 less 10 % is €4,800.00 − €480.00 = €4,320.00; 3 × €33.33 less
// 2.5 % is €99.99 − €2.50 (2.49975 rounded) = €97.49; a line without a discount between them.
import { newInvoice, type InvoiceRecord } from "../../server/domain/invoice.ts";
import { emptyProfile } from "../../server/domain/profile.ts";

export const DISCOUNTED: InvoiceRecord = newInvoice({
  id: "inv_discounted",
  input: {
    number: "INV-2026-0500",
    currency: "EUR",
    locale: "en-GB",
    bill_to_name: "Contoso plc",
    issue_date: "2026-11-01",
    tax_rate: 20,
    items: [
      { description: "Consulting", quantity: 40, rate: 12_000, discount_percent: 10 },
      { description: "Travel", quantity: 1, rate: 8_950 },
      { description: "Licence seats", quantity: 3, rate: 3_333, discount_percent: 2.5 },
    ],
  },
  profile: { ...emptyProfile(), legal_name: "Northwind Consulting Ltd", currency: "EUR", locale: "en-GB" },
  resolved: {},
  now: new Date("2026-11-01T09:00:00Z"),
});

/** The same invoice in German: the discount is worded and laid out in the invoice's language. */
export const DISCOUNTED_DE: InvoiceRecord = { ...DISCOUNTED, locale: "de-DE" };

/** Each discounted line's printed discount, in DISCOUNTED's and DISCOUNTED_DE's order of lines. */
export const DISCOUNT_LINES = {
  en: ["Discount 10% (-€480.00)", "Discount 2.5% (-€2.50)"],
  de: ["Rabatt 10 % (-480,00 €)", "Rabatt 2,5 % (-2,50 €)"],
} as const;
