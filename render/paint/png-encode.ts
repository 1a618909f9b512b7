// A painted page's pixels as a PNG file: 8-bit RGB (the page is opaque white underneath, so alpha
// would only add a quarter to the data), no row filter, zlib level 3, with the page's 96 dpi
// (pHYs) and the sRGB colour space stated. resvg's own encoder (the png crate's defaults: RGBA,
// adaptive filters) took ~12 ms and ~140 kB for an A4 invoice; this takes ~5 ms and ~100 kB.
// node:zlib, not a JavaScript deflate: native under Bun and Deno alike (pako took ~90 ms for the page).
import { Buffer } from "node:buffer";
import { crc32, deflateSync } from "node:zlib";

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const DEFLATE_LEVEL = 3;
/** 96 dpi in pixels per metre, as pHYs states resolution. */
const PIXELS_PER_METRE = Math.round(96 / 0.0254);

function chunk(type: string, data: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(12 + data.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, data.length);
  for (let index = 0; index < 4; index++) bytes[4 + index] = type.charCodeAt(index);
  bytes.set(data, 8);
  view.setUint32(8 + data.length, crc32(bytes.subarray(4, 8 + data.length)));
  return bytes;
}

function uint32s(...values: number[]): Uint8Array {
  const bytes = new Uint8Array(4 * values.length);
  const view = new DataView(bytes.buffer);
  values.forEach((value, index) => view.setUint32(4 * index, value));
  return bytes;
}

/** RGBA pixels (alpha ignored: every pixel must be opaque) as PNG bytes. */
export function encodeOpaquePng(rgba: Uint8Array, width: number, height: number): Uint8Array {
  if (rgba.length !== width * height * 4) throw new RangeError(`${rgba.length} bytes are not ${width} × ${height} RGBA pixels`);
  // Each row: filter type 0 (none), then its pixels without alpha.
  const rows = new Uint8Array((width * 3 + 1) * height);
  let out = 0;
  let pixel = 0;
  for (let row = 0; row < height; row++) {
    rows[out++] = 0;
    for (let column = 0; column < width; column++, pixel += 4) {
      rows[out++] = rgba[pixel] as number;
      rows[out++] = rgba[pixel + 1] as number;
      rows[out++] = rgba[pixel + 2] as number;
    }
  }
  const header = new Uint8Array(13);
  header.set(uint32s(width, height));
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, colour type 2 (RGB), deflate, adaptive-filter method, no interlace
  const density = new Uint8Array(9);
  density.set(uint32s(PIXELS_PER_METRE, PIXELS_PER_METRE));
  density[8] = 1; // the unit is the metre
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("sRGB", Uint8Array.of(0)), // perceptual rendering intent
    chunk("pHYs", density),
    chunk("IDAT", deflateSync(rows, { level: DEFLATE_LEVEL })),
    chunk("IEND", new Uint8Array(0)),
  ]);
}
