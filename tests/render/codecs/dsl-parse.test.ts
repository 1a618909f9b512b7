// The Invoice DSL reader (ADR 0012): both published layouts to exact create fields, the forms an
// agent writes, every problem of a bad draft at once with its line and column, and the time bound.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { parseDsl, type DslProblem } from "../../../render/codecs/dsl-parse.ts";

const TODAY = { today: "2026-11-21" };

function parsed(text: string, context: { today: string; currency?: string | null } = TODAY) {
  const result = parseDsl(text, context);
  if (!result.ok) throw new Error(JSON.stringify(result.problems, null, 2));
  return result.value;
}

function problems(text: string, context: { today: string; currency?: string | null } = TODAY): DslProblem[] {
  const result = parseDsl(text, context);
  if (result.ok) throw new Error(`read without problems: ${JSON.stringify(result.value.invoice)}`);
  return result.problems;
}

const LAYOUT_A = `INVOICE INV-2026-0042
FROM Acme GmbH | Hauptstraße 1, 10115 Berlin, DE
TO Globex Corporation | ap@globex.example
DATE 2026-11-21
DUE 2026-12-21
CURRENCY EUR
TAX DE
ITEMS
  Consulting 10 x €120.00
  Travel 1 x €89.50
FINALIZE
SEND ap@globex.example
`;

const LAYOUT_B = `INVOICE #2026-001
FROM: Acme GmbH | billing@acme.example
TO: Globex | ap@globex.example
DATE: 2026-11-21
DUE: Net 30
Consulting | 10 | 120.00
Design review | 2 | 450
TAX: 19
NOTE: Thank you!
`;

describe("the published layouts", () => {
  test("layout A: keyword lines, ITEMS, directives", () => {
    const value = parsed(LAYOUT_A);
    expect(value.layout).toBe("A");
    expect(value.invoice).toEqual({
      number: "INV-2026-0042",
      from_name: "Acme GmbH",
      from_address: { line1: "Hauptstraße 1, 10115 Berlin", country: "DE" },
      bill_to_name: "Globex Corporation",
      bill_to_email: "ap@globex.example",
      issue_date: "2026-11-21",
      due_date: "2026-12-21",
      currency: "EUR",
      tax_rate: 19,
      items: [
        { description: "Consulting", quantity: 10, rate: 12_000 },
        { description: "Travel", quantity: 1, rate: 8_950 },
      ],
    });
    expect(value.directives).toEqual({ finalize: true, send: { to: "ap@globex.example", source: { line: 12, column: 6, text: "ap@globex.example" } } });
    expect(value.sources["tax_rate"]).toEqual({ line: 7, column: 5, text: "DE" });
    expect(value.sources["items.1"]).toEqual({ line: 10, column: 3, text: "Travel 1 x €89.50" });
  });

  test("layout B: colon keywords, pipe items, Net 30; the amounts take the account's currency", () => {
    const value = parsed(LAYOUT_B, { ...TODAY, currency: "EUR" });
    expect(value.layout).toBe("B");
    expect(value.invoice).toEqual({
      number: "2026-001",
      from_name: "Acme GmbH",
      from_email: "billing@acme.example",
      bill_to_name: "Globex",
      bill_to_email: "ap@globex.example",
      issue_date: "2026-11-21",
      due_date: "2026-12-21",
      payment_terms: "Net 30",
      currency: "EUR",
      tax_rate: 19,
      notes: "Thank you!",
      items: [
        { description: "Consulting", quantity: 10, rate: 12_000 },
        { description: "Design review", quantity: 2, rate: 45_000 },
      ],
    });
    expect(value.directives).toEqual({ finalize: false, send: null });
    expect(value.sources["due_date"]).toEqual({ line: 5, column: 6, text: "Net 30" });
  });

  test("layout B without any currency asks for a CURRENCY line at the first amount", () => {
    expect(problems(LAYOUT_B)).toEqual([
      { line: 6, column: 19, text: "120.00", expected: "a currency: add a CURRENCY line (CURRENCY EUR), write the amounts with a code or a symbol of one currency (EUR 120.00, €120.00), or set the account's default currency" },
    ]);
  });
});

