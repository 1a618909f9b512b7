// The module matrix (size, error correction level read back from the symbol's own format bits,
// the 331-byte limit of EPC069-12) and the rects drawn from it (placement, quiet zone, one rect
// per run, and the rects rasterised back giving the matrix again).
import { describe, expect, test } from "bun:test";
import type { RectBox } from "../../../render/layout/boxes.ts";
import { QUIET_ZONE, qrBoxes, qrModules } from "../../../render/qr/matrix.ts";

const versionOf = (modules: boolean[][]): number => (modules.length - 17) / 4;

/**
 * The error correction level from the format information beside the top-left finder (ISO/IEC
 * 18004 §7.9: column 8, rows 0–5, 7, 8 hold bits 0–7; row 8, columns 7, 5–0 hold bits 8–14),
 * unmasked with 101010000010010: its top two bits are L 01, M 00, Q 11, H 10.
 */
function errorCorrectionLevel(modules: boolean[][]): string {
  const cells: [number, number][] = [0, 1, 2, 3, 4, 5, 7, 8].map((row) => [row, 8]);
  for (const column of [7, 5, 4, 3, 2, 1, 0]) cells.push([8, column]);
  const bits = cells.reduce((word, [row, column], bit) => word | ((modules[row]?.[column] ? 1 : 0) << bit), 0);
  return ["M", "L", "H", "Q"][(bits ^ 0b101010000010010) >> 13] ?? "?";
}

describe("qrModules", () => {
  test("a square matrix of a QR version, error correction level M", () => {
    const modules = qrModules("BCD\n002\n1\nSCT\n\nName\nDE89370400440532013000\nEUR1.00");
    expect(modules.every((row) => row.length === modules.length)).toBe(true);
    expect(Number.isInteger(versionOf(modules))).toBe(true);
    expect(errorCorrectionLevel(modules)).toBe("M");
  });

  test("331 bytes of UTF-8 fit version 13, the largest EPC069-12 allows; one more byte does not", () => {
    const payload = `BCD\n${"ü".repeat(163)}x`;
    expect(new TextEncoder().encode(payload).length).toBe(331);
    expect(versionOf(qrModules(payload))).toBe(13);
    expect(versionOf(qrModules(`${payload}x`))).toBe(14);
  });

  test("the same text gives the same matrix", () => {
    expect(qrModules("RF18539007547034")).toEqual(qrModules("RF18539007547034"));
  });
});

describe("qrBoxes", () => {
  const colour = "#112233" as const;
  const modules = [
    [true, true, false, true],
    [false, false, false, false],
    [true, true, true, true],
    [false, true, false, false],
  ];
  const rect = (x: number, y: number, width: number, fill: `#${string}` = colour): RectBox => ({ kind: "rect", x, y, width, height: 2, fill, stroke: null, strokeWidth: 0 });

  test("a white square with the quiet zone, then one rect per horizontal run of dark modules", () => {
    // 4 modules + 2 × 4 quiet → 12 modules of 2 pt each; the first module starts 8 pt in.
    expect(qrBoxes(modules, { x: 100, y: 50, size: 24, color: colour })).toEqual([
      { ...rect(100, 50, 24, "#ffffff"), height: 24 },
      rect(108, 58, 4),
      rect(114, 58, 2),
      rect(108, 62, 8),
      rect(110, 64, 2),
    ]);
  });

  test("a real code's rects, rasterised back, give its matrix; no two rects of a row touch", () => {
    const code = qrModules("BCD\n002\n1\nSCT\nCOBADEFFXXX\nZoë Müller Beratung GmbH\nDE89370400440532013000\nEUR123.45\n\n\nRE-2026-0042");
    const size = 123.4;
    const [background, ...runs] = qrBoxes(code, { x: 10.5, y: 20.25, size, color: colour });
    expect(background).toMatchObject({ x: 10.5, y: 20.25, width: size, height: size, fill: "#ffffff" });
    const module = size / (code.length + 2 * QUIET_ZONE);
    const painted = code.map((row) => row.map(() => false));
    for (const run of runs) {
      const row = Math.round((run.y - 20.25) / module) - QUIET_ZONE;
      const first = Math.round((run.x - 10.5) / module) - QUIET_ZONE;
      const count = Math.round(run.width / module);
      expect(run.height).toBeCloseTo(module, 9);
      expect(painted[row]?.[first - 1] ?? false).toBe(false);
      for (let column = first; column < first + count; column++) {
        expect(painted[row]?.[column]).toBe(false);
        (painted[row] as boolean[])[column] = true;
      }
      expect(code[row]?.[first + count] ?? false).toBe(false);
    }
    expect(painted).toEqual(code);
    expect(runs.every((run) => run.fill === colour && run.stroke === null)).toBe(true);
  });
});
