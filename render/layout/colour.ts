// Colours a design derives from a template's five: a tint between two colours (zebra rows), and
// which text colour stays readable on a fill a customer chose (white on a dark panel, dark on a
// light one), by WCAG relative luminance.
import type { Rgb } from "./boxes.ts";

const HEX = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

function channels(colour: Rgb): [number, number, number] {
  const match = HEX.exec(colour);
  if (!match) throw new Error(`not a #rrggbb colour: ${colour}`);
  return [Number.parseInt(match[1] as string, 16), Number.parseInt(match[2] as string, 16), Number.parseInt(match[3] as string, 16)];
}

const hex = (value: number): string => Math.round(value).toString(16).padStart(2, "0");

/** `from` moved `amount` (0 to 1) of the way towards `to`. */
export function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  const a = channels(from);
  const b = channels(to);
  return `#${a.map((channel, index) => hex(channel + ((b[index] as number) - channel) * amount)).join("")}`;
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function luminance(colour: Rgb): number {
  const [r, g, b] = channels(colour).map((channel) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: Rgb, b: Rgb): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** Of `dark` and white, the one that reads better on `fill`. */
export function readableOn(fill: Rgb, dark: Rgb): Rgb {
  return contrast(fill, "#ffffff") >= contrast(fill, dark) ? "#ffffff" : dark;
}
