// The SVG painter draws text above every shape (render/paint/svg.ts), the PDF in box order. Both
// show the same page only while no shape the layout places after a text run covers it: checked here
// for every design, with a logo, over the fixtures that stress the layout (a draft's badge, right to
// left, many pages stacked into one image, Letter paper).
import { describe, expect, test } from "bun:test";
import type { Box, PageLayout } from "../../../render/layout/boxes.ts";
import { stackPages } from "../../../render/layout/stack.ts";
import { layoutInvoice } from "../../../render/templates/index.ts";
import { BASE_DESIGNS } from "../../../server/domain/templates.ts";
import { GERMAN_DRAFT, logo, RIGHT_TO_LEFT, templateWith, TWENTY_LINES, TWO_HUNDRED_LINES } from "../../../scripts/samples/templates.ts";

type Extent = { left: number; top: number; right: number; bottom: number };

/** What a shape paints over, in points; null for a rect that paints nothing. */
function shapeExtent(box: Exclude<Box, { kind: "text" }>): Extent | null {
  switch (box.kind) {
    case "rect": {
      if (box.fill === null && box.stroke === null) return null;
      const grow = box.stroke === null ? 0 : box.strokeWidth / 2;
      return { left: box.x - grow, top: box.y - grow, right: box.x + box.width + grow, bottom: box.y + box.height + grow };
    }
    case "image":
      return { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height };
    case "line": {
      const half = box.width / 2;
      return { left: Math.min(box.x1, box.x2) - half, top: Math.min(box.y1, box.y2) - half, right: Math.max(box.x1, box.x2) + half, bottom: Math.max(box.y1, box.y2) + half };
    }
  }
}

/** Text covered by a shape placed after it: "shape over «text»" for each. */
function coveredText(page: PageLayout): string[] {
  const texts: Array<Extent & { text: string }> = [];
  const covered: string[] = [];
  for (const box of page.boxes) {
    if (box.kind === "text") {
      // Ascenders up to the size above the baseline, descenders a quarter of it below.
      for (const run of box.runs) texts.push({ left: run.x, right: run.x + run.width, top: box.baseline - box.size, bottom: box.baseline + box.size / 4, text: run.text });
      continue;
    }
    const shape = shapeExtent(box);
    if (shape === null) continue;
    for (const text of texts) {
      if (shape.left < text.right && text.left < shape.right && shape.top < text.bottom && text.top < shape.bottom) covered.push(`${box.kind} over «${text.text}»`);
    }
  }
  return covered;
}

const FIXTURES = { "20 lines": TWENTY_LINES, draft: GERMAN_DRAFT, "right to left": RIGHT_TO_LEFT, "200 lines": TWO_HUNDRED_LINES };

describe.each(BASE_DESIGNS)("the %s design", (base) => {
  test.each(Object.entries(FIXTURES))("places no shape over text: %s, A4 and Letter", (_, record) => {
    for (const paper of ["A4", "Letter"] as const) {
      const template = templateWith(base, (changed) => {
        changed.logo = logo();
        changed.options.paper = paper;
      });
      const layout = layoutInvoice(record, template);
      expect(coveredText(stackPages(layout))).toEqual([]);
    }
  });

  test("the check sees a shape placed over text", () => {
    const page = stackPages(layoutInvoice(TWENTY_LINES, templateWith(base, () => {})));
    const firstText = page.boxes.find((box) => box.kind === "text");
    if (firstText?.kind !== "text") throw new Error("the page has no text");
    const run = firstText.runs[0]!;
    const cover: Box = { kind: "rect", x: run.x, y: firstText.baseline - firstText.size / 2, width: run.width, height: 2, fill: "#000000", stroke: null, strokeWidth: 0 };
    expect(coveredText({ ...page, boxes: [...page.boxes, cover] })).toEqual([`rect over «${run.text}»`]);
  });
});
