// Paints a laid-out document as PDF with pdf-lib: subset TrueType fonts with real, extractable text
// placed glyph by glyph where the layout measured it (pdf-text.ts), rectangles, rules and images
// (pdf-shapes.ts), and the document's title, language, creator, producer and dates.
// Pure: the layout in, bytes out; the only I/O is the font registry reading a TTF the first time.
// Dates come from the caller (`createdAt`) so tests can ask for byte-identical output.
// Not done here: XMP metadata and an output intent, which PDF/A-3 (Factur-X) needs on top.
import { PDFDocument, type PDFName } from "pdf-lib";
import { glyphsFor, type PlacedGlyph } from "../fonts/metrics.ts";
import type { LoadedFont } from "../fonts/registry.ts";
import type { DocumentLayout, PlacedRun } from "../layout/boxes.ts";
import { embedFonts, loadedFontOf, type DocumentFont } from "./pdf-fonts.ts";
import { drawImage, drawLine, drawRect, type ImageCache } from "./pdf-shapes.ts";
import { textOperators } from "./pdf-text.ts";

export const PDF_CREATOR = "invoicing-service";
export const PDF_PRODUCER = "invoicing-service (pdf-lib 1.17.1)";

export type PaintPdfOptions = {
  /** CreationDate and ModDate; now by default. */
  createdAt?: Date;
};

type ShapedRuns = Map<PlacedRun, { font: LoadedFont; glyphs: PlacedGlyph[] }>;

/**
 * The document as PDF bytes.
 *
 * Cost, measured (Bun 1.4.5 on the 2-core dev machine, median of 40, fonts already parsed): the
 * two-page sample of tests/render/paint (Noto Sans regular and bold, JP, Hebrew, Arabic, a PNG)
 * ~13 ms, of which ~11.7 ms is pdf-lib's save (subsetting five fonts and deflating); a one-page
 * Latin document ~2.7 ms. Letting pdf-lib parse each font per document, as it does by default,
 * made the same runs ~30 ms and ~5 ms (see pdf-fonts.ts). The first document of a process also
 * pays the registry's parse (~50 ms with Noto Sans JP).
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

  // Glyphs first: the fonts' subset names are derived from the glyphs each one draws.
  const shaped = shapeRuns(layout);
  const used = new Map<LoadedFont, Set<number>>();
  for (const { font, glyphs } of shaped.values()) {
    const ids = used.get(font) ?? new Set<number>();
    for (const glyph of glyphs) ids.add(glyph.id);
    used.set(font, ids);
  }
  const fonts = await embedFonts(doc, used);
  const images: ImageCache = { doc, byDigest: new Map() };

  for (const pageLayout of layout.pages) {
    const page = doc.addPage([pageLayout.width, pageLayout.height]);
    const target = { page, fonts, glyphs: shaped, names: new Map<DocumentFont, PDFName>() };
    for (const box of pageLayout.boxes) {
      if (box.kind === "text") page.pushOperators(...textOperators(box, target));
      else if (box.kind === "rect") drawRect(page, box);
      else if (box.kind === "line") drawLine(page, box);
      else await drawImage(page, box, images);
    }
  }
  // objectsPerTick: Infinity, or pdf-lib yields to a timer every 50 objects while writing.
  return doc.save({ objectsPerTick: Number.POSITIVE_INFINITY, updateFieldAppearances: false, addDefaultPage: false });
}

function shapeRuns(layout: DocumentLayout): ShapedRuns {
  const shaped: ShapedRuns = new Map();
  for (const page of layout.pages) {
    for (const box of page.boxes) {
      if (box.kind !== "text") continue;
      for (const run of box.runs) {
        if (run.text === "") continue;
        const font = loadedFontOf(run.font);
        shaped.set(run, { font, glyphs: glyphsFor(run.text, font, run.direction) });
      }
    }
  }
  return shaped;
}
