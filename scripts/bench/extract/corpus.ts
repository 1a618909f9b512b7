// The accuracy benchmark's invoices: seeded, so every run and machine extracts the same documents.
// Designs and label languages rotate so every pair appears (four designs × eight languages in the
// first 32), and the rest is drawn: sellers and buyers of the language's country with addresses, VAT
// ids and e-mails, one to forty lines (most invoices short, a few long enough for several pages),
// whole and fractional quantities, prices from cents to tens of thousands, the country's standard
// VAT rate with reduced rates on some lines, due dates after 14 to 60 days or none. Records are built
// by the domain's newInvoice, so the totals printed are the service's own.
import { addDays } from "../../../server/domain/clock.ts";
import { newInvoice, type InvoiceRecord, type ItemInput } from "../../../server/domain/invoice.ts";
import { emptyProfile, type PostalAddress, type StoredProfile } from "../../../server/domain/profile.ts";
import { STANDARD_VAT_RATES } from "../../../server/domain/vat-rates.ts";
import { BASE_DESIGNS, type BaseDesign } from "../../../server/domain/templates.ts";
import { pseudoRandom } from "../../seed/random.ts";
import { LANGUAGES, type Company, type Language, type Seller } from "./languages.ts";

export type CorpusInvoice = {
  /** Position in the corpus: names the document in failure lists. */
  index: number;
  design: BaseDesign;
  /** The label language (render/labels: en, de, fr, es, it, nl, pt, ja). */
  language: string;
  record: InvoiceRecord;
  profile: StoredProfile;
};

export const DEFAULT_SEED = 20_261_126;
const MAX_LINES = 40;
const QUANTITIES = [1, 1, 1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 12, 20, 25, 100, 0.5, 1.5, 2.5, 7.5, 12.5, 0.25];
/** Dear things come by ones and twos (and half days), cheap ones by the dozen. */
const QUANTITIES_OF_DEAR = [1, 1, 1, 2, 3, 0.5, 1.5];
const DEAR = 1_000;
/** Prices in major units; a yen is worth about a cent, so JPY prices are these times a hundred. */
const PRICES = [0.45, 2.9, 9.99, 15, 45, 65, 89.5, 120, 180, 250, 480, 875, 980, 1_250, 1_500, 4_200, 12_500];
const TERMS = [14, 14, 30, 30, 30, 45, 60];
const NOW = new Date("2026-11-01T09:00:00Z");

type Draw = {
  random: () => number;
  pick<T>(values: readonly T[]): T;
  chance(share: number): boolean;
  between(low: number, high: number): number;
};

function draw(seed: number): Draw {
  const random = pseudoRandom(seed);
  return {
    random,
    pick: (values) => values[Math.floor(random() * values.length)]!,
    chance: (share) => random() < share,
    between: (low, high) => low + Math.floor(random() * (high - low + 1)),
  };
}

/** Most invoices are short; every 25th has forty lines and the one after it a single line, so both ends are always in. */
function lineCount(index: number, d: Draw): number {
  if (index % 25 === 0) return MAX_LINES;
  if (index % 25 === 1) return 1;
  return 1 + Math.floor(d.random() ** 2 * MAX_LINES);
}

function address(company: Company): PostalAddress {
  return { line1: company.street, line2: null, city: company.city, postal_code: company.postalCode, region: null, country: company.country };
}

function items(language: Language, seller: Seller, count: number, standardRate: number, d: Draw): ItemInput[] {
  return Array.from({ length: count }, (_, index) => {
    const base = d.pick(language.items);
    const price = d.pick(PRICES);
    const reduced = seller.reducedRates.length > 0 && d.chance(0.15) ? d.pick(seller.reducedRates) : undefined;
    return {
      // Past the list's length, a period tells repeated services apart, as on real invoices.
      description: index < language.items.length ? base : `${base} (${d.pick(language.periods)})`,
      quantity: d.pick(price >= DEAR ? QUANTITIES_OF_DEAR : QUANTITIES),
      // Minor units: cents, or whole yen for JPY (where the list's price times a hundred is about right).
      rate: Math.max(1, Math.round(price * 100 * (0.6 + d.random() * 0.8))),
      ...(reduced !== undefined && reduced !== standardRate ? { tax_rate: reduced } : {}),
    };
  });
}

function corpusInvoice(index: number, d: Draw): CorpusInvoice {
  const design = BASE_DESIGNS[index % BASE_DESIGNS.length]!;
  const language = LANGUAGES[Math.floor(index / BASE_DESIGNS.length) % LANGUAGES.length]!;
  const seller = d.pick(language.sellers);
  const buyer = d.pick(language.buyers);
  const currency = d.pick(seller.currencies);
  const standardRate = seller.taxRate ?? STANDARD_VAT_RATES[seller.country] ?? 0;
  const issue = addDays("2025-01-02", d.between(0, 660));
  const profile: StoredProfile = {
    ...emptyProfile(),
    legal_name: seller.name,
    address: address(seller),
    tax_id: seller.taxId,
    contact: { name: null, phone: null, email: seller.email },
    payment: { means: "58", iban: seller.iban, bic: seller.bic, reference: null },
    currency,
    locale: seller.locale,
  };
  const record = newInvoice({
    id: `inv_bench${String(index).padStart(4, "0")}`,
    input: {
      number: seller.numberFormat(issue.slice(0, 4), d.between(1, 9_999)),
      bill_to_name: buyer.name,
      bill_to_address: address(buyer),
      bill_to_email: d.chance(0.5) ? buyer.email : null,
      bill_to_tax_id: d.chance(0.6) ? buyer.taxId : null,
      currency,
      locale: seller.locale,
      issue_date: issue,
      due_date: d.chance(0.85) ? addDays(issue, d.pick(TERMS)) : null,
      tax_rate: standardRate,
      notes: d.chance(0.4) ? d.pick(language.notes) : null,
      items: items(language, seller, lineCount(index, d), standardRate, d),
    },
    profile,
    resolved: {},
    now: NOW,
  });
  // Line ids are random by design; numbered ones keep the corpus the same from run to run.
  const lines = record.items.map((item, line) => ({ ...item, id: `itm_bench${index}_${line}` }));
  return { index, design, language: language.code, record: { ...record, items: lines, status: "approved", locked: true }, profile };
}

export function benchCorpus(count: number, seed = DEFAULT_SEED): CorpusInvoice[] {
  const d = draw(seed);
  return Array.from({ length: count }, (_, index) => corpusInvoice(index, d));
}
