// Invoice DSL (spec §4.4, layout A): the exact text per invoice, and a small reader that takes the
// round-trippable fields back (number, parties, dates, currency, items with quantity and price).
import { describe, expect, test } from "bun:test";
import { toDsl } from "../../../render/codecs/dsl.ts";
import { ALL, FRENCH_CREDIT_NOTE, GERMAN, HOSTILE, JAPANESE, KUWAITI } from "./fixtures.ts";

type DslItem = { description: string; quantity: number; rate: number; symbol: string };

/** Layout A read back: keyword lines into a map, item lines split from the right. */
function readDsl(text: string): { keywords: Map<string, string>; items: DslItem[] } {
  const keywords = new Map<string, string>();
  const items: DslItem[] = [];
  for (const line of text.trimEnd().split("\n")) {
    const item = /^ {2}(.*) (\S+) x (-?)([^\d-]+)(\d+(?:\.\d+)?)$/.exec(line);
    if (item) {
      const [, description = "", quantity = "", sign = "", symbol = "", amount = ""] = item;
      items.push({ description, quantity: Number(quantity), rate: Number(`${sign}${amount.replace(".", "")}`), symbol });
      continue;
    }
    const [keyword = "", ...rest] = line.split(" ");
    keywords.set(keyword, rest.join(" "));
  }
  return { keywords, items };
}

describe("DSL text", () => {
  test("EUR de-DE", () => {
    expect(toDsl(GERMAN)).toBe(
      [
        "INVOICE RE-2026-0042",
        "FROM Zoë Müller Beratung GmbH | Hauptstraße 1, 10115 Berlin, DE",
        "TO Beispiel AG | ap@beispiel.example",
        "DATE 2026-11-01",
        "DUE 2026-12-01",
        "CURRENCY EUR",
        "TAX DE",
        "ITEMS",
        "  Beratung 10 x €120.00",
        "  Fachbuch 2 x €19.99",
        "  Reisekosten 1.5 x €45.50",
        "",
      ].join("\n"),
    );
  });

  test("JPY prices have no decimals, KWD three; a currency without a symbol shows its code", () => {
    expect(toDsl(JAPANESE)).toContain("ITEMS\n  コンサルティング 3 x ¥150000\n  お弁当 12 x ¥980\n");
    expect(toDsl(KUWAITI)).toContain("ITEMS\n  Support plan 1 x KWD1.250\n  Spare part 4 x KWD3.005\n");
  });

  test("lines without a value are left out: no DUE without a due date, no TAX without the seller's country", () => {
    const text = toDsl({ ...KUWAITI, from_address: null });
    expect(text).not.toContain("DUE");
    expect(text).not.toContain("TAX");
    expect(text).toContain("FROM Zoë Müller Beratung GmbH\nTO Gulf Trading Co.\n");
  });

  test("a draft writes a bare INVOICE; pipes in names and line breaks anywhere do not break the syntax", () => {
    expect(toDsl(HOSTILE)).toBe(
      [
        "INVOICE",
        'FROM Acme, "Best" / *Widgets* | Hauptstraße 1, 10115 Berlin, DE',
        'TO =HYPERLINK("http://evil.example") | a_b@example.com',
        "DATE 2026-11-01",
        "CURRENCY USD",
        "TAX DE",
        "ITEMS",
        '  Widget | "Pro", size 2*3 _x_ 2 x $19.99',
        "  Line one Line two Line three 0.25 x -$4.00",
        "",
      ].join("\n"),
    );
  });

  test("a credit note is written as an invoice (the DSL has no document type)", () => {
    expect(toDsl(FRENCH_CREDIT_NOTE).split("\n")[0]).toBe("INVOICE AV-2026-0003");
  });
});

describe("DSL read back", () => {
  const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();

  for (const [name, record] of ALL) {
    test(`${name}: number, dates, currency and every item's quantity and price survive`, () => {
      const { keywords, items } = readDsl(toDsl(record));
      expect(keywords.get("INVOICE")).toBe(record.number ?? "");
      expect(keywords.get("DATE")).toBe(record.issue_date);
      expect(keywords.get("DUE")).toBe(record.due_date ?? undefined);
      expect(keywords.get("CURRENCY")).toBe(record.currency);
      expect(keywords.get("TO")?.split(" | ")[1]).toBe(record.bill_to_email ?? undefined);
      expect(items.map(({ description, quantity, rate }) => ({ description, quantity, rate }))).toEqual(
        record.items.map((item) => ({ description: oneLine(item.description), quantity: item.quantity, rate: item.rate })),
      );
    });
  }
});
