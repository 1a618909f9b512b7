// The editor's form to the service's input (server/http/console/ui/editor/values.ts): amounts read
// exactly as typed, empty lines left out, a create without nulls and an update that clears, a
// credit note's reference kept by id unless its number is retyped, and refusals found on the form.
import { afterAll, describe, expect, test } from "bun:test";
import type { Invoice } from "../../server/http/console/ui/api.ts";
import type { EditorValues } from "../../server/http/console/ui/editor/values.ts";

// The person's browser, as the console reads it: English, written as in Britain (1,200.50).
Object.defineProperty(globalThis.navigator, "languages", { value: ["en-GB"], configurable: true });
afterAll(() => void Reflect.deleteProperty(globalThis.navigator, "languages"));
const { blankValues, controlIdOf, creditNoteOf, differences, emptyLine, inputOf, isSavable, sameValues, turnedIntoCreditNote, valuesOf } = await import("../../server/http/console/ui/editor/values.ts");
const { UnreadableField } = await import("../../server/http/console/ui/errors.ts");

const blank = (): EditorValues => blankValues({ currency: "EUR", locale: "de-DE", today: "2026-11-29" });

function filled(): EditorValues {
  const values = blank();
  return {
    ...values,
    bill_to_name: "Globex",
    lines: [
      { ...emptyLine(), description: "Consulting", quantity: "1.5", rate: "1,200.50", tax_rate: "19", discount: "12.5" },
      emptyLine(),
      { ...emptyLine(), description: "Travel", rate: "45" },
    ],
  };
}

const STORED = {
  id: "inv_1",
  type: "invoice",
  number: null,
  revision: 3,
  from_name: "Acme GmbH",
  bill_to_name: "Globex",
  bill_to_email: "ap@globex.example",
  client_id: "cli_1",
  currency: "EUR",
  locale: "de-DE",
  issue_date: "2026-11-29",
  due_date: null,
  tax_rate: 19,
  payment_terms: null,
  notes: "Thanks",
  buyer_reference: null,
  preceding_invoice: null,
  items: [{ id: "li_1", description: "Consulting", quantity: 2, unit: "HUR", rate: 12_000, tax_rate: null }],
} as unknown as Invoice;

describe("inputOf", () => {
  test("a create: amounts read exactly, an entirely empty line left out, no nulls; each sent item's line is known", () => {
    const values = filled();
    const { input, lineKeys } = inputOf(values, null);
    expect(input).toEqual({
      type: "invoice",
      bill_to_name: "Globex",
      currency: "EUR",
      locale: "de-DE",
      issue_date: "2026-11-29",
      items: [
        { description: "Consulting", quantity: 1.5, unit: "C62", rate: 120_050, tax_rate: 19, discount_percent: 12.5 },
        { description: "Travel", quantity: 1, unit: "C62", rate: 4500, tax_rate: null, discount_percent: null },
      ],
    });
    expect(lineKeys).toEqual([values.lines[0]!.key, values.lines[2]!.key]);
  });

  test("an update: emptied fields are null (cleared), stored lines keep their ids, and a numbered invoice's type is not sent", () => {
    const values = { ...valuesOf(STORED), notes: "" };
    const { input } = inputOf(values, STORED);
    expect(input).toMatchObject({ notes: null, due_date: null, client_id: "cli_1", tax_rate: 19, items: [{ id: "li_1", quantity: 2, rate: 12_000, unit: "HUR" }] });
    expect("preceding_invoice" in input).toBe(false);
    expect("type" in inputOf(values, { ...STORED, number: "INV-1" } as Invoice).input).toBe(false);
  });

  test("a price or quantity that does not read names its line's field", () => {
    const values = filled();
    values.lines[2] = { ...values.lines[2]!, rate: "12,3,4" };
    const refused = (() => {
      try {
        inputOf(values, null);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(UnreadableField);
    expect((refused as InstanceType<typeof UnreadableField>).field).toBe("items.1.rate");
    expect(controlIdOf("items.1.rate", inputOf(filled(), null).lineKeys)).toStartWith("line-");
  });

  test("a credit note refers to its invoice by id until its number is retyped", () => {
    const invoice = { ...STORED, number: "INV-7", locked: true } as Invoice;
    const credit = creditNoteOf(invoice, "2026-12-01");
    expect(credit).toMatchObject({ type: "credit_note", issue_date: "2026-12-01", preceding_number: "INV-7", preceding_id: "inv_1" });
    expect(credit.lines.every((line) => line.id === null)).toBe(true);
    expect(inputOf(credit, null).input.preceding_invoice).toEqual({ id: "inv_1" });
    expect(inputOf({ ...credit, preceding_number: "EXT-9", preceding_id: "" }, null).input.preceding_invoice).toEqual({ number: "EXT-9" });
  });
});

describe("the form's state", () => {
  test("a new document saves once it has a client and a priced line; a stored one with a client", () => {
    expect(isSavable(blank(), false)).toBe(false);
    expect(isSavable({ ...blank(), bill_to_name: "Globex" }, false)).toBe(false);
    expect(isSavable(filled(), false)).toBe(true);
    expect(isSavable({ ...blank(), bill_to_name: "Globex" }, true)).toBe(true);
  });

  test("differences name the fields and lines that differ; line keys alone are no difference", () => {
    const mine = valuesOf(STORED);
    const theirs = { ...valuesOf(STORED), notes: "Changed", lines: [...mine.lines.map((line) => ({ ...line, key: "other" })), emptyLine()] };
    expect(differences(mine, theirs).map((change) => change.field)).toEqual(["notes", "line 2"]);
    expect(sameValues(mine, { ...mine, lines: mine.lines.map((line) => ({ ...line, key: "renamed" })) })).toBe(true);
  });

  test("an invoice below zero turned into a credit note: every line's sign turns, an unset quantity counting as one", () => {
    const values = { ...filled(), lines: [{ ...emptyLine(), description: "Refund", quantity: "-3", rate: "10" }, { ...emptyLine(), description: "Fee", quantity: "", rate: "2" }] };
    const credit = turnedIntoCreditNote(values);
    expect(credit.type).toBe("credit_note");
    expect(credit.lines.map((line) => line.quantity)).toEqual(["3", "-1"]);
    expect(inputOf(credit, null).input.items?.map((item) => item.quantity)).toEqual([3, -1]);
  });
});
