// Other languages and scripts: a German draft says ENTWURF, a Japanese invoice draws its kanji and
// kana with Noto Sans JP, Arabic and Hebrew text comes out with their Noto fonts and sits at the
// right edge of its column. Every character of every run has a glyph in the font that draws it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { hasGlyph, isDefaultIgnorable } from "../../../render/fonts/metrics.ts";
import { loadFont } from "../../../render/fonts/registry.ts";
import type { DocumentLayout, TextBox } from "../../../render/layout/boxes.ts";
import { layoutInvoice } from "../../../render/templates/index.ts";
import { BASE_DESIGNS, type BaseDesign } from "../../../server/domain/templates.ts";
import { builtInTemplate } from "../../../render/templates/template.ts";
import { renderPdf } from "../../../render/visual.ts";
import { GERMAN_DRAFT, HOSTILE, JAPANESE, RIGHT_TO_LEFT } from "../../../scripts/samples/templates.ts";
import { pdfFile, pdfFonts, pdfText, skipPoppler, type PdfFile } from "./poppler.ts";

const CASES = { draft: GERMAN_DRAFT, japanese: JAPANESE, rtl: RIGHT_TO_LEFT } as const;
type Case = keyof typeof CASES;
const files = new Map<string, PdfFile>();
const key = (name: Case, base: BaseDesign): string => `${name}-${base}`;

beforeAll(async () => {
  for (const base of BASE_DESIGNS) {
    for (const [name, record] of Object.entries(CASES)) files.set(key(name as Case, base), pdfFile(await renderPdf(layoutInvoice(record, builtInTemplate(base)))));
  }
});

afterAll(() => {
  for (const file of files.values()) file.dispose();
});

const textBoxes = (layout: DocumentLayout): TextBox[] => layout.pages.flatMap((page) => page.boxes.filter((box): box is TextBox => box.kind === "text"));
const lineText = (box: TextBox): string => box.runs.map((run) => run.text).join("");
const rightEdge = (box: TextBox): number => Math.max(...box.runs.map((run) => run.x + run.width));

/** Characters some run draws with a font that has no glyph for them (the missing-glyph box). */
function missingGlyphs(layout: DocumentLayout): string[] {
  return textBoxes(layout).flatMap((box) =>
    box.runs.flatMap((run) => {
      const font = loadFont(run.font.family, run.font.weight);
      return [...run.text].filter((character) => {
        const codePoint = character.codePointAt(0) ?? 0;
        return !isDefaultIgnorable(codePoint) && character !== " " && !hasGlyph(font, codePoint);
      });
    }),
  );
}

describe.each(BASE_DESIGNS)("the %s design", (base) => {
  test("every character has a glyph in its run's font, in every script", () => {
    for (const record of [GERMAN_DRAFT, JAPANESE, RIGHT_TO_LEFT, HOSTILE]) expect(missingGlyphs(layoutInvoice(record, builtInTemplate(base)))).toEqual([]);
  });

  test("a draft is titled with the translated mark", () => {
    expect(layoutInvoice(GERMAN_DRAFT, builtInTemplate(base)).title).toBe("Rechnung — ENTWURF");
    expect(textBoxes(layoutInvoice(GERMAN_DRAFT, builtInTemplate(base))).map(lineText)).toContain("ENTWURF");
  });

  test("right-to-left descriptions align to the right edge of the description column", () => {
    const boxes = textBoxes(layoutInvoice(RIGHT_TO_LEFT, builtInTemplate(base)));
    const arabic = boxes.find((box) => lineText(box).includes("خدمات"));
    const hebrew = boxes.find((box) => lineText(box).includes("מקצועי"));
    const header = boxes.find((box) => /^description$/i.test(lineText(box)));
    if (!arabic || !hebrew || !header) throw new Error("the descriptions and the header are laid out");
    expect(arabic.runs[0]?.direction).toBe("rtl");
    expect(rightEdge(arabic)).toBeCloseTo(rightEdge(hebrew), 6);
    expect(Math.min(...hebrew.runs.map((run) => run.x))).toBeGreaterThan((header.runs[0]?.x ?? 0) + 40);
  });

  test.skipIf(skipPoppler)("pdftotext and pdffonts: the German draft says ENTWURF", () => {
    const file = files.get(key("draft", base))!;
    expect(pdfText(file)).toContain("ENTWURF");
    expect(pdfText(file)).not.toContain("DRAFT");
  });

  test.skipIf(skipPoppler)("pdftotext and pdffonts: Japanese text extracts and is drawn with Noto Sans JP", () => {
    const file = files.get(key("japanese", base))!;
    const text = pdfText(file, { layout: true });
    for (const words of ["請求書", "株式会社サンプル", "コンサルティング", "お弁当", "千代田区", "合計"]) expect(text).toContain(words);
    expect(text).toMatch(/お弁当\s+12\s+￥980\s+8%\s+￥11,760/);
    expect(pdfFonts(file)).toContain("NotoSansJP-Regular");
  });

  test.skipIf(skipPoppler)("pdftotext and pdffonts: Hebrew reads in logical order, Arabic letters are all there, with their Noto fonts", () => {
    const file = files.get(key("rtl", base))!;
    const text = pdfText(file, { layout: true });
    expect(text).toContain("ספר מקצועי");
    // poppler reads an Arabic run's ActualText right to left (see tests/render/paint/pdf.test.ts).
    const arabic = text.replace(/[\u202a-\u202e]/g, "");
    expect(["شركة المثال", [..."شركة المثال"].reverse().join("")].some((variant) => arabic.includes(variant))).toBe(true);
    const fonts = pdfFonts(file);
    expect(fonts).toEqual(expect.arrayContaining(["NotoSansArabic-Regular", "NotoSansHebrew-Regular"]));
  });
});
