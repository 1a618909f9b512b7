// Font families of a site and their nearest bundled family (server/documents/brand/fonts.ts).
import { describe, expect, test } from "bun:test";
import { fontServiceFamilies, fontStack, rankFonts, shorthandFamilies, templateFontOf, type FontEvidence } from "../../../server/documents/brand/fonts.ts";

test("font-service links: css2 and css APIs, Google and Bunny; other hosts none", () => {
  expect(fontServiceFamilies("https://fonts.googleapis.com/css2?family=Inter:wght@400;700&family=Roboto+Slab:ital@1&display=swap")).toEqual(["Inter", "Roboto Slab"]);
  expect(fontServiceFamilies("https://fonts.googleapis.com/css?family=Open+Sans:400,700|Lora")).toEqual(["Open Sans", "Lora"]);
  expect(fontServiceFamilies("https://fonts.bunny.net/css?family=ibm-plex-mono:400")).toEqual(["ibm-plex-mono"]);
  expect(fontServiceFamilies("https://example.com/css?family=Inter")).toEqual([]);
});

test("a font-family list: quotes gone, keywords, the platform UI font, icon fonts and functions left out, the generic kept", () => {
  expect(fontStack(`"Inter Var", -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, sans-serif`)).toEqual({ families: ["Inter Var", "Segoe UI", "Roboto"], generic: "sans" });
  expect(fontStack(`"Font Awesome 6 Free", serif`)).toEqual({ families: [], generic: "serif" });
  expect(fontStack(`inherit`)).toEqual({ families: [], generic: null });
  expect(fontStack(`ui-monospace, Menlo, monospace`)).toEqual({ families: ["Menlo"], generic: "mono" });
});

test("the family list of a font shorthand", () => {
  expect(shorthandFamilies(`italic 700 1.25rem/1.5 "Playfair Display", serif`)).toBe(`"Playfair Display", serif`);
  expect(shorthandFamilies(`16px Inter`)).toBe("Inter");
  expect(shorthandFamilies(`inherit`)).toBeNull();
});

describe("templateFontOf", () => {
  test.each([
    ["Inter", null, "sans"],
    ["Helvetica Neue", null, "sans"],
    ["Noto Sans", "serif", "sans"],
    ["Source Sans 3", null, "sans"],
    ["PT Serif", null, "serif"],
    ["Georgia", null, "serif"],
    ["Playfair Display", null, "serif"],
    ["Roboto Slab", null, "serif"],
    ["Merriweather", null, "serif"],
    ["Roboto Mono", null, "mono"],
    ["JetBrains Mono", null, "mono"],
    ["Fira Code", null, "mono"],
    ["Courier New", null, "mono"],
    ["Brandon Grotesque", "serif", "serif"],
    ["Brandon Grotesque", null, "sans"],
  ] as const)("%s (falling back to %s) prints as %s", (family, generic, expected) => {
    expect(templateFontOf(family, generic)).toBe(expected);
  });
});

describe("rankFonts", () => {
  const seen = (family: string, source: FontEvidence["source"], context: FontEvidence["context"] = null, generic: FontEvidence["generic"] = null): FontEvidence => ({ family, generic, source, context });

  test("body from the root's rules, heading from the headings'; families ranked by weight of evidence", () => {
    const fonts = rankFonts([seen("Lora", "font-link"), seen("Lora", "stylesheet", "heading", "serif"), seen("Inter", "stylesheet", "body", "sans"), seen("Inter", "font-link"), seen("Inter", "stylesheet"), seen("Menlo", "stylesheet")]);
    expect(fonts).toEqual({
      families: [
        { family: "Inter", template_font: "sans", sources: ["stylesheet", "font-link"] },
        { family: "Lora", template_font: "serif", sources: ["font-link", "stylesheet"] },
        { family: "Menlo", template_font: "mono", sources: ["stylesheet"] },
      ],
      body: "Inter",
      heading: "Lora",
    });
  });

  test("no context: the most used stylesheet family is the body and the heading; names are one family whatever their case", () => {
    const fonts = rankFonts([seen("Lato", "font-link"), seen("lato", "stylesheet"), seen("Arial", "stylesheet")]);
    expect(fonts).toMatchObject({ body: "Lato", heading: "Lato" });
    expect(fonts.families.map((font) => font.family)).toEqual(["Lato", "Arial"]);
  });

  test("nothing known", () => {
    expect(rankFonts([])).toEqual({ families: [], body: null, heading: null });
  });
});
