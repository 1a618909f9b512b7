// A realistic account for benchmarks and demos: clients in three currencies, a product catalogue,
// and documents of every type (mostly invoices; credit notes, quotes, purchase orders) over five
// years up to "today" that grow over time, the way a business's do. Every status occurs: old
// invoices are almost all paid (a few voided, a few long overdue), recent ones are open, the newest
// include drafts. Numbers run per type and year; paid invoices carry their payment. Records are built
// by the domain's newInvoice (totals are the service's own) and inserted ~1,000 per transaction,
// through the same triggers as any write, so the analytics aggregates are filled as they would be.
import type { Database } from "../../db/client.ts";
import { createAccount, saveProfile } from "../../db/queries/accounts.ts";
import { insertClient, type ClientRecord } from "../../db/queries/clients.ts";
import { insertInvoices } from "../../db/queries/invoices.ts";
import { setSequence } from "../../db/queries/number-sequences.ts";
import { insertPayments, type PaymentRecord } from "../../db/queries/payments.ts";
import { insertProduct, type ProductRecord } from "../../db/queries/products.ts";
import { addDays, dateInZone, daysBetween } from "../../server/domain/clock.ts";
import { newId } from "../../server/domain/ids.ts";
import { newInvoice, type InvoiceRecord, type ItemInput } from "../../server/domain/invoice.ts";
import type { InvoiceStatus, InvoiceType } from "../../server/domain/lifecycle.ts";
import { formatInvoiceNumber } from "../../server/domain/numbering.ts";
import { emptyProfile, type StoredProfile } from "../../server/domain/profile.ts";
import type { TierName } from "../../server/domain/tiers.ts";
import { pseudoRandom } from "./random.ts";

const CHUNK = 1000;
const YEARS = 5;

export const SEED_PROFILE: StoredProfile = {
  ...emptyProfile(),
  legal_name: "Nordlicht Studio GmbH",
  address: { line1: "Torstraße 101", line2: null, city: "Berlin", postal_code: "10119", region: null, country: "DE" },
  tax_id: "DE811907980",
  contact: { name: "Accounts", phone: null, email: "accounts@nordlicht.example" },
  payment: { means: "58", iban: "DE89370400440532013000", bic: "COBADEFFXXX", reference: null },
  currency: "EUR",
  locale: "de-DE",
  timezone: "Europe/Berlin",
};

const COMPANY_WORDS = ["Alpen", "Baltic", "Cedar", "Delta", "Ember", "Fjord", "Granite", "Harbor", "Iris", "Juniper", "Kestrel", "Lumen", "Meridian", "Nimbus", "Orchid", "Pioneer", "Quartz", "Riverside", "Summit", "Tidewater"];
const COMPANY_KINDS = ["Logistics", "Media", "Bakery", "Architects", "Dental", "Robotics", "Foods", "Partners", "Labs", "Outfitters"];
const CURRENCIES: ReadonlyArray<{ currency: string; locale: string; taxRate: number; share: number }> = [
  { currency: "EUR", locale: "de-DE", taxRate: 19, share: 0.7 },
  { currency: "USD", locale: "en-US", taxRate: 0, share: 0.2 },
  { currency: "GBP", locale: "en-GB", taxRate: 20, share: 0.1 },
];
const CATALOGUE: ReadonlyArray<{ name: string; unit: string; rate: number }> = [
  { name: "Brand strategy workshop", unit: "DAY", rate: 180_000 },
  { name: "UX research", unit: "HUR", rate: 11_000 },
  { name: "Interface design", unit: "HUR", rate: 9_500 },
  { name: "Frontend development", unit: "HUR", rate: 10_500 },
  { name: "Backend development", unit: "HUR", rate: 11_500 },
  { name: "Project management", unit: "HUR", rate: 8_500 },
  { name: "Photography", unit: "DAY", rate: 120_000 },
  { name: "Video editing", unit: "HUR", rate: 7_500 },
  { name: "Copywriting", unit: "HUR", rate: 6_500 },
  { name: "Translation", unit: "C62", rate: 12 },
  { name: "Hosting (monthly)", unit: "MON", rate: 4_900 },
  { name: "Support retainer", unit: "MON", rate: 65_000 },
  { name: "Stock licence", unit: "C62", rate: 2_900 },
  { name: "Printing", unit: "C62", rate: 45 },
  { name: "Travel expenses", unit: "C62", rate: 23_000 },
];

