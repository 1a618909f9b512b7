// The built sRGB profile, read back by a reader written here from the ICC.1 layout (header, tag
// table, tag types), and its colorimetry recomputed independently: the colorants from the sRGB
// primaries and D65 adapted to D50 with the Bradford transform, the curves from IEC 61966-2.1.
import { describe, expect, test } from "bun:test";
import { CURVE_POINTS, srgbIccProfile } from "../../../render/einvoice/srgb-icc.ts";

type Tag = { signature: string; offset: number; size: number };

const profile = srgbIccProfile();
const view = new DataView(profile.buffer, profile.byteOffset, profile.byteLength);
const ascii = (offset: number, length: number): string => String.fromCharCode(...profile.subarray(offset, offset + length));
const fixed = (offset: number): number => view.getInt32(offset) / 65536;

function tagTable(): Tag[] {
  const count = view.getUint32(128);
  return Array.from({ length: count }, (_, index) => {
    const entry = 132 + index * 12;
    return { signature: ascii(entry, 4), offset: view.getUint32(entry + 4), size: view.getUint32(entry + 8) };
  });
}

function tag(signature: string): Tag {
  const found = tagTable().find((entry) => entry.signature === signature);
  if (!found) throw new Error(`no ${signature} tag`);
  return found;
}

function xyz(signature: string): number[] {
  const { offset, size } = tag(signature);
  expect([ascii(offset, 4), size]).toEqual(["XYZ ", 20]);
  return [fixed(offset + 8), fixed(offset + 12), fixed(offset + 16)];
}

type Matrix = number[][];
const multiply = (a: Matrix, b: Matrix): Matrix => a.map((row) => (b[0] ?? []).map((_, column) => row.reduce((sum, value, k) => sum + value * (b[k]?.[column] ?? 0), 0)));
const apply = (m: Matrix, v: number[]): number[] => m.map((row) => row.reduce((sum, value, k) => sum + value * (v[k] ?? 0), 0));

