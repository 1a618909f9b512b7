// The bundled fonts as satori sees them. Each (family, weight) gets its own satori family name:
// satori keys fonts by name, and several fonts under one name fall back to the first one (STACK.md).
// The option objects and their ArrayBuffers are made once per process and reused, because satori
// caches its parsed fonts by the identity of `data` (a fresh copy would re-parse 5 MB of CJK per page).
import type { Font as FontOptions } from "satori";
import { loadFont } from "../fonts/registry.ts";
import { fontMetrics } from "../fonts/metrics.ts";
import type { FontRef } from "../layout/boxes.ts";

const WEIGHT_NUMBER = { regular: 400, bold: 700 } as const;
const options = new Map<string, FontOptions>();

/** The name a run's font is registered under in satori (one per family and weight). */
export function satoriFamily(font: FontRef): string {
  return `${font.family}-${font.weight}`;
}

/** satori's font entry for a font: read through the registry (TTF bytes), made once per process. */
export function satoriFont(font: FontRef): FontOptions {
  const name = satoriFamily(font);
  const cached = options.get(name);
  if (cached) return cached;
  const { bytes } = loadFont(font.family, font.weight);
  const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const entry: FontOptions = { name, data, weight: WEIGHT_NUMBER[font.weight], style: "normal" };
  options.set(name, entry);
  return entry;
}

/**
 * Where satori puts a text line's baseline, so a run can be placed on ours. satori 0.63 sets the
 * baseline at `round(ascent) + floor((lineHeight - round(ascent) - round(descent)) / 2)` below the
 * box's top, from the hhea ascent and descent in px. With a line height of `round(ascent) +
 * round(descent) + 1` the floor term is 0 whatever the float noise, so the baseline sits exactly
 * `round(ascent)` below the top (tests/render/paint checks this against satori's own output).
 */
export function textBoxMetrics(font: FontRef, sizePx: number): { lineHeight: number; baseline: number } {
  const metrics = fontMetrics(loadFont(font.family, font.weight));
  const ascent = Math.round((metrics.ascent * sizePx) / metrics.unitsPerEm);
  const descent = Math.round((-metrics.descent * sizePx) / metrics.unitsPerEm);
  return { lineHeight: ascent + descent + 1, baseline: ascent };
}

