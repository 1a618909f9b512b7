// A QR code as layout boxes: the `qrcode` package computes the symbol (segments, Reed–Solomon,
// mask choice) and we only turn its modules into rects, so every painter (PDF, SVG, PNG) draws the
// code as vector shapes at any resolution, with no raster image to scale or embed.
import QRCode from "qrcode";
import type { RectBox, Rgb } from "../layout/boxes.ts";

/** ISO/IEC 18004 asks for a light margin four modules wide on every side. */
export const QUIET_ZONE = 4;

const utf8 = new TextEncoder();

/**
 * The symbol's modules, row by row, true where dark. Error correction level M, as EPC069-12
 * requires. The text goes in as one byte segment of its UTF-8: the symbol's size then depends on
 * the byte count alone, which is what the guidelines' 331-byte limit (version 13) is measured in,
 * and every reader decodes a byte segment the same way.
 */
export function qrModules(payload: string): boolean[][] {
  const { modules } = QRCode.create([{ mode: "byte", data: utf8.encode(payload) }], { errorCorrectionLevel: "M" });
  const { size, data } = modules;
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, column) => data[row * size + column] === 1));
}

export type QrPlacement = { x: number; y: number; size: number; color: Rgb };

const rect = (x: number, y: number, width: number, height: number, fill: Rgb): RectBox => ({ kind: "rect", x, y, width, height, fill, stroke: null, strokeWidth: 0 });

/**
 * The modules as rects in a `size` × `size` square (points) whose top-left corner is (x, y), quiet
 * zone included. A white square comes first so the quiet zone stays light on a tinted panel; then
 * each horizontal run of dark modules is one rect (a full version 13 code has ~2,450 dark modules
 * in ~1,250 runs), which halves the PDF's drawing operators and the SVG's elements.
 */
export function qrBoxes(modules: boolean[][], { x, y, size, color }: QrPlacement): RectBox[] {
  const module = size / (modules.length + 2 * QUIET_ZONE);
  const boxes: RectBox[] = [rect(x, y, size, size, "#ffffff")];
  modules.forEach((row, rowIndex) => {
    const top = y + (QUIET_ZONE + rowIndex) * module;
    let column = 0;
    while (column < row.length) {
      if (!row[column]) {
        column++;
        continue;
      }
      const start = column;
      while (row[column]) column++;
      boxes.push(rect(x + (QUIET_ZONE + start) * module, top, (column - start) * module, module, color));
    }
  });
  return boxes;
}
