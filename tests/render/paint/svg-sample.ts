// A hand-built A4 page for the SVG and PNG painters: a filled band, a framed box, rules, a small
// PNG logo, Latin text in two weights, a Japanese run and an Arabic right-to-left run. Run widths
// come from the real metrics so runs sit where the layout engine would put them.
import { encode } from "fast-png";
import { measure } from "../../../render/fonts/metrics.ts";
import { loadFont } from "../../../render/fonts/registry.ts";
import { PAPER, type FontRef, type PageLayout, type PlacedRun, type TextBox } from "../../../render/layout/boxes.ts";

export const BAND = { x: 40, y: 40, width: 240, height: 36, fill: "#1f6feb" } as const;
export const LOGO = { x: 480, y: 40, width: 48, height: 48 } as const;
export const JAPANESE = "請求書 合計金額";
export const ARABIC = "فاتورة ضريبية";

export function run(text: string, font: FontRef, size: number, x: number, direction: "ltr" | "rtl" = "ltr"): PlacedRun {
  return { text, font, direction, x, width: measure(text, loadFont(font.family, font.weight), size) };
}

export function line(baseline: number, size: number, runs: PlacedRun[], color: `#${string}` = "#111111"): TextBox {
  return { kind: "text", baseline, size, color, runs };
}

/** A 4×4 PNG, solid green, for the logo frame. */
export function greenPng(): Uint8Array {
  const data = new Uint8Array(4 * 4 * 3);
  for (let index = 0; index < data.length; index += 3) data.set([0, 160, 0], index);
  return encode({ width: 4, height: 4, data, channels: 3, depth: 8 });
}

const sans = { family: "sans", weight: "regular" } as const;
const bold = { family: "sans", weight: "bold" } as const;

export function samplePage(): PageLayout {
  const arabicWidth = measure(ARABIC, loadFont("arabic", "regular"), 14);
  return {
    ...PAPER.A4,
    boxes: [
      { kind: "rect", ...BAND, stroke: null, strokeWidth: 0 },
      { kind: "rect", x: 40, y: 300, width: 515, height: 80, fill: null, stroke: "#333333", strokeWidth: 1 },
      { kind: "line", x1: 40, y1: 160, x2: 555, y2: 160, color: "#999999", width: 0.5 },
      { kind: "image", ...LOGO, format: "png", bytes: greenPng() },
      line(120, 18, [run("Invoice INV-2026-0042", bold, 18, 40)]),
      line(145, 10, [run("Due 2026-03-31 · Total 1,234.56 EUR", sans, 10, 40)]),
      line(200, 14, [run(JAPANESE, { family: "cjk", weight: "regular" }, 14, 40)]),
      line(240, 14, [run(ARABIC, { family: "arabic", weight: "regular" }, 14, 555 - arabicWidth, "rtl")]),
    ],
  };
}
