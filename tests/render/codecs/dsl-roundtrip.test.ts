// parseDsl(toDsl(record)) gives back every field the DSL carries (render/codecs/dsl.ts lists them),
// after the DSL's own normalizations: blanks collapsed, "|" as "/" in a party's parts, an address as
// one line with its country. Generated invoices go through the domain's newInvoice, as the service
// makes them; the fixtures every text format renders must survive too.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { toDsl } from "../../../render/codecs/dsl.ts";
import { parseDsl } from "../../../render/codecs/dsl-parse.ts";
import type { InvoiceRecord } from "../../../server/domain/invoice.ts";
import { carried, DSL_FIELDS } from "../../helpers/dsl-carried.ts";
import { invoice } from "../../helpers/invoice-arbitrary.ts";
import { ALL } from "../../../scripts/samples/invoices.ts";

/** Field by field, so a failure names the field and shows the text. */
function expectRoundTrip(record: InvoiceRecord): void {
  const text = toDsl(record);
  const parsed = parseDsl(text, { today: "2000-01-01" });
  if (!parsed.ok) throw new Error(`${JSON.stringify(parsed.problems)} in\n${text}`);
  const expected = carried(record);
  for (const field of DSL_FIELDS) {
    expect({ field, value: parsed.value.invoice[field], text }).toEqual({ field, value: expected[field], text });
  }
}

describe("DSL round trip", () => {
  for (const [name, record] of ALL) {
    test(`${name}: every carried field survives`, () => {
      expectRoundTrip(record);
    });
  }

  test("generated invoices: every carried field survives (400 runs, fixed seed)", () => {
    // RUNS and SEED widen a local hunt for counterexamples; unset, every run checks the same 400.
    fc.assert(fc.property(invoice, expectRoundTrip), { numRuns: Number(process.env.RUNS ?? 400), seed: Number(process.env.SEED ?? 20_261_121) });
  });
});
