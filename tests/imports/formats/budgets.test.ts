// The structured readers held to their budgets (server/domain/document-budgets.ts) before the
// expensive step: ZIP entries counted from their inflated bytes (declared sizes lie), XML and HTML
// pre-scanned for depth and elements (comments, CDATA, quoted ">", self-closing and void elements,
// implied ends counted as a parser would), spreadsheet cells and a cell's text, CSV fields. Each
// refusal names its limit, what was counted and the most allowed; what sits at a limit is read.
// A reader's unexpected failure is a 422 naming the file, its cause kept for the log.
import { describe, expect, test } from "bun:test";
import { zipSync } from "fflate";
import { DOCUMENT_BUDGETS } from "../../../server/domain/document-budgets.ts";
import { AppError } from "../../../server/domain/errors.ts";
import { openPackage } from "../../../server/imports/archive.ts";
import { readCsv } from "../../../server/imports/formats/csv.ts";
import { readHtml } from "../../../server/imports/formats/html.ts";
import { readXlsx } from "../../../server/imports/formats/xlsx.ts";
import { readStructured } from "../../../server/imports/readers.ts";
import { assertXmlWithinBudget, parseXml, scanXml } from "../../../server/imports/xml.ts";
import { packagePart, repeatedPart, xlsxWithCell, zipPackage } from "../../../scripts/redteam/hostile-documents.ts";
import { options } from "./tabular-helpers.ts";

const MiB = 1024 * 1024;
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const refusalOf = (run: () => unknown): Promise<AppError> =>
  Promise.resolve()
    .then(run)
    .then(
      () => {
        throw new Error("expected a refusal");
      },
      (error: unknown) => error as AppError,
    );
const nested = (name: string, depth: number): string => `<${name}>`.repeat(depth) + `</${name}>`.repeat(depth);