describe("currencies and amounts", () => {
  test("JPY: no decimals, a comma before three digits groups", () => {
    const value = parsed("TO 株式会社サンプル\nCURRENCY JPY\nITEMS\n  コンサルティング 3 x ¥150,000 10%\n  お弁当 12 x ¥980 8%\n");
    expect(value.invoice.items).toEqual([
      { description: "コンサルティング", quantity: 3, rate: 150_000, tax_rate: 10 },
      { description: "お弁当", quantity: 12, rate: 980, tax_rate: 8 },
    ]);
  });

  test("KWD: the code in an amount names the currency, a point before three digits is the decimal point", () => {
    const value = parsed("TO Gulf Trading Co.\nITEMS\n  Support plan KWD1.250\n  Spare part 4 x KWD3.005\n");
    expect(value.invoice.currency).toBe("KWD");
    expect(value.invoice.items).toEqual([
      { description: "Support plan", quantity: 1, rate: 1_250 },
      { description: "Spare part", quantity: 4, rate: 3_005 },
    ]);
  });

  test("a symbol naming one currency is enough; $ and ¥ are not", () => {
    expect(parsed("TO X\nITEMS\n  A £5\n").invoice.currency).toBe("GBP");
    expect(parsed("TO X\nITEMS\n  A $5\n", { ...TODAY, currency: "USD" }).invoice.currency).toBe("USD");
    expect(problems("TO X\nITEMS\n  A $5\n")).toEqual([
      { line: 3, column: 5, text: "$5", expected: "a currency: add a CURRENCY line (CURRENCY EUR), write the amounts with a code or a symbol of one currency (EUR 120.00, €120.00), or set the account's default currency" },
    ]);
  });

  test("one unit, the amount with its symbol after it; an own VAT rate after the amount", () => {
    const value = parsed("TO X\nITEMS\n  Travel 89,50 €\n  Books 2 x €19.99 7%\n  Hotel, 2 nights 1 x 240,00 € 7 %\n");
    expect(value.invoice.items).toEqual([
      { description: "Travel", quantity: 1, rate: 8_950 },
      { description: "Books", quantity: 2, rate: 1_999, tax_rate: 7 },
      { description: "Hotel, 2 nights", quantity: 1, rate: 24_000, tax_rate: 7 },
    ]);
  });

  test("a discount ends an item line after ITEMS: a percent after a minus sign, with or without the line's VAT rate, in either layout", () => {
    const value = parsed("TO X\nCURRENCY EUR\nLOCALE de-DE\nITEMS\n  Consulting 10 x €120.00 19% -10%\n  Travel 89,50 € −2,5 %\n  Books | 2 | 19,99 | 7% -33,3333%\n  A | B 1 x €5 -100%\n  Sale -10% 2 x €5\n");
    expect(value.invoice.items).toEqual([
      { description: "Consulting", quantity: 10, rate: 12_000, tax_rate: 19, discount_percent: 10 },
      { description: "Travel", quantity: 1, rate: 8_950, discount_percent: 2.5 },
      { description: "Books", quantity: 2, rate: 1_999, tax_rate: 7, discount_percent: 33.3333 },
      { description: "A | B", quantity: 1, rate: 500, discount_percent: 100 },
      // Text before the price is the description's, whatever it holds.
      { description: "Sale -10%", quantity: 2, rate: 500 },
    ]);
  });

  test("a discount of 0 is none (\"-0%\", once read as a VAT rate of 0); one above 100, or before the VAT rate, is the line's problem", () => {
    expect(parsed("TO X\nCURRENCY EUR\nITEMS\n  Travel €89.50 -0%\n").invoice.items).toEqual([{ description: "Travel", quantity: 1, rate: 8_950 }]);
    expect(problems("TO X\nCURRENCY EUR\nITEMS\n  Travel €89.50 -120%\n  Books 2 x €19.99 -10% 7%\n")).toEqual([
      { line: 4, column: 18, text: "120", expected: "a discount from 0 to 100 percent with at most 4 decimals after the minus sign, such as -10%" },
      { line: 5, column: 20, text: "-10%", expected: 'a currency symbol or ISO code such as € or EUR, not "%"' },
    ]);
  });

  test("before ITEMS a pipe item takes no discount: a trailing \"-10%\" is the amount's problem, as it always was", () => {
    expect(problems("TO X\nCURRENCY EUR\nBooks | 2 | 19.99 -10%\n")).toEqual([{ line: 3, column: 13, text: "19.99 -10%", expected: "an amount such as €1,200.50 or 1200.50" }]);
    expect(parsed("TO X\nNOTE Pay | 2 | €5 -10%\n").invoice).toMatchObject({ notes: "Pay | 2 | €5 -10%", items: [] });
  });

  test("the last <quantity> x is the quantity: a description may hold anything, pipes included", () => {
    const value = parsed('TO X\nITEMS\n  Widget | "Pro", size 2 x 3 2 x $19.99\n  Box 2 x 1 x $5\nCURRENCY USD\n');
    expect(value.invoice.items).toEqual([
      { description: 'Widget | "Pro", size 2 x 3', quantity: 2, rate: 1_999 },
      { description: "Box 2 x", quantity: 1, rate: 500 },
    ]);
  });

  test("a LOCALE line decides a separator before three digits", () => {
    const text = "TO X\nCURRENCY EUR\nITEMS\n  Screws 1,000 x €0.05\n  Setup €1,200\n";
    expect(problems(text).map((each) => each.expected)).toEqual([
      "an unambiguous number: write 1000 or 1 (or add a LOCALE line)",
      "an unambiguous amount: write 1200.00 or 1.20 (or add a LOCALE line)",
    ]);
    expect(parsed(`${text}LOCALE en-US\n`).invoice.items).toEqual([
      { description: "Screws", quantity: 1_000, rate: 5 },
      { description: "Setup", quantity: 1, rate: 120_000 },
    ]);
    expect(parsed("TO X\nLOCALE de-DE\nITEMS\n  Schrauben 1.000,5 x 0,05 €\n").invoice).toMatchObject({ locale: "de-DE", items: [{ quantity: 1_000.5, rate: 5 }] });
  });

  test("a LOCALE line names a supported locale, spelled as Intl spells it; klingon or a made-up country is the line's problem", () => {
    expect(parsed("TO X\nLOCALE de-at\n").invoice.locale).toBe("de-AT");
    for (const tag of ["klingon", "de-XX"]) {
      expect(problems(`TO X\nLOCALE ${tag}\n`)).toEqual([{ line: 2, column: 8, text: tag, expected: "a BCP 47 locale such as de-DE or en-US" }]);
    }
  });
});

