// Pagination: blocks flow top to bottom into each page's frame and onto new pages when full.
// A block is a stack of parts (a table row's text lines, a paragraph's lines) that can be drawn in
// slices, so the same block draws whole on one page or split across two. The rules:
//  - a `keep` block (a table row, the totals, the payment block) moves whole to the next page when
//    it does not fit; only a block taller than an empty page is split, between its parts;
//  - any other block (the notes) fills the page and continues on the next, between parts;
//  - a block with a `header` (a table's header row) gets that header drawn above it when it starts
//    a page, or follows a block without that same header: the header stays with the first row and
//    repeats at the top of every page the table continues on;
//  - the gap above a block is dropped at the top of a page;
//  - at least one part goes on every page, so even an oversized part cannot loop forever.
// What goes around the flow (footer, page numbers) is stamped afterwards, once the count is known.
import type { Box } from "./boxes.ts";

/** Something of a known height that draws itself with its top at `top` (x is already decided). */
export type Piece = { height: number; draw(top: number): Box[] };

export type Block = {
  /** Heights of the parts, top to bottom: a page break can only fall between two of them. */
  parts: readonly number[];
  /** Draws parts [from, to) with part `from`'s top at `top`. */
  draw(top: number, from: number, to: number): Box[];
  /** Space above the block, dropped at the top of a page. */
  gap: number;
  keep: boolean;
  header?: Piece;
};

/** The vertical room for the flow on a page: its first page may start lower or higher than the rest. */
export type Band = { top: number; bottom: number };
export type Frames = { first: Band; next: Band };

/** A block made of one unsplittable piece. */
export function pieceBlock(piece: Piece, gap: number): Block {
  return { parts: [piece.height], draw: (top) => piece.draw(top), gap, keep: true };
}

/** Pieces one under the other, `gap` apart, as one piece. */
export function stackPieces(pieces: readonly Piece[], gap = 0): Piece {
  const height = pieces.reduce((sum, piece) => sum + piece.height, 0) + gap * Math.max(0, pieces.length - 1);
  return {
    height,
    draw(top) {
      const boxes: Box[] = [];
      let y = top;
      for (const piece of pieces) {
        boxes.push(...piece.draw(y));
        y += piece.height + gap;
      }
      return boxes;
    },
  };
}

/** Pieces side by side (each already knows its x), as tall as the tallest. */
export function besidePieces(pieces: readonly Piece[]): Piece {
  return { height: pieces.reduce((max, piece) => Math.max(max, piece.height), 0), draw: (top) => pieces.flatMap((piece) => piece.draw(top)) };
}

/** An empty piece that only takes room. */
export function spacer(height: number): Piece {
  return { height, draw: () => [] };
}

const sum = (parts: readonly number[], from = 0, to = parts.length): number => parts.slice(from, to).reduce((total, part) => total + part, 0);

/** The blocks' boxes per page; always at least one page. */
export function paginate(blocks: readonly Block[], frames: Frames): Box[][] {
  const pages: Box[][] = [[]];
  let band = frames.first;
  let y = band.top;
  let empty = true; // nothing but a repeated header on the page yet
  let header: Piece | undefined; // the header drawn above the blocks now flowing

  const current = (): Box[] => pages[pages.length - 1] as Box[];
  const newPage = (): void => {
    pages.push([]);
    band = frames.next;
    y = band.top;
    empty = true;
    header = undefined;
  };
  const headerRoom = (block: Block): number => (block.header && block.header !== header ? block.header.height : 0);
  const drawHeader = (block: Block): void => {
    if (!block.header || block.header === header) return;
    current().push(...block.header.draw(y));
    y += block.header.height;
    header = block.header;
  };

  for (const block of blocks) {
    if (block.parts.length === 0) continue;
    const gap = empty ? 0 : block.gap;
    const first = block.keep ? sum(block.parts) : (block.parts[0] as number);
    const fitsHere = y + gap + headerRoom(block) + first <= band.bottom;
    const fitsEmptyPage = frames.next.top + (block.header?.height ?? 0) + first <= frames.next.bottom;
    if (!empty && !fitsHere && fitsEmptyPage) newPage();
    if (!empty) y += block.gap;
    if (block.header !== header) header = undefined;
    drawHeader(block);

    let from = 0;
    while (from < block.parts.length) {
      let to = from;
      while (to < block.parts.length && y + sum(block.parts, from, to + 1) <= band.bottom) to++;
      if (to === from && empty) to = from + 1; // an oversized part still goes somewhere
      if (to > from) {
        current().push(...block.draw(y, from, to));
        y += sum(block.parts, from, to);
        empty = false;
        from = to;
      }
      if (from < block.parts.length) {
        newPage();
        drawHeader(block);
      }
    }
  }
  return pages;
}
