// Export on the wire: what export takes and the signed link it returns (ADR 0010 "Downloads", "The export's reply").
import { z } from "zod";
import { EXPORT_FORMATS, XRECHNUNG_SYNTAXES } from "../../server/domain/formats.ts";
import { BASE_DESIGNS } from "../../server/domain/templates.ts";
import { templateId } from "../templates/template.schema.ts";

export const exportOptions = {
  format: z.enum(EXPORT_FORMATS).default("pdf").describe("facturx is ZUGFeRD"),
  template_id: templateId.optional().describe("render with this template instead of the invoice's own"),
  syntax: z.enum(XRECHNUNG_SYNTAXES).default("ubl").describe("XRechnung's syntax: ubl or cii"),
};

/** An invoice given in the call names nothing stored: its design is a built-in one. */
export const inlineTemplateId = z.enum(BASE_DESIGNS).optional().describe("a built-in design: classic (default), modern, minimal or bold");

export const exportOutput = z
  .object({
    format: z.enum(EXPORT_FORMATS),
    url: z.string().describe("signed download link, valid until expires_at"),
    expires_at: z.string(),
    size: z.int().describe("bytes"),
    sha256: z.string(),
    content_type: z.string(),
    file_name: z.string(),
    text: z.string().nullable().describe("the file itself when it is text of at most 64 KiB (JSON, CSV, Markdown, DSL, XML, SVG, HTML); null otherwise"),
  })
  .meta({ id: "ExportedFile" });
