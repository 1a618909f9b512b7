// The rule encoding "auto" follows (server/imports/document.ts, ADR 0026 "auto"), as a pure
// function: every text format sent as text and as base64, the binary signatures, and the cases
// where a content could be either (a short word is valid base64; padding; line breaks).
import { describe, expect, test } from "bun:test";
import { AppError } from "../../server/domain/errors.ts";
import { autoEncoding, documentBytes, documentKind, isPlainTextFormat } from "../../server/imports/document.ts";

const base64 = (content: string | Uint8Array): string => Buffer.from(content).toString("base64");
const bytesOf = (...values: number[]): Uint8Array => new Uint8Array([...values, ...new TextEncoder().encode(" rest of the file")]);

/** One sample of every text format the import reads. */
const TEXTS: Record<string, string> = {
  "XML": '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>1</ID></Invoice>\n',
  "XML after a byte order mark and blanks": '\uFEFF  \n<CrossIndustryInvoice xmlns="x"/>',
  "HTML": "<!doctype html><html><body><table><tr><td>Invoice</td></tr></table></body></html>",
  "JSON object": '{"invoices":[{"number":"INV-1"}]}',
  "JSON array": '[{"name":"Globex"}]\n',
  "CSV": "number,issue_date,bill_to_name\nINV-1,2026-11-01,Globex\n",
  "CSV with semicolons": "Nummer;Datum\nR-1;01.11.2026\n",
  "TSV": "name\temail\nGlobex\tap@globex.example\n",
  "DSL": "INVOICE\nFROM Acme GmbH\nTO Globex\nITEMS\n  Work 1 x €10\n",
  "DSL, colon layout": "INVOICE #7\nFROM: Acme | a@acme.example\n",
  "Markdown heading": "Some words first\n# Invoice INV-1\n\nConsulting: 10 hours\n",
  "Markdown table": "| Description | Amount |\n| --- | --- |\n| Work | 10.00 |\n",
  "vCard": "BEGIN:VCARD\nVERSION:4.0\nFN:Globex\nEND:VCARD\n",
};

