// Measurement: the cached advances plus GPOS pair kerning give the widths fontkit's own layout
// gives, without calling it for text that needs no shaping; Arabic goes through the shaper, once
// per word.
import { afterEach, describe, expect, spyOn, test } from "bun:test";
import { loadFont, WEIGHTS, type FamilyId, type LoadedFont } from "../../../render/fonts/registry.ts";
import { advanceUnits, glyphOf, glyphsFor, measure, needsShaping } from "../../../render/fonts/metrics.ts";

const SIZE = 11;

/** fontkit's width of text at SIZE: the sum of its positioned advances (kerning included). */
function layoutWidth(text: string, loaded: LoadedFont): number {
  const run = loaded.font.layout(text);
  const units = run.positions.reduce((sum, position) => sum + position.xAdvance, 0);
  return (units * SIZE) / loaded.font.unitsPerEm;
}

const SAMPLES: Record<string, readonly string[]> = {
  latin: [
    "AVATAR Tower, Wolf & Partner GmbH",
    "Invoice INV-2024-0042 — total due: €1,234.56",
    "Übersetzungsleistungen für „Vertrag“ (Änderung)",
    "Société Générale: TVA 20 % appliquée",
    "P.O. Box 7, Yarrow Lane; Taxable amount 99.90",
  ],
  greek: ["Τιμολόγιο Παροχής Υπηρεσιών", "ΦΠΑ 24% — Σύνολο: 1.234,56 €", "Καλημέρα ΑΥΤΟΚΙΝΗΤΟ"],
  cyrillic: ["Счёт-фактура № 42 от 01.02.2024", "ООО «Ромашка», ИНН 7701234567", "Итого к оплате: 12 345,67 ₽"],
};
const CJK_SAMPLES = ["請求書番号：ＩＮＶ－００４２", "合計金額（税込）１２，３４５円", "ありがとうございます。カタカナ「テスト」", "株式会社テスト 東京都千代田区 1-2-3"];

describe("measure equals fontkit's layout", () => {
  const families: FamilyId[] = ["sans", "serif", "mono"];
  for (const family of families) {
    for (const weight of WEIGHTS) {
      for (const [script, samples] of Object.entries(SAMPLES)) {
        test(`${family} ${weight}, ${script}`, () => {
          const loaded = loadFont(family, weight);
          for (const text of samples) {
            expect(needsShaping(text)).toBe(false);
            expect(Math.abs(measure(text, loaded, SIZE) - layoutWidth(text, loaded))).toBeLessThan(0.01);
          }
        });
      }
    }
  }

  for (const weight of WEIGHTS) {
    test(`CJK in Noto Sans JP ${weight}`, () => {
      const loaded = loadFont("cjk", weight);
      for (const text of CJK_SAMPLES) expect(Math.abs(measure(text, loaded, SIZE) - layoutWidth(text, loaded))).toBeLessThan(0.01);
    });
  }

  test("kerning is applied: AV is narrower than A plus V", () => {
    const loaded = loadFont("sans", "regular");
    expect(measure("AV", loaded, SIZE)).toBeLessThan(measure("A", loaded, SIZE) + measure("V", loaded, SIZE) - 0.1);
  });

  test("the glyph ids and positions are fontkit's for text without ligatures", () => {
    const loaded = loadFont("serif", "bold");
    const text = "AVATAR Tower, Wolf & Partner";
    const run = loaded.font.layout(text);
    const glyphs = glyphsFor(text, loaded, "ltr");
    expect(glyphs.map((glyph) => glyph.id)).toEqual(run.glyphs.map((glyph) => glyph.id));
    expect(glyphs.map((glyph) => glyph.advance)).toEqual(run.positions.map((position) => position.xAdvance));
  });
});