function inverse(m: Matrix): Matrix {
  const [[a = 0, b = 0, c = 0] = [], [d = 0, e = 0, f = 0] = [], [g = 0, h = 0, i = 0] = []] = m;
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  return [
    [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
    [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
    [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
  ];
}

/** XYZ of a chromaticity (x, y) at Y = 1. */
const fromChromaticity = (x: number, y: number): number[] => [x / y, 1, (1 - x - y) / y];

/** sRGB's RGB→XYZ matrix under D65, then Bradford-adapted to the ICC's D50 connection space. */
function adaptedSrgbMatrix(): Matrix {
  const primaries = [fromChromaticity(0.64, 0.33), fromChromaticity(0.3, 0.6), fromChromaticity(0.15, 0.06)];
  const d65 = fromChromaticity(0.3127, 0.329);
  const d50 = [0.9642, 1, 0.8249];
  const columns: Matrix = [0, 1, 2].map((row) => primaries.map((primary) => primary[row] ?? 0));
  const scale = apply(inverse(columns), d65);
  const rgbToXyz = columns.map((row) => row.map((value, column) => value * (scale[column] ?? 0)));
  const bradford: Matrix = [
    [0.8951, 0.2664, -0.1614],
    [-0.7502, 1.7135, 0.0367],
    [0.0389, -0.0685, 1.0296],
  ];
  const [s = [], d = []] = [apply(bradford, d65), apply(bradford, d50)];
  const gain: Matrix = [0, 1, 2].map((row) => [0, 1, 2].map((column) => (row === column ? (d[row] ?? 0) / (s[row] ?? 1) : 0)));
  return multiply(multiply(multiply(inverse(bradford), gain), bradford), rgbToXyz);
}

describe("the sRGB ICC profile", () => {
  test("header: size, version 2.1, display class, RGB to XYZ, 'acsp', D50 illuminant", () => {
    expect(view.getUint32(0)).toBe(profile.length);
    expect(view.getUint32(8)).toBe(0x02100000);
    expect([ascii(12, 4), ascii(16, 4), ascii(20, 4), ascii(36, 4)]).toEqual(["mntr", "RGB ", "XYZ ", "acsp"]);
    expect([fixed(68), fixed(72), fixed(76)].map((value) => value.toFixed(4))).toEqual(["0.9642", "1.0000", "0.8249"]);
    expect([...profile.subarray(84, 128)].every((byte) => byte === 0)).toBe(true); // reserved in v2
  });

  test("the nine tags a matrix/TRC display profile requires, 4-byte aligned, inside the file, not overlapping", () => {
    const tags = tagTable();
    expect(tags.map((entry) => entry.signature).sort()).toEqual(["bTRC", "bXYZ", "cprt", "desc", "gTRC", "gXYZ", "rTRC", "rXYZ", "wtpt"]);
    const blocks = [...new Map(tags.map((entry) => [entry.offset, entry])).values()].sort((a, b) => a.offset - b.offset);
    let end = 128 + 4 + tags.length * 12;
    for (const block of blocks) {
      expect(block.offset % 4).toBe(0);
      expect(block.offset).toBeGreaterThanOrEqual(end);
      end = block.offset + block.size;
    }
    expect(end).toBeLessThanOrEqual(profile.length);
    expect(profile.length - end).toBeLessThan(4); // only the last tag's padding follows
  });

  test("desc and cprt are NUL-terminated ASCII in their v2 types", () => {
    const desc = tag("desc");
    const length = view.getUint32(desc.offset + 8);
    expect(ascii(desc.offset, 4)).toBe("desc");
    expect(ascii(desc.offset + 12, length)).toBe("sRGB IEC61966-2.1\0");
    expect(desc.size).toBe(12 + length + 8 + 3 + 67);
    const cprt = tag("cprt");
    expect(ascii(cprt.offset, 4)).toBe("text");
    expect(ascii(cprt.offset + 8, cprt.size - 8)).toEndWith("\0");
  });

  test("colorants are the sRGB primaries adapted to D50, and add up to the D50 white", () => {
    const expected = adaptedSrgbMatrix();
    const colorants = [xyz("rXYZ"), xyz("gXYZ"), xyz("bXYZ")];
    for (const [channel, colorant] of colorants.entries()) {
      for (const [row, value] of colorant.entries()) expect(Math.abs(value - (expected[row]?.[channel] ?? 0))).toBeLessThan(0.0005);
    }
    const white = [0, 1, 2].map((row) => colorants.reduce((sum, colorant) => sum + (colorant[row] ?? 0), 0));
    expect(white.map((value) => value.toFixed(3))).toEqual(["0.964", "1.000", "0.825"]);
    expect(xyz("wtpt").map((value) => value.toFixed(4))).toEqual(["0.9505", "1.0000", "1.0890"]);
  });

  test("the three curves are one 1024-point sampling of the sRGB transfer function", () => {
    const curves = ["rTRC", "gTRC", "bTRC"].map(tag);
    expect(new Set(curves.map((curve) => curve.offset)).size).toBe(1);
    const [curve] = curves;
    if (!curve) throw new Error("no curve");
    expect(ascii(curve.offset, 4)).toBe("curv");
    expect(view.getUint32(curve.offset + 8)).toBe(CURVE_POINTS);
    expect(curve.size).toBe(12 + CURVE_POINTS * 2);
    const sample = (index: number): number => view.getUint16(curve.offset + 12 + index * 2) / 65535;
    expect(sample(0)).toBe(0);
    expect(sample(CURVE_POINTS - 1)).toBe(1);
    // Linear segment near black, then the 2.4 power law: 50 % signal is about 21.4 % light.
    expect(sample(10)).toBeCloseTo(10 / 1023 / 12.92, 4);
    expect(sample(511)).toBeCloseTo(((511 / 1023 + 0.055) / 1.055) ** 2.4, 4);
    for (let index = 1; index < CURVE_POINTS; index++) expect(sample(index)).toBeGreaterThanOrEqual(sample(index - 1));
  });

  test("the same bytes on every call", () => {
    expect(srgbIccProfile()).toBe(profile);
    expect(profile.length).toBe(2524);
  });
});
