// Colour contrast as WCAG 2.2 measures it, ratio (L1 + 0.05) / (L2 + 0.05) of the relative
// luminances layout/colour.ts computes, and the fallback that keeps a template's text readable: a
// colour below the ratio is mixed towards black (on a light surface) or white (on a dark one) just
// far enough, so it keeps its hue.
import type { Rgb } from "../layout/boxes.ts";
import { luminance, mix } from "../layout/colour.ts";

/** WCAG AA for body text. */
export const AA_TEXT = 4.5;

/** The colour as lower-case #rrggbb (mixing by nothing validates it); anything else throws, so only a colour can reach a stylesheet. */
export function normalized(color: Rgb): Rgb {
  return mix(color, color, 0);
}

/** From 1 (the same colour) to 21 (black on white), whichever is lighter. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** Black or white, whichever contrasts more with `background`: at least 4.58:1 against any colour. */
export function extremeFor(background: Rgb): Rgb {
  return contrastRatio(background, "#000000") >= contrastRatio(background, "#ffffff") ? "#000000" : "#ffffff";
}

/** Steps of the mix towards black or white: fine enough that the result stays close to the template's colour. */
const STEPS = 64;

/**
 * `color` itself when it reaches `minimum` against `background`, else the least mix of it towards
 * `extremeFor(background)` that does, so the search always ends (the extreme itself reaches 4.58:1).
 */
export function ensureContrast(background: Rgb, color: Rgb, minimum = AA_TEXT): Rgb {
  const target = extremeFor(background);
  for (let step = 0; step < STEPS; step++) {
    const mixed = mix(color, target, step / STEPS);
    if (contrastRatio(background, mixed) >= minimum) return mixed;
  }
  return target;
}
