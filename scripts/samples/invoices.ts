// Sample invoices shared by the text-format tests and the render benchmark (here so scripts/ need
// not reach into tests/), built through the domain's newInvoice so amounts, VAT
// groups and totals are the service's own.
import { newInvoice, type InvoiceFieldsInput, type InvoiceRecord, type Resolved } from "../../server/domain/invoice.ts";
import { emptyProfile, type StoredProfile } from "../../server/domain/profile.ts";

const SELLER: StoredProfile = {
  ...emptyProfile(),
  legal_name: "Zoë Müller Beratung GmbH",
  address: { line1: "Hauptstraße 1", line2: null, city: "Berlin", postal_code: "10115", region: null, country: "DE" },
  tax_id: "DE123456789",
  contact: { name: "Zoë Müller", phone: null, email: "billing@zoe-mueller.example" },
  payment: { means: "58", iban: "DE02120300000000202051", bic: "BYLADEM1001", reference: null },
  currency: "EUR",
  locale: "de-DE",
};

const NOW = new Date("2026-11-01T09:00:00Z");

function build(id: string, input: InvoiceFieldsInput, resolved: Resolved = {}): InvoiceRecord {
  const base: InvoiceFieldsInput = { bill_to_name: "Beispiel AG", issue_date: "2026-11-01" };
  return newInvoice({ id: `inv_${id}`, input: { ...base, ...input }, profile: SELLER, resolved, now: NOW });
}

/** A payment already received, as record_payment leaves it. */
function paid(record: InvoiceRecord, amount: number): InvoiceRecord {
  return { ...record, amount_paid: amount, amount_due: record.total - amount };
}

/** EUR in de-DE: 19 % and 7 % lines, partly paid, every optional block present. */
export const GERMAN = paid(
  build("german", {
    number: "RE-2026-0042",
    bill_to_email: "ap@beispiel.example",
    bill_to_address: { line1: "Marktplatz 5", city: "München", postal_code: "80331", region: "Bayern", country: "DE" },
    bill_to_tax_id: "DE987654321",
    due_date: "2026-12-01",
    delivery_date: "2026-10-30",
    payment_terms: "Zahlbar innerhalb von 30 Tagen ohne Abzug",
    payment: { reference: "RE-2026-0042" },
    notes: "Vielen Dank für Ihren Auftrag.",
    tax_rate: 19,
    items: [
      { description: "Beratung", quantity: 10, rate: 12_000 },
      { description: "Fachbuch", quantity: 2, rate: 1_999, tax_rate: 7 },
      { description: "Reisekosten", quantity: 1.5, rate: 4_550 },
    ],
  }),
  50_000,
);

/** JPY in ja-JP: no decimals, 10 % and the reduced 8 %. */
export const JAPANESE = build("japanese", {
  number: "INV-2026-0007",
  currency: "JPY",
  locale: "ja-JP",
  bill_to_name: "株式会社サンプル",
  bill_to_address: { line1: "千代田1-1", city: "千代田区", postal_code: "100-0001", region: "東京都", country: "JP" },
  due_date: "2026-11-30",
  items: [
    { description: "コンサルティング", quantity: 3, rate: 150_000, tax_rate: 10 },
    { description: "お弁当", quantity: 12, rate: 980, tax_rate: 8 },
  ],
});

/** KWD in English: three decimals. */
export const KUWAITI = build("kuwaiti", {
  number: "INV-2026-0100",
  currency: "KWD",
  locale: "en",
  bill_to_name: "Gulf Trading Co.",
  bill_to_address: { line1: "Al Soor Street", city: "Kuwait City", country: "KW" },
  items: [
    { description: "Support plan", quantity: 1, rate: 1_250 },
    { description: "Spare part", quantity: 4, rate: 3_005 },
  ],
});

/** A credit note in fr-FR correcting an invoice outside the service, with an exemption. */
export const FRENCH_CREDIT_NOTE = build(
  "credit",
  {
    type: "credit_note",
    number: "AV-2026-0003",
    locale: "fr-FR",
    bill_to_name: "Société Générale d'Études SARL",
    bill_to_address: { line1: "12 rue de l'Église", city: "Lyon", postal_code: "69002", country: "FR" },
    bill_to_tax_id: "FR40303265045",
    preceding_invoice: { number: "RE-2026-0001", issue_date: "2026-10-01" },
    tax_exemption_reason: "Autoliquidation",
    items: [{ description: "Remise sur développement", quantity: 1, rate: 38_000, tax_rate: 0, tax_category: "AE" }],
  },
  { preceding: { id: null, number: "RE-2026-0001", issue_date: "2026-10-01" } },
);

/** A USD draft (no number) whose text tries to break every format. */
export const HOSTILE = build("hostile", {
  currency: "USD",
  locale: "en-US",
  from_name: 'Acme, "Best" | *Widgets*',
  bill_to_name: "=HYPERLINK(\"http://evil.example\")",
  bill_to_email: "a_b@example.com",
  notes: "# not a heading\n- not a list\n1. not a list\n    not code\n<script>alert(1)</script> & [link](x) `tick` ~~strike~~ \\",
  tax_rate: 8.875,
  items: [
    { description: 'Widget | "Pro", size 2*3 _x_', quantity: 2, rate: 1_999 },
    { description: "Line one\nLine two\r\nLine three", quantity: 0.25, rate: -400 },
  ],
});

export const ALL: ReadonlyArray<[string, InvoiceRecord]> = [
  ["EUR de-DE", GERMAN],
  ["JPY ja-JP", JAPANESE],
  ["KWD en", KUWAITI],
  ["credit note fr-FR", FRENCH_CREDIT_NOTE],
  ["hostile USD draft", HOSTILE],
];
