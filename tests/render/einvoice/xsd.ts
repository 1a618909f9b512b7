// XSD validation through xmllint (Debian libxml2-utils), the XML on stdin, against the official
// schemas kept in the repository (tests/fixtures/einvoice-schemas). CI installs xmllint and must run
// these checks (a missing one fails there); a developer machine without it skips them instead of
// failing for a missing system tool.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The official schemas, in the repository. */
export const EINVOICE_DIR = fileURLToPath(new URL("../../fixtures/einvoice-schemas/", import.meta.url));
/** The official EN 16931 example invoices, in the repository. */
export const EXAMPLES_DIR = fileURLToPath(new URL("../../fixtures/imports/einvoice/", import.meta.url));

export const SCHEMAS = {
  invoice: `${EINVOICE_DIR}/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd`,
  creditNote: `${EINVOICE_DIR}/ubl-2.1/maindoc/UBL-CreditNote-2.1.xsd`,
  cii: `${EINVOICE_DIR}/cii-d16b/CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd`,
  /** Factur-X 1.0 / ZUGFeRD 2.x EN 16931 profile: the CII D16B subset that profile allows. */
  facturX: `${EINVOICE_DIR}/facturx/EN16931/FACTUR-X_EN16931.xsd`,
} as const;

const hasXmllint = spawnSync("xmllint", ["--version"]).status === 0;
/** Skip XSD tests only off CI, for a missing xmllint; on CI they run and fail loudly when it is missing. */
export const skipXsd = !hasXmllint && !process.env.CI;

export type XsdResult = { valid: boolean; errors: string };

export function validateXsd(xml: string, schema: string): XsdResult {
  if (!hasXmllint) throw new Error("xmllint is not installed (apt-get install libxml2-utils)");
  if (!existsSync(schema)) throw new Error(`schema ${schema} is missing from tests/fixtures/einvoice-schemas`);
  const run = spawnSync("xmllint", ["--noout", "--nonet", "--schema", schema, "-"], { input: xml, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return { valid: run.status === 0, errors: run.stderr };
}

/** The UBL schema for a document: Invoice or CreditNote by its root element. */
export function ublSchema(xml: string): string {
  return /<CreditNote[\s>]/.test(xml) ? SCHEMAS.creditNote : SCHEMAS.invoice;
}
