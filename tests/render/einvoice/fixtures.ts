// The table of invoices every e-invoice test runs over: built through the domain's newInvoice (so
// amounts are the service's own), then finalized as the lifecycle would (numbered and locked).
import { newInvoice, type InvoiceFieldsInput, type InvoiceRecord, type Resolved } from "../../../server/domain/invoice.ts";
import { emptyProfile, type StoredProfile } from "../../../server/domain/profile.ts";

export const SELLER: StoredProfile = {
  ...emptyProfile(),
  legal_name: "Zoë Müller Beratung GmbH",
  address: { line1: "Hauptstraße 1", line2: "Hinterhaus", city: "Berlin", postal_code: "10115", region: "Berlin", country: "DE" },
  tax_id: "DE123456789",
  registration_id: "HRB 123456 B",
  contact: { name: "Zoë Müller", phone: "+49 30 1234567", email: "billing@zoe-mueller.example" },
  payment: { means: "58", iban: "DE02120300000000202051", bic: "BYLADEM1001", reference: null },
  currency: "EUR",
  locale: "de-DE",
};

const NOW = new Date("2026-11-01T09:00:00Z");

const BASE: InvoiceFieldsInput = {
  bill_to_name: "Beispiel AG",
  bill_to_email: "ap@beispiel.example",
  bill_to_address: { line1: "Marktplatz 5", city: "München", postal_code: "80331", country: "DE" },
  bill_to_tax_id: "DE987654321",
  buyer_reference: "04011000-12345-34",
  issue_date: "2026-11-01",
  due_date: "2026-12-01",
  items: [{ description: "Beratung", quantity: 1, rate: 10_000, tax_rate: 19 }],
};

let sequence = 0;

/** A draft built from create input (over a German B2B base), then numbered and locked. */
export function finalized(input: InvoiceFieldsInput, resolved: Resolved = {}): InvoiceRecord {
  sequence += 1;
  const draft = newInvoice({ id: `inv_einvoice${sequence}`, input: { ...BASE, ...input }, profile: SELLER, resolved, now: NOW });
  const prefix = draft.type === "credit_note" ? "GS" : "RE";
  const number = `${prefix}-2026-${String(sequence).padStart(4, "0")}`;
  return { ...draft, number, locked: true, status: "approved", finalized_at: NOW.toISOString() };
}

/** A payment already received (BT-113), as record_payment would leave it. */
function partlyPaid(record: InvoiceRecord, paid: number): InvoiceRecord {
  return { ...record, amount_paid: paid, amount_due: record.total - paid };
}

export type EinvoiceCase = { name: string; record: InvoiceRecord };

const HUNDREDS = Array.from({ length: 200 }, (_, index) => ({
  description: `Position ${index + 1}: Wartung Anlage ${String.fromCharCode(65 + (index % 26))}`,
  quantity: (index % 7) + 1,
  rate: 1_000 + index * 37,
  tax_rate: index % 3 === 0 ? 7 : 19,
}));