describe("keywords", () => {
  test("TAX: a region's standard rate, a percent, a region with its rate", () => {
    const rate = (line: string): number | undefined => parsed(`TO X\n${line}\n`).invoice.tax_rate;
    expect(rate("TAX DE")).toBe(19);
    expect(rate("TAX fi")).toBe(25.5);
    expect(rate("TAX CA-ON")).toBe(13);
    expect(rate("TAX CA-QC")).toBe(14.975);
    expect(rate("TAX 19")).toBe(19);
    expect(rate("TAX 19%")).toBe(19);
    expect(rate("TAX 7,5 %")).toBe(7.5);
    expect(rate("TAX US 8.875")).toBe(8.875);
    expect(rate("TAX US")).toBe(0);
  });

  test("DUE: a date, Net N, N days, on receipt; TERMS overrides the terms text", () => {
    const due = (lines: string) => {
      const { due_date, payment_terms } = parsed(`TO X\nDATE 2026-11-21\n${lines}\n`).invoice;
      return { due_date, payment_terms };
    };
    expect(due("DUE 2026-12-21")).toEqual({ due_date: "2026-12-21", payment_terms: undefined });
    expect(due("DUE Net 30")).toEqual({ due_date: "2026-12-21", payment_terms: "Net 30" });
    expect(due("DUE 14 days")).toEqual({ due_date: "2026-12-05", payment_terms: "14 days" });
    expect(due("DUE on receipt")).toEqual({ due_date: "2026-11-21", payment_terms: "on receipt" });
    expect(due("DUE Net 30\nTERMS 2% 10 days, net 30")).toEqual({ due_date: "2026-12-21", payment_terms: "2% 10 days, net 30" });
  });

  test("parties: e-mail and address parts in any order; a last part of two capitals is the country", () => {
    const { invoice } = parsed("FROM Acme | billing@acme.example | Main St 1 | Springfield, US\nTO Globex | Bahnhofstrasse 1, 8001 Zürich\n");
    expect(invoice).toMatchObject({
      from_name: "Acme",
      from_email: "billing@acme.example",
      from_address: { line1: "Main St 1, Springfield", country: "US" },
      bill_to_name: "Globex",
      bill_to_address: { line1: "Bahnhofstrasse 1, 8001 Zürich" },
    });
  });

  test("comments, blank lines, case-insensitive keywords, CRLF, a bare INVOICE and today's date", () => {
    const value = parsed("# drafted by an agent\r\n\r\ninvoice\r\nTo:  Globex   Corp\r\n   \r\nItems\r\n  # not an item\r\n  #12 Widget 2 x €5\r\nnote first\r\nNOTE  second  line \r\n");
    expect(value.invoice).toEqual({
      bill_to_name: "Globex Corp",
      issue_date: "2026-11-21",
      currency: "EUR",
      notes: "first\nsecond line",
      items: [{ description: "#12 Widget", quantity: 2, rate: 500 }],
    });
    expect(value.layout).toBe("B");
  });

  test("mixed layouts are read: pipe items beside keyword lines, even one starting with a keyword's word", () => {
    const value = parsed("TO Globex\nCURRENCY CHF\nTax advice | 1 | 500\nITEMS\n  Audit 2 x 1'000.00\n");
    expect(value.invoice.items).toEqual([
      { description: "Tax advice", quantity: 1, rate: 50_000 },
      { description: "Audit", quantity: 2, rate: 100_000 },
    ]);
  });

  test("SEND without an address sends to the TO line's e-mail", () => {
    expect(parsed("TO Globex | ap@globex.example\nSEND\n").directives.send).toEqual({ to: "ap@globex.example", source: { line: 2, column: 1, text: "SEND" } });
  });
});

