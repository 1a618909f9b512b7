// DOCX export: the blocks of the Markdown export (render/document.ts) as a Word document, amounts
// laid out for the invoice's locale by render/format.ts. The default run language is the invoice's,
// so Word proofs and hyphenates in it; East Asian text gets it too when the locale is Chinese,
// Japanese or Korean (Word keeps a separate language for those scripts). Line breaks in user text
// become breaks, since Word shows a newline inside a run as a space; docx escapes markup and drops
// the control characters XML cannot carry.
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, Table, TableLayoutType, TableRow, TableCell, TextRun, WidthType } from "docx";
import { headingOf, invoiceDocument, printedDates, printedLines, printedTaxRows, type Fact, type InvoiceDocument, type Party } from "../document.ts";
import type { InvoiceRecord } from "../../server/domain/invoice.ts";

/** Twentieths of a point across an A4 page inside docx's default 1-inch margins. */
const LINE_WIDTHS = [3626, 1000, 1500, 1400, 1500];
const TAX_WIDTHS = [4526, 2250, 2250];
const EAST_ASIAN = new Set(["ja", "zh", "ko"]);

type Cell = { text: string; bold?: boolean };

function runs(text: string, bold = false): TextRun[] {
  return text.split(/\r\n?|\n/).map((line, index) => new TextRun({ text: line, ...(bold && { bold }), ...(index > 0 && { break: 1 }) }));
}

const heading = (text: string): Paragraph => new Paragraph({ heading: HeadingLevel.HEADING_2, children: runs(text) });

function facts({ labels }: InvoiceDocument, entries: readonly Fact[]): Paragraph[] {
  return entries.map(({ label, value }) => new Paragraph({ children: [new TextRun({ text: label, bold: true }), ...runs(`${labels.colon}${value}`)] }));
}

function party({ labels }: InvoiceDocument, { label, lines, taxId }: Party): Paragraph {
  const text = [...lines, ...(taxId ? [`${labels.taxId}${labels.colon}${taxId}`] : [])].join("\n");
  return new Paragraph({ children: [new TextRun({ text: label, bold: true }), ...runs(`\n${text}`)] });
}

/**
 * Every column after the first (numbers, and the totals' labels above them) right-aligned. Only the
 * header row says it is one: mammoth takes even an explicit "off" for a header row.
 */
function table(widths: readonly number[], header: readonly string[], rows: ReadonlyArray<readonly Cell[]>): Table {
  const row = (cells: readonly Cell[], tableHeader = false): TableRow =>
    new TableRow({
      ...(tableHeader && { tableHeader }),
      children: cells.map(({ text, bold }, index) =>
        new TableCell({ children: [new Paragraph({ ...(index > 0 && { alignment: AlignmentType.RIGHT }), children: runs(text, bold) })] }),
      ),
    });
  return new Table({
    width: { size: widths.reduce((sum, width) => sum + width, 0), type: WidthType.DXA },
    columnWidths: [...widths],
    layout: TableLayoutType.FIXED,
    rows: [row(header.map((text) => ({ text, bold: true })), true), ...rows.map((cells) => row(cells))],
  });
}

function taxBreakdown(document: InvoiceDocument): Array<Paragraph | Table> {
  const { labels, taxHeader, exemptionReasons } = document;
  const rows = printedTaxRows(document).map((cells) => cells.map((text) => ({ text })));
  if (rows.length === 0) return [];
  const reasons = facts(document, exemptionReasons.map((reason) => ({ label: labels.taxExemptionReason, value: reason })));
  return [heading(labels.taxBreakdown), table(TAX_WIDTHS, taxHeader, rows), ...reasons];
}

function closing(document: InvoiceDocument): Paragraph[] {
  const { labels, payment, notes } = document;
  const paymentBlock = payment.length > 0 ? [heading(labels.paymentInstructions), ...facts(document, payment)] : [];
  const notesBlock = notes ? [heading(labels.notes), new Paragraph({ children: runs(notes) })] : [];
  return [...paymentBlock, ...notesBlock];
}

export async function toDocx(record: InvoiceRecord): Promise<Uint8Array> {
  const document = invoiceDocument(record);
  const title = headingOf(document);
  const eastAsian = EAST_ASIAN.has(new Intl.Locale(record.locale).language);
  const file = new Document({
    title,
    styles: { default: { document: { run: { language: { value: record.locale, ...(eastAsian && { eastAsia: record.locale }) } } } } },
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: runs(title) }),
          ...document.parties.map((each) => party(document, each)),
          ...facts(document, printedDates(document)),
          table(LINE_WIDTHS, document.lineHeader, printedLines(document).map(({ cells, strong }) => cells.map((text) => ({ text, bold: strong })))),
          ...taxBreakdown(document),
          ...closing(document),
        ],
      },
    ],
  });
  return Packer.pack(file, "uint8array");
}
