// The official EN 16931 examples (tests/fixtures/imports/einvoice) as the reference for shapes: they pass
// the same XSD check our documents do, the check rejects a misordered document, and every element
// and attribute we write appears, at the same place, in at least one official example.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { toCii } from "../../../render/einvoice/cii.ts";
import { toEn16931 } from "../../../render/einvoice/model.ts";
import { toUbl } from "../../../render/einvoice/ubl.ts";
import { CASES, caseNamed, SELLER } from "./fixtures.ts";
import { parser } from "./summary.ts";
import { EXAMPLES_DIR, SCHEMAS, skipXsd, ublSchema, validateXsd } from "./xsd.ts";

const EXAMPLES = EXAMPLES_DIR;

function examples(syntax: "ubl" | "cii"): Array<{ file: string; xml: string }> {
  if (skipXsd) return [];
  return readdirSync(`${EXAMPLES}/${syntax}`)
    .sort()
    .map((file) => ({ file, xml: readFileSync(`${EXAMPLES}/${syntax}/${file}`, "utf8") }));
}

/** A credit note's words mapped onto the invoice's, so both documents share one set of paths. */
const CREDIT_NOTE_WORDS: Record<string, string> = {
  CreditNote: "Invoice",
  CreditNoteLine: "InvoiceLine",
  CreditedQuantity: "InvoicedQuantity",
  CreditNoteTypeCode: "InvoiceTypeCode",
};

/** Every element and attribute as a path of local names: "Invoice/TaxTotal/TaxAmount/@currencyID". */
function paths(xml: string): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown, path: string): void => {
    if (Array.isArray(node)) return node.forEach((entry) => walk(entry, path));
    found.add(path);
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "#text" || key.startsWith("@xmlns") || key === "@schemaLocation") continue;
      if (key.startsWith("@")) found.add(`${path}/${key}`);
      else walk(value, `${path}/${CREDIT_NOTE_WORDS[key] ?? key}`);
    }
  };
  for (const [root, value] of Object.entries(parser.parse(xml) as Record<string, unknown>)) {
    if (root !== "?xml") walk(value, CREDIT_NOTE_WORDS[root] ?? root);
  }
  return found;
}

/**
 * Paths we write that no official example shows, each with the rule that puts it there.
 */
const BEYOND_EXAMPLES = new Set([
  // A UBL CreditNote has no cbc:DueDate; EN 16931-3-2 binds a credit note's BT-9 here.
  "Invoice/PaymentMeans/PaymentDueDate",
  // BT-121 (VATEX code): defined by EN 16931 and Peppol BIS; the UBL examples only show BT-120 text.
  "Invoice/TaxTotal/TaxSubtotal/TaxCategory/TaxExemptionReasonCode",
]);

describe.skipIf(skipXsd)("the official examples pass the XSD check the tests rely on", () => {
  for (const { file, xml } of examples("ubl")) test(`UBL ${file}`, () => expect(validateXsd(xml, ublSchema(xml)).valid).toBe(true));
  for (const { file, xml } of examples("cii")) test(`CII ${file}`, () => expect(validateXsd(xml, SCHEMAS.cii).valid).toBe(true));

  test("and the check catches an element out of the XSD's order", () => {
    const xml = toUbl(toEn16931(caseNamed("several VAT rates"), SELLER));
    const misordered = xml.replace(/(\s*<cbc:IssueDate>[^<]*<\/cbc:IssueDate>)(\s*<cbc:DueDate>[^<]*<\/cbc:DueDate>)/, "$2$1");
    expect(misordered).not.toBe(xml);
    const result = validateXsd(misordered, SCHEMAS.invoice);
    expect(result.valid).toBe(false);
    expect(result.errors).toContain("IssueDate");
  });
});

describe.skipIf(skipXsd)("our documents use only shapes the official examples use", () => {
  test("UBL: every element and attribute path appears in an official UBL example", () => {
    const reference = new Set(examples("ubl").flatMap(({ xml }) => [...paths(xml)]));
    const ours = new Set(CASES.flatMap(({ record }) => [...paths(toUbl(toEn16931(record, SELLER)))]));
    expect([...ours].filter((path) => !reference.has(path) && !BEYOND_EXAMPLES.has(path))).toEqual([]);
  });

  test("CII: every element and attribute path appears in an official CII example", () => {
    const reference = new Set(examples("cii").flatMap(({ xml }) => [...paths(xml)]));
    const ours = new Set(CASES.flatMap(({ record }) => [...paths(toCii(toEn16931(record, SELLER)))]));
    expect([...ours].filter((path) => !reference.has(path))).toEqual([]);
  });
});
