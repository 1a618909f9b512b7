// Positioned boxes → the element tree satori lays out: plain {type, props} objects (no React), one
// absolutely positioned element per shape (rect, rule, image) inside a page-sized white container,
// in box order so later shapes paint over earlier ones. Points become CSS px at 96 dpi. Text is not
// in the tree: svg-text.ts writes its glyphs, above every shape (the layout never covers text).
// A run of plain fills (layout/fill-runs.ts: the payment QR code's ~450 modules) becomes one
// element clipped to the union of its rects: one node for satori to lay out instead of hundreds
// (~10 ms a page), painted as the PDF's single fill is, without seams where rects touch.
import { Buffer } from "node:buffer";
import type { Box, ImageBox, LineBox, PageLayout, RectBox } from "../layout/boxes.ts";
import { withFillRuns } from "../layout/fill-runs.ts";

export type Style = Record<string, string | number>;
export type SatoriElement = {
  type: string;
  props: { style: Style; children?: SatoriElement[] | string; src?: string; width?: number; height?: number };
};

export const PX_PER_PT = 96 / 72;

const px = (points: number): number => points * PX_PER_PT;

/** The page's size in px at 96 dpi, unrounded (A4 is 793.7 × 1122.5). */
export function pagePixels(page: PageLayout): { width: number; height: number } {
  return { width: px(page.width), height: px(page.height) };
}

/** The element tree of a page's shapes. */
export function pageTree(page: PageLayout): SatoriElement {
  const { width, height } = pagePixels(page);
  const children = withFillRuns(page.boxes).flatMap((box) => {
    if (!Array.isArray(box)) return shapeElements(box);
    return box.length === 1 ? rectElements(box[0] as RectBox) : [fillsElement(box)];
  });
  const style: Style = { display: "flex", position: "relative", width, height, backgroundColor: "#ffffff" };
  return { type: "div", props: { style, children } };
}

/** Plain fills of one colour as one element over their bounds, clipped to the union of the rects. */
function fillsElement(boxes: readonly RectBox[]): SatoriElement {
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const width = px(Math.max(...boxes.map((box) => box.x + box.width)) - left);
  const height = px(Math.max(...boxes.map((box) => box.y + box.height)) - top);
  const d = boxes.map((box) => `M${thousandths(px(box.x - left))} ${thousandths(px(box.y - top))}h${thousandths(px(box.width))}v${thousandths(px(box.height))}h${thousandths(-px(box.width))}z`).join("");
  const style: Style = { position: "absolute", left: px(left), top: px(top), width, height, backgroundColor: boxes[0]?.fill ?? "#000000", clipPath: `path('${d}')` };
  return { type: "div", props: { style } };
}

/** Rounded to a thousandth (of a px, or of a font unit): exact for any module the layout draws, and short. */
export const thousandths = (value: number): number => Math.round(value * 1000) / 1000;

function shapeElements(box: Box): SatoriElement[] {
  switch (box.kind) {
    case "text":
      return [];
    case "rect":
      return rectElements(box);
    case "line":
      return [lineElement(box)];
    case "image":
      return [imageElement(box)];
  }
}

// A PDF stroke is centred on the rectangle's edge while a CSS border lies inside the box: grow the
// box by half the stroke on every side so both painters draw the same pixels.
function rectElements(box: RectBox): SatoriElement[] {
  const stroke = box.stroke !== null && box.strokeWidth > 0 ? box.stroke : null;
  if (box.fill === null && stroke === null) return [];
  const grow = stroke === null ? 0 : box.strokeWidth / 2;
  const style: Style = {
    position: "absolute",
    left: px(box.x - grow),
    top: px(box.y - grow),
    width: px(box.width + 2 * grow),
    height: px(box.height + 2 * grow),
    boxSizing: "border-box",
  };
  if (box.fill !== null) style.backgroundColor = box.fill;
  if (stroke !== null) style.border = `${px(box.strokeWidth)}px solid ${stroke}`;
  return [{ type: "div", props: { style } }];
}

// A rule is a filled bar as long as the line and as thick as its width (PDF's default butt caps).
// Horizontal and vertical rules (nearly all of an invoice's) stay axis-aligned; others are turned
// about their middle.
function lineElement(box: LineBox): SatoriElement {
  const half = box.width / 2;
  const bar = (left: number, top: number, width: number, height: number): Style => ({
    position: "absolute",
    left: px(left),
    top: px(top),
    width: px(width),
    height: px(height),
    backgroundColor: box.color,
  });
  if (box.y1 === box.y2) {
    return { type: "div", props: { style: bar(Math.min(box.x1, box.x2), box.y1 - half, Math.abs(box.x2 - box.x1), box.width) } };
  }
  if (box.x1 === box.x2) {
    return { type: "div", props: { style: bar(box.x1 - half, Math.min(box.y1, box.y2), box.width, Math.abs(box.y2 - box.y1)) } };
  }
  const length = Math.hypot(box.x2 - box.x1, box.y2 - box.y1);
  const style = bar((box.x1 + box.x2) / 2 - length / 2, (box.y1 + box.y2) / 2 - half, length, box.width);
  style.transform = `rotate(${Math.atan2(box.y2 - box.y1, box.x2 - box.x1)}rad)`;
  return { type: "div", props: { style } };
}

function imageElement(box: ImageBox): SatoriElement {
  const src = `data:image/${box.format};base64,${Buffer.from(box.bytes).toString("base64")}`;
  const width = px(box.width);
  const height = px(box.height);
  const style: Style = { position: "absolute", left: px(box.x), top: px(box.y), width, height };
  return { type: "img", props: { style, src, width, height } };
}
