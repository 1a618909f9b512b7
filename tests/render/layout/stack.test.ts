// The single-image formats' stacking of pages.
import { describe, expect, test } from "bun:test";
import { PAPER, type DocumentLayout, type PageLayout } from "../../../render/layout/boxes.ts";
import { GAP_COLOUR, PAGE_GAP, stackPages } from "../../../render/layout/stack.ts";

const page = (mark: number): PageLayout => ({
  ...PAPER.A4,
  boxes: [
    { kind: "rect", x: 10, y: mark, width: 5, height: 5, fill: "#ff0000", stroke: null, strokeWidth: 0 },
    { kind: "line", x1: 0, y1: mark, x2: 10, y2: mark + 1, color: "#000000", width: 1 },
    { kind: "text", baseline: mark, size: 9, color: "#000000", runs: [] },
    { kind: "image", x: 0, y: mark, width: 1, height: 1, format: "png", bytes: new Uint8Array() },
  ],
});
const layout = (pages: PageLayout[]): DocumentLayout => ({ title: "t", language: "en", pages });

describe("stackPages", () => {
  test("one page is that page itself", () => {
    const only = page(20);
    expect(stackPages(layout([only]))).toBe(only);
  });

  test("pages top to bottom, a gap apart on grey, each on its white sheet, boxes moved down", () => {
    const stacked = stackPages(layout([page(20), page(30)]));
    expect(stacked.width).toBe(PAPER.A4.width);
    expect(stacked.height).toBeCloseTo(2 * PAPER.A4.height + PAGE_GAP, 6);
    expect(stacked.boxes[0]).toMatchObject({ kind: "rect", x: 0, y: 0, fill: GAP_COLOUR });
    const sheets = stacked.boxes.filter((box) => box.kind === "rect" && box.fill === "#ffffff");
    expect(sheets.map((box) => (box.kind === "rect" ? box.y : -1))).toEqual([0, PAPER.A4.height + PAGE_GAP]);
    const offset = PAPER.A4.height + PAGE_GAP;
    const second = stacked.boxes.slice(-4);
    expect(second).toEqual([
      { kind: "rect", x: 10, y: 30 + offset, width: 5, height: 5, fill: "#ff0000", stroke: null, strokeWidth: 0 },
      { kind: "line", x1: 0, y1: 30 + offset, x2: 10, y2: 31 + offset, color: "#000000", width: 1 },
      { kind: "text", baseline: 30 + offset, size: 9, color: "#000000", runs: [] },
      { kind: "image", x: 0, y: 30 + offset, width: 1, height: 1, format: "png", bytes: new Uint8Array() },
    ]);
  });

  test("refuses a document without pages", () => {
    expect(() => stackPages(layout([]))).toThrow(RangeError);
  });
});
