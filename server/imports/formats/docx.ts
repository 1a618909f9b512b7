// DOCX: the service's export (render/codecs/docx.ts) read as the printed invoice, or a document
// whose content is one plain table read as a spreadsheet. The package is opened by archive.ts (zip
// bombs and broken archives are a 422) and word/document.xml read in document order: paragraphs
// with their runs' text, tabs and breaks (a bold run opening a line is its label), headings by
// their style, tables row by row. The run language of the document's defaults (word/styles.xml)
// is the invoice's locale, as the export writes it.
// Document order matters here (a paragraph, then a table, then paragraphs; a break between two
// texts of one run), so the body is read with xml.ts's parseXmlOrdered.
import { AppError } from "../../domain/errors.ts";
import { openPackage } from "../archive.ts";
import type { FormatReader } from "../model.ts";
import { parseXml, parseXmlOrdered, type OrderedXml, type XmlNode } from "../xml.ts";
import { invoiceTitle, readPrinted } from "./printed.ts";
import { afterColon, type PrintedBlock, type PrintedLine } from "./printed-blocks.ts";
import { readTable } from "./table.ts";

type Ordered = OrderedXml;

function refused(issue: string, message: string): AppError {
  return new AppError("VALIDATION_ERROR", message, { field: "content", issue });
}

const nameOf = (node: Ordered): string => Object.keys(node).find((key) => key !== ":@") ?? "";
const childrenOf = (node: Ordered): Ordered[] => {
  const children = node[nameOf(node)];
  return Array.isArray(children) ? children : [];
};
const attribute = (node: Ordered, name: string): string | undefined => node[":@"]?.[`@${name}`];
const child = (node: Ordered, name: string): Ordered | undefined => childrenOf(node).find((each) => nameOf(each) === name);

/** A run's text as written: its w:t, a tab for w:tab, a line break for w:br and w:cr. */
type Piece = { text: string; bold: boolean } | { break: true };

function isBold(run: Ordered): boolean {
  const bold = child(child(run, "rPr") ?? {}, "b");
  return bold !== undefined && !["0", "false", "off"].includes(attribute(bold, "val") ?? "");
}

function runPieces(run: Ordered): Piece[] {
  const bold = isBold(run);
  return childrenOf(run).flatMap((node): Piece[] => {
    const name = nameOf(node);
    if (name === "t") return [{ text: childrenOf(node).map((each) => String(each["#text"] ?? "")).join(""), bold }];
    if (name === "tab") return [{ text: "\t", bold }];
    if (name === "br" || name === "cr") return [{ break: true }];
    return [];
  });
}

/** Runs anywhere in the paragraph (inside hyperlinks, insertions, fields), in order. */
function paragraphPieces(node: Ordered): Piece[] {
  return childrenOf(node).flatMap((each) => {
    const name = nameOf(each);
    if (name === "r") return runPieces(each);
    return name === "pPr" || name === "rPr" || name === "del" ? [] : paragraphPieces(each);
  });
}

/** The paragraph's lines; bold text opening a line is its label. */
function paragraphLines(paragraph: Ordered): PrintedLine[] {
  const lines: Array<{ label: string | null; text: string }> = [{ label: null, text: "" }];
  for (const piece of paragraphPieces(paragraph)) {
    const line = lines.at(-1) as { label: string | null; text: string };
    if ("break" in piece) lines.push({ label: null, text: "" });
    else if (piece.bold && line.text === "") line.label = (line.label ?? "") + piece.text;
    else line.text += piece.text;
  }
  return lines.map(({ label, text }) => ({ label, values: [label === null ? text : afterColon(text)] }));
}

const plainText = (paragraph: Ordered): string => paragraphPieces(paragraph).map((piece) => ("break" in piece ? "\n" : piece.text)).join("");

function headingLevel(paragraph: Ordered): number | null {
  const style = attribute(child(child(paragraph, "pPr") ?? {}, "pStyle") ?? {}, "val") ?? "";
  if (/^title$/i.test(style)) return 1;
  const level = /^heading\s?(\d)$/i.exec(style);
  return level ? Number(level[1]) : null;
}

/** A table's rows; a cell spanning columns (w:gridSpan) takes the last of them, as in the HTML reader. */
function tableRows(table: Ordered): string[][] {
  return childrenOf(table)
    .filter((node) => nameOf(node) === "tr")
    .map((row) =>
      childrenOf(row)
        .filter((node) => nameOf(node) === "tc")
        .flatMap((cell) => {
          const span = Math.max(1, Math.min(1000, Number(attribute(child(child(cell, "tcPr") ?? {}, "gridSpan") ?? {}, "val") ?? 1) || 1));
          const text = childrenOf(cell).filter((node) => nameOf(node) === "p").map(plainText).join("\n");
          return [...Array<string>(span - 1).fill(""), text];
        }),
    );
}

function bodyBlocks(nodes: readonly Ordered[], path: string): PrintedBlock[] {
  return nodes.flatMap((node, index): PrintedBlock[] => {
    const name = nameOf(node);
    const place = { element: `${path}/${name}[${index + 1}]` };
    if (name === "p") {
      const level = headingLevel(node);
      if (level !== null) return [{ kind: "heading", level, text: plainText(node), place }];
      const lines = paragraphLines(node);
      // An empty paragraph is spacing; one of empty lines (breaks) is text made of line breaks.
      const spacing = lines.length === 1 && lines[0]?.label === null && lines[0].values.every((value) => value === "");
      return spacing ? [] : [{ kind: "lines", lines, place }];
    }
    if (name === "tbl") return [{ kind: "table", rows: tableRows(node), place }];
    // Content controls wrap paragraphs and tables.
    if (name === "sdt") return bodyBlocks(childrenOf(child(node, "sdtContent") ?? {}), place.element);
    return [];
  });
}

/** The run language of the document's defaults, which the export sets to the invoice's locale. */
function documentLocale(styles: string | null): string | null {
  if (!styles) return null;
  const root = parseXml(styles, { part: "word/styles.xml" }).styles as XmlNode | undefined;
  const path = ["docDefaults", "rPrDefault", "rPr", "lang"];
  const lang = path.reduce<XmlNode | undefined>((node, name) => (node?.[name] as XmlNode | undefined), root);
  const value = lang?.["@val"];
  return typeof value === "string" ? value : null;
}

/** A Word document: the export's invoice, or a lone table. */
export const readDocx: FormatReader = async (bytes, options) => {
  const pack = openPackage(bytes);
  const main = pack.text("word/document.xml");
  if (main === null) throw refused("not docx", "The package has no word/document.xml: it is not a Word document");
  const document = parseXmlOrdered(main, "word/document.xml");
  const root = document.find((node) => nameOf(node) === "document");
  const body = root && child(root, "body");
  if (!body) throw refused("not docx", "word/document.xml has no w:body");
  const blocks = bodyBlocks(childrenOf(body), "/body");
  const tables = blocks.filter((block): block is Extract<PrintedBlock, { kind: "table" }> => block.kind === "table");
  const titled = blocks.some((block) => block.kind === "heading" && invoiceTitle(block.text) !== null);
  if (!titled && tables.length === 1 && tables[0]) return readTable(tables[0].rows, options, { rowOffset: 0 });
  return readPrinted({ locale: documentLocale(pack.text("word/styles.xml")), blocks }, options);
};
