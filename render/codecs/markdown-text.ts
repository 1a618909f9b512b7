// Markdown pieces that keep user text literal. CommonMark lets any ASCII punctuation be escaped with
// a backslash, so every character Markdown or GFM could read as syntax is escaped wherever it stands;
// line starts that would open a list, setext heading or code block are neutralized as well.

const SYNTAX = /[\\`*_[\]<>|#~&!$]/g;

function escapeLine(line: string): string {
  // Leading blanks are dropped: four of them after a break would open a code block.
  const escaped = line.trimStart().replace(SYNTAX, "\\$&");
  return escaped.replace(/^([-+=])/, "\\$1").replace(/^(\d+)([.)])/, "$1\\$2");
}

function escapedLines(text: string): string[] {
  return text.replace(/\r\n?/g, "\n").split("\n").map(escapeLine);
}

/**
 * A hard line break as a backslash before the newline, which (unlike two trailing spaces) editors
 * keep. The space before it ends a bare URL, which GFM would otherwise autolink through the backslash.
 */
export const HARD_BREAK = " \\\n";

/** User text in running Markdown; its line breaks stay line breaks, never paragraph breaks. */
export function mdText(text: string): string {
  return escapedLines(text).join(HARD_BREAK);
}

/** User text in a table cell, where a row cannot span lines. */
export function mdCell(text: string): string {
  return escapedLines(text).join("<br>");
}

export type Align = "left" | "right";

/**
 * A GFM table; cells arrive escaped. Columns are aligned by the delimiter row, not padded: padding
 * by character count misaligns CJK and combining characters anyway.
 */
export function mdTable(header: readonly string[], align: readonly Align[], rows: ReadonlyArray<readonly string[]>): string {
  const line = (cells: readonly string[]): string => `| ${cells.join(" | ")} |`;
  const delimiter = align.map((side) => (side === "right" ? "--:" : ":--"));
  return [line(header), line(delimiter), ...rows.map(line)].join("\n");
}
