// Line breaking: greedy at spaces within the width, hyphens and CJK characters as break points,
// an over-long word broken between graphemes, explicit newlines kept.
import { describe, expect, test } from "bun:test";
import { loadFont } from "../../../render/fonts/registry.ts";
import { measure } from "../../../render/fonts/metrics.ts";
import { wrapText, type TextStyle, type WrappedLine } from "../../../render/fonts/wrap.ts";

const STYLE: TextStyle = { family: "sans", weight: "regular", size: 10 };
const texts = (lines: readonly WrappedLine[]): string[] => lines.map((line) => line.text);
const width = (text: string): number => measure(text, loadFont("sans", "regular"), 10);

const DESCRIPTION =
  "Consulting services for the migration of the legacy accounting system to the new platform, including data " +
  "cleansing, interface specifications, two on-site workshops with the finance team and four weeks of hypercare " +
  "after go-live, billed at the rates agreed in the framework contract of 12 March 2024.";

describe("wrapText", () => {
  test("a long Latin description wraps at spaces, greedily, within the width", () => {
    const maxWidth = 180;
    const lines = wrapText(DESCRIPTION, STYLE, maxWidth);
    expect(lines.length).toBeGreaterThan(4);
    expect(texts(lines).join(" ")).toBe(DESCRIPTION);
    lines.forEach((line, index) => {
      expect(line.width).toBeLessThanOrEqual(maxWidth);
      expect(line.width).toBeCloseTo(width(line.text), 9);
      expect(line.text).toBe(DESCRIPTION.slice(line.start, line.end));
      expect(line.text).not.toMatch(/^ | $/);
      const next = lines[index + 1];
      // Greedy: the next line's first word would not have fitted on this one.
      if (next) expect(width(`${line.text} ${next.text.split(" ")[0]}`)).toBeGreaterThan(maxWidth);
    });
  });

  test("a word wider than the line breaks between graphemes, never splitting an accent", () => {
    const word = "Donaudampfschifffahrtsgesellschaftskapita\u0308nswitwenrentenversicherung";
    const lines = wrapText(`See ${word} here`, { ...STYLE, weight: "bold", size: 12 }, 100);
    expect(lines[0]?.text).toBe("See");
    // The word's last piece shares its line with the next word, as any other word would.
    expect(texts(lines).slice(1).join("")).toBe(`${word} here`);
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) {
      expect(line.width).toBeLessThanOrEqual(100);
      expect(line.text.startsWith("\u0308")).toBe(false);
    }
  });

  test("a line narrower than one character still makes progress, one grapheme per line", () => {
    expect(texts(wrapText("abc", STYLE, 1))).toEqual(["a", "b", "c"]);
  });

  test("CJK breaks between characters, not before closing or after opening punctuation", () => {
    const text = "請求書の内容：ソフトウェア開発業務（第一期）、保守サポート、およびトレーニング費用を含みます。";
    const lines = wrapText(text, STYLE, 60);
    expect(lines.length).toBeGreaterThan(5);
    expect(texts(lines).join("")).toBe(text);
    for (const line of lines) {
      expect(line.width).toBeLessThanOrEqual(60);
      expect(line.text).not.toMatch(/^[、。）ー]/);
      expect(line.text).not.toMatch(/（$/);
      expect(line.runs.map((run) => run.font.family)).toEqual(["cjk"]);
    }
  });

  test("explicit newlines are kept, empty lines included, with offsets into the text", () => {
    const text = "Line one\n\nLine three\r\nLine four\n";
    const lines = wrapText(text, STYLE, 500);
    expect(texts(lines)).toEqual(["Line one", "", "Line three", "Line four", ""]);
    expect(lines.map((line) => [line.start, line.end])).toEqual([[0, 8], [9, 9], [10, 20], [22, 31], [32, 32]]);
    expect(lines[1]?.width).toBe(0);
  });

  test("hyphens break between words, not inside dates; a no-break space holds", () => {
    const compound = wrapText("Wartungs-vertrag", STYLE, width("Wartungs-vertra"));
    expect(texts(compound)).toEqual(["Wartungs-", "vertrag"]);
    expect(texts(wrapText("Date 2024-01-31", STYLE, width("Date 2024-01-3")))).toEqual(["Date", "2024-01-31"]);
    expect(texts(wrapText("Total EUR\u00a0100", STYLE, width("Total EUR\u00a010")))).toEqual(["Total", "EUR\u00a0100"]);
  });

  test("spaces at a line end hang outside its width", () => {
    const lines = wrapText("Invoice    total", STYLE, width("Invoice  "));
    expect(texts(lines)).toEqual(["Invoice", "total"]);
    expect(lines[0]?.width).toBeCloseTo(width("Invoice"), 9);
  });

  test("Arabic wraps at spaces into right-to-left lines with the Arabic font; runs sum to the width", () => {
    const text = "خدمات استشارية لترحيل نظام المحاسبة القديم إلى المنصة الجديدة بمبلغ 1,234.56 ريال";
    const lines = wrapText(text, STYLE, 110);
    expect(lines.length).toBeGreaterThan(2);
    expect(texts(lines).join(" ")).toBe(text);
    for (const line of lines) {
      expect(line.direction).toBe("rtl");
      expect(line.width).toBeLessThanOrEqual(110);
      expect(line.width).toBeCloseTo(line.runs.reduce((sum, run) => sum + run.width, 0), 9);
      for (const run of line.runs) expect(run.font.family).toBe("arabic");
    }
    const amount = lines.flatMap((line) => line.runs).find((run) => run.text === "1,234.56");
    expect(amount?.direction).toBe("ltr");
  });

  test("mixed scripts on one line keep one run per font", () => {
    const [line] = wrapText("Rechnung 請求書 فاتورة", STYLE, 500);
    expect(line?.runs.map((run) => [run.text, run.font.family, run.direction])).toEqual([
      ["Rechnung ", "sans", "ltr"],
      ["請求書 ", "cjk", "ltr"],
      ["فاتورة", "arabic", "rtl"],
    ]);
    expect(line?.direction).toBe("ltr");
  });
});
