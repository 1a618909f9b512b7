// Text placement: runs in visual order from the aligned left edge, right-to-left paragraphs at
// their column's right edge, baselines on the leading, and wrapped lines reused, not recomputed.
import { describe, expect, test } from "bun:test";
import { wrapText } from "../../../render/fonts/wrap.ts";
import { drawLines, heightOf, placeLine, textSpec, unwrapped, widest, within, wrap } from "../../../render/layout/text.ts";

const spec = textSpec("sans", "regular", 10, "#111111", 1.5);

describe("placeLine", () => {
  const [line] = wrap("Total 1,234.56", spec, 500).lines;
  if (!line) throw new Error("one line");

  test("start aligns left, end aligns right, center centres; runs are contiguous", () => {
    const left = placeLine(line, spec, 100, 200, "start", 50);
    expect(left.runs[0]?.x).toBe(100);
    const right = placeLine(line, spec, 100, 200, "end", 50);
    const last = right.runs.at(-1);
    expect((last?.x ?? 0) + (last?.width ?? 0)).toBeCloseTo(300, 6);
    const centred = placeLine(line, spec, 100, 200, "center", 50);
    expect(centred.runs[0]?.x).toBeCloseTo(100 + (200 - line.width) / 2, 6);
    expect(left).toMatchObject({ kind: "text", baseline: 50, size: 10, color: "#111111" });
  });

  test("a right-to-left paragraph aligns right on start, and its runs come in visual order", () => {
    const [hebrew] = wrap("חשבונית 42 מס", spec, 500).lines;
    if (!hebrew) throw new Error("one line");
    expect(hebrew.direction).toBe("rtl");
    const box = placeLine(hebrew, spec, 100, 200, "start", 50);
    const last = box.runs.at(-1);
    expect((last?.x ?? 0) + (last?.width ?? 0)).toBeCloseTo(300, 6);
    // Visual order: the last logical word (מס) is drawn leftmost.
    expect(box.runs[0]?.text).toContain("מס");
    for (let index = 1; index < box.runs.length; index++) {
      const before = box.runs[index - 1];
      expect(box.runs[index]?.x).toBeCloseTo((before?.x ?? 0) + (before?.width ?? 0), 6);
    }
  });
});

describe("drawLines", () => {
  test("one box per non-empty line, baselines a leading apart, a slice starting at the top", () => {
    const text = wrap("first line\n\nthird line", spec, 300);
    expect(text.lines).toHaveLength(3);
    expect(heightOf(text)).toBe(45);
    const boxes = drawLines(text, 0, "start", 100);
    expect(boxes).toHaveLength(2);
    expect((boxes[1]?.baseline ?? 0) - (boxes[0]?.baseline ?? 0)).toBeCloseTo(30, 6);
    const slice = drawLines(text, 0, "start", 100, 2, 3);
    expect(slice[0]?.baseline).toBeCloseTo(boxes[0]?.baseline ?? 0, 6);
    expect(heightOf(text, 1, 3)).toBe(30);
  });
});

describe("wrapping", () => {
  test("unwrapped text keeps its lines in any column at least as wide; a narrower one wraps again", () => {
    const text = unwrapped("Consulting services", spec);
    expect(text.width).toBeCloseTo(widest("Consulting services", spec), 6);
    const wide = within(text, text.width + 50);
    expect(wide.lines).toBe(text.lines);
    expect(wide.width).toBe(text.width + 50);
    expect(within(text, text.width / 2).lines.length).toBeGreaterThan(1);
  });

  test("a text that fits on one line comes out exactly as wrapText makes it", () => {
    const samples = ["", "1.234,56 €", "  leading spaces", "Größere Dichtungen", "請求書 合計", "חשבונית 42 מס", "فاتورة ضريبية", "Widget | \"Pro\", size 2*3"];
    for (const text of samples) expect(wrap(text, spec, 1000).lines).toEqual(wrapText(text, spec, 1000));
    for (const text of ["trailing space ", "two\nlines", "too wide for forty points"]) expect(wrap(text, spec, 40).lines).toEqual(wrapText(text, spec, 40));
  });

  test("the same text, font and width give the same (cached) lines", () => {
    expect(wrap("Cached words here", spec, 80).lines).toBe(wrap("Cached words here", spec, 80).lines);
    expect(wrap("Cached words here", spec, 81).lines).not.toBe(wrap("Cached words here", spec, 80).lines);
  });
});
