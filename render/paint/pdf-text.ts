// Text boxes as PDF text operators. Each run is drawn from the glyphs the layout measured
// (metrics.glyphsFor: kerning, Arabic shaping and mark offsets included) with one TJ array: glyph
// codes of the embedded subset, and between them the adjustment that moves the text cursor from
// where the font's own width table leaves it to where the layout placed the next glyph. pdf-lib's
// drawText would place plain advances (no kerning) and lay the string out again per call.
// The glyphs stay real text: the subset's ToUnicode map gives each code its characters, so
// extraction reads the words. Right-to-left runs arrive as glyphs in visual order (left to right);
// readers such as pdftotext put them back into reading order themselves.
// A shaped run (Arabic, or any text with combining marks) also carries its logical text as
// /ActualText: there one glyph need not be one character (Noto Sans Arabic draws medial beh, teh,
// yeh and noon with one dotless glyph plus dot glyphs, so per-glyph ToUnicode would read the
// wrong letters). Poppler honours ActualText but spreads it left to right over the run before its
// own right-to-left reordering, so pdftotext prints such runs reversed (letters right); readers
// that follow the spec (Acrobat) copy the logical text.
import { PDFArray, PDFHexString, PDFName, PDFNumber, PDFOperator, PDFOperatorNames, type PDFPage } from "pdf-lib";
import { beginText, endMarkedContent, endText, setFillingRgbColor, setFontAndSize, setTextMatrix, setTextRise, type PDFContext } from "pdf-lib";
import { needsShaping, type PlacedGlyph } from "../fonts/metrics.ts";
import type { LoadedFont } from "../fonts/registry.ts";
import type { PlacedRun, TextBox } from "../layout/boxes.ts";
import { encodeGlyphs, pdfWidth, type DocumentFont } from "./pdf-fonts.ts";
import { rgbOf } from "./pdf-shapes.ts";

/** What drawing text on one page needs: the document's fonts and the page's font resource names. */
export type TextTarget = {
  page: PDFPage;
  fonts: Map<LoadedFont, DocumentFont>;
  /** Glyphs per run, computed once before the fonts were embedded. */
  glyphs: Map<PlacedRun, { font: LoadedFont; glyphs: PlacedGlyph[] }>;
  /** Resource name per font on this page. */
  names: Map<DocumentFont, PDFName>;
};

export function textOperators(box: TextBox, target: TextTarget): PDFOperator[] {
  const { page } = target;
  const y = round(page.getHeight() - box.baseline);
  const [r, g, b] = rgbOf(box.color);
  const operators: PDFOperator[] = [beginText(), setFillingRgbColor(r, g, b)];
  let current: DocumentFont | undefined;
  for (const run of box.runs) {
    const shaped = target.glyphs.get(run);
    if (!shaped || shaped.glyphs.length === 0) continue;
    const font = target.fonts.get(shaped.font) as DocumentFont;
    if (font !== current) {
      operators.push(setFontAndSize(resourceName(font, target), box.size));
      current = font;
    }
    const drawn = [setTextMatrix(1, 0, 0, 1, round(run.x), y), ...runOperators(font, shaped.glyphs, box.size, page.doc.context)];
    operators.push(...(needsActualText(run) ? withActualText(run.text, drawn, page.doc.context) : drawn));
  }
  operators.push(endText());
  return operators;
}

function resourceName(font: DocumentFont, target: TextTarget): PDFName {
  let name = target.names.get(font);
  if (!name) {
    name = target.page.node.newFontDictionary(font.loaded.key, font.pdfFont.ref);
    target.names.set(font, name);
  }
  return name;
}

// Positions are tracked in thousandths of text space (the unit of W and of TJ numbers): `cursor`
// is where the PDF's text position is, `pen` where the layout's is. A glyph with a vertical offset
// (a mark above or below its letter) ends the TJ and is drawn with a text rise.
function runOperators(font: DocumentFont, glyphs: PlacedGlyph[], size: number, context: PDFContext): PDFOperator[] {
  const codes = encodeGlyphs(font, glyphs.map((glyph) => glyph.id));
  const operators: PDFOperator[] = [];
  let items = PDFArray.withContext(context);
  let cursor = 0;
  let pen = 0;
  let rise = 0;
  glyphs.forEach((glyph, index) => {
    if (glyph.yOffset !== rise) {
      if (items.size() > 0) operators.push(showAdjusted(items));
      items = PDFArray.withContext(context);
      rise = glyph.yOffset;
      operators.push(setTextRise(round((rise * font.scale * size) / 1000)));
    }
    // A positive TJ number moves the next glyph left.
    const adjustment = round(cursor - (pen + glyph.xOffset) * font.scale);
    if (adjustment !== 0) items.push(PDFNumber.of(adjustment));
    items.push(PDFHexString.of(codes[index] as string));
    cursor += pdfWidth(font, glyph.id) - adjustment;
    pen += glyph.advance;
  });
  if (items.size() > 0) operators.push(showAdjusted(items));
  if (rise !== 0) operators.push(setTextRise(0));
  return operators;
}

function needsActualText(run: PlacedRun): boolean {
  return needsShaping(run.text);
}

function withActualText(text: string, operators: PDFOperator[], context: PDFContext): PDFOperator[] {
  // pdf-lib's operand type leaves out dictionaries, which BDC takes inline; it writes any object.
  const properties = context.obj({ ActualText: PDFHexString.fromText(text) }) as unknown as PDFArray;
  return [PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of("Span"), properties]), ...operators, endMarkedContent()];
}

function showAdjusted(items: PDFArray): PDFOperator {
  return PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [items]);
}

/** Three decimals: a thousandth of a point on the page, far below what any device shows. */
function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
