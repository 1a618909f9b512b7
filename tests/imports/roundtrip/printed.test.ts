// read(export(record)) for the printed formats — Markdown, HTML, DOCX and the XLSX export's layout —
// gives back every field the printed document carries, for the text fixtures and generated invoices
// (fixed seed; 100 runs for Markdown and HTML, 40 for DOCX and XLSX, which are slower to write).
//
// Carried, in every format: type, number (on the heading), the parties (name, address, e-mail, tax
// id, as printed lines), issue/due/delivery dates, the preceding invoice, each line's description,
// quantity, unit price, discount (printed beneath the description; in XLSX a column of its own),
// effective VAT rate and its category (named in the VAT breakdown), the stated totals (subtotal,
// VAT, total; paid and due once something was paid), payment terms, IBAN, BIC, reference, notes,
// the tax exemption reason; the language (by its labels); the currency (by its symbol or code, read
// in the locale) except in XLSX.
//
// Not carried, so not compared:
// - The exact locale: HTML (lang) and DOCX (the run language) state it; Markdown and XLSX only
//   show its language and style, so the reader gives a locale that prints the same ("en" for
//   "en-US", "de-DE" when a party is in Germany); compared as "prints every date and amount alike".
// - XLSX's currency: its amounts are numbers, the symbol lives in the number format, which the grid
//   does not hold: the reader takes options.currency (the XLSX reader may pass the format's).
// - Which address field a printed line was (a street's second line and a region look alike without
//   a postal code beside a city): addresses are compared as the lines they print.
// - The payment means code, each line's unit (neither is printed), the invoice's default tax rate
//   (only each line's effective rate is), buyer reference, status, client and template ids.
// - Blanks: Markdown keeps none at the start or end of a line; a number with a line break does not
//   survive a Markdown heading (one line). DOCX and XLSX keep line breaks as "\n" (never "\r\n")
//   and drop the control characters XML cannot carry.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { addressLines } from "../../../render/address.ts";
import { toDocx } from "../../../render/codecs/docx.ts";
import { toHtml } from "../../../render/codecs/html.ts";
import { toMarkdown } from "../../../render/codecs/markdown.ts";
import { toXlsx } from "../../../render/codecs/xlsx.ts";
import { formatCountry, formatDate, formatMoney } from "../../../render/format.ts";
import { builtInTemplate } from "../../../render/templates/template.ts";
import { RECORD_KEYS } from "../../../routers/imports/record-keys.ts";
import type { InvoiceRecord } from "../../../server/domain/invoice.ts";
import { lineTax, type TaxCategory } from "../../../server/domain/money.ts";
import type { PostalAddress } from "../../../server/domain/profile.ts";
import { readDocx } from "../../../server/imports/formats/docx.ts";
import { readHtml } from "../../../server/imports/formats/html.ts";
import { readMarkdown } from "../../../server/imports/formats/markdown.ts";
import { readPrintedRows } from "../../../server/imports/formats/printed-grid.ts";
import type { ReadOptions, ReadResult } from "../../../server/imports/model.ts";
import { invoice } from "../../helpers/invoice-arbitrary.ts";
import { ALL } from "../../../scripts/samples/invoices.ts";
import { gridOf } from "../formats/xlsx-grid.ts";

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const lines = (text: string): string[] => text.split(/\r\n|\r|\n/);
// The characters XML 1.0 cannot carry, which docx and exceljs drop.
const XML_ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

type Format = {
  name: string;
  runs: number;
  /** User text as the format gives it back. */
  text(value: string): string;
  currencyCarried: boolean;
  localeStated: boolean;
  read(record: InvoiceRecord, options: ReadOptions): Promise<ReadResult>;
};

const FORMATS: Format[] = [
  {
    name: "Markdown",
    runs: 100,
    text: (value) => lines(value).map((line) => line.trim()).join("\n"),
    currencyCarried: true,
    localeStated: false,
    read: (record, options) => readMarkdown(encode(toMarkdown(record)), options),
  },
  {
    name: "HTML",
    runs: 100,
    text: (value) => value,
    currencyCarried: true,
    localeStated: true,
    read: (record, options) => readHtml(encode(toHtml(record, builtInTemplate("classic"))), options),
  },
  {
    name: "DOCX",
    runs: 40,
    text: (value) => lines(value.replace(XML_ILLEGAL, "")).join("\n"),
    currencyCarried: true,
    localeStated: true,
    read: async (record, options) => readDocx(await toDocx(record), options),
  },
  {
    name: "XLSX",
    runs: 40,
    text: (value) => lines(value.replace(XML_ILLEGAL, "")).join("\n"),
    currencyCarried: false,
    localeStated: false,
    read: async (record, options) => readPrintedRows(await gridOf(await toXlsx(record)), options),
  },
];

/** A party as its printed lines, each given back as the format gives text back, blank ones left out. */
function printedParty(format: Format, locale: string, name: unknown, address: unknown, email: unknown, taxId: unknown): string[] {
  const country = (code: string): string => formatCountry(code, locale);
  const printed = [String(name ?? ""), ...addressLines((address as PostalAddress | undefined) ?? null, country), String(email ?? ""), String(taxId ?? "")];
  return lines(format.text(printed.join("\n"))).filter((line) => line.trim() !== "");
}