describe("problems", () => {
  test("a draft with many mistakes gets every one, with line, column, text and what would do", () => {
    const draft = [
      "INVOICE 7", //                         1
      "FROM Acme | billing@acme", //           2
      "DATE 2026-13-01", //                    3
      "DUE sometime", //                       4
      "CURRENCY EURO", //                      5
      "TAX XX", //                             6
      "TAX 19", //                             7
      "  Early 1 x €5", //                     8
      "ITEMS", //                              9
      "  Consulting ten x €120.00", //         10
      "  Travel 1 x $89.50", //                11
      "  Books 2 x €1.234 120%", //            12
      "Hello world", //                        13
      "SEND bob", //                           14
    ].join("\n");
    expect(problems(draft)).toEqual([
      { line: 2, column: 13, text: "billing@acme", expected: "an e-mail address such as ap@globex.example" },
      { line: 3, column: 6, text: "2026-13-01", expected: "a date as YYYY-MM-DD" },
      { line: 4, column: 5, text: "sometime", expected: "a due date as YYYY-MM-DD, Net 30, 30 days or on receipt" },
      { line: 5, column: 10, text: "EURO", expected: "an ISO 4217 currency code such as EUR" },
      { line: 6, column: 5, text: "XX", expected: "a region with a standard rate (DE, GB, CA-ON), a percent from 0 to 100 (19, 7.5%) or both (US 8.875)" },
      { line: 7, column: 1, text: "TAX 19", expected: "one TAX line: the first is on line 6" },
      { line: 8, column: 3, text: "Early 1 x €5", expected: "an ITEMS line before the item lines (or a keyword line)" },
      { line: 10, column: 14, text: "ten", expected: "a number such as 2, 1.5 or 0,25" },
      { line: 11, column: 14, text: "$89.50", expected: "an amount in EUR: the amount is in $ but the invoice's currency is EUR" },
      { line: 12, column: 13, text: "€1.234", expected: "an unambiguous amount: write 1234.00 or 1.234 (or add a LOCALE line)" },
      { line: 12, column: 20, text: "120", expected: "a percent from 0 to 100 with at most 4 decimals, such as 19 or 7.5%" },
      { line: 13, column: 1, text: "Hello world", expected: 'an item such as "Consulting 10 x €120.00", "Travel €89.50" or "Books 2 x €19.99 7% -10%" (7 % VAT, 10 % off)' },
      { line: 14, column: 6, text: "bob", expected: "an e-mail address such as ap@globex.example after SEND (or one on the TO line)" },
      { line: 15, column: 1, text: "", expected: "a TO line naming the buyer, such as TO Globex Corporation | ap@globex.example" },
    ]);
  });

  test("an unknown line lists the keywords; a bad pipe item says what a pipe item is", () => {
    expect(problems("TO X\nPAY NOW\nA | B\n")).toEqual([
      { line: 2, column: 1, text: "PAY NOW", expected: "a keyword line (INVOICE, FROM, TO, DATE, DUE, CURRENCY, LOCALE, TAX, NOTE, TERMS, ITEMS, FINALIZE, SEND), an item line or a # comment" },
      { line: 3, column: 1, text: "A | B", expected: 'an item such as "Consulting | 10 | 120.00" or "Books | 2 | 19.99 | 7%"' },
    ]);
  });

  test("TAX refusals name what a TAX line takes", () => {
    const tax = (value: string): DslProblem[] => problems(`TO X\nTAX ${value}\n`);
    const region = "a region with a standard rate (DE, GB, CA-ON), a percent from 0 to 100 (19, 7.5%) or both (US 8.875)";
    expect(tax("EUR")).toEqual([{ line: 2, column: 5, text: "EUR", expected: region }]);
    expect(tax("US-NY")).toEqual([{ line: 2, column: 5, text: "US-NY", expected: region }]);
    expect(tax("120")).toEqual([{ line: 2, column: 5, text: "120", expected: "a percent from 0 to 100 with at most 4 decimals, such as 19 or 7.5%" }]);
    expect(tax("US 8,875")).toEqual([{ line: 2, column: 8, text: "8,875", expected: "a percent: an unambiguous number: write 8875 or 8.875 (or add a LOCALE line)" }]);
    expect(tax("7.12345%")).toEqual([{ line: 2, column: 5, text: "7.12345%", expected: "a percent: at most 4 decimals" }]);
  });

  test("a due date before the invoice date, a duplicated ITEMS and text after FINALIZE", () => {
    expect(problems("TO X\nDATE 2026-11-21\nDUE 2026-11-01\nITEMS\nITEMS\nFINALIZE now\n")).toEqual([
      { line: 3, column: 5, text: "2026-11-01", expected: "a due date on or after the invoice date 2026-11-21" },
      { line: 5, column: 1, text: "ITEMS", expected: "one ITEMS line: the first is on line 4" },
      { line: 6, column: 10, text: "now", expected: "nothing after the keyword" },
    ]);
  });
});

