import { describe, expect, test } from "bun:test";
import { invoiceCount, matchScore, suggestLines, usualCurrency, usualTerms, type HistoryLine } from "../../server/domain/suggestions.ts";

let invoices = 0;

/** One past invoice as its lines, newest-first order kept by the caller. */
function invoice(issue_date: string, items: Array<[string, number, number?]>, extra: Partial<HistoryLine> = {}): HistoryLine[] {
  invoices += 1;
  const base = { invoice_id: `inv_${invoices}`, issue_date, currency: "EUR", due_date: null, payment_terms: null, unit: "HUR", ...extra };
  if (items.length === 0) return [{ ...base, description: "", rate: 0, tax_rate: 19 }];
  return items.map(([description, rate, taxRate]) => ({ ...base, description, rate, tax_rate: taxRate ?? 19 }));
}

describe("matchScore: what was typed against a description", () => {
  test.each([
    ["cons", "Consulting", 1],
    ["CONSULT", "consulting", 1],
    ["review", "Design review", 0.9],
    ["sign", "Design review", 0.8],
    ["", "anything", 1],
  ])("%s ~ %s = %d", (query, text, score) => {
    expect(matchScore(query, text)).toBe(score);
  });

  test("typos still match, unrelated words do not; accents and case aside", () => {
    expect(matchScore("consluting", "Consulting")).toBeGreaterThan(0.5);
    expect(matchScore("desgin", "Design review")).toBeGreaterThan(0.5);
    expect(matchScore("consl", "Consulting")).toBeGreaterThan(0.5);
    expect(matchScore("hosting", "Consulting")).toBeLessThan(0.5);
    expect(matchScore("paper", "Printing")).toBeLessThan(0.5);
    expect(matchScore("uber", "Übersetzung")).toBe(1);
  });
});

describe("suggestLines", () => {
  const history = [
    ...invoice("2026-11-01", [["Consulting", 13_000], ["Travel", 4_000, 7]]),
    ...invoice("2026-10-01", [["consulting ", 12_000]]),
    ...invoice("2026-09-01", [["Consulting", 12_000]]),
    ...invoice("2025-01-01", [["Hosting", 2_900], ["Hosting", 2_900], ["Hosting", 2_900]]),
    ...invoice("2026-10-15", [["Consulting", 15_000]], { currency: "USD" }),
  ];

  test("one line per description and currency, the latest spelling, last and median rate, usual VAT; frequent and recent first", () => {
    const lines = suggestLines(history, { today: "2026-11-21", limit: 10 });
    expect(lines.map((line) => [line.description, line.currency, line.times_used, line.last_rate, line.median_rate, line.tax_rate, line.last_used])).toEqual([
      ["Consulting", "EUR", 3, 13_000, 12_000, 19, "2026-11-01"],
      ["Travel", "EUR", 1, 4_000, 4_000, 7, "2026-11-01"],
      ["Consulting", "USD", 1, 15_000, 15_000, 19, "2026-10-15"],
      ["Hosting", "EUR", 3, 2_900, 2_900, 19, "2025-01-01"],
    ]);
    // Three uses of Hosting nearly two years ago weigh less than one recent Travel.
    expect(lines[2]!.score).toBeGreaterThan(lines[3]!.score);
  });

  test("a partial description filters and ranks by match; a currency filters; the limit cuts", () => {
    expect(suggestLines(history, { today: "2026-11-21", query: "host", limit: 10 }).map((line) => line.description)).toEqual(["Hosting"]);
    expect(suggestLines(history, { today: "2026-11-21", currency: "USD", limit: 10 }).map((line) => line.currency)).toEqual(["USD"]);
    expect(suggestLines(history, { today: "2026-11-21", limit: 1 })).toHaveLength(1);
    expect(suggestLines([], { today: "2026-11-21", limit: 5 })).toEqual([]);
  });
});

describe("usual terms and currency", () => {
  test("the commonest terms text, the median due offset, how many invoices they rest on", () => {
    const history = [
      ...invoice("2026-11-01", [["A", 1], ["B", 2]], { payment_terms: "Net 30", due_date: "2026-12-01" }),
      ...invoice("2026-10-01", [], { payment_terms: "Net 30", due_date: "2026-10-31" }),
      ...invoice("2026-09-01", [], { payment_terms: "Net 14", due_date: "2026-09-15" }),
      ...invoice("2026-08-01", [["C", 3], ["D", 4], ["E", 5]], { currency: "USD" }),
    ];
    expect(usualTerms(history)).toEqual({ payment_terms: "Net 30", due_days: 30, based_on: 4 });
    expect(usualCurrency(history)).toBe("EUR");
    expect(invoiceCount(history)).toBe(4);
    expect(usualTerms([])).toEqual({ payment_terms: null, due_days: null, based_on: 0 });
  });
});
