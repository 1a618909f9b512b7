// Table rows: cells in their columns, the band and rules of the row, and a row split between
// lines drawing each slice with its own band and the rules only at the row's ends.
import { describe, expect, test } from "bun:test";
import type { Box, LineBox, RectBox, TextBox } from "../../../render/layout/boxes.ts";
import { rowBlock, rowPiece, type Column, type RowLook } from "../../../render/layout/table.ts";
import { textSpec, wrap } from "../../../render/layout/text.ts";

const spec = textSpec("sans", "regular", 10, "#111111", 1.4);
const columns: Column[] = [
  { x: 50, width: 100, align: "start" },
  { x: 160, width: 60, align: "end" },
];
const look: RowLook = { fill: "#eeeeee", ruleAbove: { color: "#000000", width: 1 }, ruleBelow: { color: "#999999", width: 0.5 }, padding: 4 };
const span = { x: 40, width: 200 };
const kinds = (boxes: Box[], kind: Box["kind"]) => boxes.filter((box) => box.kind === kind);

describe("rowBlock", () => {
  const cells = [wrap("a description long enough to wrap over three lines", spec, 100), wrap("12.00", spec, 60)];
  const row = rowBlock(cells, columns, look, span, { gap: 7 });

  test("one part per line of the tallest cell, the padding on the first and last", () => {
    const lines = cells[0]?.lines.length ?? 0;
    expect(lines).toBeGreaterThan(2);
    expect(row.parts).toHaveLength(lines);
    expect(row.parts[0]).toBeCloseTo(14 + 4, 6);
    expect(row.parts[1]).toBeCloseTo(14, 6);
    expect(row.parts.at(-1)).toBeCloseTo(14 + 4, 6);
    expect(row).toMatchObject({ gap: 7, keep: true });
  });

  test("drawn whole: a band across the table, a rule above and below, numbers right-aligned", () => {
    const boxes = row.draw(100, 0, row.parts.length);
    const height = row.parts.reduce((sum, part) => sum + part, 0);
    expect(kinds(boxes, "rect")).toEqual([{ kind: "rect", x: 40, y: 100, width: 200, height, fill: "#eeeeee", stroke: null, strokeWidth: 0 }]);
    expect((kinds(boxes, "line") as LineBox[]).map((line) => [line.y1, line.color])).toEqual([
      [100, "#000000"],
      [100 + height, "#999999"],
    ]);
    const amount = (kinds(boxes, "text") as TextBox[]).find((box) => box.runs[0]?.text === "12.00");
    const run = amount?.runs[0];
    expect((run?.x ?? 0) + (run?.width ?? 0)).toBeCloseTo(220, 6);
  });

  test("split in two: each slice has its band, the first the rule above, the last the rule below", () => {
    const first = row.draw(100, 0, 1);
    const rest = row.draw(50, 1, row.parts.length);
    expect((kinds(first, "line") as LineBox[]).map((line) => line.color)).toEqual(["#000000"]);
    expect((kinds(rest, "line") as LineBox[]).map((line) => line.color)).toEqual(["#999999"]);
    expect((kinds(rest, "rect") as RectBox[])[0]?.y).toBe(50);
    const texts = [...first, ...rest].filter((box): box is TextBox => box.kind === "text");
    expect(texts).toHaveLength((cells[0]?.lines.length ?? 0) + 1);
  });

  test("rowPiece is the whole row as one piece", () => {
    const piece = rowPiece(cells, columns, look, span);
    expect(piece.height).toBeCloseTo(row.parts.reduce((sum, part) => sum + part, 0), 6);
    expect(piece.draw(100)).toEqual(row.draw(100, 0, row.parts.length));
  });
});