/** Text the export prints only when present, as the format gives it back; nothing when it prints nothing. */
const optional = (value: string | null | undefined, format: Format): string | undefined => {
  const text = value ? format.text(value) : "";
  return text === "" ? undefined : text;
};

function expectRoundTrip(format: Format, record: InvoiceRecord, result: ReadResult): void {
  expect(result.problems).toEqual([]);
  expect(result.invoices).toHaveLength(1);
  const draft = result.invoices[0]!;
  const fields = draft.fields as Record<string, unknown>;
  const at = (field: string) => ({ format: format.name, field });
  const same = (field: string, actual: unknown, expected: unknown): void => {
    expect({ ...at(field), value: actual }).toEqual({ ...at(field), value: expected });
  };

  same("type", fields.type, record.type);
  const numberCarried = record.number !== null && !(format.name === "Markdown" && /[\r\n]/.test(record.number));
  if (numberCarried) same("number", fields.number, format.name === "Markdown" ? format.text(record.number!) : format.text(record.number!));
  else if (record.number === null) same("number", fields.number, undefined);

  const locale = String(fields.locale);
  if (format.localeStated) same("locale", locale, record.locale);
  same("language", new Intl.Locale(locale).language, new Intl.Locale(record.locale).language);
  same("dates print alike", formatDate(record.issue_date, locale), formatDate(record.issue_date, record.locale));
  same("money prints alike", formatMoney(record.total, record.currency, locale), formatMoney(record.total, record.currency, record.locale));
  same("currency", fields.currency, record.currency);

  for (const [key, name, address, email, taxId] of [
    ["from", record.from_name, record.from_address, record.from_email, record.from_tax_id],
    ["bill_to", record.bill_to_name, record.bill_to_address, record.bill_to_email, record.bill_to_tax_id],
  ] as const) {
    same(
      `${key} party`,
      printedParty(format, record.locale, fields[`${key}_name`], fields[`${key}_address`], fields[`${key}_email`], fields[`${key}_tax_id`]),
      printedParty(format, record.locale, name, address, email, taxId),
    );
    if (format.name === "HTML" || format.name === "XLSX") {
      same(`${key}_name`, fields[`${key}_name`], format.text(name));
      same(`${key}_email`, fields[`${key}_email`], email ?? undefined);
      same(`${key}_tax_id`, fields[`${key}_tax_id`], taxId ?? undefined);
    }
  }

  same("issue_date", fields.issue_date, record.issue_date);
  same("due_date", fields.due_date, record.due_date ?? undefined);
  same("delivery_date", fields.delivery_date, record.delivery_date ?? undefined);
  same("preceding_invoice", fields.preceding_invoice, record.preceding_invoice ? { number: record.preceding_invoice.number, issue_date: record.preceding_invoice.issue_date } : undefined);

  const items = (fields.items as Array<Record<string, unknown>>).map((item) => ({
    description: item.description,
    quantity: item.quantity,
    rate: item.rate,
    tax_rate: item.tax_rate,
    category: lineTax({ tax_rate: item.tax_rate as number, tax_category: (item.tax_category as TaxCategory | undefined) ?? null }, null).category,
    discount_percent: item.discount_percent,
  }));
  same(
    "items",
    items,
    record.items.map((item) => {
      const { rate, category } = lineTax(item, record.tax_rate);
      return { description: format.text(item.description), quantity: item.quantity, rate: item.rate, tax_rate: rate, category, discount_percent: item.discount_percent };
    }),
  );

  const paid = record.amount_paid !== 0 ? { amount_paid: record.amount_paid, amount_due: record.amount_due } : {};
  same("totals", draft.totals, { subtotal: record.subtotal, tax: record.tax, total: record.total, ...paid });

  same("payment_terms", fields.payment_terms, optional(record.payment_terms, format));
  const payment = Object.fromEntries(
    (["iban", "bic", "reference"] as const).flatMap((key) => {
      const value = optional(record.payment?.[key], format);
      return value === undefined ? [] : [[key, value]];
    }),
  );
  same("payment", fields.payment, Object.keys(payment).length > 0 ? payment : undefined);
  same("notes", fields.notes, optional(record.notes, format));
  const reasons = [record.tax_exemption_reason, ...record.items.map((item) => item.tax_exemption_reason)].filter((reason) => reason !== null);
  same("tax_exemption_reason", fields.tax_exemption_reason, optional(reasons[0], format));
}

/** Another currency than the record's, so only the document can name the right one. */
function optionsFor(format: Format, record: InvoiceRecord): ReadOptions {
  const currency = format.currencyCarried ? (record.currency === "EUR" ? "CHF" : "EUR") : record.currency;
  return { currency, today: "2026-11-27", recordKeys: RECORD_KEYS };
}

for (const format of FORMATS) {
  describe(`${format.name} round trip`, () => {
    for (const [name, record] of ALL) {
      test(`${name}: every carried field survives`, async () => {
        expectRoundTrip(format, record, await format.read(record, optionsFor(format, record)));
      });
    }

    test(`generated invoices: every carried field survives (${format.runs} runs, fixed seed)`, async () => {
      await fc.assert(
        fc.asyncProperty(invoice, async (record) => {
          expectRoundTrip(format, record, await format.read(record, optionsFor(format, record)));
        }),
        { numRuns: Number(process.env.RUNS ?? format.runs), seed: Number(process.env.SEED ?? 20_261_127) },
      );
    });
  });
}