type SeedClient = ClientRecord & { termDays: number; taxRate: number };

export type SeedOptions = { accountId: string; invoices: number; today: string; seed?: number; onProgress?: (done: number) => void };
export type SeededAccount = { clients: SeedClient[]; products: ProductRecord[]; invoiceIds: string[]; clientIds: string[] };

function makeClients(count: number, random: () => number, now: string): SeedClient[] {
  return Array.from({ length: count }, (_, index) => {
    const roll = random();
    const money = roll < 0.7 ? CURRENCIES[0]! : roll < 0.9 ? CURRENCIES[1]! : CURRENCIES[2]!;
    const name = `${COMPANY_WORDS[index % COMPANY_WORDS.length]} ${COMPANY_KINDS[Math.floor(index / COMPANY_WORDS.length) % COMPANY_KINDS.length]}${index >= 200 ? ` ${Math.floor(index / 200) + 1}` : ""}`;
    return {
      id: newId("cli", Date.parse(now) - (count - index) * 1000),
      name,
      email: `billing@client-${index + 1}.example`,
      phone: null,
      address: { line1: `${10 + (index % 90)} Market Street`, line2: null, city: money.currency === "EUR" ? "Hamburg" : money.currency === "USD" ? "Boston" : "Leeds", postal_code: String(10_000 + index), region: null, country: money.currency === "EUR" ? "DE" : money.currency === "USD" ? "US" : "GB" },
      tax_id: null,
      currency: money.currency,
      locale: money.locale,
      notes: null,
      archived: false,
      created_at: now,
      updated_at: now,
      termDays: [14, 30, 30, 30, 45][index % 5]!,
      taxRate: money.taxRate,
    };
  });
}

/** Issue dates that grow over time: the density rises linearly, so the last year has the most invoices. */
function issueDate(random: () => number, first: string, days: number): string {
  return addDays(first, Math.floor(Math.sqrt(random()) * days));
}

/** What happened to an invoice issued `age` days ago: old ones are settled, new ones open or drafts. */
function statusFor(type: InvoiceType, age: number, overdueDays: number, roll: number): InvoiceStatus {
  // Quotes and purchase orders are never paid or overdue (lifecycle.ts): they end sent or void.
  if (type === "quote" || type === "purchase_order") return age > 60 ? (roll < 0.7 ? "sent" : "void") : roll < 0.2 ? "draft" : "sent";
  if (type === "credit_note") return age < 7 && roll < 0.3 ? "draft" : "sent";
  if (age < 10 && roll < 0.25) return roll < 0.15 ? "draft" : roll < 0.2 ? "review" : "approved";
  if (age > 90) return roll < 0.965 ? "paid" : roll < 0.985 ? "void" : "overdue";
  if (overdueDays > 0) return roll < 0.75 ? "paid" : roll < 0.97 ? "overdue" : "void";
  return roll < 0.35 ? "paid" : roll < 0.85 ? "sent" : "viewed";
}

