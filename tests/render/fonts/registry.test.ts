// The bundled fonts: every family and weight resolves to a real TrueType file in node_modules,
// parses, covers the scripts it is bundled for, and is parsed once per process.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { FALLBACK_FAMILIES, FAMILIES, FAMILY_IDS, fontPath, loadFont, WEIGHTS, type Script } from "../../../render/fonts/registry.ts";
import { hasGlyph } from "../../../render/fonts/metrics.ts";

// A few characters per script that an invoice in it would certainly print.
const SCRIPT_SAMPLES: Record<Script, string> = {
  latin: "AZaz09€ÄÖÜßéçñ",
  greek: "ΑΩαωάΣς",
  cyrillic: "АЯаяЁёЖж№",
  cjk: "請求書合計金額税込ありがとうアイウエオ、。",
  arabic: "فاتورةالمجموع",
  hebrew: "חשבוניתמס",
};

describe("registry", () => {
  for (const family of FAMILY_IDS) {
    for (const weight of WEIGHTS) {
      test(`${family} ${weight}: a TTF from node_modules that parses and covers its scripts`, () => {
        const path = fontPath(family, weight);
        expect(path).toContain(`node_modules/${FAMILIES[family].packageName}/`);
        expect(path.endsWith(".ttf")).toBe(true);
        const loaded = loadFont(family, weight);
        // TrueType outlines (0x00010000), not CFF ('OTTO') nor WOFF: pdf-lib and satori need TTF.
        expect([...loaded.bytes.subarray(0, 4)]).toEqual([0, 1, 0, 0]);
        expect(loaded.bytes.length).toBe(readFileSync(path).length);
        expect(loaded.font.familyName).toBe(FAMILIES[family].name);
        expect(loaded.font.numGlyphs).toBeGreaterThan(100);
        expect(loaded.font.unitsPerEm).toBeGreaterThan(0);
        for (const script of FAMILIES[family].scripts) {
          for (const character of SCRIPT_SAMPLES[script]) expect(hasGlyph(loaded, character.codePointAt(0) ?? 0)).toBe(true);
        }
      });
    }
  }

  test("a second load is free: the same object, not a re-parse", () => {
    const first = loadFont("sans", "regular");
    expect(loadFont("sans", "regular")).toBe(first);
    expect(loadFont("sans", "regular").font).toBe(first.font);
    expect(loadFont("sans", "bold")).not.toBe(first);
  });

  test("every script has a family, and the fallbacks cover what the template families do not", () => {
    const covered = new Set<string>(FAMILY_IDS.flatMap((family) => FAMILIES[family].scripts));
    expect([...covered].sort()).toEqual(Object.keys(SCRIPT_SAMPLES).sort());
    expect(FALLBACK_FAMILIES.flatMap((family) => FAMILIES[family].scripts).sort()).toEqual(["arabic", "cjk", "hebrew"]);
  });
});
