// Reading painted PNGs back for coarse pixel checks (no golden images yet): the IHDR header read by
// hand, pixels decoded by fast-png, regions given in points and converted at 96 dpi like the painter.
import { decode } from "fast-png";

export type Pixels = { width: number; height: number; channels: number; data: ArrayLike<number> };
/** A region in points: x, y of the top-left corner, width, height. */
export type Area = { x: number; y: number; width: number; height: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height from the PNG's IHDR chunk, which must come right after the signature. */
export function pngHeader(bytes: Uint8Array): { width: number; height: number; bitDepth: number; colourType: number } {
  if (!PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) throw new Error("not a PNG");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") throw new Error("IHDR is not the first chunk");
  return { width: view.getUint32(16), height: view.getUint32(20), bitDepth: bytes[24] ?? 0, colourType: bytes[25] ?? 0 };
}

export function pixelsOf(png: Uint8Array): Pixels {
  const decoded = decode(png);
  if (decoded.depth !== 8) throw new Error(`unexpected bit depth ${decoded.depth}`);
  return { width: decoded.width, height: decoded.height, channels: decoded.channels, data: decoded.data };
}

/** The RGB of the pixel that contains the point (x, y) in points. */
export function rgbAt(pixels: Pixels, x: number, y: number): [number, number, number] {
  const offset = (Math.floor((y * 96) / 72) * pixels.width + Math.floor((x * 96) / 72)) * pixels.channels;
  return [pixels.data[offset] ?? -1, pixels.data[offset + 1] ?? -1, pixels.data[offset + 2] ?? -1];
}

const toPx = (area: Area): { left: number; top: number; right: number; bottom: number } => ({
  left: Math.floor((area.x * 96) / 72),
  top: Math.floor((area.y * 96) / 72),
  right: Math.ceil(((area.x + area.width) * 96) / 72),
  bottom: Math.ceil(((area.y + area.height) * 96) / 72),
});

/** Pixels in an area whose every channel is below `below` (dark ink on white). */
export function darkPixels(pixels: Pixels, area: Area, below = 128): number {
  const { left, top, right, bottom } = toPx(area);
  let count = 0;
  for (let y = Math.max(0, top); y < Math.min(pixels.height, bottom); y++) {
    for (let x = Math.max(0, left); x < Math.min(pixels.width, right); x++) {
      const offset = (y * pixels.width + x) * pixels.channels;
      if ([0, 1, 2].every((channel) => (pixels.data[offset + channel] ?? 255) < below)) count++;
    }
  }
  return count;
}

/** Pixels that are not pure white and lie outside every given area. */
export function inkOutside(pixels: Pixels, areas: Area[]): number {
  const inside = areas.map(toPx);
  let count = 0;
  for (let y = 0; y < pixels.height; y++) {
    for (let x = 0; x < pixels.width; x++) {
      if (inside.some((box) => x >= box.left && x < box.right && y >= box.top && y < box.bottom)) continue;
      const offset = (y * pixels.width + x) * pixels.channels;
      if (pixels.data[offset] !== 255 || pixels.data[offset + 1] !== 255 || pixels.data[offset + 2] !== 255) count++;
    }
  }
  return count;
}
