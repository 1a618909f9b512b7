// The EPC QR payload, golden: each case spells the whole text element by element, so a wrong line,
// a missing separator or a trailing newline fails. Every payload is also held to the guidelines'
// frame (UTF-8 within 331 bytes, no trailing newline) by one helper.
import { describe, expect, test } from "bun:test";
import type { PaymentInstructions } from "../../../server/domain/profile.ts";
import { EPC_MAX_BYTES, epcPayload, type EpcSource } from "../../../render/qr/epc.ts";
import { GERMAN } from "../../../scripts/samples/invoices.ts";

const IBAN = "DE89370400440532013000";
const BASE: EpcSource = {
  type: "invoice",
  currency: "EUR",
  amount_due: 12_345,
  number: "RE-2026-0042",
  from_name: "Zoë Müller Beratung GmbH",
  payment: { means: "58", iban: IBAN, bic: "COBADEFFXXX", reference: null },
};

function invoice(changes: Partial<EpcSource>, payment: Partial<PaymentInstructions> = {}): EpcSource {
  const base = "payment" in changes ? changes.payment : BASE.payment;
  return { ...BASE, ...changes, payment: base ? { ...base, ...payment } : null };
}

/** The payload, checked against the frame every payload must keep. */
function payload(source: EpcSource): string {
  const text = epcPayload(source);
  if (text === null) throw new Error("expected a payload");
  expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(EPC_MAX_BYTES);
  expect(text.endsWith("\n")).toBe(false);
  return text;
}

/** Elements 5 onwards (BIC, name, IBAN, amount, purpose, remittance…) after the fixed header. */
const lines = (...elements: string[]): string => ["BCD", "002", "1", "SCT", ...elements].join("\n");

describe("epcPayload: elements", () => {
  test("with a BIC: every element in order, ending at the unstructured text", () => {
    expect(payload(BASE)).toBe(lines("COBADEFFXXX", "Zoë Müller Beratung GmbH", IBAN, "EUR123.45", "", "", "RE-2026-0042"));
  });

  test("without a BIC (optional in version 002) its line stays, empty", () => {
    expect(payload(invoice({}, { bic: null }))).toBe(lines("", "Zoë Müller Beratung GmbH", IBAN, "EUR123.45", "", "", "RE-2026-0042"));
  });

  test("a malformed BIC is left out; IBAN and BIC are sent in electronic form", () => {
    expect(payload(invoice({}, { bic: "COBA DE" }))).toStartWith(lines("", "Zoë Müller Beratung GmbH"));
    expect(payload(invoice({}, { iban: "de89 3704 0044 0532 0130 00", bic: "cobadeff" }))).toBe(
      lines("COBADEFF", "Zoë Müller Beratung GmbH", IBAN, "EUR123.45", "", "", "RE-2026-0042"),
    );
  });

  test("an RF creditor reference goes structured, compacted, and ends the text", () => {
    expect(payload(invoice({}, { reference: "RF18 5390 0754 7034" }))).toBe(lines("COBADEFFXXX", "Zoë Müller Beratung GmbH", IBAN, "EUR123.45", "", "RF18539007547034"));
    expect(payload(invoice({}, { reference: "rf712348231" }))).toEndWith("\n\nRF712348231");
  });

  test("an RF reference whose check digits fail is only text, as written", () => {
    expect(payload(invoice({}, { reference: "RF19 5390 0754 7034" }))).toBe(lines("COBADEFFXXX", "Zoë Müller Beratung GmbH", IBAN, "EUR123.45", "", "", "RF19 5390 0754 7034"));
  });

  test("unstructured text: the payment reference, else the invoice number, else nothing", () => {
    expect(payload(invoice({}, { reference: "Kunde 4711" }))).toEndWith("\nEUR123.45\n\n\nKunde 4711");
    expect(payload(invoice({}, { reference: "  " }))).toEndWith("\nEUR123.45\n\n\nRE-2026-0042");
    expect(payload(invoice({ number: null }))).toBe(lines("COBADEFFXXX", "Zoë Müller Beratung GmbH", IBAN, "EUR123.45"));
  });

  test("line breaks inside a name or text become spaces, so no element spills onto the next line", () => {
    const text = payload(invoice({ from_name: "Zoë Müller\r\nBeratung" }, { reference: "Zeile 1\nZeile 2" }));
    expect(text).toBe(lines("COBADEFFXXX", "Zoë Müller Beratung", IBAN, "EUR123.45", "", "", "Zeile 1 Zeile 2"));
  });

  test("a real record: the German fixture (partly paid) asks for what is still due", () => {
    expect(GERMAN.amount_due).toBe(105_200);
    expect(payload(GERMAN)).toBe(lines("BYLADEM1001", "Zoë Müller Beratung GmbH", "DE02120300000000202051", "EUR1052.00", "", "", "RE-2026-0042"));
  });
});

