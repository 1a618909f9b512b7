import { describe, expect, test } from "bun:test";
import { luminance, mix, readableOn } from "../../../render/layout/colour.ts";

describe("colours", () => {
  test("mix moves from one colour towards another", () => {
    expect(mix("#000000", "#ffffff", 0.5)).toBe("#808080");
    expect(mix("#14213d", "#ffffff", 0)).toBe("#14213d");
    expect(mix("#14213d", "#ffffff", 1)).toBe("#ffffff");
  });

  test("luminance is WCAG's", () => {
    expect(luminance("#000000")).toBe(0);
    expect(luminance("#ffffff")).toBeCloseTo(1, 10);
  });

  test("readableOn picks white on dark fills and the dark colour on light ones", () => {
    expect(readableOn("#14213d", "#111111")).toBe("#ffffff");
    expect(readableOn("#4f46e5", "#111827")).toBe("#ffffff");
    expect(readableOn("#eef2ff", "#111827")).toBe("#111827");
    expect(readableOn("#ffeb3b", "#111111")).toBe("#111111");
  });

  test("refuses what is not #rrggbb", () => {
    expect(() => mix("#fff" as `#${string}`, "#000000", 0.5)).toThrow("#fff");
  });
});
