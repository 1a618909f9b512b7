// How the rules look around a layout: which cells are labels, what stands beside or under a label,
// and the block of lines under a heading. Values sit to the right of their label (a table of facts)
// or under it (stacked captions); blocks are left-aligned runs of close lines.
import type { Cell, Layout, Line } from "./layout.ts";
import { fieldLabel, type FieldRole, type LabelMatch } from "./vocabulary.ts";

export type CellRef = { line: number; cell: number };
export type LabelHit = CellRef & { match: LabelMatch<FieldRole> };

export type Found = { text: string; confidence: number; ref: CellRef };

/** A document with its field labels found once; `skip` marks lines another rule has taken (the table). */
export class Reader {
  readonly layout: Layout;
  readonly hits: LabelHit[];
  readonly skip = new Set<number>();

  constructor(layout: Layout) {
    this.layout = layout;
    this.hits = [];
    layout.lines.forEach((line, lineIndex) => {
      line.cells.forEach((cell, cellIndex) => {
        const match = fieldLabel(cell.text, layout.misread);
        if (match) this.hits.push({ line: lineIndex, cell: cellIndex, match });
      });
    });
  }

  line(index: number): Line | undefined {
    return this.layout.lines[index];
  }

  cell(ref: CellRef): Cell | undefined {
    return this.layout.lines[ref.line]?.cells[ref.cell];
  }

  /** Label cells of a role, outside the skipped lines, in reading order. */
  labels(role: FieldRole): LabelHit[] {
    return this.hits.filter((hit) => hit.match.role === role && !this.skip.has(hit.line));
  }

  isLabel(ref: CellRef): boolean {
    return this.hits.some((hit) => hit.line === ref.line && hit.cell === ref.cell);
  }

  /**
   * What a label's value may be, best first: the rest of its own cell, the next cell on its line
   * (unless that is another label), then the cells under it that overlap it, a few lines down.
   */
  valuesOf(hit: LabelHit): Found[] {
    const label = this.cell(hit);
    if (!label) return [];
    const values: Found[] = [];
    if (hit.match.rest) values.push({ text: hit.match.rest, confidence: label.confidence, ref: hit });
    const right = { line: hit.line, cell: hit.cell + 1 };
    const beside = this.cell(right);
    if (beside && !this.isLabel(right)) {
      values.push({ text: beside.text, confidence: beside.confidence, ref: right });
      // A value wrapped in a narrow column ("14 de setembro de" / "2025") reads whole.
      const more = this.wrapped(right, 2);
      if (more.length > 0) values.push({ text: [beside, ...more].map((found) => found.text).join(" "), confidence: Math.min(beside.confidence, ...more.map((found) => found.confidence)), ref: right });
    }
    const under = this.under(hit, 2)[0];
    if (under && !this.isLabel(under.ref)) values.push(under);
    return values;
  }

  /** Cells in the next `lines` lines (close below, same page) that overlap the cell's horizontal span, nearest first. */
  under(ref: CellRef, lines: number): Found[] {
    const origin = this.line(ref.line);
    const cell = this.cell(ref);
    if (!origin || !cell) return [];
    const found: Found[] = [];
    let previous = origin;
    for (let index = ref.line + 1; index < this.layout.lines.length && index <= ref.line + lines; index++) {
      const line = this.layout.lines[index] as Line;
      if (line.page !== origin.page || line.bottom - previous.bottom > 2.2 * Math.max(line.size, previous.size)) break;
      const cellIndex = line.cells.findIndex((candidate) => candidate.x0 < cell.x1 && candidate.x1 > cell.x0);
      const candidate = line.cells[cellIndex];
      if (candidate) found.push({ text: candidate.text, confidence: candidate.confidence, ref: { line: index, cell: cellIndex } });
      previous = line;
    }
    return found;
  }

  /**
   * The block under a heading cell: the left-aligned cells of the following close lines, up to a
   * line whose aligned cell is another label (except those `within`, a tax id inside a party block),
   * a gap, or `max` lines.
   */
  blockUnder(ref: CellRef, within: ReadonlySet<FieldRole> = new Set(), max = 9): Found[] {
    const origin = this.line(ref.line);
    const heading = this.cell(ref);
    if (!origin || !heading) return [];
    const block: Found[] = [];
    let previous = origin;
    for (let index = ref.line + 1; index < this.layout.lines.length && block.length < max; index++) {
      const line = this.layout.lines[index] as Line;
      if (line.page !== origin.page || line.bottom - previous.bottom > 2.2 * Math.max(line.size, previous.size)) break;
      const tolerance = 1.5 * line.size;
      const cellIndex = line.cells.findIndex((candidate) => Math.abs(candidate.x0 - heading.x0) <= tolerance);
      const cell = line.cells[cellIndex];
      if (!cell) {
        // A line of other columns only (a date beside the party blocks): look past it, but not far.
        if (index - (block.at(-1)?.ref.line ?? ref.line) > 1) break;
        continue;
      }
      const hit = this.hits.find((candidate) => candidate.line === index && candidate.cell === cellIndex);
      if (hit && !within.has(hit.match.role) && (hit.match.rest === "" || hit.match.colon)) break;
      block.push({ text: cell.text, confidence: cell.confidence, ref: { line: index, cell: cellIndex } });
      previous = line;
    }
    return block;
  }

  /**
   * The lines a value wraps onto: the next lines, a line's height apart, with a cell starting where
   * the value starts and no label anywhere on them (a label there starts the next fact).
   */
  wrapped(ref: CellRef, max: number): Found[] {
    const origin = this.line(ref.line);
    const start = this.cell(ref);
    if (!origin || !start) return [];
    const found: Found[] = [];
    let previous = origin;
    for (let index = ref.line + 1; index < this.layout.lines.length && found.length < max; index++) {
      const line = this.layout.lines[index] as Line;
      if (line.page !== origin.page || line.bottom - previous.bottom > 1.7 * Math.max(line.size, previous.size)) break;
      if (line.cells.some((_, cellIndex) => this.isLabel({ line: index, cell: cellIndex }))) break;
      const cellIndex = line.cells.findIndex((cell) => Math.abs(cell.x0 - start.x0) <= line.size);
      const cell = line.cells[cellIndex];
      if (!cell) break;
      found.push({ text: cell.text, confidence: cell.confidence, ref: { line: index, cell: cellIndex } });
      previous = line;
    }
    return found;
  }
}
