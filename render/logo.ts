// A template's logo upload, checked once: a data: URL in, PNG or JPEG bytes out, ready for the
// blob store and every painter. PNG and JPEG are kept byte for byte once their real bytes agree
// with the declared type and their size fits; an SVG is sanitized by an allow-list
// (logo/svg-sanitize.ts) and drawn to a PNG (logo/svg-raster.ts), so no user SVG reaches a render.
// Every refusal is a 422 with `{ field: "logo", reason }`.
import { sha256HexOfBytes } from "../server/domain/secrets.ts";
import { decodeDataUrl } from "./logo/data-url.ts";
import { rasterSize, sniffRaster, type RasterFormat, type RasterSize } from "./logo/raster-header.ts";
import { logoRefused } from "./logo/refusal.ts";
import { sanitizeSvg } from "./logo/svg-sanitize.ts";
import { rasterizeSvg } from "./logo/svg-raster.ts";
import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS } from "./logo/limits.ts";

export { LOGO_MAX_BYTES, LOGO_MAX_PIXELS };

export type AcceptedLogo = {
  format: "png" | "jpeg";
  bytes: Uint8Array;
  width: number;
  height: number;
  size: number;
  sha256: string;
  content_type: "image/png" | "image/jpeg";
};

/** image/jpg is not registered but common enough in the wild to take as JPEG. */
const RASTER_TYPES = new Map<string, RasterFormat>([
  ["image/png", "png"],
  ["image/jpeg", "jpeg"],
  ["image/jpg", "jpeg"],
]);
const SVG_TYPE = "image/svg+xml";
const FORMAT_NAMES: Record<RasterFormat, string> = { png: "PNG", jpeg: "JPEG" };

function checkedRaster(declared: RasterFormat, bytes: Uint8Array): RasterSize {
  const actual = sniffRaster(bytes);
  if (actual !== declared) {
    const found = actual === null ? "neither a PNG nor a JPEG" : `a ${FORMAT_NAMES[actual]}`;
    throw logoRefused("type_mismatch", `The logo is declared as ${FORMAT_NAMES[declared]} but its bytes are ${found}`);
  }
  const size = rasterSize(declared, bytes);
  if (size.width < 1 || size.height < 1) throw logoRefused("corrupt_image", "The logo has no width or height");
  if (size.width > LOGO_MAX_PIXELS || size.height > LOGO_MAX_PIXELS) {
    throw logoRefused("dimensions_too_large", `The logo is ${size.width}×${size.height} pixels; at most ${LOGO_MAX_PIXELS}×${LOGO_MAX_PIXELS} is accepted`);
  }
  return size;
}

function svgMarkup(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw logoRefused("bad_encoding", "The SVG logo is not valid UTF-8");
  }
}

async function accepted(format: RasterFormat, bytes: Uint8Array, size: RasterSize): Promise<AcceptedLogo> {
  return {
    format,
    bytes,
    width: size.width,
    height: size.height,
    size: bytes.length,
    sha256: await sha256HexOfBytes(bytes),
    content_type: format === "png" ? "image/png" : "image/jpeg",
  };
}

/** Checks a data: URL logo: PNG/JPEG kept as given, SVG sanitized and drawn to PNG; else a 422. */
export async function acceptLogo(dataUrl: string): Promise<AcceptedLogo> {
  const { mediaType, bytes } = decodeDataUrl(dataUrl, LOGO_MAX_BYTES);
  const raster = RASTER_TYPES.get(mediaType);
  if (raster) return accepted(raster, bytes, checkedRaster(raster, bytes));
  if (mediaType !== SVG_TYPE) throw logoRefused("unsupported_type", `A logo must be PNG, JPEG or SVG, not ${mediaType || "untyped data"}`);
  const drawn = await rasterizeSvg(sanitizeSvg(svgMarkup(bytes)));
  if (drawn.png.length > LOGO_MAX_BYTES) throw logoRefused("too_large", `The SVG logo draws to a PNG larger than ${LOGO_MAX_BYTES / 1024} KiB`);
  return accepted("png", drawn.png, drawn);
}
