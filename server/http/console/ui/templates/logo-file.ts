// A logo file checked in the browser before it is sent, against the service's own limits
// (render/logo/limits.ts): its type, its bytes and, for a picture, its pixels. What passes goes as
// the data: URL templates.update takes; the service checks it again in full (the real format behind
// the declared type, an SVG's markup) and its refusal is shown the same way.
import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS } from "../../../../../render/logo/limits.ts";
import { fileSize, numberText } from "../format.ts";
import { t } from "../i18n/index.ts";

/** The types the service takes: PNG and JPEG kept as they are, SVG sanitized and drawn to a PNG. */
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/svg+xml"] as const;

/** What a file picker offers (types, and extensions for systems that do not know a type). */
export const LOGO_ACCEPT = [...LOGO_TYPES, ".png", ".jpg", ".jpeg", ".svg"].join(",");

const TYPE_BY_EXTENSION: Record<string, string> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", svg: "image/svg+xml" };

/**
 * A size in kilobytes (or megabytes), as the person writes numbers. Rounded up, so a file a byte over
 * the limit never reads as the limit itself.
 */
/** The file's media type: the browser's, else its extension's (a browser may give none). */
function typeOf(file: File): string {
  if (file.type) return file.type === "image/jpg" ? "image/jpeg" : file.type;
  return TYPE_BY_EXTENSION[file.name.split(".").pop()?.toLowerCase() ?? ""] ?? "";
}

/** A picture's pixels, or null when this browser cannot decode it (the service then judges the file). */
async function pixelsOf(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

function dataUrlOf(file: File, type: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // readAsDataURL names the browser's type; the service reads the type from the URL, so it is the checked one.
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,;]*/, `data:${type}`));
    reader.onerror = () => reject(reader.error ?? new Error(t("templates.logoUnreadable", { name: file.name })));
    reader.readAsDataURL(file);
  });
}

/** The file as a data: URL for templates.update, or an Error in the person's language saying why it cannot be a logo. */
export async function logoDataUrl(file: File): Promise<string> {
  const type = typeOf(file);
  if (!(LOGO_TYPES as readonly string[]).includes(type)) throw new Error(t("templates.logoType", { name: file.name }));
  if (file.size > LOGO_MAX_BYTES) throw new Error(t("templates.logoTooLarge", { name: file.name, size: fileSize(file.size), max: fileSize(LOGO_MAX_BYTES) }));
  if (type !== "image/svg+xml") {
    const pixels = await pixelsOf(file);
    if (pixels && (pixels.width > LOGO_MAX_PIXELS || pixels.height > LOGO_MAX_PIXELS)) {
      throw new Error(t("templates.logoTooManyPixels", { name: file.name, width: numberText(pixels.width), height: numberText(pixels.height), max: numberText(LOGO_MAX_PIXELS) }));
    }
  }
  return dataUrlOf(file, type);
}