describe("Arabic and Hebrew", () => {
  const restore: (() => void)[] = [];
  afterEach(() => restore.splice(0).forEach((undo) => undo()));

  test("Arabic is shaped: joining forms make it narrower than its isolated letters", () => {
    const loaded = loadFont("arabic", "regular");
    const text = "فاتورة ضريبية";
    expect(needsShaping(text)).toBe(true);
    expect(Math.abs(measure(text, loaded, SIZE) - layoutWidth(text, loaded))).toBeLessThan(0.01);
    const isolated = [...text].reduce((sum, character) => sum + glyphOf(loaded, character.codePointAt(0) ?? 0).advance, 0);
    expect(advanceUnits(text, loaded)).toBeLessThan(isolated);
  });

  test("shaping is cached per word: measuring the same words again does not lay them out", () => {
    const loaded = loadFont("arabic", "bold");
    const layout = spyOn(loaded.font, "layout");
    restore.push(() => layout.mockRestore());
    const first = measure("المجموع المستحق", loaded, SIZE);
    expect(layout).toHaveBeenCalledTimes(2); // two words; the space between them is not shaped
    expect(measure("المستحق المجموع", loaded, SIZE)).toBeCloseTo(first, 9);
    expect(layout).toHaveBeenCalledTimes(2);
  });

  test("Hebrew without points needs no shaper and matches fontkit; with points it is shaped", () => {
    const loaded = loadFont("hebrew", "regular");
    const plain = "חשבונית מס קבלה";
    expect(needsShaping(plain)).toBe(false);
    expect(Math.abs(measure(plain, loaded, SIZE) - layoutWidth(plain, loaded))).toBeLessThan(0.01);
    const pointed = "שָׁלוֹם";
    expect(needsShaping(pointed)).toBe(true);
    expect(Math.abs(measure(pointed, loaded, SIZE) - layoutWidth(pointed, loaded))).toBeLessThan(0.01);
  });

  test("brackets in right-to-left runs are mirrored (bidi rule L4), fontkit leaves them as typed", () => {
    const hebrew = loadFont("hebrew", "regular");
    const [open, close] = [hebrew.font.glyphForCodePoint(0x28).id, hebrew.font.glyphForCodePoint(0x29).id];
    const ids = glyphsFor("(שלום)", hebrew, "rtl").map((glyph) => glyph.id);
    expect([ids[0], ids[ids.length - 1]]).toEqual([open, close]);
    const arabic = loadFont("arabic", "regular");
    const shaped = glyphsFor("(فاتورة)", arabic, "rtl").map((glyph) => glyph.id);
    expect([shaped[0], shaped[shaped.length - 1]]).toEqual([arabic.font.glyphForCodePoint(0x28).id, arabic.font.glyphForCodePoint(0x29).id]);
  });

  test("right-to-left glyphs come in drawing order, as fontkit gives them", () => {
    const hebrew = loadFont("hebrew", "regular");
    expect(glyphsFor("חשבון", hebrew, "rtl").map((glyph) => glyph.id)).toEqual(hebrew.font.layout("חשבון").glyphs.map((glyph) => glyph.id));
    const arabic = loadFont("arabic", "regular");
    const words = glyphsFor("فاتورة ضريبية", arabic, "rtl").map((glyph) => glyph.id);
    expect(words).toEqual(arabic.font.layout("فاتورة ضريبية").glyphs.map((glyph) => glyph.id));
  });
});

describe("caches", () => {
  test("glyph metrics are computed once per code point", () => {
    const loaded = loadFont("sans", "regular");
    expect(glyphOf(loaded, 0x41)).toBe(glyphOf(loaded, 0x41));
    expect(glyphOf(loaded, 0x41).id).toBe(loaded.font.glyphForCodePoint(0x41).id);
    expect(glyphOf(loaded, 0x41).advance).toBe(loaded.font.glyphForCodePoint(0x41).advanceWidth);
  });

  test("measuring 10,000 Latin strings never calls fontkit's layout", () => {
    const loaded = loadFont("sans", "regular");
    const layout = spyOn(loaded.font, "layout");
    try {
      const words = ["Consulting", "services", "AVATAR", "Übersetzung", "Wartung", "Tower", "invoice", "total"];
      let total = 0;
      for (let index = 0; index < 10_000; index++) {
        total += measure(`${words[index % words.length]} ${index} ${words[(index * 7) % words.length]}, €${index}.50`, loaded, 10);
      }
      expect(total).toBeGreaterThan(0);
      expect(layout).not.toHaveBeenCalled();
    } finally {
      layout.mockRestore();
    }
  });

  test("text with a combining mark is shaped, so the mark is placed on its letter", () => {
    expect(needsShaping("Cafe\u0301")).toBe(true);
    expect(needsShaping("Café")).toBe(false);
  });
});
