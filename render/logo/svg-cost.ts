// What drawing an SVG logo will cost, estimated before resvg draws it. resvg's time grows with the
// pixels each shape covers, not with the file's size: measured here at 1024 px, a 100 KiB file of
// 2000 full-canvas masked rectangles took 20 s, 5000 gradient circles 39 s, and a dash array of
// 0.0001 ran for minutes. The estimate reads usvg's own normalized tree (resvg.toString(): CSS,
// <use>, units and nested viewports already resolved; paths reduced to absolute M/L/C/Q/Z; groups
// carrying transform, opacity, clip-path, mask and blend mode), charges every paint, layer and dash
// by the device pixels it can touch (its transformed bounding box, clipped to the canvas) times a
// weight measured against a plain opaque fill, and refuses past MAX_PAINT_COST. Bounding boxes of
// control points over-estimate, never under-estimate; anything it cannot read is refused.
import { logoRefused } from "./refusal.ts";
import { isElement, parseXml, type XmlElement } from "./xml-tree.ts";

/**
 * 500 canvas-sized opaque fills at 1024 × 1024 px. Measured on a shared 2-core machine, drawing up
 * to this cost took 0.3–1.1 s; a logo with a gradient background, a few clip groups and thousands
 * of small paths costs a few percent of it.
 */
export const MAX_PAINT_COST = 1024 * 1024 * 500;

/** Relative cost per device pixel, from timings of resvg 2.6.2 (opaque fill = 1). */
const WEIGHT = { opaque: 1, translucent: 5, linearGradient: 10, radialGradient: 20, layer: 16, clip: 14, mask: 24 } as const;
/** Per path point and per dash: the work of building, stroking and filling geometry. */
const POINT_COST = 1000;
const DASH_COST = 1300;

type Matrix = readonly [number, number, number, number, number, number];
type Box = { left: number; top: number; right: number; bottom: number };
type Canvas = { width: number; height: number };
type Walk = { cost: number; box: Box | null };

const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;
const numbersIn = (text: string): number[] => (text.match(NUMBER) ?? []).map(Number);
/** A missing value takes its default; an unreadable one counts as very large, never as nothing. */
const numberOr = (text: string | undefined, fallback: number): number => (text === undefined ? fallback : Number.isFinite(Number(text)) ? Number(text) : 1e9);

function multiply(a: Matrix, b: Matrix): Matrix {
  return [a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1], a[0] * b[2] + a[2] * b[3], a[1] * b[2] + a[3] * b[3], a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5]];
}

