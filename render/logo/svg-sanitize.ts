// An uploaded SVG logo reduced to what an allow-list says is safe to draw: shapes, paths, groups,
// gradients, clip paths, masks, text (which draws nothing: resvg runs with no fonts, so outline your
// text) and <use>/url() references to ids in the same file. Everything else goes, with its
// children: <script>, <foreignObject>, <image> (decided: no raster inside a vector logo at all,
// neither external nor data: hrefs, since a data: image would need every check of a raster upload
// again; upload a PNG or JPEG instead), <a>, editor metadata, and filters and patterns (their
// drawing time has no useful bound: a blur or a tiny tile repeated over the canvas). So do
// attributes off the list (on* event handlers among them), any href that is not "#id", any url()
// that is not url(#id), and CSS holding "@" (@import, @font-face) or "\" (escapes that could spell
// url( differently). DOCTYPE/ENTITY declarations refuse the whole file (no entity expansion, no
// billion laughs); processing instructions and comments are dropped by the parser.
import { logoRefused } from "./refusal.ts";
import { assertWithinDrawingBudget } from "./svg-budget.ts";
import { isElement, parseXml, serialize, type XmlElement, type XmlNode } from "./xml-tree.ts";

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";
const XLINK_NAMESPACE = "http://www.w3.org/1999/xlink";

const ALLOWED_ELEMENTS = new Set([
  ...["svg", "g", "defs", "symbol", "use", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "tspan"],
  ...["linearGradient", "radialGradient", "stop", "clipPath", "mask", "style"],
]);
/** Elements that put ink on the page, directly or through a reference. */
const DRAWING_ELEMENTS = new Set(["use", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text"]);
/** Elements whose text content is kept (elsewhere text is only whitespace between tags). */
const TEXT_ELEMENTS = new Set(["text", "tspan", "style"]);

const ALLOWED_ATTRIBUTES = new Set([
  ...["id", "class", "style", "transform", "viewBox", "preserveAspectRatio", "href", "xlink:href", "xml:space"],
  ...["x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "fx", "fy", "fr", "x1", "y1", "x2", "y2", "d", "points", "pathLength"],
  ...["fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit"],
  ...["stroke-dasharray", "stroke-dashoffset", "stroke-opacity", "opacity", "color", "display", "visibility", "overflow"],
  ...["clip-path", "clip-rule", "mask", "stop-color", "stop-opacity", "offset", "paint-order", "vector-effect"],
  ...["gradientUnits", "gradientTransform", "spreadMethod", "clipPathUnits", "maskUnits", "maskContentUnits"],
  ...["mix-blend-mode", "isolation", "shape-rendering", "color-interpolation"],
  ...["font-family", "font-size", "font-weight", "font-style", "font-variant", "font-stretch", "text-anchor", "dominant-baseline"],
  ...["alignment-baseline", "baseline-shift", "letter-spacing", "word-spacing", "text-decoration", "writing-mode"],
  ...["dx", "dy", "rotate", "textLength", "lengthAdjust"],
]);

const HREF_ATTRIBUTES = new Set(["href", "xlink:href"]);
const URL_FUNCTION = /url\(/gi;
const LOCAL_URL = /url\(\s*(["']?)\s*#[^"')\s]*\s*\1\s*\)/gi;
const FORBIDDEN_DECLARATIONS = /<!DOCTYPE|<!ENTITY/i;

/** Every url() in the value names an id in this file. */
function onlyLocalUrls(value: string): boolean {
  return (value.match(URL_FUNCTION)?.length ?? 0) === (value.match(LOCAL_URL)?.length ?? 0);
}

function safeCss(css: string): boolean {
  return !css.includes("@") && !css.includes("\\") && onlyLocalUrls(css);
}

function safeAttribute(name: string, value: string): boolean {
  if (!ALLOWED_ATTRIBUTES.has(name)) return false;
  if (HREF_ATTRIBUTES.has(name)) return value.trim().startsWith("#");
  if (name === "style") return safeCss(value);
  return onlyLocalUrls(value);
}

function textOf(element: XmlElement): string {
  return element.children.map((child) => (isElement(child) ? "" : child.text)).join("");
}

function sanitizeElement(element: XmlElement): XmlElement | null {
  if (!ALLOWED_ELEMENTS.has(element.name)) return null;
  if (element.name === "style") {
    const css = textOf(element);
    return safeCss(css) ? { name: "style", attributes: {}, children: [{ text: css }] } : null;
  }
  const attributes = Object.fromEntries(Object.entries(element.attributes).filter(([name, value]) => safeAttribute(name, value)));
  const keepsText = TEXT_ELEMENTS.has(element.name);
  const children = element.children.flatMap((child): XmlNode[] => {
    if (!isElement(child)) return keepsText ? [child] : [];
    const clean = sanitizeElement(child);
    return clean ? [clean] : [];
  });
  return { name: element.name, attributes, children };
}

function drawsSomething(element: XmlElement): boolean {
  return DRAWING_ELEMENTS.has(element.name) || element.children.some((child) => isElement(child) && drawsSomething(child));
}

/**
 * The sanitized markup of an SVG document, with its own namespace declarations. A 422 when it is
 * not well-formed SVG, declares a DOCTYPE or entities, is too complex to draw, or has nothing left
 * to draw.
 */
export function sanitizeSvg(markup: string): string {
  if (FORBIDDEN_DECLARATIONS.test(markup)) throw logoRefused("svg_forbidden_markup", "The SVG logo may not contain DOCTYPE or ENTITY declarations");
  const parsed = parseXml(markup);
  if (!parsed.ok) throw logoRefused("svg_unparsable", `The SVG logo is not well-formed XML: ${parsed.message}`);
  const roots = parsed.nodes.filter(isElement);
  const root = roots[0];
  if (roots.length !== 1 || root?.name !== "svg") throw logoRefused("svg_unparsable", "The logo is not an SVG document: its root element must be <svg>");
  const clean = sanitizeElement(root);
  if (!clean || !drawsSomething(clean)) throw logoRefused("svg_empty", "The SVG logo has nothing to draw once unsupported elements are removed");
  assertWithinDrawingBudget(clean);
  return serialize({ ...clean, attributes: { xmlns: SVG_NAMESPACE, "xmlns:xlink": XLINK_NAMESPACE, ...clean.attributes } });
}
