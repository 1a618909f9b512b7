// A document's pages as one tall page for the single-image formats (SVG, PNG): pages top to bottom,
// PAGE_GAP points apart on a neutral grey, each page keeping its white sheet, so a viewer scrolls
// through the document as in a PDF reader. One page stays exactly that page.
import type { Box, DocumentLayout, PageLayout } from "./boxes.ts";

/** Between two pages: 12 pt (16 px at 96 dpi). */
export const PAGE_GAP = 12;
export const GAP_COLOUR = "#d4d6da";

function moved(box: Box, dy: number): Box {
  switch (box.kind) {
    case "text":
      return { ...box, baseline: box.baseline + dy };
    case "rect":
    case "image":
      return { ...box, y: box.y + dy };
    case "line":
      return { ...box, y1: box.y1 + dy, y2: box.y2 + dy };
  }
}

export function stackPages(layout: DocumentLayout): PageLayout {
  const [first, ...rest] = layout.pages;
  if (!first) throw new RangeError("a document needs at least one page");
  if (rest.length === 0) return first;
  const width = Math.max(...layout.pages.map((page) => page.width));
  const height = layout.pages.reduce((sum, page) => sum + page.height, 0) + PAGE_GAP * rest.length;
  const boxes: Box[] = [{ kind: "rect", x: 0, y: 0, width, height, fill: GAP_COLOUR, stroke: null, strokeWidth: 0 }];
  let top = 0;
  for (const page of layout.pages) {
    boxes.push({ kind: "rect", x: 0, y: top, width: page.width, height: page.height, fill: "#ffffff", stroke: null, strokeWidth: 0 });
    boxes.push(...page.boxes.map((box) => moved(box, top)));
    top += page.height + PAGE_GAP;
  }
  return { width, height, boxes };
}
