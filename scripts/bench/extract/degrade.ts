// A rendered page made to look scanned, for the benchmark's degraded copies: scaled down (a scan at
// a lower resolution), turned by a degree or two (a page laid askew), then noised (sensor grain as
// gaussian noise, dust as salt and pepper). Plain pixel math over fast-png's decoded pixels, every
// draw from a seeded sequence, so a seed always gives the same image.
import { decode, encode } from "fast-png";
import { pseudoRandom } from "../../seed/random.ts";

/** 8-bit pixels, row by row, `channels` per pixel (1 grey, 2 grey + alpha, 3 RGB, 4 RGBA). */
export type Pixels = { width: number; height: number; channels: number; data: Uint8Array };

export type Degradation = {
  /** Output size ÷ input size (0.8–0.9 by default). */
  scale: number;
  /** Clockwise turn in degrees (±1–2 by default). */
  degrees: number;
  /** Standard deviation of the grain, in 0–255 levels. */
  noiseSigma: number;
  /** Share of pixels turned black or white. */
  saltAndPepper: number;
};

const WHITE = 255;

/** Draws a degradation the way the benchmark uses it: scale 0.8–0.9, ±1–2°, σ 6–12, 0.1–0.4 % specks. */
export function drawDegradation(random: () => number): Degradation {
  const sign = random() < 0.5 ? -1 : 1;
  return { scale: 0.8 + random() * 0.1, degrees: sign * (1 + random()), noiseSigma: 6 + random() * 6, saltAndPepper: 0.001 + random() * 0.003 };
}

/** One standard normal draw (Box–Muller; 1 − u keeps the logarithm's argument above 0). */
function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * Scales and turns about the centre in one inverse mapping (each output pixel reads the input at
 * its source position, bilinear), so there are no holes; what falls outside the page is white.
 * Then the noise, the same on every colour channel (grain is brightness); alpha is left alone.
 */
export function degradePixels(image: Pixels, degradation: Degradation, random: () => number): Pixels {
  const { width, height, channels, data } = image;
  const colours = channels === 2 || channels === 4 ? channels - 1 : channels;
  const outWidth = Math.max(1, Math.round(width * degradation.scale));
  const outHeight = Math.max(1, Math.round(height * degradation.scale));
  const out = new Uint8Array(outWidth * outHeight * channels);
  const angle = (degradation.degrees * Math.PI) / 180;
  const cos = Math.cos(angle) / degradation.scale;
  const sin = Math.sin(angle) / degradation.scale;
  const at = (x: number, y: number, channel: number): number =>
    x < 0 || y < 0 || x >= width || y >= height ? WHITE : data[(y * width + x) * channels + channel]!;
  for (let y = 0; y < outHeight; y++) {
    for (let x = 0; x < outWidth; x++) {
      const dx = x + 0.5 - outWidth / 2;
      const dy = y + 0.5 - outHeight / 2;
      const sourceX = cos * dx + sin * dy + width / 2 - 0.5;
      const sourceY = -sin * dx + cos * dy + height / 2 - 0.5;
      const left = Math.floor(sourceX);
      const top = Math.floor(sourceY);
      const fx = sourceX - left;
      const fy = sourceY - top;
      const grain = degradation.noiseSigma * gaussian(random);
      const speck = random();
      const target = (y * outWidth + x) * channels;
      for (let channel = 0; channel < channels; channel++) {
        const upper = at(left, top, channel) * (1 - fx) + at(left + 1, top, channel) * fx;
        const lower = at(left, top + 1, channel) * (1 - fx) + at(left + 1, top + 1, channel) * fx;
        const value = upper * (1 - fy) + lower * fy;
        if (channel >= colours) out[target + channel] = Math.round(value);
        else if (speck < degradation.saltAndPepper / 2) out[target + channel] = 0;
        else if (speck < degradation.saltAndPepper) out[target + channel] = WHITE;
        else out[target + channel] = Math.min(WHITE, Math.max(0, Math.round(value + grain)));
      }
    }
  }
  return { width: outWidth, height: outHeight, channels, data: out };
}

/** A PNG's degraded copy, seeded: the same bytes and seed always give the same file. */
export function degradePng(bytes: Uint8Array, seed: number): { png: Uint8Array; degradation: Degradation } {
  const random = pseudoRandom(seed);
  const decoded = decode(bytes);
  if (decoded.depth !== 8 || decoded.palette) throw new Error(`degradePng reads 8-bit grey or RGB(A) PNGs, got depth ${decoded.depth}${decoded.palette ? " with a palette" : ""}`);
  const image: Pixels = { width: decoded.width, height: decoded.height, channels: decoded.channels, data: decoded.data as Uint8Array };
  const degradation = drawDegradation(random);
  const degraded = degradePixels(image, degradation, random);
  return { png: encode({ ...degraded, depth: 8 }), degradation };
}
