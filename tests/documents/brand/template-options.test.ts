// A brand as template options create accepts (server/documents/brand/template-options.ts): checked
// here against the base design's own options schema, the one create validates with.
import { describe, expect, test } from "bun:test";
import { BASE_DEFAULTS, optionsSchema } from "../../../render/templates/options.ts";
import type { BrandFacts } from "../../../server/documents/brand/brand.ts";
import { contrast } from "../../../server/documents/brand/colors.ts";
import { templateOptionsOf } from "../../../server/documents/brand/template-options.ts";

const brand = (colors: Partial<BrandFacts["colors"]>, fonts: Partial<BrandFacts["fonts"]> = {}, name = "Acme"): BrandFacts => ({
  name,
  colors: { entries: [], primary: null, accent: null, background: null, text: null, ...colors },
  fonts: { families: [], body: null, heading: null, ...fonts },
});

function expectAccepted(options: ReturnType<typeof templateOptionsOf>): void {
  expect(optionsSchema(options.base).safeParse(options.options).success).toBe(true);
}

describe("templateOptionsOf", () => {
  test("a readable brand colour is the accent as it is; rules and panels are tints of it; muted text stays readable", () => {
    const options = templateOptionsOf(brand({ primary: "#0b5fff", text: "#1a1a2e" }), "data:image/png;base64,AA==");
    expect(options).toMatchObject({ name: "Acme", base: "modern", options: { colors: { accent: "#0b5fff", text: "#1a1a2e" } }, logo: "data:image/png;base64,AA==" });
    expect(contrast(options.options.colors.muted, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(options.options.colors.panel, "#ffffff")).toBeLessThan(1.2);
    expectAccepted(options);
  });

  test("a brand colour too light for headings on white is darkened to 3:1; text too pale falls back to the design's", () => {
    const options = templateOptionsOf(brand({ primary: "#ffd60a", text: "#bbbbbb" }), null);
    expect(options.options.colors.accent).not.toBe("#ffd60a");
    expect(contrast(options.options.colors.accent, "#ffffff")).toBeGreaterThanOrEqual(3);
    expect(options.options.colors.text).toBe(BASE_DEFAULTS.modern.colors.text);
    expectAccepted(options);
  });

  test("the accent when there is no primary; the base design's colours when there is neither", () => {
    expect(templateOptionsOf(brand({ accent: "#e4572e" }), null).options.colors.accent).toBe("#e4572e");
    expect(templateOptionsOf(brand({}), null).options.colors).toEqual(BASE_DEFAULTS.modern.colors);
  });

  test("serif headings choose the classic design; families map onto the bundled ones", () => {
    const fonts = { families: [{ family: "Lora", template_font: "serif" as const, sources: [] }, { family: "Inter", template_font: "sans" as const, sources: [] }], body: "Inter", heading: "Lora" };
    const options = templateOptionsOf(brand({ primary: "#0b5fff" }, fonts), null);
    expect(options).toMatchObject({ base: "classic", options: { fonts: { body: "sans", heading: "serif" } } });
    expectAccepted(options);
    expect(templateOptionsOf(brand({}), null).options.fonts).toEqual({ body: "sans", heading: "sans" });
  });

  test("a long name is cut to what a template name may be", () => {
    expect(templateOptionsOf(brand({}, {}, "x".repeat(300)), null).name).toHaveLength(200);
  });
});