describe("ZIP packages: the inflated bytes are counted, not what the entries declare", () => {
  test("an entry declaring more than zip.entryBytes is a 413 before anything is inflated", async () => {
    const pkg = zipPackage([repeatedPart("big.xml", "<a>", "x", 40 * MiB, "</a>")]);
    expect(await refusalOf(() => openPackage(pkg))).toMatchObject({ code: "PAYLOAD_TOO_LARGE", status: 413, details: { limit: "zip.entryBytes", max: 32 * MiB } });
  });

  test("an entry declaring 1 KB that inflates to 150 MB stops one byte past zip.entryBytes", async () => {
    const pkg = openPackage(zipPackage([repeatedPart("big.xml", "<a>", "x", 150 * 1_000_000, "</a>", 1_000)]));
    const started = performance.now();
    expect(await refusalOf(() => pkg.read("big.xml"))).toMatchObject({ code: "PAYLOAD_TOO_LARGE", details: { limit: "zip.entryBytes", value: 32 * MiB + 1, max: 32 * MiB } });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  test("entries within zip.entryBytes each, lying about their sizes, are stopped by the running total", async () => {
    const lying = (name: string) => repeatedPart(name, "<a>", "x", 30 * MiB, "</a>", 1_000);
    const pkg = openPackage(zipPackage([lying("a.xml"), lying("b.xml"), lying("c.xml")]));
    // Each inflates to 30 MiB and is refused as a lie only after its bytes are counted.
    expect(await refusalOf(() => pkg.read("a.xml"))).toMatchObject({ details: { issue: "zip bomb" } });
    expect(await refusalOf(() => pkg.read("b.xml"))).toMatchObject({ details: { issue: "zip bomb" } });
    expect(await refusalOf(() => pkg.read("c.xml"))).toMatchObject({ code: "PAYLOAD_TOO_LARGE", details: { limit: "zip.unpackedBytes", value: 64 * MiB + 1, max: 64 * MiB } });
  });

  test("a stored (uncompressed) entry counts too; more entries than zip.entries is refused from the directory", async () => {
    const stored = zipSync({ "a.txt": [new Uint8Array(1024), { level: 0 }] });
    expect(openPackage(stored).read("a.txt")?.length).toBe(1024);
    const many = zipPackage(Array.from({ length: DOCUMENT_BUDGETS.zip.entries + 1 }, (_, index) => packagePart(`e${index}`, "x")));
    expect(await refusalOf(() => openPackage(many))).toMatchObject({ code: "VALIDATION_ERROR", details: { limit: "zip.entries", value: DOCUMENT_BUDGETS.zip.entries + 1 } });
  });

  test("an honest package within the budget reads whole", () => {
    const pkg = openPackage(zipPackage([packagePart("a.xml", "<a>hello</a>")]));
    expect(pkg.text("a.xml")).toBe("<a>hello</a>");
  });
});

describe("XML: depth and elements scanned before any parser", () => {
  test("comments, CDATA, processing instructions and quoted '>' open nothing; self-closing tags nest nothing", () => {
    const text = `<?xml version="1.0"?><!-- <a><b><c> --><r x="a>b" y='<c>'><![CDATA[<d><e>]]><s/><t></t></r>`;
    expect(scanXml(text)).toEqual({ depth: 2, elements: 3, longestText: 6 });
  });

  test("a text run counts an entity or character reference as one character", () => {
    expect(scanXml("<a>&amp;&#x41;b</a>").longestText).toBe(3);
  });

  test(`${DOCUMENT_BUDGETS.xml.depth} levels are read; one more is a 422 naming xml.depth`, async () => {
    const { depth } = DOCUMENT_BUDGETS.xml;
    expect(Object.keys(parseXml(nested("a", depth)))).toEqual(["a"]);
    const refused = await refusalOf(() => parseXml(nested("a", depth + 1), { part: "word/document.xml" }));
    expect(refused).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "content", limit: "xml.depth", value: depth + 1, max: depth } });
    expect(refused.message).toStartWith("word/document.xml: ");
  });

  test("more elements than xml.elements is refused before parsing, the count stopping at the first over", async () => {
    const { elements } = DOCUMENT_BUDGETS.xml;
    const refused = await refusalOf(() => assertXmlWithinBudget(`<r>${"<a/>".repeat(elements)}</r>`));
    expect(refused).toMatchObject({ details: { limit: "xml.elements", value: elements + 1, max: elements } });
  });
});

describe("HTML: elements and nesting as the tree would have them", () => {
  const page = (body: string): Uint8Array => utf8(`<!doctype html><html><body>${body}<table><tr><th>name</th><th>email</th></tr><tr><td>Globex</td><td>ap@globex.example</td></tr></table></body></html>`);
  const read = (body: string) => readHtml(page(body), options({ entity: "clients" }));

  test("void elements and implied ends (<br>, <p>, <li> left open) nest nothing", async () => {
    const { depth } = DOCUMENT_BUDGETS.html;
    const result = await read(`${"<br>".repeat(depth * 2)}${"<p>para".repeat(depth * 2)}<ul>${"<li>item".repeat(depth * 2)}</ul>`);
    expect(result.clients.map((client) => client.fields.name)).toEqual(["Globex"]);
  });

  test(`nesting past html.depth is a 422 naming it, before any tree is built`, async () => {
    const { depth } = DOCUMENT_BUDGETS.html;
    expect((await read(nested("div", depth - 10))).clients).toHaveLength(1);
    const refused = await refusalOf(() => read(nested("div", 100_000)));
    expect(refused).toMatchObject({ code: "VALIDATION_ERROR", details: { limit: "html.depth", value: depth + 1, max: depth } });
  });

  test("more elements than html.elements is a 422 naming it", async () => {
    const { elements } = DOCUMENT_BUDGETS.html;
    expect(await refusalOf(() => read("<br>".repeat(elements)))).toMatchObject({ details: { limit: "html.elements", max: elements } });
  });
});