describe("encoding auto", () => {
  test.each(Object.entries(TEXTS))("%s sent as text is read as text, sent as base64 is decoded", (_, text) => {
    expect(isPlainTextFormat(text)).toBe(true);
    expect(autoEncoding(text)).toBe("text");
    expect(autoEncoding(base64(text))).toBe("base64");
    expect(documentBytes(base64(text), "auto")).toEqual({ bytes: new TextEncoder().encode(text), readAs: "base64" });
    expect(documentBytes(text, "auto")).toEqual({ bytes: new TextEncoder().encode(text), readAs: "text" });
  });

  test.each([
    ["PDF", bytesOf(0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37)],
    ["PNG", bytesOf(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)],
    ["JPEG", bytesOf(0xff, 0xd8, 0xff, 0xe0)],
    ["ZIP (XLSX, DOCX)", bytesOf(0x50, 0x4b, 0x03, 0x04)],
  ])("base64 of a %s is decoded, line breaks and all", (_, bytes) => {
    const encoded = base64(bytes);
    expect(autoEncoding(encoded)).toBe("base64");
    const wrapped = `${encoded.slice(0, 8)}\r\n${encoded.slice(8, 16)}\n  ${encoded.slice(16)}\n`;
    expect(documentBytes(wrapped, "auto")).toEqual({ bytes, readAs: "base64" });
  });

  test("a short word is valid base64, but its bytes are no file and no text: the word is read as text when it is plainly a format", () => {
    expect(documentBytes("INVOICE", "base64").bytes).toHaveLength(5);
    expect(autoEncoding("INVOICE")).toBe("text");
    expect(autoEncoding("INVOICE\nFROM Acme")).toBe("text");
    // Valid base64 whose bytes are neither a file nor text, and no text format either: not told.
    for (const word of ["ABCD", "Test", "hello"]) expect(autoEncoding(word)).toBeNull();
    // "Zm9v" is base64 of the text "foo", and is no text format itself: decoded.
    expect(autoEncoding("Zm9v")).toBe("base64");
  });

  test("base64 of UTF-8 text in no format (read through extraction) is decoded; of a binary the readers do not take, or of other text encodings, not told", () => {
    expect(autoEncoding(base64("Acme Ltd\nInvoice 7 — Total £50.00\n"))).toBe("base64");
    expect(autoEncoding(base64(new Uint8Array([0x52, 0xe9, 0x73, 0x75, 0x6d, 0xe9])))).toBeNull(); // Windows-1252 "Résumé"
    expect(autoEncoding(base64(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00])))).toBeNull(); // GIF89a, 1 × 1
    expect(autoEncoding(base64(new Uint8Array([0xff, 0xfe, 0x3c, 0x00, 0x61, 0x00, 0x3e, 0x00])))).toBeNull(); // UTF-16 "<a>"
    // "ewog" is "{\n ": begun, never closed, so not plainly JSON; but it is text, so decoded (the JSON reader then says what is wrong).
    expect(autoEncoding("ewog")).toBe("base64");
    expect(autoEncoding(base64("{}"))).toBe("base64");
  });

  test("strict base64 only: missing padding, stray padding or a foreign character is not base64 to auto", () => {
    const csv = base64("a,b\n1,2\n");
    expect(csv.endsWith("=")).toBe(true);
    expect(autoEncoding(csv)).toBe("base64");
    expect(autoEncoding(csv.replace(/=+$/, ""))).toBeNull();
    expect(autoEncoding(`${csv}=`)).toBeNull();
    expect(autoEncoding(`${csv.slice(0, 4)}-${csv.slice(5)}`)).toBeNull();
    // Asked for, base64 stays lenient about padding, as it was.
    expect(new TextDecoder().decode(documentBytes(csv.replace(/=+$/, ""), "base64").bytes)).toBe("a,b\n1,2\n");
  });

  test("prose, blanks and a one-line sentence without a delimiter are not told", () => {
    for (const content of ["Thank you for your business", "   \n\t ", "Rechnung Nr. 7 über 10 EUR", "<b>unclosed"]) expect(autoEncoding(content)).toBeNull();
  });

  test("not told: a 422 naming the field and saying to set encoding", () => {
    let error: unknown;
    try {
      documentBytes("Thank you for your business", "auto", "files.2");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "files.2", issue: "encoding not told" } });
    expect((error as AppError).message).toContain('set encoding to "base64" or "text"');
  });

  test("content over 10 MB is a 413 whichever way it would be read, told or not", () => {
    const huge = base64(new Uint8Array(10 * 1024 * 1024 + 1));
    expect(autoEncoding(huge)).toBeNull();
    for (const encoding of ["auto", "base64"] as const) expect(() => documentBytes(huge, encoding)).toThrow(expect.objectContaining({ code: "PAYLOAD_TOO_LARGE" }));
    expect(() => documentBytes(base64(new Uint8Array(10 * 1024 * 1024)), "auto")).toThrow(expect.objectContaining({ code: "VALIDATION_ERROR" }));
    expect(() => documentBytes(base64(new Uint8Array(10 * 1024 * 1024 + 1).fill(65)), "auto")).toThrow(expect.objectContaining({ code: "PAYLOAD_TOO_LARGE" }));
  });

  test("encoding text and base64 are taken as said", () => {
    expect(documentBytes("Thank you", "text")).toEqual({ bytes: new TextEncoder().encode("Thank you"), readAs: "text" });
    expect(documentBytes(base64("Thank you"), "base64")).toEqual({ bytes: new TextEncoder().encode("Thank you"), readAs: "base64" });
    expect(() => documentBytes("not base64!", "base64")).toThrow("content is not valid base64");
    expect(() => documentBytes("   ", "base64")).toThrow("content is empty");
  });
});

describe("documentKind", () => {
  test("text cut at 64 KiB inside a multi-byte character is still text; control bytes are not", () => {
    const long = new TextEncoder().encode(`${"a".repeat(64 * 1024 - 1)}é and more`);
    expect(documentKind(long)).toBe("text");
    expect(documentKind(new Uint8Array([0x68, 0x00, 0x69]))).toBeNull();
    expect(documentKind(bytesOf(0x25, 0x50, 0x44, 0x46, 0x2d))).toBe("pdf");
  });
});
