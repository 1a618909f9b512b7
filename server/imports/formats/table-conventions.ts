// How a table writes its numbers and dates, from the file's own evidence before options.locale: the
// decimal mark its numeric cells agree on ("1.234,50", "0,5" say ","), the day-month order its date
// cells show (a day above 12). What neither decides stays undecided, for the cell readers
// (formats/table-cells.ts) to report rather than guess.
import { dateOrderOf, type DateOrder } from "../extract/dates.ts";
import type { DecimalMark } from "../extract/amounts.ts";
import type { ReadOptions } from "../model.ts";
import type { ColumnField } from "./columns.ts";
import { DATES, NUMERIC, type Conventions, type TableCell } from "./table-cells.ts";
import type { Column } from "./table-headers.ts";

/** The decimal mark a numeric text shows beyond doubt: "1.234,50", "0,5" say ","; "1,234.50", "0.5" say ".". */
function decimalMarkOf(text: string): DecimalMark | null {
  const digits = text.replace(/[^\d.,]/g, "");
  if (/\.\d{3},\d+$|,\d{1,2}$|,\d{4,}$/.test(digits)) return ",";
  if (/,\d{3}\.\d+$|\.\d{1,2}$|\.\d{4,}$/.test(digits)) return ".";
  return null;
}

/** What day-month order a numeric date shows beyond doubt: "25/12/2026" dmy, "12/25/2026" mdy. */
function dateOrderShown(text: string): DateOrder | null {
  const match = /^(\d{1,2})[./-](\d{1,2})[./-]\d{2,4}$/.exec(text.trim());
  if (!match) return null;
  if (Number(match[1]) > 12) return "dmy";
  if (Number(match[2]) > 12) return "mdy";
  return null;
}

/** The one answer every cell that shows one agrees on, or null. */
function unanimous<Value>(cells: Iterable<string>, shown: (text: string) => Value | null): Value | null {
  const answers = new Set<Value>();
  for (const text of cells) {
    const answer = shown(text);
    if (answer !== null) answers.add(answer);
  }
  return answers.size === 1 ? [...answers][0]! : null;
}

/** The conventions the table's cells are read by; `date1904` is the workbook's own (TableSource). */
export function conventionsOf(rows: ReadonlyArray<readonly TableCell[]>, columns: readonly Column[], options: ReadOptions, date1904: boolean): Conventions {
  const textsOf = (fields: ReadonlySet<ColumnField>): string[] =>
    columns.filter((column) => fields.has(column.field)).flatMap((column) => rows.map((row) => row[column.index]).filter((cell): cell is string => typeof cell === "string"));
  const mark = unanimous(textsOf(NUMERIC), decimalMarkOf);
  const order = unanimous(textsOf(DATES), dateOrderShown);
  return {
    numberLocale: mark === "," ? "de-DE" : mark === "." ? "en-US" : options.locale,
    decimalMark: mark,
    dateOrder: order ?? (options.locale ? dateOrderOf(options.locale) : null),
    date1904,
  };
}