/** usvg writes transforms as one matrix(); anything else is unreadable here (null). */
function matrixOf(transform: string | undefined): Matrix | null {
  if (transform === undefined) return [1, 0, 0, 1, 0, 0];
  const values = numbersIn(transform);
  return /^\s*matrix\(/.test(transform) && values.length === 6 ? (values as unknown as Matrix) : null;
}

/** The control points of usvg's path data (absolute M, L, C, Q, Z), or null for anything else. */
function pathPoints(d: string): Array<[number, number]> | null {
  if (/[^MLCQZ\d\s.,eE+-]/.test(d)) return null;
  const values = numbersIn(d);
  if (values.length % 2 !== 0) return null;
  return Array.from({ length: values.length / 2 }, (_, index) => [values[index * 2] ?? 0, values[index * 2 + 1] ?? 0]);
}

function userBounds(points: Array<[number, number]>): Box | null {
  if (points.length === 0) return null;
  const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  for (const [x, y] of points) {
    box.left = Math.min(box.left, x);
    box.right = Math.max(box.right, x);
    box.top = Math.min(box.top, y);
    box.bottom = Math.max(box.bottom, y);
  }
  return box;
}

const grown = (box: Box, reach: number): Box => ({ left: box.left - reach, top: box.top - reach, right: box.right + reach, bottom: box.bottom + reach });

/** A user-space box through the matrix: the bounding box of its corners, clipped to the canvas. */
function toDevice(box: Box | null, matrix: Matrix, canvas: Canvas): Box | null {
  if (!box) return null;
  const corners: Array<[number, number]> = [
    [box.left, box.top],
    [box.right, box.top],
    [box.left, box.bottom],
    [box.right, box.bottom],
  ];
  const xs = corners.map(([x, y]) => matrix[0] * x + matrix[2] * y + matrix[4]);
  const ys = corners.map(([x, y]) => matrix[1] * x + matrix[3] * y + matrix[5]);
  const clipped = { left: Math.max(0, Math.min(...xs)), top: Math.max(0, Math.min(...ys)), right: Math.min(canvas.width, Math.max(...xs)), bottom: Math.min(canvas.height, Math.max(...ys)) };
  return clipped.right > clipped.left && clipped.bottom > clipped.top ? clipped : null;
}

const areaOf = (box: Box | null): number => (box ? (box.right - box.left) * (box.bottom - box.top) : 0);
const union = (a: Box | null, b: Box | null): Box | null =>
  a && b ? { left: Math.min(a.left, b.left), top: Math.min(a.top, b.top), right: Math.max(a.right, b.right), bottom: Math.max(a.bottom, b.bottom) } : (a ?? b);

/** The length of a polyline through the points: an upper bound for the curve they control. */
function polylineLength(points: Array<[number, number]>): number {
  let length = 0;
  for (let index = 1; index < points.length; index++) {
    const [x0, y0] = points[index - 1] ?? [0, 0];
    const [x1, y1] = points[index] ?? [0, 0];
    length += Math.hypot(x1 - x0, y1 - y0);
  }
  return length;
}

class CostWalker {
  private readonly inUse = new Set<XmlElement>();

  constructor(
    private readonly canvas: Canvas,
    private readonly byId: Map<string, XmlElement>,
  ) {}

  private paintWeight(paint: string | undefined, opacity: string | undefined): number {
    if (paint === "none") return 0;
    const gradient = /^url\(#([^)]+)\)/.exec(paint ?? "")?.[1];
    if (gradient !== undefined) return this.byId.get(gradient)?.name === "linearGradient" ? WEIGHT.linearGradient : WEIGHT.radialGradient;
    return opacity !== undefined && Number(opacity) < 1 ? WEIGHT.translucent : WEIGHT.opaque;
  }

  path(element: XmlElement, outer: Matrix): Walk {
    const { attributes } = element;
    const points = pathPoints(attributes.d ?? "");
    const own = matrixOf(attributes.transform);
    if (points === null || own === null) return this.unreadable(element);
    const matrix = multiply(outer, own);
    const fillWeight = this.paintWeight(attributes.fill, attributes["fill-opacity"]);
    const bounds = userBounds(points);
    const fillBox = fillWeight > 0 ? toDevice(bounds, matrix, this.canvas) : null;
    let cost = points.length * POINT_COST + areaOf(fillBox) * fillWeight;
    const strokeWeight = this.paintWeight(attributes.stroke ?? "none", attributes["stroke-opacity"]);
    if (strokeWeight === 0) return { cost, box: fillBox };
    // A miter join may reach miterlimit × half the width past a corner.
    const reach = (numberOr(attributes["stroke-width"], 1) * Math.max(1, numberOr(attributes["stroke-miterlimit"], 4))) / 2;
    const strokeBox = toDevice(bounds && grown(bounds, reach), matrix, this.canvas);
    cost += areaOf(strokeBox) * strokeWeight;
    const period = numbersIn(attributes["stroke-dasharray"] ?? "").reduce((sum, value) => sum + Math.abs(value), 0);
    if (period > 0) cost += (polylineLength(points) / period) * DASH_COST;
    return { cost, box: union(fillBox, strokeBox) };
  }

  group(element: XmlElement, outer: Matrix): Walk {
    const own = matrixOf(element.attributes.transform);
    if (own === null) return this.unreadable(element);
    const matrix = multiply(outer, own);
    let cost = 0;
    let box: Box | null = null;
    for (const child of element.children) {
      if (!isElement(child)) continue;
      const walked = this.node(child, matrix);
      cost += walked.cost;
      box = union(box, walked.box);
    }
    const area = areaOf(box);
    const { opacity, style, mask } = element.attributes;
    if ((opacity !== undefined && Number(opacity) < 1) || style?.includes("mix-blend-mode")) cost += area * WEIGHT.layer;
    if (element.attributes["clip-path"]) cost += area * WEIGHT.clip + this.referenced(element.attributes["clip-path"], matrix);
    if (mask) cost += area * WEIGHT.mask + this.referenced(mask, matrix);
    return { cost, box };
  }

  /** A clip path's or mask's content, drawn once for each element that uses it. */
  private referenced(reference: string, matrix: Matrix): number {
    const target = this.byId.get(/url\(#([^)]+)\)/.exec(reference)?.[1] ?? "");
    if (!target || this.inUse.has(target)) return 0;
    this.inUse.add(target);
    const cost = this.group(target, matrix).cost;
    this.inUse.delete(target);
    return cost;
  }

  /** usvg writes only matrix() transforms and M/L/C/Q/Z paths; anything else is refused, not guessed. */
  private unreadable(element: XmlElement): never {
    throw logoRefused("svg_too_complex", `The SVG logo cannot be measured: an unexpected <${element.name}> in the normalized drawing`);
  }

  node(element: XmlElement, matrix: Matrix): Walk {
    if (element.name === "defs") return { cost: 0, box: null };
    if (element.name === "path") return this.path(element, matrix);
    return this.group(element, matrix);
  }
}

/** The root's user space mapped onto the canvas (each axis scaled on its own: an upper bound). */
function rootMatrix(root: XmlElement, canvas: Canvas): Matrix {
  const [x = 0, y = 0, width = Number(root.attributes.width), height = Number(root.attributes.height)] = numbersIn(root.attributes.viewBox ?? "");
  const sx = canvas.width / width;
  const sy = canvas.height / height;
  return [sx, 0, 0, sy, -x * sx, -y * sy];
}

/** The estimated cost of drawing usvg's normalized markup on the canvas (see MAX_PAINT_COST). */
export function paintCost(normalized: string, canvas: Canvas): number {
  const parsed = parseXml(normalized);
  const root = parsed.ok ? parsed.nodes.find(isElement) : undefined;
  if (!root) throw logoRefused("svg_too_complex", "The SVG logo is too complex to draw: its structure nests too deeply");
  const byId = new Map<string, XmlElement>();
  const index = (element: XmlElement): void => {
    if (element.attributes.id !== undefined) byId.set(element.attributes.id, element);
    for (const child of element.children) if (isElement(child)) index(child);
  };
  index(root);
  return new CostWalker(canvas, byId).group(root, rootMatrix(root, canvas)).cost;
}

export function assertAffordable(normalized: string, canvas: Canvas): void {
  if (paintCost(normalized, canvas) > MAX_PAINT_COST) {
    throw logoRefused("svg_too_complex", "The SVG logo is too complex to draw: its shapes, layers and dashes would cover the canvas too many times over");
  }
}
