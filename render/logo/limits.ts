// What a logo upload may be, apart from the checks that need its bytes: a module of its own, so the
// console's logo field holds a file to the same numbers before sending it without loading the
// sanitizer and rasterizer that render/logo.ts brings.

/**
 * The most a logo may take, decoded from its data: URL (and the PNG drawn from an SVG). 512 KiB is
 * ~683 KiB of base64, so a template request carrying it stays under the API's 1 MiB body limit.
 */
export const LOGO_MAX_BYTES = 512 * 1024;
/** Pixels per side of an uploaded PNG or JPEG: enough for print, bounded for decoding. */
export const LOGO_MAX_PIXELS = 4096;
