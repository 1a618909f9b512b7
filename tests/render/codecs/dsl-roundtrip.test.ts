// parseDsl(toDsl(record)) gives back every field the DSL carries (render/codecs/dsl.ts lists them),
// after the DSL's own normalizations: blanks collapsed, "|" as "/" in a party's parts, an address as
// one line with its country. Generated invoices go through the domain's newInvoice, as the service
// makes them; the fixtures every text format renders must survive too.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { toDsl } from "../../../render/codecs/dsl.ts";
import { parseDsl, type DslAddress, type DslInvoice } from "../../../render/codecs/dsl-parse.ts";
import { addressLines } from "../../../render/address.ts";
import type { InvoiceRecord } from "../../../server/domain/invoice.ts";
import type { PostalAddress } from "../../../server/domain/profile.ts";
import { invoice, oneLine } from "../../helpers/invoice-arbitrary.ts";
import { ALL } from "./fixtures.ts";

const part = (text: string): string => oneLine(text).replaceAll("|", "/");

function carriedAddress(address: PostalAddress | null): DslAddress | undefined {
  const lines = addressLines(address).map(part).filter(Boolean);
  if (address?.country) lines.pop();
  const line1 = lines.join(", ");
  if (!line1 && !address?.country) return undefined;
  return { ...(line1 ? { line1 } : {}), ...(address?.country ? { country: address.country } : {}) };
}

/** What the DSL carries of a record, normalized the way the DSL writes it. */
function carried(record: InvoiceRecord): DslInvoice {
  const optional = {
    number: record.number === null ? undefined : oneLine(record.number) || undefined,
    from_email: record.from_email ? part(record.from_email) : undefined,
    from_address: carriedAddress(record.from_address),
    bill_to_email: record.bill_to_email ? part(record.bill_to_email) : undefined,
    bill_to_address: carriedAddress(record.bill_to_address),
    due_date: record.due_date ?? undefined,
    payment_terms: oneLine(record.payment_terms ?? "") || undefined,
    tax_rate: record.tax_rate ?? undefined,
    notes: record.notes === null ? undefined : record.notes.split(/\r\n|\r|\n/).map(oneLine).join("\n"),
  };
  return {
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
    from_name: part(record.from_name),
    bill_to_name: part(record.bill_to_name),
    issue_date: record.issue_date,
    currency: record.currency,
    items: record.items.map((item) => ({
      description: oneLine(item.description),
      quantity: item.quantity,
      rate: item.rate,
      ...(item.tax_rate === null ? {} : { tax_rate: item.tax_rate }),
    })),
  };
}

const FIELDS = ["number", "from_name", "from_email", "from_address", "bill_to_name", "bill_to_email", "bill_to_address", "issue_date", "due_date", "payment_terms", "currency", "locale", "tax_rate", "notes", "items"] as const;

/** Field by field, so a failure names the field and shows the text. */
function expectRoundTrip(record: InvoiceRecord): void {
  const text = toDsl(record);
  const parsed = parseDsl(text, { today: "2000-01-01" });
  if (!parsed.ok) throw new Error(`${JSON.stringify(parsed.problems)} in\n${text}`);
  const expected = carried(record);
  for (const field of FIELDS) {
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
