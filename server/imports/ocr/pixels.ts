// Images as OCR wants them: one grey channel, 8 bits, even paper, straight lines, large enough.
// Tesseract reads best with capital letters some 20–30 pixels tall (a page scanned at 300 dpi); a
// page exported at screen resolution (794 px across A4) is a third of that, and measured on our own
// exports its words were read 70 % right as they were and 91 % right at 300 dpi (docs/adr/0025). So
// a small page is enlarged before it is read. Tesseract also binarizes the page with one threshold,
// reads dark text on light paper, and takes a rule for a row of dashes, so specks are taken out, a
// page laid askew is turned straight (in the same pass as the enlarging), its paper evened out (light
// text on a dark band turned dark on light) and its long rules whited out: measured on the
// benchmark's degraded scans (docs/benchmarks.md), the built-in extractor read 4 % of their fields
// without these steps and about 80 % with them. The boxes OCR reports are mapped back to the
// caller's pixels.
import { decode as decodePng } from "fast-png";
import jpeg from "jpeg-js";
import { DOCUMENT_BUDGETS, overBudget } from "../../domain/document-budgets.ts";
import { AppError } from "../../domain/errors.ts";

/** 8-bit grey, row by row. */
export type GreyImage = { width: number; height: number; data: Uint8Array };

/** The width OCR wants a page at: A4 at 300 dpi. */
const TARGET_WIDTH = 2480;
/** Never more than three times larger: beyond, blur grows and nothing is gained. */
const MAX_ENLARGEMENT = 3;
/** Less than this much larger is not worth the time. */
const MIN_ENLARGEMENT = 1.25;

const unreadable = (what: string): AppError => new AppError("VALIDATION_ERROR", `content is not a readable ${what}`, { field: "content", issue: `unreadable ${what}` });

/** An image is refused from its header's size, before it is decoded, when over the image budget. */
export function checkImageSize(width: number, height: number): void {
  if (width < 1 || height < 1) throw unreadable("image");
  if (width * height > DOCUMENT_BUDGETS.image.pixels) throw overBudget("image", "pixels", width * height, `The image is ${width}×${height} pixels`);
}

/** A PNG's size from its header (IHDR), before anything is inflated. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  if (bytes.byteLength < 24) throw unreadable("PNG");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Luma of 8-bit RGB (ITU-R BT.601, what scanners and Tesseract use). */
export const luma = (r: number, g: number, b: number): number => (r * 299 + g * 587 + b * 114) / 1000;

/**
 * Samples of any PNG depth and layout to 8-bit grey: 16-bit samples keep their high byte, 1–4-bit
 * samples are unpacked and stretched, a palette is looked up, and transparency is laid on white
 * (a logo's transparent background reads as paper, not as black).
 */
export function pngToGrey(bytes: Uint8Array): GreyImage {
  const { width, height } = pngSize(bytes);
  checkImageSize(width, height);
  let image: ReturnType<typeof decodePng>;
  try {
    image = decodePng(bytes);
  } catch {
    throw unreadable("PNG");
  }
  const { channels, depth, palette } = image;
  const rowSamples = width * channels;
  const rowBytes = depth < 8 ? Math.ceil((rowSamples * depth) / 8) : rowSamples;
  const maximum = (1 << Math.min(depth, 8)) - 1;
  const sample = (y: number, index: number): number => {
    if (depth === 16) return (image.data[y * rowSamples + index]! as number) >> 8;
    if (depth === 8) return image.data[y * rowSamples + index]! as number;
    const bit = index * depth;
    const byte = image.data[y * rowBytes + (bit >> 3)]! as number;
    return (byte >> (8 - depth - (bit & 7))) & maximum;
  };
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let grey: number;
      let alpha = 255;
      if (palette) {
        const entry = palette[sample(y, x)] ?? [0, 0, 0];
        grey = luma(entry[0]!, entry[1]!, entry[2]!);
        if (entry.length === 4) alpha = entry[3]!;
      } else {
        const at = x * channels;
        const scaled = (value: number): number => (depth < 8 ? (value * 255) / maximum : value);
        if (channels <= 2) grey = scaled(sample(y, at));
        else grey = luma(scaled(sample(y, at)), scaled(sample(y, at + 1)), scaled(sample(y, at + 2)));
        if (channels === 2 || channels === 4) alpha = scaled(sample(y, at + channels - 1));
      }
      data[y * width + x] = Math.round((grey * alpha + 255 * (255 - alpha)) / 255);
    }
  }
  return { width, height, data };
}

