// PNG and JPEG logos are stored as given, so their bytes are checked here instead of trusting the
// declared type: the format is sniffed from the signature, the structure walked without decoding
// pixels, and the size read from IHDR or the SOF marker. What passes is a file both pdf-lib (PDF)
// and resvg (SVG/PNG exports) draw.
import { logoRefused } from "./refusal.ts";

export type RasterFormat = "png" | "jpeg";
export type RasterSize = { width: number; height: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The format the bytes really are, or null for anything else. */
export function sniffRaster(bytes: Uint8Array): RasterFormat | null {
  if (PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  return null;
}

export function rasterSize(format: RasterFormat, bytes: Uint8Array): RasterSize {
  return format === "png" ? pngSize(bytes) : jpegSize(bytes);
}

const corrupt = (format: string, why: string): Error => logoRefused("corrupt_image", `The logo is not a valid ${format}: ${why}`);

/** Bit depths allowed per PNG colour type (grey, RGB, palette, grey+alpha, RGBA). */
const PNG_DEPTHS: Record<number, readonly number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/**
 * IHDR first, every chunk inside the file with a matching CRC, a palette before the data when the
 * colour type needs one, image data, and nothing after IEND (no payload riding along).
 */
function pngSize(bytes: Uint8Array): RasterSize {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = PNG_SIGNATURE.length;
  let size: RasterSize | null = null;
  let colourType = -1;
  let sawPalette = false;
  let sawData = false;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const end = offset + 12 + length;
    if (end > bytes.length) throw corrupt("PNG", `the ${type} chunk is cut off`);
    if (crc32(bytes.subarray(offset + 4, end - 4)) !== view.getUint32(end - 4)) throw corrupt("PNG", `the ${type} chunk's checksum is wrong`);
    if (size === null && type !== "IHDR") throw corrupt("PNG", "IHDR is not the first chunk");
    if (type === "IHDR") {
      if (size !== null || length !== 13) throw corrupt("PNG", "bad IHDR");
      colourType = bytes[offset + 17] ?? -1;
      const depth = bytes[offset + 16] ?? 0;
      if (!PNG_DEPTHS[colourType]?.includes(depth)) throw corrupt("PNG", `bit depth ${depth} with colour type ${colourType}`);
      if (bytes[offset + 18] !== 0 || bytes[offset + 19] !== 0 || (bytes[offset + 20] ?? 2) > 1) throw corrupt("PNG", "unknown compression, filter or interlace method");
      size = { width: view.getUint32(offset + 8), height: view.getUint32(offset + 12) };
    }
    if (type === "PLTE") sawPalette = true;
    if (type === "IDAT") {
      if (colourType === 3 && !sawPalette) throw corrupt("PNG", "a palette image without its palette");
      sawData = true;
    }
    offset = end;
    if (type === "IEND") {
      if (!sawData || size === null) throw corrupt("PNG", "no image data");
      if (offset !== bytes.length) throw corrupt("PNG", "data after the end of the image");
      return size;
    }
  }
  throw corrupt("PNG", "the file is cut off before IEND");
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, index) => {
  let crc = index;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const DHT = 0xc4;
const JPG_RESERVED = 0xc8;
/** Baseline, extended sequential and progressive Huffman: what resvg's decoder and PDF readers handle. */
const DRAWABLE_SOF = new Set([0xc0, 0xc1, 0xc2]);

/**
 * Walks the marker segments up to the first scan the way pdf-lib's embedder does (so both read the
 * same frame header), and checks the file ends with EOI. Refused: lossless, hierarchical and
 * arithmetic-coded frames, 12-bit samples, and 4-component (CMYK/YCCK) files, which pdf-lib embeds
 * but resvg 2.6.2 draws as nothing, so the PNG and SVG exports would lose the logo.
 */
function jpegSize(bytes: Uint8Array): RasterSize {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== EOI) throw corrupt("JPEG", "the file is cut off (no end-of-image marker)");
  let offset = 2;
  let size: RasterSize | null = null;
  while (offset + 4 <= bytes.length) {
    const marker = bytes[offset + 1] ?? 0;
    if (bytes[offset] !== 0xff || marker === 0xff || marker === SOI || marker === EOI) throw corrupt("JPEG", `unexpected bytes at offset ${offset}`);
    const length = view.getUint16(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) throw corrupt("JPEG", "a segment is cut off");
    if (marker === SOS) {
      if (size === null) throw corrupt("JPEG", "image data before the frame header");
      return size;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== DHT && marker !== JPG_RESERVED && size === null) {
      size = frameSize(view, offset, marker, length);
    }
    offset += 2 + length;
  }
  throw corrupt("JPEG", "no image data");
}

function frameSize(view: DataView, offset: number, marker: number, length: number): RasterSize {
  if (!DRAWABLE_SOF.has(marker)) throw logoRefused("unsupported_jpeg", "The JPEG logo must be baseline or progressive (lossless, hierarchical and arithmetic-coded JPEG cannot be drawn)");
  if (length < 8) throw corrupt("JPEG", "the frame header is cut off");
  const precision = view.getUint8(offset + 4);
  const height = view.getUint16(offset + 5);
  const width = view.getUint16(offset + 7);
  const components = view.getUint8(offset + 9);
  if (precision !== 8) throw logoRefused("unsupported_jpeg", `The JPEG logo has ${precision}-bit samples; only 8-bit JPEG can be drawn`);
  if (components !== 1 && components !== 3) throw logoRefused("unsupported_jpeg", `The JPEG logo has ${components} colour components; save it as RGB or greyscale (CMYK logos do not draw in PNG and SVG exports)`);
  return { width, height };
}
