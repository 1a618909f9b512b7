// Logo uploads for tests/render/logo.test.ts. PNGs are encoded here with fast-png; the 24×16 JPEGs
// beside this file were made once with ImageMagick 6.9 and libjpeg-turbo 2.1 (Debian bookworm):
//   convert -size 24x16 gradient:red-blue -strip -quality 85 -sampling-factor 2x2 baseline-rgb.jpg
//   convert -size 24x16 gradient:red-blue -strip -quality 85 -interlace Plane progressive-rgb.jpg
//   convert -size 24x16 gradient:white-black -colorspace Gray -strip -quality 85 gray.jpg
//   convert -size 24x16 gradient:red-blue -colorspace CMYK -strip -quality 85 cmyk.jpg
//   convert -size 24x16 gradient:red-blue ppm:- | cjpeg -arithmetic > arithmetic.jpg
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { encode } from "fast-png";

export type JpegFixture = "baseline-rgb" | "progressive-rgb" | "gray" | "cmyk" | "arithmetic";

export function jpegFixture(name: JpegFixture): Uint8Array {
  return new Uint8Array(readFileSync(join(import.meta.dir, `${name}.jpg`)));
}

/** An RGBA PNG of the given size: red on the left half, transparent on the right. */
export function halfRedPng(width: number, height: number, depth: 8 | 16 = 8): Uint8Array {
  const max = depth === 8 ? 255 : 65535;
  const data = depth === 8 ? new Uint8Array(width * height * 4) : new Uint16Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width / 2; x++) data.set([max, 0, 0, max], (y * width + x) * 4);
  }
  return encode({ width, height, data, channels: 4, depth });
}

/** A greyscale PNG, one channel. */
export function greyPng(width: number, height: number): Uint8Array {
  return encode({ width, height, data: new Uint8Array(width * height).fill(128), channels: 1, depth: 8 });
}

export function dataUrl(mediaType: string, bytes: Uint8Array): string {
  return `data:${mediaType};base64,${Buffer.from(bytes).toString("base64")}`;
}

export function svgDataUrl(markup: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
}

/** Both SVG namespaces, as editors write them. */
export const SVG_OPEN = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"`;

/** A red square and a blue circle on a transparent 200×100 canvas. */
export const SQUARE_AND_CIRCLE = `${SVG_OPEN} width="200" height="100" viewBox="0 0 200 100"><rect width="100" height="100" fill="#ff0000"/><circle cx="150" cy="50" r="40" fill="#0000ff"/></svg>`;