/** A JPEG's size from its first frame header (SOF0–SOF15 but DHT, JPG and DAC), before anything is decoded. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 9 <= bytes.byteLength && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
    at += 2 + view.getUint16(at + 2);
  }
  throw unreadable("JPEG");
}

export function jpegToGrey(bytes: Uint8Array): GreyImage {
  const size = jpegSize(bytes);
  checkImageSize(size.width, size.height);
  let image: { width: number; height: number; data: Uint8Array };
  try {
    image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: false, maxResolutionInMP: DOCUMENT_BUDGETS.image.pixels / 1_000_000, maxMemoryUsageInMB: 1024 });
  } catch {
    throw unreadable("JPEG");
  }
  const { width, height } = image;
  const channels = image.data.length / (width * height);
  const data = new Uint8Array(width * height);
  for (let index = 0; index < width * height; index++) {
    const at = index * channels;
    data[index] = channels >= 3 ? Math.round(luma(image.data[at]!, image.data[at + 1]!, image.data[at + 2]!)) : image.data[at]!;
  }
  return { width, height, data };
}

/** How much larger OCR should read the image (1: as it is). */
function enlargementFor(image: { width: number }): number {
  const factor = Math.min(MAX_ENLARGEMENT, TARGET_WIDTH / image.width);
  return factor >= MIN_ENLARGEMENT ? factor : 1;
}

/** A box in pixels, corners top-left and bottom-right. */
export type PixelBox = { x0: number; y0: number; x1: number; y1: number };

/** What Tesseract reads, and how a box on it maps back to the caller's image. */
export type OcrImage = { image: GreyImage; toCaller(box: PixelBox): PixelBox };

/** The page cleaned, turned straight, enlarged, evened and without rules, for OCR (see the module's comment). */
export function prepareForOcr(image: GreyImage): OcrImage {
  const clean = despeckle(image);
  const straight = straighten(clean, skewOf(clean), enlargementFor(image));
  return { image: withoutRules(evenPaper(straight.image)), toCaller: straight.toCaller };
}

/** The middle value of a 256-level histogram holding `count` values. */
function histogramMedian(histogram: Uint32Array, count: number): number {
  let seen = 0;
  for (let level = 0; level < 256; level++) {
    seen += histogram[level]!;
    if (seen * 2 > count) return level;
  }
  return 255;
}

/** The page cut into square blocks, with the paper's level in each and whether its text is lighter than it. */
type PaperGrid = { block: number; columns: number; levels: Uint8Array; lightInk: Uint8Array };

/** Ink differs from its paper by at least this much; anti-aliased edges and grain mostly by less. */
const INK_CONTRAST = 48;
/** Paper darker than this carries light text (white on a navy band), unless its text is darker still. */
const DARK_PAPER = 128;
/** Once the paper is white, a pixel darker than this is ink. */
const INK = 128;
/** Text covers less than this share of a block. */
const INK_SHARE = 0.4;
/** Blocks whose levels differ by less than this lie on the same paper. */
const SAME_PAPER = 24;
/** Blocks either side whose text tells a block's ink: text runs along lines, and so do bands. */
const INK_REACH = 3;

/**
 * The paper around every pixel, on a grid of blocks about a hundredth of the page wide. Its level:
 * each block's median (text covers far less than half of a block), then the median of each block's
 * 3 × 3 neighbours, so a block filled by a bold stroke takes its surroundings' level, while a band
 * (a table's dark header row) a few blocks tall keeps its own. Its ink: on dark paper lighter than
 * the paper, unless the blocks of the same paper along the line hold more ink darker than it (navy
 * on an orange box); on light paper darker.
 */