describe("any text", () => {
  test("is read or refused with problems that point into it, never thrown at", () => {
    const fragment = fc.oneof(
      fc.constantFrom("INVOICE", "FROM", "TO:", "DATE", "DUE", "CURRENCY", "LOCALE", "TAX", "NOTE", "TERMS", "ITEMS", "FINALIZE", "SEND", "|", "x", "%", "#", "€1,200.50", "1.200", "-", "  ", "\t", "\r", "de-DE", "Net 30", "2026-02-30", "a@b.co"),
      fc.string({ unit: "grapheme", maxLength: 12 }),
    );
    const line = fc.array(fragment, { maxLength: 6 }).map((pieces) => pieces.join(" "));
    const text = fc.array(line, { maxLength: 12 }).map((lines) => lines.join("\n"));
    fc.assert(
      fc.property(text, (draft) => {
        const result = parseDsl(draft, TODAY);
        const lines = draft.split("\n");
        for (const each of result.ok ? [] : result.problems) {
          expect(each.line).toBeGreaterThanOrEqual(1);
          expect(each.line).toBeLessThanOrEqual(lines.length + 1);
          expect(each.expected).not.toBe("");
          // The text is found where line and column say.
          expect((lines[each.line - 1] ?? "").slice(each.column - 1).startsWith(each.text)).toBe(true);
        }
      }),
      { numRuns: 500, seed: 44 },
    );
  });
});

describe("speed", () => {
  test("a 50-line invoice parses in under 1 ms (median of 300 runs)", () => {
    const items = Array.from({ length: 40 }, (_, index) => `  Line item number ${index + 1}, with a longer description ${index + 1} x €${(index * 37.5).toFixed(2)}${index % 3 === 0 ? " 7%" : ""}`);
    const text = [
      "INVOICE INV-2026-0042",
      "FROM Acme GmbH | Hauptstraße 1, 10115 Berlin, DE | billing@acme.example",
      "TO Globex Corporation | ap@globex.example | 1 Infinite Loop, Cupertino, US",
      "DATE 2026-11-21",
      "DUE Net 30",
      "TAX DE",
      "LOCALE en-US",
      "ITEMS",
      ...items,
      "NOTE Thank you for your business.",
      "FINALIZE",
    ].join("\n");
    expect(text.split("\n")).toHaveLength(50);
    expect(parsed(text).invoice.items).toHaveLength(40);
    const times: number[] = [];
    for (let run = 0; run < 300; run++) {
      const started = performance.now();
      parseDsl(text, TODAY);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    expect(times[150] ?? Number.POSITIVE_INFINITY).toBeLessThan(1);
  });
});
