// `npm run bench:dsl`: what the Invoice DSL (ADR 0012) saves an agent in tokens. A fixed corpus of
// varied invoices (1 to 25 items, several currencies and languages, with and without addresses,
// e-mails, notes, Net-N terms, per-line VAT, some finalized) is written both as the DSL (toDsl,
// plus FINALIZE) and as the JSON an agent sends to invoices.create for the same invoice (plus, when
// it finalizes, the second call's JSON). Tokens are counted with o200k_base (gpt-tokenizer). Both
// sides leave out what the service defaults: the DSL its "1 x", the JSON a quantity of 1.
// The corpus comes from a seeded generator and is not tuned to the goal.
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { toDsl } from "../../render/codecs/dsl.ts";
import { parseDsl } from "../../render/codecs/dsl-parse.ts";
import { addDays } from "../../server/domain/clock.ts";
import { newInvoice, type InvoiceFieldsInput, type ItemInput } from "../../server/domain/invoice.ts";
import { emptyProfile, type PostalAddress } from "../../server/domain/profile.ts";
import { standardVatRate } from "../../server/domain/vat-rates.ts";
import { pseudoRandom } from "../seed/random.ts";
import { measure } from "./measure.ts";

const GOAL_RATIO = 3.5;
const CORPUS_SIZE = 64;
const PARSE_RUNS = 200;


const random = pseudoRandom(20_261_121);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
const chance = (share: number): boolean => random() < share;
const between = (low: number, high: number): number => low + Math.floor(random() * (high - low + 1));

type Language = {
  currency: readonly string[];
  seller: { name: string; address: Omit<PostalAddress, "line2" | "region">; email: string };
  buyers: readonly string[];
  items: readonly string[];
  terms: string;
  notes: readonly string[];
};

const LANGUAGES: readonly Language[] = [
  {
    currency: ["EUR"],
    seller: { name: "Zoë Müller Beratung GmbH", address: { line1: "Hauptstraße 1", city: "Berlin", postal_code: "10115", country: "DE" }, email: "billing@zoe-mueller.example" },
    buyers: ["Beispiel AG", "Nordlicht Logistik GmbH", "Bäckerei Schröder KG"],
    items: ["Beratung", "Workshop Datenstrategie", "Reisekosten", "Fachbuch", "Projektleitung", "Softwarelizenz (jährlich)", "Schulung vor Ort", "Übersetzung Deutsch–Englisch"],
    terms: "Zahlbar innerhalb von 14 Tagen ohne Abzug",
    notes: ["Vielen Dank für Ihren Auftrag.", "Bitte geben Sie die Rechnungsnummer als Verwendungszweck an."],
  },
  {
    currency: ["USD", "CAD"],
    seller: { name: "Acme Consulting LLC", address: { line1: "500 Market Street", city: "San Francisco", postal_code: "94105", country: "US" }, email: "ar@acme.example" },
    buyers: ["Globex Corporation", "Initech Inc.", "Umbrella Health Partners"],
    items: ["Consulting", "Design review", "Travel", "Cloud hosting (monthly)", "Support retainer", "On-site training", "Custom integration work", "Hardware"],
    terms: "Payment due upon receipt of invoice",
    notes: ["Thank you for your business!", "Please reference the invoice number with your payment."],
  },
  {
    currency: ["EUR"],
    seller: { name: "Atelier Lefèvre SARL", address: { line1: "12 rue de l'Église", city: "Lyon", postal_code: "69002", country: "FR" }, email: "compta@lefevre.example" },
    buyers: ["Société Générale d'Études", "Boulangerie Martin", "Éditions du Rhône"],
    items: ["Développement web", "Maintenance mensuelle", "Frais de déplacement", "Conception graphique", "Hébergement", "Formation"],
    terms: "Paiement à 30 jours fin de mois",
    notes: ["Merci de votre confiance.", "Pénalités de retard : trois fois le taux d'intérêt légal."],
  },
  {
    currency: ["JPY"],
    seller: { name: "株式会社サンプル", address: { line1: "千代田1-1", city: "千代田区", postal_code: "100-0001", country: "JP" }, email: "keiri@sample.example" },
    buyers: ["株式会社テスト商事", "山田工業株式会社"],
    items: ["コンサルティング", "お弁当", "システム保守", "出張費", "ライセンス"],
    terms: "月末締め翌月末払い",
    notes: ["お振込手数料はご負担ください。"],
  },
  {
    currency: ["GBP"],
    seller: { name: "Thornbury & Pike Ltd", address: { line1: "10 Downing Lane", city: "London", postal_code: "SW1A 2AA", country: "GB" }, email: "accounts@thornbury.example" },
    buyers: ["Wessex Water Services", "The Crown & Anchor"],
    items: ["Legal advice", "Document review", "Court filing fee", "Conveyancing", "Mileage"],
    terms: "Net 30",
    notes: ["Registered in England and Wales."],
  },
  {
    currency: ["CHF", "EUR"],
    seller: { name: "Bergkristall AG", address: { line1: "Bahnhofstrasse 1", city: "Zürich", postal_code: "8001", country: "CH" }, email: "rechnung@bergkristall.example" },
    buyers: ["Alpenblick Hotels SA", "Uhrenmanufaktur Jura"],
    items: ["Revision", "Wartungsvertrag", "Ersatzteile", "Montage (Stunden)"],
    terms: "30 Tage netto",
    notes: ["Zahlbar auf das angegebene Konto."],
  },
  {
    currency: ["KWD", "SEK"],
    seller: { name: "Gulf Trading Co.", address: { line1: "Al Soor Street", city: "Kuwait City", postal_code: "", country: "KW" }, email: "finance@gulf.example" },
    buyers: ["Nordic Supply AB", "Desert Rose Contracting"],
    items: ["Support plan", "Spare part", "Freight", "Installation"],
    terms: "Net 45",
    notes: ["Bank charges are for the payer's account."],
  },
  {
    currency: ["EUR"],
    seller: { name: "Estudio Navarro S.L.", address: { line1: "Calle Mayor 5", city: "Madrid", postal_code: "28013", country: "ES" }, email: "facturas@navarro.example" },
    buyers: ["Distribuciones Ibéricas S.A.", "Café Central"],
    items: ["Diseño de logotipo", "Fotografía de producto", "Gestión de redes sociales", "Desplazamiento"],
    terms: "Pago a 30 días",
    notes: ["Gracias por su confianza."],
  },
];

