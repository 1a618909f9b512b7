// Runs: the font that draws each part of a string (template family, then the fallbacks for CJK,
// Arabic and Hebrew) and its direction from the bidi levels; visualOrder puts runs in drawing order.
import { describe, expect, test } from "bun:test";
import { bidiClass, paragraphDirection, resolveLevels, visualOrder } from "../../../render/fonts/bidi.ts";
import { splitRuns, type TextRun } from "../../../render/fonts/runs.ts";

const summary = (runs: readonly TextRun[]): [string, string, string][] => runs.map((run) => [run.text, run.font.family, run.direction]);
const levelsOf = (text: string, direction = paragraphDirection(text)): number[] => resolveLevels([...text].map((character) => character.codePointAt(0) ?? 0), direction);

describe("splitRuns", () => {
  test("mixed Latin, CJK and Arabic split by font, the Arabic right to left", () => {
    const runs = splitRuns("Rechnung 請求書 فاتورة", "sans", "regular");
    expect(summary(runs)).toEqual([
      ["Rechnung ", "sans", "ltr"],
      ["請求書 ", "cjk", "ltr"],
      ["فاتورة", "arabic", "rtl"],
    ]);
    expect(runs.map((run) => [run.start, run.end])).toEqual([[0, 9], [9, 13], [13, 19]]);
    expect(runs.map((run) => run.font.weight)).toEqual(["regular", "regular", "regular"]);
  });

  test("Hebrew is right to left in the Hebrew font, its numbers left to right", () => {
    const runs = splitRuns("חשבונית מס' 2024-001 סה\"כ", "serif", "bold");
    expect(paragraphDirection("חשבונית מס' 2024-001")).toBe("rtl");
    expect(summary(runs)).toEqual([
      ["חשבונית מס' ", "hebrew", "rtl"],
      ["2024-001", "hebrew", "ltr"],
      [" סה\"כ", "hebrew", "rtl"],
    ]);
    expect(runs.map((run) => run.font.key)).toEqual(["hebrew-bold", "hebrew-bold", "hebrew-bold"]);
  });

  test("amounts stay one left-to-right run inside Arabic and Hebrew, separators included", () => {
    expect(summary(splitRuns("المجموع 1,234.56 ريال", "sans", "regular"))).toEqual([
      ["المجموع ", "arabic", "rtl"],
      ["1,234.56", "arabic", "ltr"],
      [" ريال", "arabic", "rtl"],
    ]);
    // After Hebrew a percent sign belongs to its number (W5); after Arabic letters digits are
    // Arabic numbers and UBA leaves "%" outside, so it shows on their left, as Arabic writes it.
    expect(summary(splitRuns("מע\"מ 17%", "sans", "regular"))).toEqual([
      ["מע\"מ ", "hebrew", "rtl"],
      ["17%", "hebrew", "ltr"],
    ]);
    expect(summary(splitRuns("الضريبة 15%", "sans", "regular")).map(([text, , direction]) => [text, direction])).toEqual([
      ["الضريبة ", "rtl"],
      ["15", "ltr"],
      ["%", "rtl"],
    ]);
    expect(summary(splitRuns("رقم ١٢٣", "sans", "regular"))).toEqual([
      ["رقم ", "arabic", "rtl"],
      ["١٢٣", "arabic", "ltr"],
    ]);
  });

  test("Arabic marks stay with their letters, punctuation and digits with the script around them", () => {
    expect(summary(splitRuns("مُحَمَّد", "sans", "regular"))).toEqual([["مُحَمَّد", "arabic", "rtl"]]);
    expect(summary(splitRuns("請求書、番号1", "mono", "regular"))).toEqual([["請求書、番号1", "cjk", "ltr"]]);
    expect(summary(splitRuns("Total: 1.234,56 €", "serif", "regular"))).toEqual([["Total: 1.234,56 €", "serif", "ltr"]]);
  });

  test("a character no bundled font has stays in the run before it (drawn as a missing glyph)", () => {
    const runs = splitRuns("OK 😀 done", "sans", "regular");
    expect(summary(runs)).toEqual([["OK 😀 done", "sans", "ltr"]]);
  });

  test("an explicit paragraph direction is honoured", () => {
    const runs = splitRuns("Invoice فاتورة", "sans", "regular", "rtl");
    expect(runs.map((run) => [run.text, run.font.family, run.level])).toEqual([
      ["Invoice", "sans", 2],
      [" ", "sans", 1],
      ["فاتورة", "arabic", 1],
    ]);
  });
});

describe("bidi", () => {
  test("classes of the characters an invoice uses", () => {
    expect(["A", "1", "-", "%", ",", " ", "ש", "ف", "١", "۱", "€", "\u00a0", "\u064e", "請"].map((c) => bidiClass(c.codePointAt(0) ?? 0))).toEqual(
      ["L", "EN", "ES", "ET", "CS", "ON", "R", "AL", "AN", "EN", "ET", "CS", "NSM", "L"],
    );
  });

  test("paragraph direction from the first strong character", () => {
    expect(paragraphDirection("123 فاتورة Invoice")).toBe("rtl");
    expect(paragraphDirection("(Invoice) فاتورة")).toBe("ltr");
    expect(paragraphDirection("123 —")).toBe("ltr");
  });

  test("levels: numbers inside right-to-left text sit one level up", () => {
    expect(levelsOf("ab שלום 12")).toEqual([0, 0, 0, 1, 1, 1, 1, 1, 2, 2]);
    // As in UBA, a minus sign before a number in right-to-left text is a neutral and shows on the
    // number's right; a left-to-right mark in front keeps "-5" together.
    expect(levelsOf("שלום -5")).toEqual([1, 1, 1, 1, 1, 1, 2]);
    expect(levelsOf("שלום \u200e-5")).toEqual([1, 1, 1, 1, 1, 2, 2, 2]);
    expect(levelsOf("abc 12")).toEqual([0, 0, 0, 0, 0, 0]);
  });

  test("visualOrder reverses right-to-left runs and keeps numbers inside them readable", () => {
    expect(visualOrder([0, 1, 1, 0])).toEqual([0, 2, 1, 3]);
    expect(visualOrder([1, 2, 1])).toEqual([2, 1, 0]);
    expect(visualOrder([1, 2, 2, 1, 1])).toEqual([4, 3, 1, 2, 0]);
    expect(visualOrder([0, 0, 2])).toEqual([0, 1, 2]);
    expect(visualOrder([])).toEqual([]);
  });
});