function paperOf(image: GreyImage): PaperGrid {
  const { width, height, data } = image;
  const block = Math.max(4, Math.round(width / 100));
  const columns = Math.ceil(width / block);
  const rows = Math.ceil(height / block);
  /** Each pixel column's block column, so the pixel loops below divide nothing. */
  const blockColumn = Uint32Array.from({ length: width }, (_, x) => Math.floor(x / block));
  // Some eight by eight pixels of a block tell its paper as well as all of them (an enlarged page's
  // blocks are large), so every `step`th pixel is counted.
  const step = Math.max(1, Math.floor(block / 8));
  const histograms = new Uint32Array(columns * 256);
  const counts = new Uint32Array(columns);
  const medians = new Uint8Array(columns * rows);
  for (let row = 0; row < rows; row++) {
    histograms.fill(0);
    counts.fill(0);
    for (let y = row * block; y < Math.min(height, (row + 1) * block); y += step) {
      for (let x = 0; x < width; x += step) {
        histograms[blockColumn[x]! * 256 + data[y * width + x]!]!++;
        counts[blockColumn[x]!]!++;
      }
    }
    for (let column = 0; column < columns; column++) {
      medians[row * columns + column] = histogramMedian(histograms.subarray(column * 256, column * 256 + 256), counts[column]!);
    }
  }
  const histogram = new Uint32Array(256);
  const levels = new Uint8Array(columns * rows);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      histogram.fill(0);
      let count = 0;
      for (let y = Math.max(0, row - 1); y <= Math.min(rows - 1, row + 1); y++) {
        for (let x = Math.max(0, column - 1); x <= Math.min(columns - 1, column + 1); x++) {
          histogram[medians[y * columns + x]!]!++;
          count++;
        }
      }
      levels[row * columns + column] = histogramMedian(histogram, count);
    }
  }
  const lighter = new Uint32Array(columns * rows);
  const darker = new Uint32Array(columns * rows);
  for (let y = 0; y < height; y += step) {
    const rowStart = Math.floor(y / block) * columns;
    for (let x = 0; x < width; x += step) {
      const index = rowStart + blockColumn[x]!;
      const difference = data[y * width + x]! - levels[index]!;
      if (difference > INK_CONTRAST) lighter[index]!++;
      else if (difference < -INK_CONTRAST) darker[index]!++;
    }
  }
  // Ink is the few pixels of a block: where one side is most of it, that side is another paper (the
  // block straddles a band's edge) or the paper itself (its level is off), not ink.
  const few = INK_SHARE * Math.ceil(block / step) ** 2;
  const lightInk = new Uint8Array(columns * rows);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const own = levels[row * columns + column]!;
      if (own >= DARK_PAPER) continue;
      let light = 0;
      let dark = 0;
      for (let y = Math.max(0, row - 1); y <= Math.min(rows - 1, row + 1); y++) {
        for (let x = Math.max(0, column - INK_REACH); x <= Math.min(columns - 1, column + INK_REACH); x++) {
          const neighbour = y * columns + x;
          if (Math.abs(levels[neighbour]! - own) > SAME_PAPER) continue;
          if (lighter[neighbour]! < few) light += lighter[neighbour]!;
          if (darker[neighbour]! < few) dark += darker[neighbour]!;
        }
      }
      lightInk[row * columns + column] = light >= dark ? 1 : 0;
    }
  }
  return alongLines({ block, columns, levels, lightInk }, rows);
}

/**
 * A block that disagrees with most of its neighbours along the line takes their paper: a band
 * holds its paper from end to end, and a block whose level a bold heading lifted (or a dense row of
 * figures lowered) reads like the rest of its line.
 */
function alongLines(grid: PaperGrid, rows: number): PaperGrid {
  const { columns, levels, lightInk } = grid;
  const smoothed = { ...grid, levels: levels.slice(), lightInk: lightInk.slice() };
  const disagreeing: number[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const index = row * columns + column;
      let neighbours = 0;
      disagreeing.length = 0;
      for (let x = Math.max(0, column - INK_REACH); x <= Math.min(columns - 1, column + INK_REACH); x++) {
        if (x === column) continue;
        neighbours++;
        if (lightInk[row * columns + x] !== lightInk[index]) disagreeing.push(levels[row * columns + x]!);
      }
      if (disagreeing.length * 2 <= neighbours) continue;
      disagreeing.sort((a, b) => a - b);
      smoothed.lightInk[index] = lightInk[index] ? 0 : 1;
      smoothed.levels[index] = disagreeing[disagreeing.length >> 1]!;
    }
  }
  return smoothed;
}