describe("epcPayload: amounts from cents, exactly two decimals", () => {
  const amountLine = (cents: number): string | undefined => payload(invoice({ amount_due: cents })).split("\n")[7];
  test.each([
    [1, "EUR0.01"],
    [5, "EUR0.05"],
    [100, "EUR1.00"],
    [123_400, "EUR1234.00"],
    [1_000_000_001, "EUR10000000.01"],
    [99_999_999_999, "EUR999999999.99"],
  ])("%p cents → %s", (cents, expected) => {
    expect(amountLine(cents)).toBe(expected);
  });

  test("above 999999999.99 the amount's line stays empty and the payer types it", () => {
    expect(amountLine(100_000_000_000)).toBe("");
    expect(amountLine(Number.MAX_SAFE_INTEGER)).toBe("");
  });
});

describe("epcPayload: lengths", () => {
  test("the name keeps 70 characters (code points, not bytes or UTF-16 units)", () => {
    expect(payload(invoice({ from_name: "Ä".repeat(75) })).split("\n")[5]).toBe("Ä".repeat(70));
    expect(payload(invoice({ from_name: `Straße ${"ß".repeat(70)}` })).split("\n")[5]).toBe(`Straße ${"ß".repeat(63)}`);
  });

  test("the cut falls between graphemes: a letter keeps its combining accent or both go", () => {
    const name = `${"a".repeat(69)}e\u0301 GmbH`;
    expect(payload(invoice({ from_name: name })).split("\n")[5]).toBe("a".repeat(69));
  });

  test("the unstructured text keeps 140 characters", () => {
    expect(payload(invoice({}, { reference: "x".repeat(200) })).split("\n")[10]).toBe("x".repeat(140));
  });

  test("over 331 bytes the text gives way first, then the name", () => {
    const kanji = "株".repeat(70);
    const withText = payload(invoice({ from_name: kanji }, { reference: "あ".repeat(140) })).split("\n");
    expect(withText[5]).toBe(kanji);
    // 331 bytes less the other elements (52), the eleven lines' separators (10) and the name (210).
    expect(withText[10]).toBe("あ".repeat(19));
    const astral = payload(invoice({ from_name: "𝔄".repeat(70) }, { reference: "Kunde 4711" }));
    expect(new TextEncoder().encode(astral).length).toBe(EPC_MAX_BYTES);
    expect(astral).toBe(lines("COBADEFFXXX", "𝔄".repeat(68), IBAN, "EUR123.45"));
  });
});

describe("epcPayload: no code", () => {
  test.each([
    ["a credit note (the seller owes the amount)", invoice({ type: "credit_note" })],
    ["a quote", invoice({ type: "quote" })],
    ["another currency", invoice({ currency: "USD" })],
    ["no payment instructions", invoice({ payment: null })],
    ["no IBAN", invoice({}, { iban: null })],
    ["an empty IBAN", invoice({}, { iban: "" })],
    ["an IBAN whose check digits fail", invoice({}, { iban: "DE89370400440532013001" })],
    ["an IBAN too short for any country", invoice({}, { iban: "DE8937040044" })],
    ["nothing due", invoice({ amount_due: 0 })],
    ["an overpayment (negative due)", invoice({ amount_due: -500 })],
    ["a direct debit (the seller collects)", invoice({}, { means: "59" })],
    ["a blank beneficiary name", invoice({ from_name: " \n " })],
  ])("%s gives null", (_, source) => {
    expect(epcPayload(source)).toBeNull();
  });
});
