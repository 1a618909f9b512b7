// Invoice DSL import: the text invoices.createFromDsl reads (render/codecs/dsl-parse.ts), one
// invoice or several, each beginning with an unindented INVOICE line. Each is parsed on its own and
// its problems keep their line (in the whole file) and column. The buyer stays as the text names it:
// the import links clients itself, as createFromDsl does by e-mail, then name. An import only
// creates: FINALIZE (a number and the lock) and SEND (an e-mail) are never carried out, each a notice.
import { parseDsl, type DslProblem } from "../../../render/codecs/dsl-parse.ts";
import { AppError } from "../../domain/errors.ts";
import { decodeText } from "../text.ts";
import { emptyResult, MAX_IMPORT_ROWS, type FormatReader, type ImportProblem, type ReadOptions, type ReadResult, tooManyRows } from "../model.ts";

type Chunk = { index: number; firstLine: number; lines: string[] };

// An INVOICE keyword line at the margin; with a pipe only in the colon form, as a pipe item
// ("Invoice check | 1 | 50") is an item, and an indented line inside ITEMS is one too.
const INVOICE_LINE = /^INVOICE(?:\s*:|[^\S\r\n][^|]*$|\r?$)/i;
const DIRECTIVES = { FINALIZE: "FINALIZE is not carried out by an import: the invoice arrives as a draft, not locked", SEND: "SEND is not carried out by an import: nothing is e-mailed" } as const;

function refusal(issue: string): AppError {
  return new AppError("VALIDATION_ERROR", `The DSL file cannot be read: ${issue}`, { field: "content", issue });
}

const hasContent = (lines: readonly string[]): boolean => lines.some((line) => line.trim() && !line.trim().startsWith("#"));

/** The file cut before each INVOICE line; what precedes the first is an invoice only when it holds more than comments. */
function chunksOf(text: string): Chunk[] {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const starts = lines.flatMap((line, index) => (index > 0 && INVOICE_LINE.test(line) ? [index] : []));
  const bounds = [0, ...starts, lines.length];
  return bounds
    .slice(1)
    .map((end, position) => ({ firstLine: (bounds[position] ?? 0) + 1, lines: lines.slice(bounds[position], end) }))
    .filter((chunk, position) => position > 0 || hasContent(chunk.lines))
    .map((chunk, position) => ({ ...chunk, index: position + 1 }));
}

function place(chunk: Chunk, line: number): { element: string; row: number } {
  return { element: `invoice[${chunk.index}]`, row: chunk.firstLine + line - 1 };
}

function problemOf(chunk: Chunk, problem: DslProblem): ImportProblem {
  return { ...place(chunk, problem.line), column: String(problem.column), value: problem.text, issue: `expected ${problem.expected}` };
}

/** A notice at each FINALIZE or SEND line of the invoice. */
function directiveNotices(chunk: Chunk): ImportProblem[] {
  return chunk.lines.flatMap((line, index) => {
    const keyword = /^\s*(FINALIZE|SEND)(?=$|[\s:])/i.exec(line)?.[1]?.toUpperCase() as keyof typeof DIRECTIVES | undefined;
    return keyword ? [{ ...place(chunk, index + 1), column: keyword, value: line.trim(), issue: DIRECTIVES[keyword] }] : [];
  });
}

function readChunk(chunk: Chunk, options: ReadOptions, result: ReadResult): void {
  const parsed = parseDsl(chunk.lines.join("\n"), { today: options.today, currency: options.currency });
  if (!parsed.ok) {
    result.problems.push(...parsed.problems.map((problem) => problemOf(chunk, problem)));
    return;
  }
  const { finalize, send } = parsed.value.directives;
  if (finalize || send) result.notices.push(...directiveNotices(chunk));
  result.invoices.push({ place: place(chunk, 1), fields: { ...parsed.value.invoice } });
}

export const readDsl: FormatReader = async (bytes, options) => {
  const text = decodeText(bytes);
  if (text === null) throw refusal("the file is binary, not text");
  const chunks = chunksOf(text);
  if (chunks.length === 0) throw refusal("no invoice in the text, only blank lines and comments");
  if (chunks.length > MAX_IMPORT_ROWS) throw tooManyRows(`The DSL file holds ${chunks.length} invoices`);
  const result = emptyResult();
  result.rows = chunks.length;
  for (const chunk of chunks) readChunk(chunk, options, result);
  return result;
};
