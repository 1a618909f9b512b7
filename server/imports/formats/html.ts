// HTML: the service's export (render/codecs/html.ts, its blocks in render/html/) read as the printed
// invoice, or a page whose content is a plain <table> read as a spreadsheet. htmlparser2 builds a
// tree and nothing else: no script runs, no style applies, no image, font or link is fetched, and
// entities are decoded by the parser. The export's landmarks name its blocks (h1.title,
// section.party, dl.facts, table.lines with the totals in tfoot, p.exemption, table.tax, the
// payment and notes sections); its lang attribute is the invoice's locale.
// The tree is walked by recursion (DomUtils too), so the page is first held to the html budget
// (server/domain/document-budgets.ts): one pass of the same parser, building nothing, counts
// elements and nesting as the tree would have them (void elements, implied ends) and stops at the
// first over the limit: 100,000 nested <div>s are a 422, not a stack overflow.
import { DomUtils, Parser, parseDocument } from "htmlparser2";
import { DOCUMENT_BUDGETS, overBudget } from "../../domain/document-budgets.ts";
import { AppError } from "../../domain/errors.ts";
import type { FormatReader } from "../model.ts";
import { invoiceTitle, readPrinted } from "./printed.ts";
import type { PrintedBlock, PrintedLine } from "./printed-blocks.ts";
import { readTable } from "./table.ts";
import type { TableCell } from "./table-cells.ts";
import { decodeText } from "../text.ts";

type Element = NonNullable<ReturnType<typeof DomUtils.findOne>>;

const isElement = (node: unknown): node is Element => DomUtils.isTag(node as Element);
const classes = (element: Element): string[] => (element.attribs.class ?? "").split(/\s+/);
const hasClass = (element: Element, name: string): boolean => classes(element).includes(name);
const text = (element: Element): string => DomUtils.textContent(element);
const within = (element: Element, test: (each: Element) => boolean): Element[] => DomUtils.findAll(test, element.children);
const named = (...names: string[]) => (element: Element): boolean => names.includes(element.name);

/**
 * A table's rows, cell by cell. A cell spanning columns takes the last of them and leaves the others
 * empty: the export's totals label spans the line columns and stands beside the amount.
 */
function tableRows(table: Element): string[][] {
  return within(table, named("tr")).map((row) =>
    within(row, named("th", "td")).flatMap((cell) => {
      const span = Math.max(1, Math.min(1000, Number.parseInt(cell.attribs.colspan ?? "1", 10) || 1));
      return [...Array<string>(span - 1).fill(""), text(cell)];
    }),
  );
}

function partyLines(section: Element): PrintedLine[] {
  const label = DomUtils.findOne(named("h2"), section.children);
  const address = within(section, (each) => each.name === "address").flatMap((block) => within(block, (each) => each.name === "span" && hasClass(each, "line")));
  const taxId = DomUtils.findOne((each) => hasClass(each, "tax-id"), section.children);
  return [
    { label: label ? text(label) : "", values: [] },
    ...address.map((line) => ({ label: null, values: [text(line)] })),
    ...(taxId ? [{ label: null, values: [text(taxId)] }] : []),
  ];
}

function factLines(list: Element): PrintedLine[] {
  return within(list, named("div")).map((pair) => {
    const term = DomUtils.findOne(named("dt"), pair.children);
    const detail = DomUtils.findOne(named("dd"), pair.children);
    return { label: term ? text(term) : null, values: [detail ? text(detail) : ""] };
  });
}

/** "Label: value" with the label in span.label: the label without its colon, the value after it. */
function labelledLine(paragraph: Element): PrintedLine {
  const label = DomUtils.findOne((each) => hasClass(each, "label"), paragraph.children);
  const labelText = label ? text(label) : "";
  return { label: labelText.replace(/[\s\u202f]*[:：]\s*$/, ""), values: [text(paragraph).slice(labelText.length)] };
}

/** The export's blocks in document order. */
function exportBlocks(root: Element): PrintedBlock[] {
  const blocks: PrintedBlock[] = [];
  const visit = (element: Element, path: string): void => {
    const place = { element: path };
    if (element.name === "footer" || element.name === "script" || element.name === "style" || element.name === "head") return;
    if (element.name === "h1") return void blocks.push({ kind: "heading", level: 1, text: text(element), place });
    if (element.name === "section" && hasClass(element, "party")) return void blocks.push({ kind: "lines", lines: partyLines(element), place });
    if (element.name === "h2") return void blocks.push({ kind: "heading", level: 2, text: text(element), place });
    if (element.name === "dl") return void blocks.push({ kind: "lines", lines: factLines(element), place });
    if (element.name === "p" && hasClass(element, "exemption")) return void blocks.push({ kind: "lines", lines: [labelledLine(element)], place });
    if (element.name === "table") {
      const caption = DomUtils.findOne(named("caption"), element.children);
      // The line table's caption is for screen readers only; the VAT table's names its section.
      if (caption && !hasClass(caption, "visually-hidden")) blocks.push({ kind: "heading", level: 2, text: text(caption), place });
      return void blocks.push({ kind: "table", rows: tableRows(element), place });
    }
    if (element.name === "p") return void blocks.push({ kind: "lines", lines: [{ label: null, values: [text(element)] }], place });
    element.children.filter(isElement).forEach((child, index) => visit(child, `${path}/${child.name}[${index + 1}]`));
  };
  visit(root, "");
  return blocks;
}

/** Elements and nesting of the tree `source` parses to, refused at the first over the html budget. */
function assertHtmlWithinBudget(source: string): void {
  const budget = DOCUMENT_BUDGETS.html;
  let depth = 0;
  let elements = 0;
  const counter = new Parser({
    onopentagname() {
      elements += 1;
      depth += 1;
      if (depth > budget.depth) throw overBudget("html", "depth", depth, "The HTML");
      if (elements > budget.elements) throw overBudget("html", "elements", elements, "The HTML");
    },
    onclosetag() {
      depth -= 1;
    },
  });
  counter.end(source);
}

/** An HTML file: the export's invoice, or the first plain table of a page. */
export const readHtml: FormatReader = async (bytes, options) => {
  const source = decodeText(bytes);
  if (source === null) throw new AppError("VALIDATION_ERROR", "The HTML file is not text", { field: "content", issue: "not text" });
  assertHtmlWithinBudget(source);
  const document = parseDocument(source);
  const html = DomUtils.findOne(named("html"), document.children);
  const body = DomUtils.findOne(named("body"), document.children) ?? html;
  const exported = DomUtils.findOne((each) => (each.name === "h1" && invoiceTitle(text(each)) !== null) || (each.name === "section" && hasClass(each, "party")), document.children);
  if (!exported) {
    const table = DomUtils.findOne(named("table"), document.children);
    if (!table) throw new AppError("VALIDATION_ERROR", "The HTML holds neither an invoice nor a table", { field: "content", issue: "no invoice or table" });
    const rows: TableCell[][] = tableRows(table);
    return readTable(rows, options, { rowOffset: 0 });
  }
  if (!body) throw new AppError("VALIDATION_ERROR", "The HTML has no body", { field: "content", issue: "no body" });
  return readPrinted({ locale: html?.attribs.lang ?? null, blocks: exportBlocks(body) }, options);
};
