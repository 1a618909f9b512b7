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
import { PDFName, type PDFPageLeaf } from "pdf-lib";
import { needsShaping, type PlacedGlyph } from "../fonts/metrics.ts";
import type { LoadedFont } from "../fonts/registry.ts";
import type { PlacedRun, TextBox } from "../layout/boxes.ts";
import { pdfWidth, type DocumentFont } from "./pdf-fonts.ts";
import { fillColour, num, setState, utf16String, type GraphicsState } from "./pdf-operators.ts";
import type { ShapedRun } from "./run-glyphs.ts";

/** What drawing text on one page needs: the document's fonts and the page's font resource names. */
export type TextTarget = {
  page: PDFPageLeaf;
  pageHeight: number;
  fonts: Map<LoadedFont, DocumentFont>;
  /** Glyphs per run, computed once before the fonts were embedded. */
  glyphs: Map<PlacedRun, ShapedRun>;
  /** Resource name per font on this page ("/F1"). */
  names: Map<DocumentFont, string>;
};

export function textOperators(box: TextBox, target: TextTarget, state: GraphicsState): string[] {
  const y = num(target.pageHeight - box.baseline);
  const operators: string[] = ["BT", ...fillColour(state, box.color)];
  for (const run of box.runs) {
    const shaped = target.glyphs.get(run);
    if (!shaped || shaped.glyphs.length === 0) continue;
    const font = target.fonts.get(shaped.font) as DocumentFont;
    operators.push(...setState(state, "font", `${resourceName(font, target)} ${num(box.size)} Tf`));
    const drawn = [`1 0 0 1 ${num(run.x)} ${y} Tm`, ...runOperators(font, shaped.glyphs, box.size)];
    operators.push(...(needsActualText(run) ? [`/Span <</ActualText ${utf16String(run.text)}>> BDC`, ...drawn, "EMC"] : drawn));
  }
  operators.push("ET");
  return operators;
}

function resourceName(font: DocumentFont, target: TextTarget): string {
  let name = target.names.get(font);
  if (!name) {
    const key = PDFName.of(`F${target.names.size + 1}`);
    target.page.setFontDictionary(key, font.ref);
    name = key.asString();
    target.names.set(font, name);
  }
  return name;
}

// Positions are tracked in thousandths of text space (the unit of W and of TJ numbers): `cursor`
// is where the PDF's text position is, `pen` where the layout's is. Glyphs with no adjustment
// between them share one hex string. A glyph with a vertical offset (a mark above or below its
// letter) ends the TJ and is drawn with a text rise.
function runOperators(font: DocumentFont, glyphs: readonly PlacedGlyph[], size: number): string[] {
  const operators: string[] = [];
  let items = "";
  let codes = "";
  let cursor = 0;
  let pen = 0;
  let rise = 0;
  const endCodes = (): void => {
    if (codes !== "") items += `<${codes}>`;
    codes = "";
  };
  const endShow = (): void => {
    endCodes();
    if (items !== "") operators.push(`[${items}] TJ`);
    items = "";
  };
  for (const glyph of glyphs) {
    if (glyph.yOffset !== rise) {
      endShow();
      rise = glyph.yOffset;
      operators.push(`${num((rise * font.scale * size) / 1000)} Ts`);
    }
    // A positive TJ number moves the next glyph left. No spaces: "<" and ">" delimit the tokens.
    const adjustment = round(cursor - (pen + glyph.xOffset) * font.scale);
    if (adjustment !== 0) {
      endCodes();
      items += String(adjustment);
    }
    codes += font.codes.get(glyph.id) as string;
    cursor += pdfWidth(font, glyph.id) - adjustment;
    pen += glyph.advance;
  }
  endShow();
  if (rise !== 0) operators.push("0 Ts");
  return operators;
}

function needsActualText(run: PlacedRun): boolean {
  return needsShaping(run.text);
}

/** Three decimals, as num() prints them, kept as a number for the cursor's bookkeeping. */
function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