export async function seedRealisticAccount(database: Database, options: SeedOptions): Promise<SeededAccount> {
  const random = pseudoRandom(options.seed ?? 20261125);
  const nowIso = `${options.today}T09:00:00.000Z`;
  const clients = makeClients(Math.min(5_000, Math.max(40, Math.round(options.invoices / 400))), random, nowIso);
  const products: ProductRecord[] = CATALOGUE.map((entry, index) => ({
    id: newId("prd", Date.parse(nowIso) + index),
    name: entry.name,
    description: null,
    unit: entry.unit,
    rate: entry.rate,
    currency: null,
    tax_rate: null,
    sku: `SKU-${String(index + 1).padStart(3, "0")}`,
    created_at: nowIso,
    updated_at: nowIso,
  }));
  await database.write(async (tx) => {
    for (const client of clients) await insertClient(tx, options.accountId, client);
    for (const product of products) await insertProduct(tx, options.accountId, product);
  });
  const first = addDays(options.today, -365 * YEARS);
  const days = daysBetween(first, options.today);
  // Issue dates in order, so numbers follow them per type and year as finalizing would give them.
  const dates = Array.from({ length: options.invoices }, () => issueDate(random, first, days)).sort();
  const sequences = new Map<string, number>();
  const invoiceIds: string[] = [];
  for (let start = 0; start < dates.length; start += CHUNK) {
    const records: InvoiceRecord[] = [];
    const payments: PaymentRecord[] = [];
    for (const date of dates.slice(start, start + CHUNK)) {
      const client = clients[Math.floor(random() * random() * clients.length)]!;
      const typeRoll = random();
      const type: InvoiceType = typeRoll < 0.93 ? "invoice" : typeRoll < 0.96 ? "credit_note" : typeRoll < 0.985 ? "quote" : "purchase_order";
      const lines = 1 + Math.floor(random() * random() * 8);
      const items: ItemInput[] = Array.from({ length: lines }, () => {
        const product = CATALOGUE[Math.floor(random() * CATALOGUE.length)]!;
        const quantity = product.unit === "C62" && product.rate < 100 ? 100 * (1 + Math.floor(random() * 50)) : 1 + Math.floor(random() * 16);
        return { description: product.name, quantity, unit: product.unit, rate: product.rate };
      });
      const due = type === "quote" || type === "purchase_order" ? null : addDays(date, client.termDays);
      const created = new Date(`${date}T08:00:00Z`);
      created.setUTCMilliseconds(records.length);
      const draft = newInvoice({
        id: newId("inv", created.getTime()),
        input: { type, client_id: client.id, issue_date: date, due_date: due, payment_terms: due === null ? null : `Net ${client.termDays}`, tax_rate: client.taxRate, items },
        profile: SEED_PROFILE,
        resolved: { client },
        now: created,
      });
      const age = daysBetween(date, options.today);
      const status = statusFor(type, age, due ? daysBetween(due, options.today) : 0, random());
      let record: InvoiceRecord = { ...draft, status };
      if (status !== "draft" && status !== "review" && status !== "approved") {
        const year = Number(date.slice(0, 4));
        const key = `${type}|${year}`;
        const sequence = (sequences.get(key) ?? 0) + 1;
        sequences.set(key, sequence);
        const at = created.toISOString();
        const paid = status === "paid";
        const paidOn = [addDays(due ?? date, -Math.floor(random() * 10)), options.today, date].sort()[1]!;
        record = {
          ...record,
          number: formatInvoiceNumber(SEED_PROFILE.prefixes[type], year, sequence),
          locked: true,
          revision: paid ? 4 : 3,
          finalized_at: at,
          sent_at: at,
          paid_at: paid ? `${paidOn}T12:00:00.000Z` : null,
          voided_at: status === "void" ? at : null,
          amount_paid: paid ? draft.total : 0,
          amount_due: paid ? 0 : draft.total,
        };
        if (paid) {
          payments.push({ id: newId("pay", created.getTime()), invoice_id: record.id, amount: draft.total, date: (record.paid_at ?? at).slice(0, 10), method: "bank transfer", reference: record.number, created_at: at });
        }
      }
      records.push(record);
      invoiceIds.push(record.id);
    }
    await database.write(async (tx) => {
      await insertInvoices(tx, options.accountId, records);
      await insertPayments(tx, options.accountId, payments);
    });
    options.onProgress?.(Math.min(dates.length, start + CHUNK));
  }
  await database.write(async (tx) => {
    for (const [key, last] of sequences) {
      const [type, year] = key.split("|") as [InvoiceType, string];
      await setSequence(tx, options.accountId, { type, year: Number(year), next: last + 1 });
    }
  });
  return { clients, products, invoiceIds, clientIds: clients.map((client) => client.id) };
}

export type NewAccountOptions = { name: string; tier: TierName; invoices: number; now: Date; onProgress?: (done: number) => void };

/** A new account with the seed's profile and `invoices` realistic invoices up to today in its time zone. */
export async function seedNewAccount(database: Database, options: NewAccountOptions): Promise<{ accountId: string; seeded: SeededAccount }> {
  const { name, tier, invoices, now, onProgress } = options;
  const account = await database.write((tx) => createAccount(tx, { name, tier, now }));
  await database.write((tx) => saveProfile(tx, { accountId: account.id, profile: SEED_PROFILE, now }));
  const today = dateInZone(now, SEED_PROFILE.timezone);
  const seeded = await seedRealisticAccount(database, { accountId: account.id, invoices, today, ...(onProgress ? { onProgress } : {}) });
  return { accountId: account.id, seeded };
}
