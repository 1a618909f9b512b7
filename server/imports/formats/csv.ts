// CSV and TSV files read as tables (formats/table.ts). RFC 4180 and what real files do:
// - Encoding (server/imports/text.ts): UTF-8 with or without a byte order mark, UTF-16 (LE or BE) with one, and Windows-1252
//   when the bytes are not valid UTF-8 (Excel's "CSV" on a Western Windows).
// - Separator: readCsv takes the one of , ; tab | that the header line (outside quotes) holds most,
//   "," on a tie (Excel writes ";" where "," is the decimal mark); readTsv always tab.
// - Records end in CRLF, LF or CR; a quoted field may hold separators, doubled quotes and line
//   breaks. A quote inside an unquoted field is text (`5" pipe`); text after a closing quote joins
//   the field. A quoted field still open at the end of the file is a 422 naming the line it opened on.
// Every field stays text: numbers, dates and formulas are table.ts's to read. The fields are counted
// as they are split, against the spreadsheet budget's cells (server/domain/document-budgets.ts): 10 MB
// of separators alone would otherwise be five million of them.
import { DOCUMENT_BUDGETS, overBudget } from "../../domain/document-budgets.ts";
import { AppError } from "../../domain/errors.ts";
import type { FormatReader } from "../model.ts";
import { decodeText } from "../text.ts";
import { readTable } from "./table.ts";

const SEPARATORS = [",", ";", "\t", "|"] as const;

/** The separator the first record holds most of, outside quotes. */
export function detectSeparator(text: string): string {
  const counts = new Map<string, number>(SEPARATORS.map((separator) => [separator, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best: string = ",";
  for (const separator of SEPARATORS) if (counts.get(separator)! > counts.get(best)!) best = separator;
  return best;
}

/** Records of fields; empty lines are kept as records of one empty field (the table skips them). */
export function parseDelimited(text: string, separator: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quotedFrom = 0;
  let quoted = false;
  let line = 1;
  let index = 0;
  let cells = 0;
  const endField = (): void => {
    if (++cells > DOCUMENT_BUDGETS.spreadsheet.cells) throw overBudget("spreadsheet", "cells", cells, "The table");
    record.push(field);
    field = "";
  };
  const endRecord = (): void => {
    endField();
    records.push(record);
    record = [];
  };
  while (index < text.length) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else {
        if (char === "\n" || (char === "\r" && text[index + 1] !== "\n")) line += 1;
        field += char;
      }
      index += 1;
      continue;
    }
    if (char === '"' && field === "") {
      quoted = true;
      quotedFrom = line;
    } else if (char === separator) endField();
    else if (char === "\r" || char === "\n") {
      if (char === "\r" && text[index + 1] === "\n") index += 1;
      line += 1;
      endRecord();
    } else field += char;
    index += 1;
  }
  if (quoted) {
    throw new AppError("VALIDATION_ERROR", `The quoted field opened on line ${quotedFrom} is never closed (an unbalanced quote)`, {
      field: "content",
      issue: "unbalanced quotes",
      line: quotedFrom,
    });
  }
  if (field !== "" || record.length > 0) endRecord();
  return records;
}

function delimitedReader(separatorOf: (text: string) => string): FormatReader {
  return async (bytes, options) => {
    const text = decodeText(bytes);
    if (text === null) throw new AppError("VALIDATION_ERROR", "The file is not text: a CSV or TSV holds no control bytes", { field: "content", issue: "not text" });
    return readTable(parseDelimited(text, separatorOf(text)), options, {});
  };
}

export const readCsv: FormatReader = delimitedReader(detectSeparator);
export const readTsv: FormatReader = delimitedReader(() => "\t");