export const CASES: EinvoiceCase[] = [
  {
    name: "several VAT rates (S 19 %, S 7 %, Z), partly paid, delivery date, notes",
    record: partlyPaid(
      finalized({
        tax_rate: 19,
        delivery_date: "2026-10-30",
        payment_terms: "Zahlbar innerhalb von 30 Tagen ohne Abzug",
        notes: "Vielen Dank für Ihren Auftrag.",
        items: [
          { description: "Beratung", quantity: 10, rate: 12_000 },
          { description: "Fachbuch", quantity: 2, rate: 1_999, tax_rate: 7 },
          { description: "Spende Lebensmittel", quantity: 1, rate: 1_550, tax_rate: 0, tax_category: "Z" },
        ],
      }),
      48_628,
    ),
  },
  {
    name: "zero-rated (Z) with a discount line",
    record: finalized({
      tax_rate: 0,
      items: [
        { description: "Schulbücher", quantity: 3, rate: 999 },
        { description: "Rabatt", quantity: 1, rate: -100 },
      ],
    }),
  },
  {
    name: "exempt (E) with an invoice-level reason",
    record: finalized({
      tax_exemption_reason: "Steuerfrei nach § 4 Nr. 21 UStG",
      items: [{ description: "Unterricht", quantity: 1, rate: 80_000, tax_rate: 0, tax_category: "E" }],
    }),
  },
  {
    name: "reverse charge (AE) with the buyer's VAT identifier",
    record: finalized({
      bill_to_name: "Société Générale d'Études SARL",
      bill_to_address: { line1: "12 rue de l'Église", city: "Lyon", postal_code: "69002", country: "FR" },
      bill_to_tax_id: "FR40303265045",
      items: [{ description: "Développement logiciel", quantity: 40, rate: 9_500, tax_rate: 0, tax_category: "AE", tax_exemption_reason: "Autoliquidation" }],
    }),
  },
  {
    name: "intra-community supply (K) with a VATEX code",
    record: finalized({
      bill_to_name: "Wiener Handels GmbH",
      bill_to_address: { line1: "Ringstraße 8", city: "Wien", postal_code: "1010", country: "AT" },
      bill_to_tax_id: "ATU13585627",
      delivery_date: "2026-10-28",
      items: [{ description: "Maschinenteile", quantity: 12, rate: 24_990, tax_rate: 0, tax_category: "K", tax_exemption_reason: "vatex-eu-ic" }],
    }),
  },
  {
    name: "export outside the EU (G), payment terms instead of a due date",
    record: finalized({
      bill_to_name: "Acme Corp.",
      bill_to_address: { line1: "1 Infinite Loop", city: "Cupertino", postal_code: "95014", region: "CA", country: "US" },
      bill_to_tax_id: null,
      currency: "USD",
      due_date: null,
      payment_terms: "Net 30",
      tax_exemption_reason: "Export outside the EU (§ 4 Nr. 1a UStG)",
      items: [{ description: "Industrial sensors", quantity: 5, rate: 100_000, tax_rate: 0, tax_category: "G" }],
    }),
  },
  {
    name: "credit note (381) with its preceding invoice",
    record: finalized(
      {
        type: "credit_note",
        tax_rate: 19,
        preceding_invoice: { number: "RE-2026-0001", issue_date: "2026-10-01" },
        items: [{ description: "Gutschrift Beratung (Rückerstattung)", quantity: 1, rate: 12_000 }],
      },
      { preceding: { id: null, number: "RE-2026-0001", issue_date: "2026-10-01" } },
    ),
  },
  { name: "200 lines at two rates", record: finalized({ items: HUNDREDS }) },
  {
    name: "non-ASCII names and markup characters",
    record: finalized({
      bill_to_name: "Ελληνικά Προϊόντα Α.Ε.",
      bill_to_address: { line1: "Οδός Ερμού 10", city: "Αθήνα", postal_code: "105 63", country: "GR" },
      bill_to_tax_id: "EL094019245",
      tax_rate: 19,
      notes: "Zoë Müller grüßt 東京株式会社\u0007",
      items: [
        { description: "Μελέτη σκοπιμότητας — Zoë Müller", quantity: 1.5, rate: 20_000 },
        { description: `R&D <phase 2> "quoted" 'single' 東京株式会社`, quantity: 1, rate: 333 },
      ],
    }),
  },
  {
    name: "JPY (no decimals)",
    record: finalized({
      bill_to_name: "東京株式会社",
      bill_to_address: { line1: "千代田区丸の内1-1", city: "東京都", postal_code: "100-0005", country: "JP" },
      bill_to_tax_id: null,
      currency: "JPY",
      tax_rate: 10,
      items: [
        { description: "ソフトウェアライセンス", quantity: 3, rate: 1_980 },
        { description: "サポート", quantity: 7, rate: 333 },
      ],
    }),
  },
  {
    name: "KWD (three decimals, rounded to two)",
    record: finalized({
      bill_to_name: "شركة الكويت للتجارة",
      bill_to_address: { line1: "شارع الخليج العربي", city: "الكويت", country: "KW" },
      bill_to_tax_id: null,
      currency: "KWD",
      tax_rate: 5,
      items: [
        { description: "Filters", quantity: 3, rate: 1_235 },
        { description: "Gaskets", quantity: 2, rate: 333 },
      ],
    }),
  },
  {
    // EN 16931 line allowances (BG-27): each discount is taken off quantity × price, at the line's own
    // VAT rate; a negative line keeps its sign on quantity, base, allowance and net alike (BR-27).
    name: "line discounts: 10 %, 12.5 % on a 7 % line, 100 %, 3.3333 %, on a negative line, and a line without",
    record: finalized({
      tax_rate: 19,
      items: [
        { description: "Beratung", quantity: 10, rate: 12_000, discount_percent: 10 },
        { description: "Fachbuch", quantity: 3, rate: 1_999, tax_rate: 7, discount_percent: 12.5 },
        { description: "Werbegeschenk", quantity: 2, rate: 2_500, discount_percent: 100 },
        { description: "Kleinteile", quantity: 7, rate: 333, discount_percent: 3.3333 },
        { description: "Rückvergütung Wartung", quantity: 1, rate: -2_000, discount_percent: 10 },
        { description: "Anfahrt", quantity: 1, rate: 4_500 },
      ],
    }),
  },
  {
    name: "line discounts on a credit note (381), one at its own 7 % rate",
    record: finalized(
      {
        type: "credit_note",
        tax_rate: 19,
        preceding_invoice: { number: "RE-2026-0002", issue_date: "2026-10-15" },
        items: [
          { description: "Gutschrift Beratung", quantity: 2.5, rate: 12_000, discount_percent: 15 },
          { description: "Gutschrift Fachbuch", quantity: 1, rate: 1_999, tax_rate: 7, discount_percent: 5 },
        ],
      },
      { preceding: { id: null, number: "RE-2026-0002", issue_date: "2026-10-15" } },
    ),
  },
  {
    name: "line discounts in KWD (three decimals: base, allowance and net each rounded to two)",
    record: finalized({
      bill_to_name: "شركة الكويت للتجارة",
      bill_to_address: { line1: "شارع الخليج العربي", city: "الكويت", postal_code: "13001", country: "KW" },
      bill_to_tax_id: null,
      currency: "KWD",
      tax_rate: 5,
      items: [
        { description: "Filters", quantity: 3, rate: 1_235, discount_percent: 10 },
        { description: "Gaskets", quantity: 2, rate: 333, discount_percent: 7.5 },
      ],
    }),
  },
  {
    name: "outside the scope of VAT (O)",
    record: finalized({
      tax_exemption_reason: "Nicht steuerbar: Leistungsort im Drittland",
      items: [{ description: "Schadenregulierung", quantity: 1, rate: 50_000, tax_rate: 0, tax_category: "O" }],
    }),
  },
];

/** A case by the start of its name, for tests that look at one closely. */
export function caseNamed(prefix: string): InvoiceRecord {
  const found = CASES.find((entry) => entry.name.startsWith(prefix));
  if (!found) throw new Error(`no case "${prefix}"`);
  return found.record;
}
