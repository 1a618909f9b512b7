// An XLSX reader written apart from the writer (exceljs never reads its own output here): fflate
// unzips the package and fast-xml-parser reads its parts, so the tests see what a spreadsheet would
// load: each cell's type, value, number format (custom, or built-in by ECMA-376 id) and boldness,
// the sheet's name, frozen rows and column widths.
import { XMLParser } from "fast-xml-parser";
import { strFromU8, unzipSync } from "fflate";
import { at, list, text, type Node } from "../einvoice/summary.ts";

export type Cell =
  | { type: "string"; value: string; bold: boolean }
  | { type: "number"; value: number; formatId: number; format: string; bold: boolean };

export type Sheet = {
  names: string[];
  /** Rows by number (1-based), cells by column letter. */
  rows: Map<number, Map<string, Cell>>;
  frozenRows: number | null;
  widths: Map<number, number>;
  formulas: number;
};

const REPEATED = new Set(["sheet", "Relationship", "row", "c", "si", "r", "numFmt", "xf", "font", "col"]);
const parser = new XMLParser({
  ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false, trimValues: false, isArray: (name, _path, _leaf, attribute) => !attribute && REPEATED.has(name),
});

/** ECMA-376 Part 1 §18.8.30, the built-in codes the writer may use. */
const BUILT_IN: Record<number, string> = { 0: "General", 1: "0", 2: "0.00", 3: "#,##0", 4: "#,##0.00", 9: "0%", 10: "0.00%", 14: "mm-dd-yy" };

/** A shared string, plain or split into rich-text runs. */
function sharedString(item: Node): string {
  return text(item, "t") ?? list(item, "r").map((run) => text(run, "t") ?? "").join("");
}

export function readXlsx(bytes: Uint8Array): Sheet {
  const files = unzipSync(bytes);
  const part = (path: string): Node => {
    const file = files[path];
    if (!file) throw new Error(`no ${path} in the package`);
    return parser.parse(strFromU8(file)) as Node;
  };
  const sheets = list(part("xl/workbook.xml"), "workbook", "sheets", "sheet");
  const relations = list(part("xl/_rels/workbook.xml.rels"), "Relationships", "Relationship");
  const target = relations.find((relation) => relation["@Id"] === sheets[0]?.["@r:id"])?.["@Target"] as string;
  const worksheet = part(`xl/${target.replace(/^\/?xl\//, "")}`);
  const strings = files["xl/sharedStrings.xml"] ? list(part("xl/sharedStrings.xml"), "sst", "si").map(sharedString) : [];
  const styles = part("xl/styles.xml");
  const custom = new Map(list(styles, "styleSheet", "numFmts", "numFmt").map((format) => [Number(format["@numFmtId"]), String(format["@formatCode"])]));
  const fonts = list(styles, "styleSheet", "fonts", "font");
  const xfs = list(styles, "styleSheet", "cellXfs", "xf");

  const rows = new Map<number, Map<string, Cell>>();
  let formulas = 0;
  for (const row of list(worksheet, "worksheet", "sheetData", "row")) {
    const cells = new Map<string, Cell>();
    for (const cell of list(row, "c")) {
      if (cell.f !== undefined) formulas += 1;
      const xf = xfs[Number(cell["@s"] ?? 0)];
      const bold = at(fonts[Number(xf?.["@fontId"] ?? 0)], "b") !== undefined;
      const raw = text(cell, "v");
      const column = String(cell["@r"]).replace(/\d+$/, "");
      if (cell["@t"] === "s") cells.set(column, { type: "string", value: strings[Number(raw)] ?? "", bold });
      else if (cell["@t"] === "inlineStr") cells.set(column, { type: "string", value: sharedString(at(cell, "is") as Node), bold });
      else if (raw !== null) {
        const formatId = Number(xf?.["@numFmtId"] ?? 0);
        cells.set(column, { type: "number", value: Number(raw), formatId, format: custom.get(formatId) ?? BUILT_IN[formatId] ?? `#${formatId}`, bold });
      }
    }
    rows.set(Number(row["@r"]), cells);
  }
  const pane = at(worksheet, "worksheet", "sheetViews", "sheetView", "pane") as Node | undefined;
  const widths = new Map<number, number>();
  for (const col of list(worksheet, "worksheet", "cols", "col")) {
    for (let index = Number(col["@min"]); index <= Number(col["@max"]); index++) widths.set(index, Number(col["@width"]));
  }
  return {
    names: sheets.map((sheet) => String(sheet["@name"])),
    rows,
    frozenRows: pane?.["@state"] === "frozen" ? Number(pane["@ySplit"]) : null,
    widths,
    formulas,
  };
}
