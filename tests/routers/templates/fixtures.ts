// Logos for template tests: a real PNG made with fast-png, as a data: URL.
import { encode } from "fast-png";

/** A `width` × `height` PNG filled with one RGB colour. */
export function pngLogo(width = 40, height = 20, rgb: [number, number, number] = [200, 30, 60]): Uint8Array {
  const data = new Uint8Array(width * height * 3);
  for (let index = 0; index < width * height; index++) data.set(rgb, index * 3);
  return encode({ width, height, data, channels: 3, depth: 8 });
}

export function dataUrl(bytes: Uint8Array, type: string): string {
  return `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;
}