describe("spreadsheets: a cell's text and the cells of the grid", () => {
  const { cells, cellChars } = DOCUMENT_BUDGETS.spreadsheet;

  test(`a cell of ${cellChars} characters is read; one longer is a 422 naming spreadsheet.cellChars`, async () => {
    const atLimit = await readXlsx(xlsxWithCell(cellChars), options()).catch((error: AppError) => error);
    expect(atLimit).not.toMatchObject({ details: { limit: "spreadsheet.cellChars" } });
    expect(await refusalOf(() => readXlsx(xlsxWithCell(cellChars + 1), options()))).toMatchObject({ details: { limit: "spreadsheet.cellChars", value: cellChars + 1, max: cellChars } });
  });

  test("rich-text runs joined past a cell's length are refused too", async () => {
    const run = `<r><t>${"a".repeat(20_000)}</t></r>`;
    const book = zipPackage([
      packagePart("xl/workbook.xml", '<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>'),
      packagePart("xl/_rels/workbook.xml.rels", '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
      packagePart("xl/worksheets/sheet1.xml", '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>'),
      packagePart("xl/sharedStrings.xml", `<sst><si>${run}${run}</si></sst>`),
    ]);
    expect(await refusalOf(() => readXlsx(book, options()))).toMatchObject({ details: { limit: "spreadsheet.cellChars", value: 40_000 } });
  });

  test("200 rows, each with one cell in column XFD, would make a grid of 3.3 million cells: refused before it is built", async () => {
    const rows = Array.from({ length: 200 }, (_, index) => `<row r="${index + 1}"><c r="XFD${index + 1}" t="inlineStr"><is><t>x</t></is></c></row>`).join("");
    const book = zipPackage([
      packagePart("xl/workbook.xml", '<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>'),
      packagePart("xl/_rels/workbook.xml.rels", '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
      packagePart("xl/worksheets/sheet1.xml", `<worksheet><sheetData>${rows}</sheetData></worksheet>`),
    ]);
    expect(await refusalOf(() => readXlsx(book, options()))).toMatchObject({ details: { limit: "spreadsheet.cells", value: 200 * 16_384, max: cells } });
  });

  test("a merged range reaching past the sheet's last row fills only the rows there are", async () => {
    const book = zipPackage([
      packagePart("xl/workbook.xml", '<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>'),
      packagePart("xl/_rels/workbook.xml.rels", '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
      packagePart("xl/worksheets/sheet1.xml", '<worksheet><sheetData><row r="1"><c r="A1" t="str"><v>name</v></c><c r="B1" t="str"><v>email</v></c></row><row r="2"><c r="A2" t="str"><v>Globex</v></c><c r="B2" t="str"><v>ap@globex.example</v></c></row></sheetData><mergeCells><mergeCell ref="C1:D1048576"/></mergeCells></worksheet>'),
    ]);
    const result = await readXlsx(book, options({ entity: "clients" }));
    expect(result.clients.map((client) => client.fields.name)).toEqual(["Globex"]);
  });

  test("a CSV of more fields than spreadsheet.cells is a 422 naming it", async () => {
    expect(await refusalOf(() => readCsv(utf8(`name${",".repeat(cells)}`), options()))).toMatchObject({ details: { limit: "spreadsheet.cells", value: cells + 1, max: cells } });
  });
});

describe("a reader's unexpected failure", () => {
  test("is a 422 naming the file, the original error kept as its cause", async () => {
    const bug = new TypeError("undefined is not an object");
    const refused = await refusalOf(() => readStructured({ format: "xlsx", bytes: new Uint8Array(1), name: "book.xlsx" }, options(), async () => Promise.reject(bug)));
    expect(refused).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "content", issue: "unreadable document", file: "book.xlsx" } });
    expect(refused.message).toBe("book.xlsx: could not read the document as xlsx: undefined is not an object");
    expect(refused.cause).toBe(bug);
  });

  test("a refusal of the reader's own passes as it is", async () => {
    const own = new AppError("VALIDATION_ERROR", "no header", { field: "content", issue: "no header" });
    expect(await refusalOf(() => readStructured({ format: "csv", bytes: new Uint8Array(1), name: "a.csv" }, options(), async () => Promise.reject(own)))).toBe(own);
  });
});
