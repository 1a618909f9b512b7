// CSS colours as brand extraction meets them: hex, rgb(), hsl(), oklch()/oklab() (Tailwind 4's
// palette), black and white, read into sRGB; and the arithmetic the palette and the template need
// (WCAG luminance and contrast, saturation, mixing). A colour mostly transparent is no brand colour
// and reads as none.

export type Rgb = { r: number; g: number; b: number };

/** Below this alpha a colour is an overlay or a shadow, not a colour of the brand. */
const MIN_ALPHA = 0.5;

const NAMED: Record<string, Rgb> = { black: { r: 0, g: 0, b: 0 }, white: { r: 255, g: 255, b: 255 } };

/** A colour token inside a value: hex, a colour function, or black/white. */
const COLOR_TOKEN = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|oklch|oklab)\([^()]*\)|\b(?:black|white)\b/gi;

const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));

export function hexOf({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((channel) => Math.round(clamp(channel, 0, 255)).toString(16).padStart(2, "0")).join("")}`;
}

export function rgbOfHex(hex: string): Rgb {
  return { r: Number.parseInt(hex.slice(1, 3), 16), g: Number.parseInt(hex.slice(3, 5), 16), b: Number.parseInt(hex.slice(5, 7), 16) };
}

function parseHex(text: string): Rgb | null {
  const digits = text.slice(1);
  if (![3, 4, 6, 8].includes(digits.length) || !/^[0-9a-f]+$/i.test(digits)) return null;
  const full = digits.length <= 4 ? [...digits].map((digit) => digit + digit).join("") : digits;
  const alpha = full.length === 8 ? Number.parseInt(full.slice(6, 8), 16) / 255 : 1;
  return alpha < MIN_ALPHA ? null : rgbOfHex(`#${full.slice(0, 6)}`);
}

/** A number, a percentage (of `percentOf`) or an angle in degrees; NaN when it is none of them. */
function component(text: string, percentOf: number): number {
  const match = /^(-?[\d.]+(?:e-?\d+)?)(%|deg)?$/i.exec(text.trim());
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === "%" ? (value / 100) * percentOf : value;
}

/** The arguments of a colour function, legacy (commas) or modern (spaces, "/ alpha"); alpha last or 1. */
function argumentsOf(inside: string): { values: string[]; alpha: number } | null {
  const [main = "", alphaText] = inside.split("/");
  const values = main.includes(",") ? main.split(",").map((part) => part.trim()) : main.trim().split(/\s+/);
  let alpha = alphaText === undefined ? 1 : component(alphaText, 1);
  if (alphaText === undefined && values.length === 4) alpha = component(values.pop()!, 1);
  if (values.length !== 3 || Number.isNaN(alpha)) return null;
  return { values, alpha };
}

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const h = (((hue % 360) + 360) % 360) / 60;
  const x = chroma * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] = h < 1 ? [chroma, x, 0] : h < 2 ? [x, chroma, 0] : h < 3 ? [0, chroma, x] : h < 4 ? [0, x, chroma] : h < 5 ? [x, 0, chroma] : [chroma, 0, x];
  const m = lightness - chroma / 2;
  return { r: (r + m) * 255, g: (g + m) * 255, b: (b + m) * 255 };
}

/** OKLab to sRGB (Björn Ottosson's matrices), gamut-clipped. */
function oklabToRgb(lightness: number, a: number, b: number): Rgb {
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s, -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s, -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s];
  const [r = 0, g = 0, bl = 0] = linear.map((value) => 255 * (value <= 0.0031308 ? 12.92 * value : 1.055 * clamp(value, 0, 1) ** (1 / 2.4) - 0.055));
  return { r, g, b: bl };
}

function parseFunction(name: string, inside: string): Rgb | null {
  const parsed = argumentsOf(inside);
  if (!parsed || parsed.alpha < MIN_ALPHA) return null;
  const [first = "", second = "", third = ""] = parsed.values;
  let rgb: Rgb;
  if (name.startsWith("rgb")) rgb = { r: component(first, 255), g: component(second, 255), b: component(third, 255) };
  else if (name.startsWith("hsl")) rgb = hslToRgb(component(first, 360), component(second, 1) / (second.endsWith("%") ? 1 : 100), component(third, 1) / (third.endsWith("%") ? 1 : 100));
  else if (name === "oklab") rgb = oklabToRgb(component(first, 1), component(second, 0.4), component(third, 0.4));
  else {
    const hue = (component(third, 1) * Math.PI) / 180;
    const chroma = component(second, 0.4);
    rgb = oklabToRgb(component(first, 1), chroma * Math.cos(hue), chroma * Math.sin(hue));
  }
  return [rgb.r, rgb.g, rgb.b].some(Number.isNaN) ? null : rgb;
}

/** One colour as CSS writes it, as #rrggbb; null for anything else (or a colour mostly transparent). */
export function parseColor(text: string): string | null {
  const value = text.trim().toLowerCase();
  const named = NAMED[value];
  if (named) return hexOf(named);
  if (value.startsWith("#")) {
    const rgb = parseHex(value);
    return rgb && hexOf(rgb);
  }
  const call = /^(rgba?|hsla?|oklch|oklab)\(([^()]*)\)$/.exec(value);
  const rgb = call ? parseFunction(call[1]!, call[2]!) : null;
  return rgb && hexOf(rgb);
}

/** Every colour a CSS value names (`1px solid #ccc`, `linear-gradient(#fff, rgb(0 0 0))`), as #rrggbb. */
export function colorsIn(value: string): string[] {
  return (value.match(COLOR_TOKEN) ?? []).map(parseColor).filter((color): color is string => color !== null);
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const { r, g, b } = rgbOfHex(hex);
  const linear = (channel: number): number => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio, 1 to 21. */
export function contrast(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** HSL saturation and lightness, each 0 to 1. */
export function saturationAndLightness(hex: string): { saturation: number; lightness: number } {
  const { r, g, b } = rgbOfHex(hex);
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const lightness = (max + min) / 2;
  const saturation = max === min ? 0 : (max - min) / (1 - Math.abs(2 * lightness - 1));
  return { saturation, lightness };
}

/** A colour with enough hue to carry a brand: neither grey nor nearly white or black. */
export function isChromatic(hex: string): boolean {
  const { saturation, lightness } = saturationAndLightness(hex);
  return saturation >= 0.2 && lightness >= 0.12 && lightness <= 0.9;
}

/** `from` moved `amount` (0 to 1) of the way towards `to`, in sRGB. */
export function mix(from: string, to: string, amount: number): string {
  const a = rgbOfHex(from);
  const b = rgbOfHex(to);
  return hexOf({ r: a.r + (b.r - a.r) * amount, g: a.g + (b.g - a.g) * amount, b: a.b + (b.b - a.b) * amount });
}

/** Euclidean distance in sRGB, 0 to ~441: close colours are one colour to a reader. */
export function distance(first: string, second: string): number {
  const a = rgbOfHex(first);
  const b = rgbOfHex(second);
  return Math.hypot(a.r - b.r, a.g - b.g, a.b - b.b);
}
