// One entry for every export format: a typed payload in (the invoice, the seller's profile, the
// template, the format), a file out. Pure and structured-clone safe both ways, so the same call
// runs inline for cheap text formats and inside a render worker for the heavy ones
// (server/documents/render-pool.ts decides which).
import type { InvoiceRecord } from "../server/domain/invoice.ts";
import type { StoredProfile } from "../server/domain/profile.ts";
import { toCsv } from "./codecs/csv.ts";
import { toDsl } from "./codecs/dsl.ts";
import { toJson } from "./codecs/json.ts";
import { toMarkdown } from "./codecs/markdown.ts";
import { EN16931_GUIDELINE, toCii } from "./einvoice/cii.ts";
import { toEn16931 } from "./einvoice/model.ts";
import { assertBusinessRules } from "./einvoice/rules/index.ts";
import { toUbl } from "./einvoice/ubl.ts";
import { toXRechnung } from "./einvoice/xrechnung.ts";
import type { RenderTemplate } from "./templates/template.ts";
import { EINVOICE_FORMATS, type ExportFormat, type XRechnungSyntax } from "../server/domain/formats.ts";


/** Formats that do not depend on the template: their stored file is shared by every template. */
export const TEMPLATE_FREE_FORMATS: ReadonlySet<ExportFormat> = new Set(["json", "csv", "xlsx", "docx", "md", "dsl", "ubl", "cii", "xrechnung"]);

export type ExportPayload = {
  record: InvoiceRecord;
  profile: StoredProfile;
  template: RenderTemplate;
  format: ExportFormat;
  /** XRechnung's syntax; ignored by the other formats. */
  syntax: XRechnungSyntax;
  /** ISO instant written into file metadata (PDF dates), so one payload gives one file. */
  createdAt: string;
};

export type ExportedFile = { bytes: Uint8Array; contentType: string; extension: string };

const utf8 = new TextEncoder();

function text(body: string, contentType: string, extension: string): ExportedFile {
  return { bytes: utf8.encode(body), contentType: `${contentType}; charset=utf-8`, extension };
}

/** The checked EN 16931 model: a 422 naming the business term or the broken rule, never a bad file. */
function checkedModel({ record, profile }: Pick<ExportPayload, "record" | "profile">) {
  const model = toEn16931(record, profile);
  assertBusinessRules(model);
  return model;
}

// Painting (satori, resvg, pdf-lib, the fonts), the office codecs and HTML are loaded on first use:
// the service's main thread exports only the text formats inline (server/documents/renderer.ts)
// and never loads them, which keeps some 80 MB out of its memory; render workers load them once.
const visual = () => import("./visual.ts");
const layoutOf = async ({ record, template }: ExportPayload) => (await import("./templates/index.ts")).layoutInvoice(record, template);

/**
 * Refuses, with the 422 the export itself would give, an invoice that cannot be an e-invoice in
 * `format`, without making the file: a multi-format export checks every format before storing any.
 */
export function assertExportable(payload: Pick<ExportPayload, "record" | "profile" | "format" | "syntax">): void {
  if (!EINVOICE_FORMATS.has(payload.format)) return;
  if (payload.format === "xrechnung") toXRechnung(toEn16931(payload.record, payload.profile), payload.syntax);
  // UBL's writer adds Peppol BIS Billing's own requirements (a buyer reference, both electronic addresses).
  else if (payload.format === "ubl") toUbl(checkedModel(payload));
  else checkedModel(payload);
}

export async function exportInvoice(payload: ExportPayload): Promise<ExportedFile> {
  const { record } = payload;
  switch (payload.format) {
    case "json":
      return text(toJson(record), "application/json", "json");
    case "csv":
      return text(toCsv(record), "text/csv", "csv");
    case "md":
      return text(toMarkdown(record), "text/markdown", "md");
    case "dsl":
      return text(toDsl(record), "text/plain", "txt");
    case "xlsx":
      return { bytes: await (await import("./codecs/xlsx.ts")).toXlsx(record), contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx" };
    case "docx":
      return { bytes: await (await import("./codecs/docx.ts")).toDocx(record), contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx" };
    case "ubl":
      return text(toUbl(checkedModel(payload)), "application/xml", "xml");
    case "cii":
      return text(toCii(checkedModel(payload), { guideline: EN16931_GUIDELINE }), "application/xml", "xml");
    case "xrechnung":
      // toXRechnung checks the German CIUS (BR-DE) and the EN 16931 rules on its own model.
      return text(toXRechnung(toEn16931(record, payload.profile), payload.syntax), "application/xml", "xml");
    case "html":
      return text((await import("./codecs/html.ts")).toHtml(record, payload.template), "text/html", "html");
    case "pdf":
      return { bytes: await (await visual()).renderPdf(await layoutOf(payload), { createdAt: new Date(payload.createdAt) }), contentType: "application/pdf", extension: "pdf" };
    case "png":
      return { bytes: await (await visual()).renderPng(await layoutOf(payload)), contentType: "image/png", extension: "png" };
    case "svg":
      return text(await (await visual()).renderSvg(await layoutOf(payload)), "image/svg+xml", "svg");
    case "facturx": {
      // The model is checked before any painting: an invoice that cannot be an e-invoice costs no PDF.
      const model = checkedModel(payload);
      const createdAt = new Date(payload.createdAt);
      const pdf = await (await visual()).renderPdf(await layoutOf(payload), { createdAt });
      return { bytes: await (await import("./einvoice/facturx.ts")).toFacturX(pdf, model, { createdAt }), contentType: "application/pdf", extension: "pdf" };
    }
  }
}
