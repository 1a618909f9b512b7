// Generated invoices for round-trip property tests (fast-check): text that tries every grammar
// (unicode, pipes, separators, keywords, blanks), the currencies with 0, 2, 3 and 4 digits, any
// rate, quantity and discount a line may hold, dates over a century, every way of stating a due
// date. Built through the domain's newInvoice, as the service makes them.
import fc from "fast-check";
import { addressLines } from "../../render/address.ts";
import { addDays } from "../../server/domain/clock.ts";
import { newInvoice, type InvoiceFieldsInput, type InvoiceRecord } from "../../server/domain/invoice.ts";
import { emptyProfile } from "../../server/domain/profile.ts";
import { STANDARD_VAT_RATES } from "../../server/domain/vat-rates.ts";

/** Blanks collapsed to one space, trimmed. */
export const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();
const part = (text: string): string => oneLine(text).replaceAll("|", "/");

// Text that tries the grammar: unicode, pipes, x signs, percent, commas, digits, keywords, blanks.
const PIECES = ["Zoë", "Müller", "株式会社", "Ελλάδα", "شركة", "O'Brien", "&", "|", "#1", "x", "X", "×", "*", "2", "3.5", "%", "10%", ",", "-", ":", "€5", "EUR", "$", "NOTE", "TO", "GmbH", "\t", "  ", "\n", "\r\n", "🙂", "a|b", "2 x"];
const piecesText = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 6 }).map((pieces) => pieces.join(" "));
export const anyText = fc.oneof(piecesText, fc.string({ unit: "grapheme", minLength: 1, maxLength: 24 }));
export const nonBlank = anyText.filter((text) => oneLine(text) !== "");
const word = fc.stringMatching(/^[a-z0-9]{1,8}$/);
export const email = fc
  .tuple(word, fc.option(word, { nil: null }), fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,8}$/), fc.stringMatching(/^[a-z]{2,6}$/))
  .map(([local, more, domain, tld]) => `${local}${more ? `.${more}` : ""}@${domain}.${tld}`);
const COUNTRIES = ["DE", "FR", "AT", "FI", "GB", "CH", "US", "JP", "KW", "CA", "IT"];
// No "@" (a one-word part with one is an e-mail); without a country, no last part of two capitals.
const addressPart = fc.option(anyText.map((text) => text.replaceAll("@", "a")), { nil: null });
export const address = fc
  .record({ line1: addressPart, line2: addressPart, city: addressPart, postal_code: addressPart, region: addressPart, country: fc.option(fc.constantFrom(...COUNTRIES), { nil: null }) })
  .filter((value) => value.country !== null || !/(^|,)\s*[A-Z]{2}$/.test(addressLines(value).map(part).filter(Boolean).join(", ")));
export const percent = fc.oneof(fc.constantFrom(...Object.values(STANDARD_VAT_RATES)), fc.integer({ min: 0, max: 1_000_000 }).map((scaled) => scaled / 10_000));
export const quantity = fc.oneof(fc.constant(1), fc.integer({ min: -10_000_000, max: 10_000_000 }).map((scaled) => scaled / 10_000));
/** A line's discount (up to 4 decimals, all of it at most), on about half the lines. */
export const discountPercent = fc.option(fc.oneof(fc.constantFrom(10, 2.5, 33.3333, 100), fc.integer({ min: 1, max: 1_000_000 }).map((scaled) => scaled / 10_000)), { nil: undefined, freq: 2 });
export const item = fc.record({
  description: nonBlank,
  quantity,
  rate: fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
  tax_rate: fc.option(percent, { nil: null }),
  discount_percent: discountPercent,
});
export const day = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 0, 1) }).map((time) => new Date(time).toISOString().slice(0, 10));
const TERMS = ["Net 30", "Zahlbar sofort", "30 days", "on receipt", "2/10 net 30", "a | b"];
const due = fc.oneof(
  fc.constant({}),
  fc.integer({ min: 0, max: 400 }).map((days) => ({ days, terms: null })),
  fc.integer({ min: 0, max: 120 }).map((days) => ({ days, terms: `Net ${days}` })),
  fc.tuple(fc.integer({ min: 0, max: 120 }), fc.oneof(fc.constantFrom(...TERMS), nonBlank)).map(([days, terms]) => ({ days, terms })),
  fc.constantFrom(...TERMS).map((terms) => ({ terms })),
);
export const notes = fc.array(fc.oneof(anyText, fc.constant("")), { minLength: 1, maxLength: 4 }).chain((lines) => fc.constantFrom("\n", "\r\n").map((breakWith) => lines.join(breakWith)));

/** An invoice as the service would store it, from any seller to any buyer. */
export const invoice = fc
  .record({
    seller: fc.record({ name: nonBlank, address: fc.option(address, { nil: null }), email: fc.option(email, { nil: null }) }),
    currency: fc.constantFrom("JPY", "KWD", "EUR", "USD", "CHF", "GBP", "CAD", "CNY", "BRL", "SEK", "CLF"),
    number: fc.option(fc.oneof(fc.stringMatching(/^[A-Z]{2,3}-20\d\d-\d{4}$/), fc.constantFrom("#2026-001", "##7", "A|1|1"), nonBlank), { nil: null }),
    buyer: fc.record({ name: nonBlank, email: fc.option(email, { nil: null }), address: fc.option(address, { nil: null }) }),
    issue: day,
    due,
    tax_rate: fc.option(percent, { nil: null }),
    items: fc.array(item, { maxLength: 6 }),
    notes: fc.option(notes, { nil: null }),
  })
  .map((drawn): InvoiceRecord => {
    const profile = { ...emptyProfile(), legal_name: drawn.seller.name, address: drawn.seller.address, contact: { name: null, phone: null, email: drawn.seller.email }, currency: "EUR", locale: "en" };
    const input: InvoiceFieldsInput = {
      number: drawn.number,
      currency: drawn.currency,
      bill_to_name: drawn.buyer.name,
      bill_to_email: drawn.buyer.email,
      bill_to_address: drawn.buyer.address,
      issue_date: drawn.issue,
      due_date: "days" in drawn.due ? addDays(drawn.issue, drawn.due.days) : null,
      payment_terms: "terms" in drawn.due ? drawn.due.terms : null,
      tax_rate: drawn.tax_rate,
      items: drawn.items,
      notes: drawn.notes,
    };
    return newInvoice({ id: "inv_roundtrip", input, profile, resolved: {}, now: new Date("2026-11-01T09:00:00Z") });
  });

