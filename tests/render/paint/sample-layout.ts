// Hand-built layouts for the painters' tests: text is wrapped and measured with render/fonts, then
// placed the way the layout engine will (runs in visual order, left edges accumulated), so the
// painters are tested on real runs (several fonts, both directions) before the engine exists.
import { encode } from "fast-png";
import { visualOrder } from "../../../render/fonts/bidi.ts";
import { wrapText, type TextStyle, type WrappedLine } from "../../../render/fonts/wrap.ts";
import { PAPER, type Box, type DocumentLayout, type PlacedRun, type Rgb, type TextBox } from "../../../render/layout/boxes.ts";

/** The creation date the painters' tests stamp, so their output is byte for byte repeatable. */
export const SAMPLE_CREATED_AT = new Date("2026-03-01T10:00:00Z");
export const BAND = { x: 0, y: 0, width: PAPER.A4.width, height: 56, fill: "#1d6fa5" as Rgb };
export const IMAGE = { x: 500, y: 90, width: 40, height: 40 };
/** The 2×2 image's pixels, row by row: red, green / blue, yellow. */
export const IMAGE_COLOURS: readonly (readonly [number, number, number])[] = [
  [255, 0, 0],
  [0, 160, 0],
  [0, 0, 255],
  [255, 200, 0],
];
export const DESCRIPTION =
  "Jährliche Wartung der Heizungsanlage für Müller & Söhne GmbH in Düsseldorf: Überprüfung der Brenner, Austausch der Dichtungen, Abgasmessung und ein ausführlicher Prüfbericht für die Hausverwaltung.";
export const ROWS = [
  ["1", "Heizungswartung", "2", "617,28", "1.234,56"],
  ["2", "Größere Dichtungen", "12", "3,50", "42,00"],
  ["3", "Anfahrt", "1", "199,68", "199,68"],
] as const;

const BLACK: Rgb = "#000000";
const SIZE = 10;
const MARGIN = 56;

/** A 2×2 RGB PNG with the four IMAGE_COLOURS (no alpha, so pdf-lib embeds one image, no mask). */
export function samplePng(): Uint8Array {
  const data = new Uint8Array(IMAGE_COLOURS.flat());
  return encode({ width: 2, height: 2, data, channels: 3, depth: 8 });
}

type Align = "left" | "right";

/** One wrapped line as a text box: runs in visual order from the line's left edge. */
export function placeLine(line: WrappedLine, x: number, baseline: number, size: number, color: Rgb = BLACK): TextBox {
  const runs: PlacedRun[] = [];
  let left = x;
  for (const index of visualOrder(line.runs.map((run) => run.level))) {
    const run = line.runs[index];
    if (!run) continue;
    runs.push({ text: run.text, font: { family: run.font.family, weight: run.font.weight }, direction: run.direction, x: left, width: run.width });
    left += run.width;
  }
  return { kind: "text", baseline, size, color, runs };
}

/** Text wrapped into `width` from `top`, one box per line, each line aligned in its column. */
export function textBlock(text: string, style: TextStyle, x: number, top: number, width: number, align: Align = "left", color: Rgb = BLACK): { boxes: TextBox[]; bottom: number } {
  const lineHeight = style.size * 1.3;
  const lines = wrapText(text, style, width);
  const boxes = lines.map((line, index) => {
    const left = align === "right" ? x + width - line.width : x;
    return placeLine(line, left, top + style.size + index * lineHeight, style.size, color);
  });
  return { boxes, bottom: top + lines.length * lineHeight };
}

const regular = (size = SIZE): TextStyle => ({ family: "sans", weight: "regular", size });
const bold = (size = SIZE): TextStyle => ({ family: "sans", weight: "bold", size });

// Columns of the line table: position, description, quantity, price, amount (numbers right-aligned).
const COLUMNS: readonly { x: number; width: number; align: Align }[] = [
  { x: MARGIN, width: 30, align: "left" },
  { x: MARGIN + 36, width: 220, align: "left" },
  { x: MARGIN + 262, width: 60, align: "right" },
  { x: MARGIN + 330, width: 70, align: "right" },
  { x: MARGIN + 405, width: 78, align: "right" },
];

