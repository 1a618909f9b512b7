// The PNG writer on its own: what goes in comes back out through an independent decoder (fast-png,
// checksums checked), with the chunks a viewer needs to size and colour the page.
import { describe, expect, test } from "bun:test";
import { decode } from "fast-png";
import { encodeOpaquePng } from "../../../render/paint/png-encode.ts";

/** A 7 × 3 image whose every pixel is a different colour, alpha 255. */
function gradient(width = 7, height = 3): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let index = 0; index < width * height; index++) rgba.set([index * 11, 255 - index * 7, (index * 37) % 256, 255], index * 4);
  return rgba;
}

function chunkTypes(png: Uint8Array): string[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const types: string[] = [];
  for (let offset = 8; offset < png.length; offset += 12 + view.getUint32(offset)) types.push(String.fromCharCode(...png.subarray(offset + 4, offset + 8)));
  return types;
}

describe("encodeOpaquePng", () => {
  test("round-trips every pixel's RGB through another decoder, checksums checked", () => {
    const rgba = gradient();
    const decoded = decode(encodeOpaquePng(rgba, 7, 3), { checkCrc: true });
    expect([decoded.width, decoded.height, decoded.channels, decoded.depth]).toEqual([7, 3, 3, 8]);
    expect(Array.from(decoded.data)).toEqual(Array.from(rgba.filter((_, index) => index % 4 !== 3)));
  });

  test("states 96 dpi and sRGB before the image data, and ends with IEND", () => {
    const png = encodeOpaquePng(gradient(), 7, 3);
    expect(chunkTypes(png)).toEqual(["IHDR", "sRGB", "pHYs", "IDAT", "IEND"]);
    expect(decode(png).resolution).toEqual({ x: 3780, y: 3780, unit: 1 });
  });

  test("refuses pixels that are not width × height RGBA", () => {
    expect(() => encodeOpaquePng(gradient(), 7, 4)).toThrow(RangeError);
    expect(() => encodeOpaquePng(new Uint8Array(7 * 3 * 3), 7, 3)).toThrow("are not 7 × 3 RGBA pixels");
  });
});
