// Invoice DSL (ADR 0012, layout A): the exact text per invoice. That parseDsl reads every field
// back is dsl-roundtrip.test.ts's (these fixtures and generated invoices).
import { describe, expect, test } from "bun:test";
import { toDsl } from "../../../render/codecs/dsl.ts";
import type { InvoiceRecord } from "../../../server/domain/invoice.ts";
import { FRENCH_CREDIT_NOTE, GERMAN, HOSTILE, JAPANESE, KUWAITI } from "../../../scripts/samples/invoices.ts";
import { DISCOUNTED } from "../discounted.ts";

describe("DSL text", () => {
  test("EUR de-DE: CURRENCY and LOCALE always, TAX the seller's country whose standard rate the invoice uses", () => {
    expect(toDsl(GERMAN)).toBe(
      [
        "INVOICE RE-2026-0042",
        "FROM Zoë Müller Beratung GmbH | Hauptstraße 1, 10115 Berlin, DE | billing@zoe-mueller.example",
        "TO Beispiel AG | ap@beispiel.example | Marktplatz 5, 80331 München, Bayern, DE",
        "DATE 2026-11-01",
        "DUE 2026-12-01",
        "TERMS Zahlbar innerhalb von 30 Tagen ohne Abzug",
        "CURRENCY EUR",
        "LOCALE de-DE",
        "TAX DE",
        "ITEMS",
        " Beratung 10 x €120.00",
        " Fachbuch 2 x €19.99 7%",
        " Reisekosten 1.5 x €45.50",
        "NOTE Vielen Dank für Ihren Auftrag.",
        "",
      ].join("\n"),
    );
  });

  test("JPY prices have no decimals, KWD three", () => {
    expect(toDsl(JAPANESE)).toContain("CURRENCY JPY\nLOCALE ja-JP\nITEMS\n コンサルティング 3 x ¥150000 10%\n お弁当 12 x ¥980 8%\n");
    expect(toDsl(KUWAITI)).toContain("DATE 2026-11-01\nCURRENCY KWD\nLOCALE en\nITEMS\n Support plan KWD1.250\n Spare part 4 x KWD3.005\n");
  });

  test("where the locale groups with \".\", three fraction digits take a fourth so LOCALE does not make them a thousand", () => {
    const [first] = GERMAN.items;
    if (!first) throw new Error("GERMAN has items");
    const text = toDsl({ ...GERMAN, tax_rate: 7.125, items: [{ ...first, quantity: 1.125, tax_rate: 2.5 }] });
    expect(text).toContain("\nTAX 7.1250\n");
    expect(text).toContain("\n Beratung 1.1250 x €120.00 2.5%\n");
    expect(toDsl({ ...KUWAITI, locale: "de-DE" })).toContain("\n Support plan KWD1.2500\n Spare part 4 x KWD3.0050\n");
  });

  test("lines without a value are left out: no DUE without a due date, no TAX without a tax rate", () => {
    const text = toDsl({ ...KUWAITI, from_address: null });
    expect(text).not.toContain("DUE");
    expect(text).not.toContain("TAX");
    expect(text).toContain("FROM Zoë Müller Beratung GmbH | billing@zoe-mueller.example\nTO Gulf Trading Co. | Al Soor Street, Kuwait City, KW\n");
  });

  test("a draft writes a bare INVOICE; pipes in names and line breaks anywhere do not break the syntax", () => {
    expect(toDsl(HOSTILE)).toBe(
      [
        "INVOICE",
        'FROM Acme, "Best" / *Widgets* | Hauptstraße 1, 10115 Berlin, DE | billing@zoe-mueller.example',
        'TO =HYPERLINK("http://evil.example") | a_b@example.com',
        "DATE 2026-11-01",
        "CURRENCY USD",
        "LOCALE en-US",
        "TAX 8.875",
        "ITEMS",
        ' Widget | "Pro", size 2*3 _x_ 2 x $19.99',
        " Line one Line two Line three 0.25 x -$4.00",
        "NOTE # not a heading",
        "NOTE - not a list",
        "NOTE 1. not a list",
        "NOTE not code",
        "NOTE <script>alert(1)</script> & [link](x) `tick` ~~strike~~ \\",
        "",
      ].join("\n"),
    );
  });

  test("a credit note is written as an invoice (the DSL has no document type)", () => {
    expect(toDsl(FRENCH_CREDIT_NOTE).split("\n")[0]).toBe("INVOICE AV-2026-0003");
  });

  test("a rate that is not the seller's country's standard one is written as a percent", () => {
    expect(toDsl({ ...GERMAN, tax_rate: 7 })).toContain("\nTAX 7\n");
    expect(toDsl({ ...GERMAN, from_address: null })).toContain("\nTAX 19\n");
  });

  test("terms that count the due date from the issue date are the DUE line; others keep the date and TERMS", () => {
    expect(toDsl({ ...GERMAN, payment_terms: "Net 30", due_date: "2026-12-01" })).toContain("\nDATE 2026-11-01\nDUE Net 30\nCURRENCY EUR\n");
    expect(toDsl({ ...GERMAN, payment_terms: "Net 30", due_date: "2026-12-02" })).toContain("\nDUE 2026-12-02\nTERMS Net 30\n");
    expect(toDsl({ ...GERMAN, payment_terms: "on receipt", due_date: "2026-11-01" })).toContain("\nDUE on receipt\n");
    expect(toDsl({ ...GERMAN, payment_terms: "Net 30", due_date: null })).toContain("\nTERMS Net 30\n");
  });

  test("one unit leaves out its 1 x unless the description would swallow it or reads as a pipe item", () => {
    const [first] = GERMAN.items;
    if (!first) throw new Error("GERMAN has items");
    const oneEach = (description: string): InvoiceRecord => ({ ...GERMAN, items: [{ ...first, description, quantity: 1, tax_rate: null }] });
    expect(toDsl(oneEach("Beratung"))).toContain("\n Beratung €120.00\n");
    expect(toDsl(oneEach("Box 2 x"))).toContain("\n Box 2 x 1 x €120.00\n");
    expect(toDsl(oneEach("A | B"))).toContain("\n A | B 1 x €120.00\n");
  });

  test("a discount ends its item line as a percent after a minus sign, after the line's own rate", () => {
    const text = toDsl(DISCOUNTED);
    expect(text).toContain("\nITEMS\n Consulting 40 x €120.00 -10%\n Travel €89.50\n Licence seats 3 x €33.33 -2.5%\n");
    const [first] = DISCOUNTED.items;
    if (!first) throw new Error("DISCOUNTED has items");
    expect(toDsl({ ...DISCOUNTED, items: [{ ...first, quantity: 1, tax_rate: 7 }] })).toContain("\n Consulting €120.00 7% -10%\n");
  });

  test("a value holding a pipe takes the colon; a number starting with # keeps it", () => {
    const text = toDsl({ ...GERMAN, number: "#7", notes: "Pay | 2 | 5", payment_terms: "a | b" });
    expect(text).toStartWith("INVOICE ##7\n");
    expect(text).toContain("\nTERMS: a | b\n");
    expect(text).toContain("\nNOTE: Pay | 2 | 5\n");
  });
});
