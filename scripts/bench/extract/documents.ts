// The files the benchmark extracts, made by the service's own renderer (render/export.ts, as an
// export does): the PDF, the PNG — a document of several pages is one tall PNG of every page, top
// to bottom with a grey gap (render/visual.ts), which is what the PNG export hands a user — and that
// PNG's degraded copy.
import { exportInvoice } from "../../../render/export.ts";
import { builtInTemplate } from "../../../render/templates/template.ts";
import type { CorpusInvoice } from "./corpus.ts";
import { degradePng } from "./degrade.ts";
import type { DocumentKind } from "./summary.ts";

export type RenderedInvoice = { invoice: CorpusInvoice; files: Partial<Record<DocumentKind, Uint8Array>> };

const CREATED_AT = "2026-11-01T09:00:00.000Z";

async function exported(invoice: CorpusInvoice, format: "pdf" | "png"): Promise<Uint8Array> {
  const { record, profile, design } = invoice;
  const file = await exportInvoice({ record, profile, template: builtInTemplate(design), format, syntax: "ubl", createdAt: CREATED_AT });
  return file.bytes;
}

/** The kinds asked for; the degraded copy is drawn from `seed` and the invoice's index. */
export async function renderInvoice(invoice: CorpusInvoice, kinds: ReadonlySet<DocumentKind>, seed: number): Promise<RenderedInvoice> {
  const files: RenderedInvoice["files"] = {};
  if (kinds.has("pdf")) files.pdf = await exported(invoice, "pdf");
  if (kinds.has("png") || kinds.has("degraded")) {
    const png = await exported(invoice, "png");
    if (kinds.has("png")) files.png = png;
    if (kinds.has("degraded")) files.degraded = degradePng(png, seed + invoice.index).png;
  }
  return { invoice, files };
}

/** The extractor's name for a file kind: a degraded copy is still a PNG. */
export function mediaKind(kind: DocumentKind): "pdf" | "png" {
  return kind === "pdf" ? "pdf" : "png";
}
