// readDsl(toDsl(record)) gives back every field the DSL carries (render/codecs/dsl.ts lists them:
// number, parties' names, e-mails and addresses as one line with the country, dates, payment terms,
// currency, tax rate, items, notes) and not what it cannot (type, status, units, tax ids and
// categories, payment, delivery date, locale, the preceding invoice), normalized as the codec's own
// round trip normalizes (tests/helpers/dsl-carried.ts). A file of several exports reads back as
// that many invoices, each at the line its INVOICE keyword is on.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { toDsl } from "../../../render/codecs/dsl.ts";
import { RECORD_KEYS } from "../../../routers/imports/record-keys.ts";
import type { InvoiceRecord } from "../../../server/domain/invoice.ts";
import { readDsl } from "../../../server/imports/formats/dsl.ts";
import type { ReadResult } from "../../../server/imports/model.ts";
import { carried, DSL_FIELDS } from "../../helpers/dsl-carried.ts";
import { invoice } from "../../helpers/invoice-arbitrary.ts";
import { ALL } from "../../../scripts/samples/invoices.ts";

const OPTIONS = { today: "2000-01-01", currency: "EUR", recordKeys: RECORD_KEYS };
const read = (text: string): Promise<ReadResult> => readDsl(new TextEncoder().encode(text), OPTIONS);

function expectCarried(fields: Record<string, unknown>, record: InvoiceRecord, text: string): void {
  const expected = carried(record) as Record<string, unknown>;
  for (const field of DSL_FIELDS) {
    expect({ field, value: fields[field], text }).toEqual({ field, value: expected[field], text });
  }
}

async function expectRoundTrip(record: InvoiceRecord): Promise<void> {
  const text = toDsl(record);
  const result = await read(text);
  expect({ problems: result.problems, text }).toEqual({ problems: [], text });
  expect(result.invoices).toHaveLength(1);
  expectCarried(result.invoices[0]?.fields ?? {}, record, text);
}

describe("DSL import round trip", () => {
  for (const [name, record] of ALL) {
    test(`${name}: every carried field survives`, async () => {
      await expectRoundTrip(record);
    });
  }

  test("generated invoices: every carried field survives (300 runs, fixed seed)", async () => {
    await fc.assert(fc.asyncProperty(invoice, expectRoundTrip), { numRuns: 300, seed: 20_261_127 });
  });

  test("several exports in one file: each invoice back, placed at its INVOICE line (100 runs, fixed seed)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(invoice, { minLength: 2, maxLength: 5 }), async (records) => {
        const texts = records.map(toDsl);
        const result = await read(texts.join(""));
        expect(result.problems).toEqual([]);
        expect(result.rows).toBe(records.length);
        let row = 1;
        records.forEach((record, index) => {
          const draft = result.invoices[index];
          expect(draft?.place).toEqual({ element: `invoice[${index + 1}]`, row });
          expectCarried(draft?.fields ?? {}, record, texts[index] ?? "");
          row += (texts[index] ?? "").split("\n").length - 1;
        });
      }),
      { numRuns: 100, seed: 20_261_128 },
    );
  });
});
