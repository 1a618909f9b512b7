// Which of the 16 formats a file is, when the caller does not say (ADR 0026). The order goes from
// the surest evidence to the weakest, so a file is never taken for a looser format it only
// resembles: magic bytes (PDF, PNG, JPEG, ZIP packages by their parts), then the XML root and its
// namespace, then text signatures (JSON's bracket, BEGIN:VCARD, the DSL's keyword lines, Markdown's
// heading or pipe table), then a header row of separated values, and plain text last.
import { CII_NAMESPACES } from "../../render/einvoice/cii.ts";
import { ublNamespace } from "../../render/einvoice/ubl.ts";
import { AppError } from "../domain/errors.ts";
import { isZip, openPackage } from "./archive.ts";
import { signatureKind } from "./document.ts";
import type { ImportFormat } from "./model.ts";
import { decodeText } from "./text.ts";
import { xmlRoot } from "./xml.ts";

const UBL_ROOTS = new Map((["Invoice", "CreditNote"] as const).map((root) => [root as string, ublNamespace(root)]));

function unsupported(what: string): AppError {
  return new AppError("VALIDATION_ERROR", `The file's format could not be told: ${what}. Name it with format (one of csv, tsv, xlsx, json, ubl, cii, xrechnung, facturx, pdf, docx, vcard, dsl, md, html, image, text)`, {
    field: "format",
    issue: "undetected",
  });
}

function packageFormat(bytes: Uint8Array): ImportFormat {
  const names = new Set(openPackage(bytes).names);
  if (names.has("xl/workbook.xml")) return "xlsx";
  if (names.has("word/document.xml")) return "docx";
  throw unsupported("a ZIP package that is neither an XLSX workbook nor a DOCX document");
}

/** The document's specification identifier (BT-24): UBL's CustomizationID, CII's guideline parameter. */
function specificationOf(text: string): string | null {
  const ubl = /<(?:\w+:)?CustomizationID[^>]*>([^<]*)</.exec(text);
  const cii = /<(?:\w+:)?GuidelineSpecifiedDocumentContextParameter[^>]*>\s*<(?:\w+:)?ID[^>]*>([^<]*)</.exec(text);
  return (ubl ?? cii)?.[1] ?? null;
}

function xmlFormat(text: string): ImportFormat {
  const root = xmlRoot(text);
  if (!root) throw unsupported("XML without a root element");
  const xrechnung = /xrechnung/i.test(specificationOf(text) ?? "");
  if (UBL_ROOTS.get(root.name) === root.namespace) return xrechnung ? "xrechnung" : "ubl";
  if (root.namespace === CII_NAMESPACES.rsm && root.name === "CrossIndustryInvoice") return xrechnung ? "xrechnung" : "cii";
  if (root.name.toLowerCase() === "html") return "html";
  throw unsupported(`XML whose root is ${root.name}${root.namespace ? ` in ${root.namespace}` : ""}, not a UBL or CII invoice`);
}

const DSL_KEYWORD = /^(INVOICE|FROM|TO|DATE|DUE|CURRENCY|TAX|ITEMS|NOTE|TERMS|LOCALE|FINALIZE|SEND)\b/;

/** Keyword lines of the Invoice DSL: an INVOICE line and at least two more keywords. */
function looksLikeDsl(lines: readonly string[]): boolean {
  const keywords = lines.filter((line) => DSL_KEYWORD.test(line.trim()));
  return /^INVOICE\b/.test(lines[0]?.trim() ?? "") && keywords.length >= 3;
}

function looksLikeMarkdown(lines: readonly string[]): boolean {
  return lines.some((line) => /^#{1,6} \S/.test(line)) || lines.some((line) => /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*$/.test(line));
}

/** A separator that splits the first lines into the same number (≥ 2) of cells. */
function separatedBy(lines: readonly string[]): "," | ";" | "\t" | "|" | null {
  const sample = lines.slice(0, 5);
  if (sample.length === 0) return null;
  for (const separator of ["\t", ";", ",", "|"] as const) {
    const counts = sample.map((line) => line.split(separator).length);
    if ((counts[0] ?? 0) >= 2 && counts.every((count) => count === counts[0])) return separator;
  }
  return null;
}

function textFormat(text: string): ImportFormat {
  const trimmed = text.trimStart();
  if (/^<!doctype html/i.test(trimmed) || /^<html[\s>]/i.test(trimmed)) return "html";
  if (trimmed.startsWith("<")) return xmlFormat(trimmed);
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) return "json";
  if (/^BEGIN:VCARD/i.test(trimmed)) return "vcard";
  const lines = trimmed.split(/\r\n|\r|\n/).filter((line) => line.trim() !== "");
  if (looksLikeDsl(lines)) return "dsl";
  if (looksLikeMarkdown(lines)) return "md";
  // A table has a header of several cells; a single line of prose with commas is not one.
  const separator = lines.length >= 2 ? separatedBy(lines) : null;
  if (separator === "\t") return "tsv";
  if (separator === "," || separator === ";") return "csv";
  return "text";
}

/** The file's format, from its content alone. */
export async function detectFormat(bytes: Uint8Array): Promise<ImportFormat> {
  const signed = signatureKind(bytes);
  // pdf-lib loads with the first PDF: most processes never import one, and it costs ~20 MB resident.
  if (signed === "pdf") return (await (await import("./formats/facturx.ts")).facturXAttachment(bytes)) ? "facturx" : "pdf";
  if (signed === "png" || signed === "jpeg") return "image";
  if (isZip(bytes)) return packageFormat(bytes);
  const text = decodeText(bytes);
  if (text === null) throw unsupported("binary content that is no PDF, PNG, JPEG, XLSX or DOCX");
  return textFormat(text);
}