function tableRow(cells: readonly string[], top: number, style: TextStyle): Box[] {
  return cells.flatMap((cell, index) => {
    const column = COLUMNS[index] ?? COLUMNS[0];
    return column ? textBlock(cell, style, column.x, top, column.width, column.align).boxes : [];
  });
}

/** Two A4 pages: every script the bundled fonts cover, a table, a band, a rule and an image. */
export function sampleLayout(): DocumentLayout {
  const first: Box[] = [
    { kind: "rect", ...BAND, stroke: null, strokeWidth: 0 },
    ...textBlock("Rechnung RE-2026-0042", bold(18), MARGIN, 18, 300, "left", "#ffffff").boxes,
    { kind: "image", ...IMAGE, format: "png", bytes: samplePng() },
    ...textBlock("Kunde: Jürgen Größmann, Königsallee 1, 40212 Düsseldorf", regular(), MARGIN, 80, 400).boxes,
  ];
  const description = textBlock(DESCRIPTION, regular(), MARGIN, 140, 300);
  first.push(...description.boxes);
  let top = description.bottom + 20;
  first.push(...tableRow(["Pos.", "Beschreibung", "Menge", "Preis", "Betrag"], top, bold()));
  top += 16;
  first.push({ kind: "line", x1: MARGIN, y1: top, x2: MARGIN + 483, y2: top, color: BLACK, width: 0.75 });
  for (const row of ROWS) {
    top += 6;
    first.push(...tableRow(row, top, regular()));
    top += 14;
  }
  first.push({ kind: "rect", x: MARGIN + 330, y: top + 4, width: 153, height: 18, fill: "#eeeeee", stroke: "#999999", strokeWidth: 0.5 });
  first.push(...tableRow(["", "", "", "Summe", "1.476,24"], top + 7, bold()));
  top += 40;
  first.push(...textBlock("請求書 合計 1.476,24 EUR", regular(12), MARGIN, top, 400).boxes);
  first.push(...textBlock("Hebrew: חשבונית מס", regular(12), MARGIN, top + 24, 400).boxes);
  first.push(...textBlock("Arabic: فاتورة ضريبية", regular(12), MARGIN, top + 48, 400).boxes);

  const second: Box[] = [
    ...textBlock("Seite 2: Zahlungsbedingungen", bold(14), MARGIN, 60, 400).boxes,
    ...textBlock("Zahlbar bis 31.03.2026 ohne Abzug. Vielen Dank für Ihren Auftrag!", regular(), MARGIN, 90, 400).boxes,
    { kind: "line", x1: MARGIN, y1: 120, x2: MARGIN + 483, y2: 120, color: "#cc0000", width: 1 },
    // The same logo again, as other bytes with the same content: the PDF holds it once.
    { kind: "image", ...IMAGE, format: "png", bytes: samplePng() },
  ];
  return { title: "Rechnung RE-2026-0042", language: "de-DE", pages: [page(first), page(second)] };
}

/** Heavily kerned in Noto Sans: plain advances would run 0.33 em wider than the layout measured. */
export const KERNED = { text: "AVATAR Tow Wa", x: MARGIN, top: 100, size: 20 };

/** One page of Latin text only, for what a document embeds when it needs no fallback font. */
export function latinLayout(): DocumentLayout {
  const boxes = [
    ...textBlock("Invoice INV-7: Café au lait, naïve façade, 1,234.56 EUR", regular(), MARGIN, 60, 400).boxes,
    ...textBlock(KERNED.text, regular(KERNED.size), KERNED.x, KERNED.top, 400).boxes,
  ];
  return { title: "Invoice INV-7", language: "en", pages: [page(boxes)] };
}

function page(boxes: Box[]): DocumentLayout["pages"][number] {
  return { ...PAPER.A4, boxes };
}
