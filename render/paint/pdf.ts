// Paints a laid-out document as PDF with pdf-lib: subset TrueType fonts with real, extractable text
// placed glyph by glyph where the layout measured it (pdf-text.ts), rectangles, rules and images
// (pdf-shapes.ts), and the document's title, language, creator, producer and dates. Each page's
// operators are written as text (pdf-operators.ts) into one deflated content stream; pdf-lib holds
// the document's objects and writes the file.
// Pure: the layout in, bytes out; the only I/O is the font registry reading a TTF the first time.
// Dates come from the caller (`createdAt`) so tests can ask for byte-identical output.
// Not done here: XMP metadata and an output intent, which PDF/A-3 (Factur-X) needs on top.
import pako from "pako";
import { PDFDocument, type PDFPage } from "pdf-lib";
import type { LoadedFont } from "../fonts/registry.ts";
import type { DocumentLayout, PageLayout, PlacedRun } from "../layout/boxes.ts";
import { withFillRuns } from "../layout/fill-runs.ts";
import { embedFonts, type DocumentFont } from "./pdf-fonts.ts";
import { initialState } from "./pdf-operators.ts";
import { fillOperators, imageOperators, lineOperators, rectOperators, type ImageCache } from "./pdf-shapes.ts";
import { textOperators, type TextTarget } from "./pdf-text.ts";
import { shapedRun, type ShapedRun } from "./run-glyphs.ts";

export const PDF_CREATOR = "invoicing-service";
export const PDF_PRODUCER = "invoicing-service (pdf-lib 1.17.1)";

export type PaintPdfOptions = {
  /** CreationDate and ModDate; now by default. */
  createdAt?: Date;
};

type ShapedRuns = Map<PlacedRun, ShapedRun>;

/**
 * Deflate effort for page content (pako, as pdf-lib uses: the same bytes under Bun and Deno). A
 * page of text operators deflates to ~4.7 kB at level 2 in ~0.25 ms, ~3.7 kB at pdf-lib's level 6
 * in ~0.6 ms: content is new with every document, so it takes the fast level.
 */
const CONTENT_FLATE_LEVEL = 2;

/**
 * The document as PDF bytes.
 *
 * Cost, measured (Bun 1.4.5 on the shared 2-core machine, CPU time, median): the benchmark's
 * one-page 20-line invoice ~1.5 ms once its fonts' subsets are cached, ~6 ms with a glyph set not
 * seen before; painting through pdf-lib's embedFont and drawing calls took ~13 ms. The first
 * document of a process also pays the registry's parse of each font (~50 ms with Noto Sans JP).
 */
export async function paintPdf(layout: DocumentLayout, options: PaintPdfOptions = {}): Promise<Uint8Array> {
  if (layout.pages.length === 0) throw new RangeError("a PDF needs at least one page");
  const createdAt = options.createdAt ?? new Date();
  // updateMetadata: false, or pdf-lib stamps its own producer and the current time.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(layout.title, { showInWindowTitleBar: true });
  doc.setLanguage(layout.language);
  doc.setCreator(PDF_CREATOR);
  doc.setProducer(PDF_PRODUCER);
  doc.setCreationDate(createdAt);
  doc.setModificationDate(createdAt);

  // Glyphs first: the fonts' subsets are made of the glyphs each one draws.
  const shaped = shapeRuns(layout);
  const used = new Map<LoadedFont, Set<number>>();
  for (const { font, glyphs } of shaped.values()) {
    const ids = used.get(font) ?? new Set<number>();
    for (const glyph of glyphs) ids.add(glyph.id);
    used.set(font, ids);
  }
  const fonts = await embedFonts(doc, used);
  const images: ImageCache = { doc, byDigest: new Map() };
  const encoder = new TextEncoder();

  for (const pageLayout of layout.pages) {
    const page = doc.addPage([pageLayout.width, pageLayout.height]);
    const content = await pageContent(pageLayout, page, { page: page.node, pageHeight: pageLayout.height, fonts, glyphs: shaped, names: new Map<DocumentFont, string>() }, images);
    const stream = doc.context.stream(pako.deflate(encoder.encode(content), { level: CONTENT_FLATE_LEVEL }), { Filter: "FlateDecode" });
    page.node.addContentStream(doc.context.register(stream));
  }
  // objectsPerTick: Infinity, or pdf-lib yields to a timer every 50 objects while writing.
  // No object streams: the few dictionaries stay plain (~1.5 kB more) and are not deflated again.
  return doc.save({ objectsPerTick: Number.POSITIVE_INFINITY, updateFieldAppearances: false, addDefaultPage: false, useObjectStreams: false });
}

/** The page's operators in box order, runs of plain fills of one colour merged into one path. */
async function pageContent(layout: PageLayout, page: PDFPage, text: TextTarget, images: ImageCache): Promise<string> {
  const state = initialState();
  const operators: string[] = [];
  for (const box of withFillRuns(layout.boxes)) {
    if (Array.isArray(box)) operators.push(...fillOperators(box, layout.height, state));
    else if (box.kind === "text") operators.push(...textOperators(box, text, state));
    else if (box.kind === "rect") operators.push(...rectOperators(box, layout.height, state));
    else if (box.kind === "line") operators.push(...lineOperators(box, layout.height, state));
    else operators.push(...(await imageOperators(box, layout.height, page.node, images)));
  }
  return operators.join("\n");
}

function shapeRuns(layout: DocumentLayout): ShapedRuns {
  const shaped: ShapedRuns = new Map();
  for (const page of layout.pages) {
    for (const box of page.boxes) {
      if (box.kind !== "text") continue;
      for (const run of box.runs) {
        if (run.text === "") continue;
        shaped.set(run, shapedRun(run));
      }
    }
  }
  return shaped;
}
