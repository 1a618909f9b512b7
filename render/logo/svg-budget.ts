// A bound on how much drawing an SVG asks for once its references are followed. A file of a few
// kilobytes can still demand billions of shapes: ten <use> of a group of ten <use> of … (the SVG
// form of billion laughs), or a clip path referenced from every element. Each element costs one
// plus its children plus everything it references (href="#id", url(#id)); a url(#id) inside a
// <style> sheet may apply to every element, so it is charged once per element. Cycles are refused.
import { logoRefused } from "./refusal.ts";
import { isElement, type XmlElement } from "./xml-tree.ts";

/** Elements drawn after expanding references; a detailed logo needs a few thousand. */
export const MAX_DRAWN_ELEMENTS = 50_000;

/** References followed inside references; deeper chains are refused before they exhaust the stack. */
const MAX_REFERENCE_DEPTH = 256;

const LOCAL_REFERENCE = /url\(\s*["']?\s*#([^"')\s]+)/g;

function elementsOf(root: XmlElement): XmlElement[] {
  const all: XmlElement[] = [];
  const visit = (element: XmlElement): void => {
    all.push(element);
    for (const child of element.children) if (isElement(child)) visit(child);
  };
  visit(root);
  return all;
}

function referencedIds(text: string): string[] {
  return Array.from(text.matchAll(LOCAL_REFERENCE), (match) => match[1] ?? "");
}

function referencesOf(element: XmlElement): string[] {
  return Object.entries(element.attributes).flatMap(([name, value]) => (name === "href" || name === "xlink:href" ? [value.trim().slice(1)] : referencedIds(value)));
}

function styleSheetText(elements: XmlElement[]): string {
  return elements
    .filter((element) => element.name === "style")
    .flatMap((element) => element.children.map((child) => (isElement(child) ? "" : child.text)))
    .join("");
}

const tooComplex = (why: string): Error => logoRefused("svg_too_complex", `The SVG logo is too complex to draw: ${why}`);

export function assertWithinDrawingBudget(root: XmlElement): void {
  const elements = elementsOf(root);
  const byId = new Map<string, XmlElement[]>();
  for (const element of elements) {
    const id = element.attributes.id;
    if (id !== undefined) byId.set(id, [...(byId.get(id) ?? []), element]);
  }
  const costs = new Map<XmlElement, number>();
  const inProgress = new Set<XmlElement>();
  // Several elements may share an id; whichever one the renderer picks, the dearest is charged.
  const costOfId = (id: string, depth: number): number => (byId.get(id) ?? []).reduce((most, element) => Math.max(most, costOf(element, depth + 1)), 0);
  const costOf = (element: XmlElement, depth: number): number => {
    const known = costs.get(element);
    if (known !== undefined) return known;
    if (inProgress.has(element)) throw tooComplex("an element refers to itself");
    if (depth > MAX_REFERENCE_DEPTH) throw tooComplex("references nest too deeply");
    inProgress.add(element);
    let cost = 1;
    for (const child of element.children) if (isElement(child)) cost += costOf(child, depth + 1);
    for (const id of referencesOf(element)) cost += costOfId(id, depth);
    inProgress.delete(element);
    // Stops the walk as soon as the bound is passed, before the numbers grow without limit.
    if (cost > MAX_DRAWN_ELEMENTS) throw tooComplex(`more than ${MAX_DRAWN_ELEMENTS} elements once references are expanded`);
    costs.set(element, cost);
    return cost;
  };
  const sheetCost = referencedIds(styleSheetText(elements)).reduce((sum, id) => sum + costOfId(id, 0) * elements.length, 0);
  if (costOf(root, 0) + sheetCost > MAX_DRAWN_ELEMENTS) throw tooComplex(`more than ${MAX_DRAWN_ELEMENTS} elements once references are expanded`);
}
