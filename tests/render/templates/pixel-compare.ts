// Comparing rendered pages pixel by pixel, on top of png-pixels.ts's decoding: where the ink is
// (its bounding box), how many pixels of one colour there are, and how close two images are.
import type { Pixels } from "../paint/png-pixels.ts";

export type Bounds = { left: number; top: number; right: number; bottom: number };

const channel = (pixels: Pixels, x: number, y: number, index: number): number => pixels.data[(y * pixels.width + x) * pixels.channels + index] ?? 255;

/** The smallest box (px, right and bottom exclusive) holding every pixel `matches` accepts. */
function boundsWhere(pixels: Pixels, matches: (x: number, y: number) => boolean): Bounds {
  const bounds: Bounds = { left: pixels.width, top: pixels.height, right: 0, bottom: 0 };
  for (let y = 0; y < pixels.height; y++) {
    for (let x = 0; x < pixels.width; x++) {
      if (!matches(x, y)) continue;
      bounds.left = Math.min(bounds.left, x);
      bounds.top = Math.min(bounds.top, y);
      bounds.right = Math.max(bounds.right, x + 1);
      bounds.bottom = Math.max(bounds.bottom, y + 1);
    }
  }
  return bounds;
}

const isColour = (pixels: Pixels, x: number, y: number, rgb: readonly [number, number, number], tolerance: number): boolean =>
  [0, 1, 2].every((index) => Math.abs(channel(pixels, x, y, index) - (rgb[index] as number)) <= tolerance);

/** Where the ink is: every pixel darker than `below` in some channel. */
export function inkBounds(pixels: Pixels, below = 250): Bounds {
  return boundsWhere(pixels, (x, y) => [0, 1, 2].some((index) => channel(pixels, x, y, index) < below));
}

/** Where the pixels of one colour (within `tolerance` in every channel) are. */
export function colourBounds(pixels: Pixels, rgb: readonly [number, number, number], tolerance = 2): Bounds {
  return boundsWhere(pixels, (x, y) => isColour(pixels, x, y, rgb, tolerance));
}

/** Pixels whose RGB is within `tolerance` of `rgb` in every channel. */
export function countColour(pixels: Pixels, rgb: readonly [number, number, number], tolerance = 2): number {
  let count = 0;
  for (let y = 0; y < pixels.height; y++) for (let x = 0; x < pixels.width; x++) if (isColour(pixels, x, y, rgb, tolerance)) count++;
  return count;
}

/** The share (0 to 1) of pixels of two same-sized images whose channels all differ by at most `tolerance`. */
export function similarShare(a: Pixels, b: Pixels, tolerance: number): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`sizes differ: ${a.width}×${a.height} and ${b.width}×${b.height}`);
  let similar = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if ([0, 1, 2].every((index) => Math.abs(channel(a, x, y, index) - channel(b, x, y, index)) <= tolerance)) similar++;
    }
  }
  return similar / (a.width * a.height);
}

/** Pixels that differ by more than `tolerance` in some channel. */
export function differentPixels(a: Pixels, b: Pixels, tolerance: number): number {
  return Math.round((1 - similarShare(a, b, tolerance)) * a.width * a.height);
}

/** How much ink an image holds: the sum over its pixels of how far each channel is from white. */
export function darkness(pixels: Pixels): number {
  let sum = 0;
  for (let y = 0; y < pixels.height; y++) for (let x = 0; x < pixels.width; x++) for (let index = 0; index < 3; index++) sum += 255 - channel(pixels, x, y, index);
  return sum;
}
