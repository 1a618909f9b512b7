// CSS colours read into sRGB, and the arithmetic palette and template use (server/documents/brand/colors.ts).
import { describe, expect, test } from "bun:test";
import { colorsIn, contrast, distance, isChromatic, mix, parseColor } from "../../../server/documents/brand/colors.ts";

describe("parseColor", () => {
  test.each([
    ["#0B5FFF", "#0b5fff"],
    ["#abc", "#aabbcc"],
    ["#abcf", "#aabbcc"],
    ["#12345680", "#123456"],
    ["rgb(59, 130, 246)", "#3b82f6"],
    ["rgba(59,130,246,.9)", "#3b82f6"],
    ["rgb(59 130 246 / 90%)", "#3b82f6"],
    ["rgb(100% 0% 0%)", "#ff0000"],
    ["hsl(221.2 83.2% 53.3%)", "#2563eb"],
    ["hsl(221.2deg, 83.2%, 53.3%)", "#2563eb"],
    ["hsla(0, 0%, 100%, 1)", "#ffffff"],
    // Tailwind 4's blue-500, and the ends of the OKLCH lightness scale.
    ["oklch(62.3% 0.214 259.815)", "#2b7fff"],
    ["oklch(0.623 0.214 259.815)", "#2b7fff"],
    ["oklch(100% 0 0)", "#ffffff"],
    ["oklch(0% 0 0)", "#000000"],
    ["White", "#ffffff"],
    ["black", "#000000"],
  ])("%s is %s", (text, hex) => {
    expect(parseColor(text)).toBe(hex);
  });

  test.each(["#1234567f", "rgb(0 0 0 / 0.2)", "rgba(0,0,0,.1)", "transparent", "currentColor", "red", "#12", "#ggg", "rgb(1, 2)", "hsl(1turn 50% 50%)", "color(display-p3 1 0 0)"])(
    "%s is no brand colour",
    (text) => {
      expect(parseColor(text)).toBeNull();
    },
  );
});

test("colorsIn finds every colour of a value, in order", () => {
  expect(colorsIn("1px solid #CCC, linear-gradient(#fff 10%, rgb(0 0 0 / 50%)) white")).toEqual(["#cccccc", "#ffffff", "#000000", "#ffffff"]);
  expect(colorsIn("none")).toEqual([]);
});

test("contrast, mixing, distance and what counts as chromatic", () => {
  expect(contrast("#000000", "#ffffff")).toBe(21);
  expect(contrast("#ffffff", "#ffffff")).toBe(1);
  expect(contrast("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  expect(mix("#000000", "#ffffff", 0.5)).toBe("#808080");
  expect(mix("#0b5fff", "#ffffff", 0)).toBe("#0b5fff");
  expect(distance("#000000", "#ffffff")).toBeCloseTo(441.67, 1);
  expect([ "#0b5fff", "#e4572e", "#16a34a"].map(isChromatic)).toEqual([true, true, true]);
  expect(["#ffffff", "#fafafa", "#111827", "#808080", "#000000", "#f0fdf4"].map(isChromatic)).toEqual([false, false, false, false, false, false]);
});
