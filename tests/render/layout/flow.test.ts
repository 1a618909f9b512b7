// Pagination on synthetic blocks: each part draws one rect labelled by its block and part index,
// so a test reads back exactly which part landed on which page and where.
import { describe, expect, test } from "bun:test";
import type { Box, RectBox } from "../../../render/layout/boxes.ts";
import { besidePieces, paginate, pieceBlock, stackPieces, type Block, type Frames, type Piece } from "../../../render/layout/flow.ts";

const FRAMES: Frames = { first: { top: 100, bottom: 500 }, next: { top: 50, bottom: 500 } };

/** A part's rect encodes block and part in its width: block * 100 + part. */
function block(id: number, parts: number[], options: { gap?: number; keep?: boolean; header?: Piece } = {}): Block {
  const result: Block = {
    parts,
    gap: options.gap ?? 0,
    keep: options.keep ?? true,
    draw(top, from, to) {
      const boxes: Box[] = [];
      let y = top;
      for (let part = from; part < to; part++) {
        boxes.push({ kind: "rect", x: 0, y, width: id * 100 + part, height: parts[part] as number, fill: null, stroke: null, strokeWidth: 0 });
        y += parts[part] as number;
      }
      return boxes;
    },
  };
  if (options.header) result.header = options.header;
  return result;
}

const header: Piece = { height: 20, draw: (top) => [{ kind: "line", x1: 0, y1: top, x2: 10, y2: top, color: "#000000", width: 1 }] };

type Placed = { id: string; y: number; height: number };
function placed(pages: Box[][]): Placed[][] {
  return pages.map((boxes) =>
    boxes.map((box) => (box.kind === "rect" ? { id: `${Math.floor(box.width / 100)}.${box.width % 100}`, y: box.y, height: box.height } : { id: "header", y: (box as { y1: number }).y1, height: 20 })),
  );
}

describe("paginate", () => {
  test("blocks stack from the first page's top with their gaps", () => {
    const pages = placed(paginate([block(1, [50]), block(2, [30], { gap: 10 })], FRAMES));
    expect(pages).toEqual([[{ id: "1.0", y: 100, height: 50 }, { id: "2.0", y: 160, height: 30 }]]);
  });

  test("a keep block that does not fit moves whole to the next page, losing its gap there", () => {
    const pages = placed(paginate([block(1, [350]), block(2, [30, 30], { gap: 10 })], FRAMES));
    expect(pages).toEqual([[{ id: "1.0", y: 100, height: 350 }], [{ id: "2.0", y: 50, height: 30 }, { id: "2.1", y: 80, height: 30 }]]);
  });

  test("a block that is not kept fills the page and continues between parts", () => {
    const pages = placed(paginate([block(1, [350]), block(2, [20, 20, 20, 20], { keep: false })], FRAMES));
    expect(pages.map((page) => page.map((part) => part.id))).toEqual([["1.0", "2.0", "2.1"], ["2.2", "2.3"]]);
  });

  test("a keep block taller than an empty page splits between parts, starting where it is", () => {
    const parts = Array.from({ length: 12 }, () => 50);
    const pages = placed(paginate([block(1, [100]), block(2, parts)], FRAMES));
    expect(pages.map((page) => page.length)).toEqual([1 + 6, 6]);
    expect(pages.flat().filter((part) => part.id.startsWith("2.")).map((part) => part.id)).toEqual(parts.map((_, index) => `2.${index}`));
    for (const page of pages) for (const part of page) expect(part.y + part.height).toBeLessThanOrEqual(500);
  });

  test("a part taller than a page still goes on a page of its own, and the flow goes on", () => {
    const pages = placed(paginate([block(1, [10]), block(2, [900]), block(3, [10])], FRAMES));
    expect(pages.map((page) => page.map((part) => part.id))).toEqual([["1.0"], ["2.0"], ["3.0"]]);
  });

  test("a header is drawn above the first block that has it and repeats at the top of every page it continues on", () => {
    const rows = Array.from({ length: 30 }, (_, index) => block(10 + index, [30], { header }));
    const pages = placed(paginate([block(1, [100]), ...rows, block(2, [30])], FRAMES));
    // Page 1: the block, the header at 200, 9 rows to 490; page 2: header, 14 rows; page 3: header, 7 rows, then block 2.
    expect(pages.map((page) => page.length)).toEqual([1 + 1 + 9, 1 + 14, 1 + 7 + 1]);
    expect(pages[0]?.[1]).toEqual({ id: "header", y: 200, height: 20 });
    for (const page of pages.slice(1)) expect(page[0]).toEqual({ id: "header", y: 50, height: 20 });
    const rowIds = pages.flat().filter((part) => part.id !== "header" && Number(part.id.split(".")[0]) >= 10);
    expect(rowIds.map((part) => part.id)).toEqual(rows.map((_, index) => `${10 + index}.0`));
    expect(pages[2]?.at(-1)).toEqual({ id: "2.0", y: 280, height: 30 });
  });

  test("a header never ends a page alone: it moves with the first row", () => {
    const pages = placed(paginate([block(1, [370]), block(2, [20], { header })], FRAMES));
    expect(pages.map((page) => page.map((part) => part.id))).toEqual([["1.0"], ["header", "2.0"]]);
  });

  test("no blocks still make one empty page", () => {
    expect(paginate([], FRAMES)).toEqual([[]]);
  });
});

describe("pieces", () => {
  const piece = (height: number, x: number): Piece => ({ height, draw: (top) => [{ kind: "rect", x, y: top, width: 1, height, fill: null, stroke: null, strokeWidth: 0 }] });

  test("stackPieces puts pieces under each other with a gap; besidePieces at one top", () => {
    const stacked = stackPieces([piece(10, 0), piece(20, 0)], 5);
    expect(stacked.height).toBe(35);
    expect(stacked.draw(100).map((box) => (box as RectBox).y)).toEqual([100, 115]);
    const beside = besidePieces([piece(10, 0), piece(30, 50)]);
    expect(beside.height).toBe(30);
    expect(beside.draw(7).map((box) => (box as RectBox).y)).toEqual([7, 7]);
  });

  test("pieceBlock is one unsplittable part", () => {
    const single = pieceBlock(piece(40, 0), 12);
    expect(single.parts).toEqual([40]);
    expect(single.keep).toBe(true);
    expect(single.gap).toBe(12);
  });
});