/**
 * Every pixel divided by its paper's level, so paper of any shade becomes white and text keeps its
 * contrast; where the text is lighter than its paper (white on a navy header row) the levels are
 * turned over first, so that it reads dark on light like the rest.
 */
function evenPaper(image: GreyImage): GreyImage {
  const grid = paperOf(image);
  const { block, columns, levels, lightInk } = grid;
  const beside = lightPaperBeside(grid);
  const data = new Uint8Array(image.data.length);
  const blockColumn = Uint32Array.from({ length: image.width }, (_, x) => Math.floor(x / block));
  for (let y = 0; y < image.height; y++) {
    const rowStart = Math.floor(y / block) * columns;
    for (let x = 0; x < image.width; x++) {
      const index = rowStart + blockColumn[x]!;
      const paper = levels[index]!;
      const value = image.data[y * image.width + x]!;
      const outside = beside[index]!;
      // A band's end holds some of the light paper beside it: that part is paper, not white text. (Its
      // top and bottom edges are long, and go with the rules.)
      if (lightInk[index] && outside >= 0 && value >= outside - INK_CONTRAST) {
        data[y * image.width + x] = 255;
        continue;
      }
      const ink = lightInk[index] ? 255 - value : value;
      const light = lightInk[index] ? 255 - paper : paper;
      data[y * image.width + x] = Math.min(255, Math.round((255 * ink) / Math.max(1, light)));
    }
  }
  return { width: image.width, height: image.height, data };
}

/** For each block with light ink, the level of a light paper block left or right of it, else −1. */
function lightPaperBeside({ columns, levels, lightInk }: PaperGrid): Int16Array {
  return Int16Array.from(levels, (_, index) => {
    if (!lightInk[index]) return -1;
    const column = index % columns;
    const neighbours = [column > 0 ? index - 1 : -1, column < columns - 1 ? index + 1 : -1];
    const paper = neighbours.filter((neighbour) => neighbour >= 0 && !lightInk[neighbour] && levels[neighbour]! >= DARK_PAPER).map((neighbour) => levels[neighbour]!);
    return paper.length > 0 ? Math.max(...paper) : -1;
  });
}

/** How much a lone pixel must stand out from every neighbour to be a speck. */
const SPECK_CONTRAST = 80;
/** Neighbours this close to white paper (or to black ink, for a light speck) are all paper. */
const PAPER_AROUND = 200;

/**
 * Lone specks (dust, sensor noise) replaced by their neighbours' median. A pixel of a stroke, however
 * thin, has a neighbour along the stroke as dark as itself; a speck stands out from all eight, which
 * are paper. A small period is a dark pixel too, but its edges are grey (anti-aliased): it stays.
 */
function despeckle(image: GreyImage): GreyImage {
  const { width, height } = image;
  const data = image.data.slice();
  const around = new Array<number>(8);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const value = image.data[y * width + x]!;
      let lowest = 255;
      let highest = 0;
      let index = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (dx === 0 && dy === 0) continue;
          const neighbour = image.data[(y + dy) * width + x + dx]!;
          around[index++] = neighbour;
          if (neighbour < lowest) lowest = neighbour;
          if (neighbour > highest) highest = neighbour;
        }
      }
      const darkSpeck = lowest >= PAPER_AROUND && value < lowest - SPECK_CONTRAST;
      const lightSpeck = highest <= 255 - PAPER_AROUND && value > highest + SPECK_CONTRAST;
      if (darkSpeck || lightSpeck) {
        around.sort((a, b) => a - b);
        data[y * width + x] = Math.round((around[3]! + around[4]!) / 2);
      }
    }
  }
  return { width, height, data };
}

/** Turns searched for, in degrees either way; a scan laid further askew is read as it is. */
const MAX_SKEW = 5;
/** Below this the page is read as it is: a turn blurs more than it straightens. */
const MIN_SKEW = 0.2;
/** At most this many edge pixels are weighed: enough for a page, fast for a large scan. */
const SKEW_SAMPLES = 60_000;

