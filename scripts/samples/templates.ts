// Invoices and templates the layout tests and the render benchmark render, built through the domain's newInvoice so totals
// and VAT groups are the service's own: the text-format fixtures (German, Japanese, a hostile
// draft), plus a right-to-left invoice, a 200-line one and a logo.
import { encode } from "fast-png";
import { newInvoice, type InvoiceFieldsInput, type InvoiceRecord } from "../../server/domain/invoice.ts";
import { emptyProfile, type StoredProfile } from "../../server/domain/profile.ts";
import type { BaseDesign } from "../../server/domain/templates.ts";
import { builtInTemplate, type RenderLogo, type RenderTemplate } from "../../render/templates/template.ts";
import { GERMAN } from "./invoices.ts";

export { GERMAN, HOSTILE, JAPANESE } from "./invoices.ts";

const SELLER: StoredProfile = {
  ...emptyProfile(),
  legal_name: "Northwind Consulting Ltd",
  address: { line1: "1 High Street", line2: null, city: "London", postal_code: "EC1A 1AA", region: null, country: "GB" },
  tax_id: "GB123456789",
  contact: { name: null, phone: null, email: "billing@northwind.example" },
  payment: { means: "58", iban: "DE02120300000000202051", bic: "BYLADEM1001", reference: null },
  currency: "EUR",
  locale: "en-GB",
};

const NOW = new Date("2026-11-01T09:00:00Z");

export function invoice(id: string, input: InvoiceFieldsInput): InvoiceRecord {
  const base: InvoiceFieldsInput = { bill_to_name: "Contoso plc", issue_date: "2026-11-01", tax_rate: 20 };
  return newInvoice({ id: `inv_${id}`, input: { ...base, ...input }, profile: SELLER, resolved: {}, now: NOW });
}

/** GERMAN without a number: a draft, which must say ENTWURF. */
export const GERMAN_DRAFT: InvoiceRecord = { ...GERMAN, number: null };

/** Arabic and Hebrew text in English labels: names, an address and descriptions right to left. */
export const RIGHT_TO_LEFT = invoice("rtl", {
  number: "INV-2026-0300",
  bill_to_name: "شركة المثال للتجارة",
  bill_to_address: { line1: "רחוב הרצל 12", city: "תל אביב", postal_code: "6100000", country: "IL" },
  items: [
    { description: "خدمات استشارية لشهر نوفمبر", quantity: 2, rate: 45_000 },
    { description: "ספר מקצועי: מדריך למתחילים", quantity: 1, rate: 3_900 },
  ],
});

/** 200 lines, every 25th with a description that wraps over several lines. */
export const LONG_DESCRIPTION = "Extended on-site support covering installation, configuration, data migration, staff training and a written handover report for the operations team";
export const TWO_HUNDRED_LINES = invoice("long", {
  number: "INV-2026-0200",
  due_date: "2026-12-01",
  notes: "Thank you for your business.",
  items: Array.from({ length: 200 }, (_, index) => ({
    description: index % 25 === 0 ? `Row ${index + 1}: ${LONG_DESCRIPTION}` : `Row ${index + 1}`,
    quantity: (index % 4) + 1,
    rate: 1_000 + index * 10,
  })),
});

/** The seller of TWENTY_LINES: complete enough for every e-invoice format too (the render benchmark makes its UBL). */
export const TWENTY_LINES_SELLER: StoredProfile = {
  ...emptyProfile(),
  legal_name: "Zoë Müller Beratung GmbH",
  address: { line1: "Hauptstraße 1", line2: null, city: "Berlin", postal_code: "10115", region: null, country: "DE" },
  tax_id: "DE123456789",
  contact: { name: "Zoë Müller", phone: "+49 30 1234567", email: "billing@zoe-mueller.example" },
  payment: { means: "58", iban: "DE02120300000000202051", bic: "BYLADEM1001", reference: null },
};

/**
 * The render benchmark's invoice (scripts/bench/render.ts): a German seller and buyer with
 * addresses, e-mail and VAT ids, issue and due dates, 20 lines at 7 % and 19 %, and IBAN, BIC and
 * the EPC code to pay with. Every design must set it on one A4 page.
 */
export const TWENTY_LINES: InvoiceRecord = {
  ...newInvoice({
    id: "inv_twenty",
    input: {
      bill_to_name: "Beispiel AG",
      bill_to_email: "ap@beispiel.example",
      bill_to_address: { line1: "Marktplatz 5", city: "München", postal_code: "80331", country: "DE" },
      bill_to_tax_id: "DE987654321",
      buyer_reference: "04011000-12345-34",
      currency: "EUR",
      locale: "de-DE",
      issue_date: "2026-11-01",
      due_date: "2026-12-01",
      items: Array.from({ length: 20 }, (_, index) => ({
        description: `Leistung ${index + 1}: Beratung und Umsetzung, Phase ${(index % 4) + 1}`,
        quantity: (index % 5) + 1,
        rate: 9_500 + index * 250,
        tax_rate: index % 4 === 0 ? 7 : 19,
      })),
    },
    profile: TWENTY_LINES_SELLER,
    resolved: {},
    now: NOW,
  }),
  number: "RE-2026-0042",
  locked: true,
  status: "approved",
};

/** A 3:1 logo, 120 × 40 px: a solid colour with a white square in its middle. */
export const LOGO_COLOUR = [32, 90, 140] as const;
export function logo(): RenderLogo {
  const width = 120;
  const height = 40;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const white = x >= 50 && x < 70 && y >= 10 && y < 30;
      data.set(white ? [255, 255, 255] : LOGO_COLOUR, (y * width + x) * 3);
    }
  }
  return { format: "png", bytes: encode({ width, height, data, channels: 3, depth: 8 }), width, height };
}

/** A built-in design with some options changed. */
export function templateWith(base: BaseDesign, change: (template: RenderTemplate) => void): RenderTemplate {
  const template = builtInTemplate(base);
  change(template);
  return template;
}