const SIZES = [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 18, 20, 25];
const QUANTITIES = [1, 1, 1, 2, 3, 5, 10, 12, 0.5, 1.5, 7.5, 40];
const ODD_RATES = [7, 8.875, 5.5, 0];

type Case = { items: number; finalize: boolean; create: Record<string, unknown>; dsl: string };

function compact<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined && field !== null)) as Partial<T>;
}

function uuid(): string {
  const hex = Array.from({ length: 32 }, () => between(0, 15).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

function makeItems(language: Language, count: number, currency: string, ownVat: boolean): ItemInput[] {
  // Minor units per price unit of the list; a yen is worth about a cent, so JPY prices are a hundred times the number.
  const scale = currency === "KWD" ? 1_000 : 100;
  return Array.from({ length: count }, (_, index) => {
    const base = pick(language.items);
    const description = index < language.items.length ? base : `${base} ${index + 1}`;
    const unitPrice = pick([15, 45, 89.5, 120, 250, 980, 1_500, 4_200]) * scale;
    return compact({
      description,
      quantity: pick(QUANTITIES),
      rate: Math.round(unitPrice * (0.5 + random())),
      tax_rate: ownVat && chance(0.3) ? pick([7, 10, 0, 5.5]) : undefined,
    }) as ItemInput;
  });
}

function makeCase(index: number): Case {
  const language = LANGUAGES[index % LANGUAGES.length] as Language;
  const currency = pick(language.currency);
  const count = index < SIZES.length * 2 ? (SIZES[index % SIZES.length] as number) : between(1, 25);
  const issue = addDays("2026-01-05", between(0, 330));
  const sellerAddress = chance(0.75) ? compact(language.seller.address) : null;
  const due = pick(["net", "net", "date", "terms", "none"] as const);
  const days = pick([14, 30, 30, 45, 60]);
  const seller = sellerAddress?.country;
  const standard = seller ? standardVatRate(seller) : null;
  const taxRate = chance(0.7) && standard !== null ? standard : chance(0.5) ? pick(ODD_RATES) : null;
  const create = compact({
    from_name: language.seller.name,
    from_address: sellerAddress,
    from_email: chance(0.6) ? language.seller.email : null,
    bill_to_name: pick(language.buyers),
    bill_to_email: chance(0.7) ? `ap${index}@buyer.example` : null,
    bill_to_address: chance(0.5) ? compact({ line1: `${between(1, 200)} ${pick(["Main Street", "Ringstraße", "Avenue Foch", "中央通り"])}`, city: pick(["Boston", "Wien", "Paris", "大阪"]), postal_code: String(between(1_000, 99_999)), country: pick(["US", "AT", "FR", "JP"]) }) : null,
    issue_date: issue,
    due_date: due === "net" || due === "date" ? addDays(issue, days) : undefined,
    payment_terms: due === "net" ? `Net ${days}` : due === "terms" ? language.terms : undefined,
    currency,
    tax_rate: taxRate,
    notes: chance(0.4) ? pick(language.notes) : null,
    items: makeItems(language, count, currency, chance(0.3)),
  });
  const profile = { ...emptyProfile(), legal_name: language.seller.name, currency, locale: "en" };
  const record = newInvoice({ id: `inv_bench${index}`, input: create as InvoiceFieldsInput, profile, resolved: {}, now: new Date("2026-11-01T09:00:00Z") });
  const finalize = index % 3 === 0;
  // The JSON states no locale, so neither does the agent's DSL: the export's LOCALE line (written
  // always, so that an export reads back on any account) is left out. CURRENCY is on both sides.
  const dsl = toDsl(record).replace(/^LOCALE .*\n/m, "");
  return { items: count, finalize, create, dsl: `${dsl}${finalize ? "FINALIZE\n" : ""}` };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/** The median time of PARSE_RUNS parses of one text, after a warm-up, in microseconds. */
async function parseMicros(text: string): Promise<number> {
  return (await measure(PARSE_RUNS, () => parseDsl(text, { today: "2026-11-21" }))).median * 1_000;
}

type Row = Case & { dslTokens: number; compactTokens: number; prettyTokens: number; parseMicros: number };

async function measureCase(entry: Case, index: number): Promise<Row> {
  const parsed = parseDsl(entry.dsl, { today: "2026-11-21" });
  if (!parsed.ok) throw new Error(`corpus invoice ${index} does not parse: ${JSON.stringify(parsed.problems)}\n${entry.dsl}`);
  const finalizeCall = entry.finalize ? { id: `inv_${String(index).padStart(2, "0")}8f3k2m9q4x7w1z`, base_revision: 1, operation_id: uuid() } : null;
  const tokens = (space?: number): number => countTokens(JSON.stringify(entry.create, null, space)) + (finalizeCall ? countTokens(JSON.stringify(finalizeCall, null, space)) : 0);
  return { ...entry, dslTokens: countTokens(entry.dsl), compactTokens: tokens(), prettyTokens: tokens(2), parseMicros: await parseMicros(entry.dsl) };
}

const rows: Row[] = [];
for (let index = 0; index < CORPUS_SIZE; index++) rows.push(await measureCase(makeCase(index), index));
const BUCKETS: ReadonlyArray<[string, number, number]> = [
  ["1–3 items", 1, 3],
  ["4–8 items", 4, 8],
  ["9–15 items", 9, 15],
  ["16–25 items", 16, 25],
];

const ratio = (value: number): string => `${value.toFixed(2)}×`;
console.log(`corpus: ${rows.length} invoices, ${rows.filter((row) => row.finalize).length} finalized; tokens by o200k_base (gpt-tokenizer); medians per bucket\n`);
console.log("| items | invoices | DSL tokens | compact JSON | pretty JSON | compact ÷ DSL | pretty ÷ DSL |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const [label, low, high] of BUCKETS) {
  const bucket = rows.filter((row) => row.items >= low && row.items <= high);
  const column = (pick: (row: Row) => number): number => median(bucket.map(pick));
  console.log(
    `| ${label} | ${bucket.length} | ${column((row) => row.dslTokens)} | ${column((row) => row.compactTokens)} | ${column((row) => row.prettyTokens)} | ${ratio(column((row) => row.compactTokens / row.dslTokens))} | ${ratio(column((row) => row.prettyTokens / row.dslTokens))} |`,
  );
}

const compactRatio = median(rows.map((row) => row.compactTokens / row.dslTokens));
const prettyRatio = median(rows.map((row) => row.prettyTokens / row.dslTokens));
console.log("");
console.log(`median DSL tokens:                 ${median(rows.map((row) => row.dslTokens))}`);
console.log(`median compact JSON tokens:        ${median(rows.map((row) => row.compactTokens))}`);
console.log(`median pretty JSON tokens:         ${median(rows.map((row) => row.prettyTokens))}`);
console.log(`median ratio compact JSON ÷ DSL:   ${ratio(compactRatio)}`);
console.log(`median ratio pretty JSON ÷ DSL:    ${ratio(prettyRatio)}`);
console.log(`median parseDsl time per invoice:  ${median(rows.map((row) => row.parseMicros)).toFixed(1)} µs (each the median of ${PARSE_RUNS} parses)`);
console.log("");
const verdict = (value: number): string => (value >= GOAL_RATIO ? "met" : "NOT MET");
console.log(`goal median JSON ÷ DSL ≥ ${GOAL_RATIO}: compact JSON ${ratio(compactRatio)} (${verdict(compactRatio)}), pretty-printed JSON ${ratio(prettyRatio)} (${verdict(prettyRatio)})`);