/**
 * The page's turn in degrees (clockwise positive, as y grows downwards), by projection: the pixels
 * where the level changes from one row to the next (the tops and feet of letters, rules, the edges
 * of bands; not the inside of a filled band, which has no direction) summed along lines at each
 * candidate slope pile up most sharply when the slope is the text lines'. A coarse search by tenths
 * of a degree, then by fiftieths around the best.
 */
function skewOf(image: GreyImage): number {
  const { width, height, data } = image;
  const isEdge = (index: number): boolean => Math.abs(data[index]! - data[index + width]!) > INK_CONTRAST;
  let edges = 0;
  for (let index = 0; index < data.length - width; index++) if (isEdge(index)) edges++;
  const step = Math.max(1, Math.ceil(Math.sqrt(edges / SKEW_SAMPLES)));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height - 1; y += step) {
    for (let x = 0; x < width; x += step) {
      if (isEdge(y * width + x)) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length === 0) return 0;
  const reach = Math.ceil(width * Math.tan((MAX_SKEW * Math.PI) / 180));
  const bins = new Float64Array(height + 2 * reach + 1);
  const sharpness = (degrees: number): number => {
    const slope = Math.tan((degrees * Math.PI) / 180);
    bins.fill(0);
    for (let index = 0; index < xs.length; index++) bins[Math.round(ys[index]! - xs[index]! * slope) + reach]!++;
    let sum = 0;
    for (const count of bins) sum += count * count;
    return sum;
  };
  let best = { degrees: 0, score: sharpness(0) };
  const search = (from: number, to: number, by: number): void => {
    for (let degrees = from; degrees <= to + by / 2; degrees += by) {
      const score = sharpness(degrees);
      if (score > best.score) best = { degrees, score };
    }
  };
  search(-MAX_SKEW, MAX_SKEW, 0.1);
  search(best.degrees - 0.1, best.degrees + 0.1, 0.02);
  return Math.abs(best.degrees) >= MIN_SKEW ? best.degrees : 0;
}

/**
 * The image turned back by `degrees` about its centre and `factor` times larger, in one pass: each
 * new pixel a bilinear blend of the four nearest it came from, on a canvas large enough for the
 * turned page (what comes in from outside is white).
 */
