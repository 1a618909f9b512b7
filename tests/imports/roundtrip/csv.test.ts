// readCsv(toCsv(record)) gives back every field the CSV export carries, for the codec fixtures and
// for generated invoices (fast-check, fixed seed). What is carried is csvCarried's
// (tests/helpers/export-carried.ts).
// Carried: number (absent for a draft), type, status, issue_date, due_date, currency, from_name,
// bill_to_name, bill_to_tax_id; per line description, quantity, unit, unit price (rate), the VAT
// category and rate the line is taxed at (lineTax: its own, else the invoice's); the stated
// subtotal, tax, total, amount_paid and amount_due.
// Not carried (the export has no column for them): addresses, e-mails, locale, delivery date,
// payment terms and instructions, notes, buyer reference, preceding invoice, exemption reasons,
// whether a line's rate was its own or the invoice's.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { toCsv } from "../../../render/codecs/csv.ts";
import { RECORD_KEYS } from "../../../routers/imports/record-keys.ts";
import type { InvoiceRecord } from "../../../server/domain/invoice.ts";
import { readCsv } from "../../../server/imports/formats/csv.ts";
import { ALL } from "../../../scripts/samples/invoices.ts";
import { csvCarried } from "../../helpers/export-carried.ts";
import { invoice } from "../../helpers/invoice-arbitrary.ts";

async function roundTrip(record: InvoiceRecord): Promise<void> {
  const result = await readCsv(new TextEncoder().encode(toCsv(record)), { currency: "EUR", today: "2026-11-01", recordKeys: RECORD_KEYS });
  expect(result.problems).toEqual([]);
  expect(result.invoices).toHaveLength(1);
  const [draft] = result.invoices;
  expect(draft?.fields).toEqual(csvCarried(record));
  expect(draft?.status).toBe(record.status);
  expect(draft?.totals).toEqual({ subtotal: record.subtotal, tax: record.tax, total: record.total, amount_paid: record.amount_paid, amount_due: record.amount_due });
}

describe("CSV round trip", () => {
  test.each(ALL)("%s", async (_name, record) => {
    await roundTrip(record);
  });

  test("generated invoices", async () => {
    await fc.assert(fc.asyncProperty(invoice, roundTrip), { seed: 20261101, numRuns: 200 });
  });
});
