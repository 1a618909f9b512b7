// readJson(toJson(record)) gives back every create field of the record, as fields invoices.create
// accepts: built again by the domain's newInvoice they make the same invoice, and the stated status
// and totals are the record's. The JSON carries everything; what a create cannot take is left out
// on purpose: ids, revision, line amounts, VAT breakdown, lock, timestamps and share link (the
// service's to compute or assign), client and template ids (the exporting account's records), the
// id of a stored preceding invoice (its number and date are kept). A record whose payment is null
// reads back without payment, which a new invoice fills from the profile: create cannot clear it.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { z } from "zod";
import { toJson } from "../../../render/codecs/json.ts";
import { RECORD_KEYS } from "../../../routers/imports/record-keys.ts";
import { createFields } from "../../../routers/invoices/invoice.schema.ts";
import { newInvoice, type InvoiceFieldsInput, type InvoiceRecord } from "../../../server/domain/invoice.ts";
import { INVOICE_STATUSES } from "../../../server/domain/lifecycle.ts";
import { emptyProfile } from "../../../server/domain/profile.ts";
import { readJson } from "../../../server/imports/formats/json.ts";
import { JSON_CARRIED } from "../../helpers/export-carried.ts";
import { invoice } from "../../helpers/invoice-arbitrary.ts";
import { ALL } from "../../../scripts/samples/invoices.ts";

const OPTIONS = { today: "2026-11-27", currency: "EUR", recordKeys: RECORD_KEYS };
const createInput = z.strictObject(createFields);

/** A generated invoice in any status, partly paid: the stated status and totals are more than a new draft's. */
const storedInvoice = fc.tuple(invoice, fc.constantFrom(...INVOICE_STATUSES), fc.integer({ min: 0, max: 1_000_000 })).map(
  ([record, status, paid]): InvoiceRecord => ({ ...record, status, amount_paid: paid, amount_due: record.total - paid }),
);

const withoutIds = (record: InvoiceRecord): unknown => record.items.map(({ id: _id, ...item }) => item);

async function expectRoundTrip(record: InvoiceRecord): Promise<void> {
  const result = await readJson(new TextEncoder().encode(toJson(record)), OPTIONS);
  expect(result.problems).toEqual([]);
  expect(result.invoices).toHaveLength(1);
  const draft = result.invoices[0];
  if (!draft) return;
  const parsed = createInput.safeParse(draft.fields);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  expect(draft.status).toBe(record.status);
  expect(draft.totals).toEqual({ subtotal: record.subtotal, tax: record.tax, total: record.total, amount_paid: record.amount_paid, amount_due: record.amount_due });
  const again = newInvoice({ id: record.id, input: draft.fields as InvoiceFieldsInput, profile: emptyProfile(), resolved: {}, now: new Date(record.created_at) });
  // Field by field, so a failure names the field.
  for (const field of JSON_CARRIED) {
    const value = field === "items" ? withoutIds(again) : again[field];
    expect({ field, value }).toEqual({ field, value: field === "items" ? withoutIds(record) : record[field] });
  }
}

describe("JSON import round trip", () => {
  for (const [name, record] of ALL) {
    test(`${name}: every create field and the stated totals come back`, async () => {
      await expectRoundTrip(record);
    });
  }

  test("generated invoices: every create field and the stated totals come back (300 runs, fixed seed)", async () => {
    await fc.assert(fc.asyncProperty(storedInvoice, expectRoundTrip), { numRuns: 300, seed: 20_261_127 });
  });

  test("an array of exports reads back as that many invoices, each at its pointer", async () => {
    const records = ALL.map(([, record]) => record);
    const result = await readJson(new TextEncoder().encode(JSON.stringify(records)), OPTIONS);
    expect(result.problems).toEqual([]);
    expect(result.invoices.map((draft) => [draft.place.element, draft.fields.number])).toEqual(records.map((record, index) => [`/${index}`, record.number ?? undefined]));
  });
});