function straighten(image: GreyImage, degrees: number, factor: number): OcrImage {
  if (degrees === 0 && factor === 1) return { image, toCaller: (box) => box };
  const angle = (degrees * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const width = Math.round((image.width * cos + image.height * Math.abs(sin)) * factor);
  const height = Math.round((image.width * Math.abs(sin) + image.height * cos) * factor);
  /** A point of the straight, enlarged canvas → the same point on the caller's image. */
  const toSource = (x: number, y: number): [number, number] => {
    const dx = (x - width / 2) / factor;
    const dy = (y - height / 2) / factor;
    return [cos * dx - sin * dy + image.width / 2, sin * dx + cos * dy + image.height / 2];
  };
  const source = image.data;
  const at = (x: number, y: number): number => (x < 0 || y < 0 || x >= image.width || y >= image.height ? 255 : source[y * image.width + x]!);
  const data = degrees === 0 ? enlarged(image, width, height) : new Uint8Array(width * height);
  // Along a row of the canvas the source point moves by a constant step: added, not recomputed.
  const stepX = cos / factor;
  const stepY = sin / factor;
  for (let y = 0; y < height && degrees !== 0; y++) {
    let [sourceX, sourceY] = toSource(0.5, y + 0.5);
    for (let x = 0; x < width; x++, sourceX += stepX, sourceY += stepY) {
      const left = Math.floor(sourceX - 0.5);
      const top = Math.floor(sourceY - 0.5);
      const fx = sourceX - 0.5 - left;
      const fy = sourceY - 0.5 - top;
      const inside = left >= 0 && top >= 0 && left + 1 < image.width && top + 1 < image.height;
      const at00 = inside ? source[top * image.width + left]! : at(left, top);
      const at10 = inside ? source[top * image.width + left + 1]! : at(left + 1, top);
      const at01 = inside ? source[(top + 1) * image.width + left]! : at(left, top + 1);
      const at11 = inside ? source[(top + 1) * image.width + left + 1]! : at(left + 1, top + 1);
      const upper = at00 + (at10 - at00) * fx;
      const lower = at01 + (at11 - at01) * fx;
      data[y * width + x] = (upper + (lower - upper) * fy + 0.5) | 0;
    }
  }
  // A box on the straight canvas is a turned box on the caller's image: its bounding box there.
  const toCaller = (box: PixelBox): PixelBox => {
    const corners = [toSource(box.x0, box.y0), toSource(box.x1, box.y0), toSource(box.x0, box.y1), toSource(box.x1, box.y1)];
    const xs = corners.map(([x]) => x);
    const ys = corners.map(([, y]) => y);
    return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
  };
  return { image: { width, height, data }, toCaller };
}

/**
 * The image at `width` × `height`, each new pixel a bilinear blend of the four nearest, what lies
 * past the edge white (straighten's own loop without a turn, in two passes: across, then down).
 */
function enlarged(image: GreyImage, width: number, height: number): Uint8Array {
  const across = (size: number, from: number): { near: Int32Array; weight: Float64Array } => {
    const near = new Int32Array(size);
    const weight = new Float64Array(size);
    for (let index = 0; index < size; index++) {
      const position = ((index + 0.5) * from) / size - 0.5;
      near[index] = Math.floor(position);
      weight[index] = position - near[index]!;
    }
    return { near, weight };
  };
  const columns = across(width, image.width);
  const rows = across(height, image.height);
  const sample = (x: number, y: number): number => (x < 0 || y < 0 || x >= image.width || y >= image.height ? 255 : image.data[y * image.width + x]!);
  const wide = new Float64Array(width * image.height);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < width; x++) {
      const left = columns.near[x]!;
      wide[y * width + x] = sample(left, y) + (sample(left + 1, y) - sample(left, y)) * columns.weight[x]!;
    }
  }
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const top = rows.near[y]!;
    const fy = rows.weight[y]!;
    for (let x = 0; x < width; x++) {
      const upper = top < 0 ? 255 : wide[top * width + x]!;
      const lower = top + 1 >= image.height ? 255 : wide[(top + 1) * width + x]!;
      data[y * width + x] = (upper + (lower - upper) * fy + 0.5) | 0;
    }
  }
  return data;
}

/** A dark run longer than this share of the page's width is a rule, not a letter (a title's strokes are a twentieth at most). */
const RULE_SHARE = 1 / 16;

/**
 * Table rules, underlines and the edges of coloured bands whited out, across and down: Tesseract
 * reads a rule as a row of dashes or bars, and one touching a row of text joins that row's words.
 * Done on the straightened page, where a rule lies along one row of pixels.
 */
function withoutRules(image: GreyImage): GreyImage {
  const { width, height } = image;
  const data = image.data.slice();
  const longest = Math.round(width * RULE_SHARE);
  // Runs across are counted along each row, runs down along each column, both in one pass over
  // the rows (a column-by-column pass would read the image out of order, several times slower).
  const down = new Uint32Array(width);
  for (let y = 0; y <= height; y++) {
    let across = 0;
    for (let x = 0; x <= width; x++) {
      const dark = x < width && y < height && image.data[y * width + x]! < INK;
      if (dark) across++;
      else {
        if (across > longest) data.fill(255, y * width + x - across, y * width + x);
        across = 0;
      }
      if (x === width) continue;
      if (dark) down[x]!++;
      else {
        if (down[x]! > longest) for (let top = y - down[x]!; top < y; top++) data[top * width + x] = 255;
        down[x] = 0;
      }
    }
  }
  return { width, height, data };
}

/** The image as a binary PGM (P5): a header and the bytes, which Tesseract's Leptonica reads without decoding work. */
export function toPgm(image: GreyImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${image.width} ${image.height}\n255\n`);
  const file = new Uint8Array(header.byteLength + image.data.byteLength);
  file.set(header);
  file.set(image.data, header.byteLength);
  return file;
}
