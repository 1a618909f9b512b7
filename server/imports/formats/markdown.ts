// Markdown: the service's export (render/codecs/markdown.ts) read as the printed invoice, or a file
// that is just a pipe table read as a spreadsheet. marked's lexer does the reading, so the export's
// escapes (render/codecs/markdown-text.ts: a backslash before any syntax character, "<br>" for a
// line break in a cell, " \" + newline for one in running text) come back as the characters they
// stand for; nothing is rendered and no HTML in the file is ever interpreted.
import { marked, type Token, type Tokens } from "marked";
import { AppError } from "../../domain/errors.ts";
import type { FormatReader } from "../model.ts";
import { invoiceTitle, readPrinted } from "./printed.ts";
import { afterColon, type PrintedBlock, type PrintedLine } from "./printed-blocks.ts";
import { readTable } from "./table.ts";
import { decodeText } from "../text.ts";

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Character references in text, as CommonMark reads them (the export escapes "&", so it writes none). */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([a-z]+));/g, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED_ENTITIES[name] ?? whole;
    const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? "", 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "\ufffd";
  });
}

/** Inline tokens as the text a reader sees: escapes and references resolved, links as their text, "<br>" and hard breaks as newlines. */
function plain(tokens: readonly Token[]): string {
  return tokens
    .map((token): string => {
      if (token.type === "escape") return token.text;
      if (token.type === "br" || (token.type === "html" && /^<br\s*\/?>$/i.test(token.text))) return "\n";
      if (token.type === "codespan") return token.text;
      if ("tokens" in token && Array.isArray(token.tokens)) return plain(token.tokens);
      return decodeEntities("text" in token && typeof token.text === "string" ? token.text : token.raw);
    })
    .join("");
}

/**
 * A paragraph's printed lines, split at hard breaks; a bold run opening a line is its label. Blanks
 * at either end of a line are dropped: Markdown shows none (the export trims them at the start, and
 * writes a space of its own before each hard break).
 */
function paragraphLines(tokens: readonly Token[]): PrintedLine[] {
  const lines: Array<{ label: string | null; text: string }> = [{ label: null, text: "" }];
  tokens.forEach((token, index) => {
    const line = lines.at(-1) as { label: string | null; text: string };
    // A hard break the export wrote last (text ending in a line break) has no line after it, so
    // Markdown leaves its backslash as text; a backslash of the text itself is always escaped.
    const danglingBreak = index === tokens.length - 1 && token.type === "text" && token.raw.endsWith("\\");
    if (danglingBreak) {
      line.text += token.raw.slice(0, -1);
      lines.push({ label: null, text: "" });
    } else if (token.type === "br") lines.push({ label: null, text: "" }); else if (token.type === "strong" && line.label === null && line.text === "") line.label = plain((token as Tokens.Strong).tokens);
    else line.text += plain([token]);
  });
  return lines.map(({ label, text }) => ({ label, values: [label === null ? text.trim() : afterColon(text.trim())] }));
}

/** A cell's text, its "<br>" lines trimmed as in running text. */
function cells(row: readonly Tokens.TableCell[]): string[] {
  return row.map((cell) => plain(cell.tokens).split("\n").map((line) => line.trim()).join("\n"));
}

function blocksOf(tokens: readonly Token[]): PrintedBlock[] {
  return tokens.flatMap((token, index): PrintedBlock[] => {
    const place = { element: `block[${index + 1}]` };
    switch (token.type) {
      case "heading":
        return [{ kind: "heading", level: (token as Tokens.Heading).depth, text: plain((token as Tokens.Heading).tokens), place }];
      case "paragraph":
        return [{ kind: "lines", lines: paragraphLines((token as Tokens.Paragraph).tokens), place }];
      case "table": {
        const table = token as Tokens.Table;
        return [{ kind: "table", rows: [cells(table.header), ...table.rows.map(cells)], place }];
      }
      case "space":
        return [];
      default:
        return [{ kind: "lines", lines: token.raw.trim().split("\n").map((line) => ({ label: null, values: [line] })), place }];
    }
  });
}

/** A Markdown file: the export's invoice, or a lone pipe table. */
export const readMarkdown: FormatReader = async (bytes, options) => {
  const text = decodeText(bytes);
  if (text === null) throw new AppError("VALIDATION_ERROR", "The Markdown file is not text", { field: "content", issue: "not text" });
  // marked ends a table row at U+2028 and U+2029 (a JavaScript "." stops there), which the export
  // leaves inside a cell as text: as character references they stay text, and come back as written.
  const tokens = marked.lexer(text.replace(/[\u2028\u2029]/g, (separator) => `&#x${separator.charCodeAt(0).toString(16)};`)).filter((token) => token.type !== "space");
  const tables = tokens.filter((token): token is Tokens.Table => token.type === "table");
  const titled = tokens.some((token) => token.type === "heading" && invoiceTitle(plain((token as Tokens.Heading).tokens)) !== null);
  if (!titled && tables.length === 1) {
    const [table] = tables as [Tokens.Table];
    return readTable([cells(table.header), ...table.rows.map(cells)], options, { rowOffset: 0 });
  }
  return readPrinted({ locale: null, blocks: blocksOf(tokens) }, options);
};
