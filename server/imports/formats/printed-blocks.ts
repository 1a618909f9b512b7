// The neutral blocks the Markdown, HTML, DOCX and XLSX readers turn a printed invoice into
// (headings, "Label: value" lines, tables), and what they say once sorted (formats/printed.ts reads
// that as a draft): the parties, the labelled facts, the line table with the totals beneath its
// amount column, the VAT breakdown's rows and the notes, each where the file printed it. Apart from
// printed.ts because the format readers build these blocks and the locale inference reads them.
import { LABELS } from "../../../render/labels/index.ts";
import type { Place } from "../model.ts";
import { columnLabel, fieldLabel, LANGUAGES, type ColumnRole, type FieldRole } from "../extract/vocabulary.ts";
import { listedField } from "./columns.ts";
import { isBlank, textOf } from "./table-cells.ts";

/** A printed value: text, or in a spreadsheet a number (amounts in major units, rates as fractions) or a date. */
export type PrintedValue = string | number | Date;

/** One printed line: the bold label it starts with, if any, and what follows (the colon left out). */
export type PrintedLine = { label: string | null; values: PrintedValue[] };

export type PrintedBlock =
  | { kind: "heading"; level: number; text: string; place: Place }
  | { kind: "lines"; lines: PrintedLine[]; place: Place }
  /** The first row is the header; an empty cell is "". */
  | { kind: "table"; rows: PrintedValue[][]; place: Place };

/** What a file printed; `locale` when the file states it (HTML lang, DOCX run language). */
export type PrintedDocument = { locale: string | null; blocks: PrintedBlock[] };

const COLONS = [...new Set(LANGUAGES.map((language) => LABELS[language].colon))].sort((a, b) => b.length - a.length);

/** The text after a label's colon, as a language's labels print it ("\u202f: " in French, "：" in Japanese). */
export function afterColon(text: string): string {
  const colon = COLONS.find((each) => text.startsWith(each));
  return colon ? text.slice(colon.length) : text.replace(/^\s*[:：]\s?/, "");
}

function rowPlace(place: Place, index: number): Place {
  return place.row !== undefined ? { row: place.row + index } : { element: `${place.element ?? "table"}/tr[${index + 1}]` };
}

// ---- What the blocks say -------------------------------------------------------------------------

export type Party = { role: "from" | "billTo"; lines: string[]; place: Place };
type Fact = { role: FieldRole; label: string; values: PrintedValue[]; place: Place };
/** A line table's column: the extractor's roles, and the discount column the XLSX export adds when a line has a discount. */
export type LineRole = ColumnRole | "discount";
type LineRow = { place: Place; cells: Partial<Record<LineRole, PrintedValue>> };
type TotalRow = { role: FieldRole; label: string; value: PrintedValue; place: Place };
type TaxRow = { label: string; place: Place };

export type Printed = {
  heading: string | null;
  labels: string[];
  parties: Party[];
  facts: Fact[];
  lines: LineRow[];
  totals: TotalRow[];
  taxRows: TaxRow[];
  notes: string[];
};

/** A label that is the whole text (a bold lead-in, a section's heading), not a sentence starting with one. */
export function wholeField(text: string): FieldRole | null {
  const match = fieldLabel(text.trim());
  return match && match.rest === "" ? match.role : null;
}

const TOTAL_ROLES: ReadonlySet<FieldRole> = new Set(["subtotal", "tax", "total", "amountPaid", "amountDue"]);

/** One header cell's role; the discount by the spreadsheet headers' words (columns.ts), which hold the export's in each language. */
function lineRole(cell: PrintedValue): LineRole | null {
  if (typeof cell !== "string" || !cell.trim()) return null;
  return columnLabel(cell.trim())?.role ?? (listedField(cell) === "discount_percent" ? "discount" : null);
}

/** A line table's header: which column holds what; null when it names no description or amount. */
export function lineColumns(header: readonly PrintedValue[]): Array<LineRole | null> | null {
  const roles = header.map(lineRole);
  return roles.includes("description") && (roles.includes("amount") || roles.includes("unitPrice")) ? roles : null;
}

function readTableBlock(printed: Printed, rows: readonly PrintedValue[][], place: Place, section: FieldRole | null): void {
  const [header = [], ...body] = rows;
  printed.labels.push(...header.filter((cell): cell is string => typeof cell === "string"));
  const columns = lineColumns(header);
  if (columns) {
    body.forEach((row, index) => {
      const cells: LineRow["cells"] = {};
      columns.forEach((role, column) => {
        if (role && !isBlank(row[column])) cells[role] = row[column] as PrintedValue;
      });
      const description = columns.indexOf("description");
      // The totals sit beneath the amount column, their label in a cell before it and no description.
      const labelCell = row.slice(0, -1).findLast((cell) => !isBlank(cell));
      const role = isBlank(row[description]) && typeof labelCell === "string" ? wholeField(labelCell) : null;
      const total = row.at(-1);
      if (role && TOTAL_ROLES.has(role) && total !== undefined) printed.totals.push({ role, label: labelCell as string, value: total, place: rowPlace(place, index + 1) });
      else if (!isBlank(row[description])) printed.lines.push({ place: rowPlace(place, index + 1), cells });
    });
    return;
  }
  if (section === "taxBreakdown") {
    body.forEach((row, index) => {
      if (typeof row[0] === "string" && row[0].trim()) printed.taxRows.push({ label: row[0], place: rowPlace(place, index + 1) });
    });
  }
}

/** A party block: its label alone on the first line, then name, address, e-mail and tax id. */
function partyBlock(lines: readonly PrintedLine[], place: Place): Party | null {
  const [first, ...rest] = lines;
  const role = first?.label ? wholeField(first.label) : null;
  if ((role !== "from" && role !== "billTo") || first?.values.some((value) => !isBlank(value))) return null;
  return { role, lines: rest.flatMap((line) => [line.label ?? "", ...line.values.map(textOf)].filter(Boolean).join("")), place };
}

function readLinesBlock(printed: Printed, lines: readonly PrintedLine[], place: Place, section: FieldRole | null): void {
  const party = partyBlock(lines, place);
  if (party) {
    printed.labels.push(lines[0]?.label ?? "");
    printed.parties.push(party);
    return;
  }
  let fact: Fact | null = null;
  for (const line of lines) {
    const role = line.label ? wholeField(line.label) : null;
    if (line.label && role) {
      printed.labels.push(line.label);
      fact = { role, label: line.label, values: [...line.values], place };
      printed.facts.push(fact);
    } else if (fact && !line.label) {
      // A value's own line breaks continue it on the next printed lines.
      fact.values = [`${fact.values.map(textOf).join("")}\n${line.values.map(textOf).join("")}`];
    } else if (section === "notes") {
      printed.notes.push([line.label ?? "", ...line.values.map(textOf)].join(""));
    }
  }
}

/** The blocks sorted into what they say; a heading after the title opens the section (notes, VAT breakdown) that reads what follows. */
export function collect(blocks: readonly PrintedBlock[]): Printed {
  const printed: Printed = { heading: null, labels: [], parties: [], facts: [], lines: [], totals: [], taxRows: [], notes: [] };
  let section: FieldRole | null = null;
  for (const block of blocks) {
    if (block.kind === "heading") {
      if (printed.heading === null && block.level <= 1) {
        printed.heading = block.text;
        continue;
      }
      section = wholeField(block.text);
      printed.labels.push(block.text);
    } else if (block.kind === "lines") readLinesBlock(printed, block.lines, block.place, section);
    else readTableBlock(printed, block.rows, block.place, section);
  }
  return printed;
}
