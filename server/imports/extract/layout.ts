// A document as lines of cells with positions, whatever it came from: a PDF's text layer, OCR word
// boxes, or plain text. The rules read this one shape, so a table's rows and columns, a label's
// value beside or below it and a party's block under its heading are found the same way in every
// source. Coordinates run top-down from the page's top-left corner, in the source's own unit
// (PDF points, image pixels, characters of plain text); `size` is the text height in that unit.

/** A run of text as the source gives it: a PDF text item, an OCR word, a plain-text cell. */
export type Fragment = { text: string; x0: number; x1: number; top: number; bottom: number; size: number; confidence: number };

/** Fragments close enough on a line to read as one value ("1.200,00 €", "Bill to"). */
export type Cell = { text: string; x0: number; x1: number; confidence: number };

export type Line = { page: number; top: number; bottom: number; size: number; cells: Cell[] };

export type Layout = {
  lines: Line[];
  /** OCR read the text: a word may be misread by a letter or two, so labels are matched loosely. */
  misread: boolean;
};

/**
 * Fragments the source already knows to share a line (an OCR line's words), or a single fragment
 * (a PDF item); merged into visual lines by where they sit vertically.
 */
export type Strip = Fragment[];

function stripBox(strip: Strip): { top: number; bottom: number; size: number } {
  const sizes = strip.map((fragment) => fragment.size).sort((a, b) => a - b);
  return {
    top: Math.min(...strip.map((fragment) => fragment.top)),
    bottom: Math.max(...strip.map((fragment) => fragment.bottom)),
    size: sizes[Math.floor(sizes.length / 2)] ?? 0,
  };
}

/**
 * Strips whose anchors (baselines, or middles) lie within `tolerance` × the smaller text height of
 * each other are one visual line, each joining the nearest. Table rows and a label with its larger
 * value share a baseline exactly; the row of the neighbouring column two points lower, or a caption
 * set above its value (stacked label and value), stays a line of its own.
 */
function visualLines(strips: Strip[], { lineTolerance, anchor }: Grouping): Strip[] {
  const boxed = strips.filter((strip) => strip.length > 0).map((strip) => ({ strip, ...stripBox(strip) }));
  boxed.sort((a, b) => a.bottom - b.bottom);
  const lines: Array<{ strip: Fragment[]; at: number; size: number }> = [];
  for (const { strip, top, bottom, size } of boxed) {
    const at = anchor === "baseline" ? bottom : (top + bottom) / 2;
    let line: (typeof lines)[number] | undefined;
    for (const candidate of lines) {
      const distance = Math.abs(candidate.at - at);
      if (distance <= lineTolerance * Math.min(candidate.size, size) && (!line || distance < Math.abs(line.at - at))) line = candidate;
    }
    if (line) line.strip.push(...strip);
    else lines.push({ strip: [...strip], at, size });
  }
  return lines.map((line) => line.strip);
}

/**
 * Fragments of one line joined into cells: a gap wider than `gapFactor` × the text height starts a
 * new cell (a column or a label's value), a smaller one is a space within the cell.
 */
function cellsOf(fragments: Fragment[], gapFactor: number): Cell[] {
  const sorted = [...fragments].sort((a, b) => a.x0 - b.x0);
  const cells: Array<Cell & { size: number; weight: number }> = [];
  for (const fragment of sorted) {
    const last = cells.at(-1);
    const size = Math.max(fragment.size, last?.size ?? 0);
    const gap = last ? fragment.x0 - last.x1 : Number.POSITIVE_INFINITY;
    if (last && gap <= gapFactor * size) {
      const weight = last.weight + fragment.text.length;
      last.confidence = (last.confidence * last.weight + fragment.confidence * fragment.text.length) / Math.max(weight, 1);
      last.weight = weight;
      last.text += gap > 0.15 * size ? ` ${fragment.text}` : fragment.text;
      last.x1 = Math.max(last.x1, fragment.x1);
      last.size = size;
    } else {
      cells.push({ text: fragment.text, x0: fragment.x0, x1: fragment.x1, confidence: fragment.confidence, size: fragment.size, weight: fragment.text.length });
    }
  }
  return cells.map(({ text, x0, x1, confidence }) => ({ text: text.replace(/\s+/g, " ").trim(), x0, x1, confidence })).filter((cell) => cell.text !== "");
}

export type PageStrips = { page: number; strips: Strip[] };

/**
 * How a source's fragments become lines and cells: PDF text sits exactly on its baselines; OCR
 * boxes wobble with ascenders and descenders, so their middles are compared, more loosely. Both in
 * font sizes (source.ts makes OCR's word heights one). OCR's words may be misread.
 */
export type Grouping = { anchor: "baseline" | "middle"; lineTolerance: number; cellGap: number; misread: boolean };

export const PDF_GROUPING: Grouping = { anchor: "baseline", lineTolerance: 0.1, cellGap: 0.6, misread: false };
export const OCR_GROUPING: Grouping = { anchor: "middle", lineTolerance: 0.35, cellGap: 0.5, misread: true };

export function layoutOf(pages: PageStrips[], grouping: Grouping): Layout {
  const lines: Line[] = [];
  for (const { page, strips } of [...pages].sort((a, b) => a.page - b.page)) {
    for (const strip of visualLines(strips, grouping)) {
      const cells = cellsOf(strip, grouping.cellGap);
      if (cells.length === 0) continue;
      lines.push({ page, ...stripBox(strip), cells });
    }
  }
  return { lines, misread: grouping.misread };
}

/**
 * Plain text: each line a line, cells split where two or more spaces, a tab or a vertical bar stand
 * between words (a column's gap), positions in characters, so columns typed under each other line up.
 */
export function layoutOfText(text: string): Layout {
  const lines: Line[] = [];
  text.replace(/\r\n?/g, "\n").split("\n").forEach((raw, index) => {
    const row = raw.replace(/\t/g, "    ");
    const cells: Cell[] = [];
    // The rest of a cell is optional lazily (??): a one-character cell ("4") must end at its gap, not reach over it.
    for (const match of row.matchAll(/[^\s|](?:[^|]*?[^\s|])??(?=\s{2,}|\s*\||\s*$)/g)) {
      cells.push({ text: match[0].replace(/\s+/g, " "), x0: match.index, x1: match.index + match[0].length, confidence: 1 });
    }
    if (cells.length > 0) lines.push({ page: 1, top: index, bottom: index + 1, size: 1, cells });
  });
  return { lines, misread: false };
}

/** The layout as text, a line per line and cells apart, for a language model or a log. */
export function layoutText(layout: Layout): string {
  return layout.lines.map((line) => line.cells.map((cell) => cell.text).join("   ")).join("\n");
}
