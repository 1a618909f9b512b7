// Table rows for the flow: cells of wrapped text in columns, an optional band behind the row and
// rules above or below it. A row's parts are its text lines, so a row taller than a page splits
// between lines and each slice draws its own band; rules above and below belong to the row's first
// and last slice.
import type { Box, Rgb } from "./boxes.ts";
import type { Block, Piece } from "./flow.ts";
import { drawLines, type Align, type TextLines } from "./text.ts";

export type Column = { x: number; width: number; align: Align };
export type Rule = { color: Rgb; width: number };
export type RowLook = {
  /** The band behind the row, across the table's width. */
  fill: Rgb | null;
  ruleAbove: Rule | null;
  ruleBelow: Rule | null;
  /** Space above the first line and below the last. */
  padding: number;
};
/** The table's horizontal extent: bands and rules span it. */
export type Span = { x: number; width: number };

const line = (x: number, y: number, width: number, rule: Rule): Box => ({ kind: "line", x1: x, y1: y, x2: x + width, y2: y, color: rule.color, width: rule.width });

/** Cells in their columns as a block that may split between text lines (its parts). */
export function rowBlock(cells: readonly TextLines[], columns: readonly Column[], look: RowLook, span: Span, options: { gap?: number; header?: Piece } = {}): Block {
  const count = Math.max(1, ...cells.map((cell) => cell.lines.length));
  const leading = Math.max(...cells.map((cell) => cell.spec.leading));
  const parts = Array.from({ length: count }, (_, index) => leading + (index === 0 ? look.padding : 0) + (index === count - 1 ? look.padding : 0));
  const block: Block = {
    parts,
    gap: options.gap ?? 0,
    keep: true,
    draw(top, from, to) {
      const height = parts.slice(from, to).reduce((sum, part) => sum + part, 0);
      const boxes: Box[] = [];
      if (look.fill) boxes.push({ kind: "rect", x: span.x, y: top, width: span.width, height, fill: look.fill, stroke: null, strokeWidth: 0 });
      const textTop = top + (from === 0 ? look.padding : 0);
      cells.forEach((cell, index) => {
        const column = columns[index];
        if (column) boxes.push(...drawLines(cell, column.x, column.align, textTop, from, to));
      });
      if (look.ruleAbove && from === 0) boxes.push(line(span.x, top, span.width, look.ruleAbove));
      if (look.ruleBelow && to === count) boxes.push(line(span.x, top + height, span.width, look.ruleBelow));
      return boxes;
    },
  };
  if (options.header) block.header = options.header;
  return block;
}

/** The same row, unsplittable, as a piece (a header row, a totals row). */
export function rowPiece(cells: readonly TextLines[], columns: readonly Column[], look: RowLook, span: Span): Piece {
  const block = rowBlock(cells, columns, look, span);
  return { height: block.parts.reduce((sum, part) => sum + part, 0), draw: (top) => block.draw(top, 0, block.parts.length) };
}
