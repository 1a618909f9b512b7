// What every page carries around the flow, stamped once pagination has counted the pages: the
// template's footer text and "Page N of M" (numbers in the invoice's locale) above the bottom
// margin, and on every page after the first a running head with the document's heading, so a
// loose page still says what it belongs to. Their heights are known before pagination, which
// flows the content between them.
import { headingOf } from "../../document.ts";
import type { Box, PageLayout } from "../../layout/boxes.ts";
import type { Frames } from "../../layout/flow.ts";
import { drawLines, heightOf, wrap } from "../../layout/text.ts";
import type { Context } from "../design.ts";

/** Between the flow and a footer or running head; their rule sits in this room. */
const CLEARANCE = 14;
/** The running head's rule, this far under its text. */
const HEAD_RULE_DROP = 3;
const PAGE_NUMBER_SHARE = 0.25;

export type Furniture = { frames: Frames; stamp(pages: readonly Box[][]): PageLayout[] };

export function pageFurniture(context: Context): Furniture {
  const { document, options, look, page, margins, x, width } = context;
  const numbered = options.show.page_numbers;
  const footerWidth = numbered ? width * (1 - PAGE_NUMBER_SHARE) - CLEARANCE : width;
  const footer = options.footer ? wrap(options.footer, look.footer, footerWidth) : null;
  const footHeight = Math.max(footer ? heightOf(footer) : 0, numbered ? look.footer.leading : 0);
  const footTop = page.height - margins.bottom - footHeight;
  const running = wrap(headingOf(document), look.footer, width);
  const headHeight = heightOf(running) + CLEARANCE;
  const bottom = footHeight > 0 ? footTop - CLEARANCE : page.height - margins.bottom;
  const rule = (y: number): Box[] => (look.footerRule ? [{ kind: "line", x1: x, y1: y, x2: x + width, y2: y, color: look.footerRule.color, width: look.footerRule.width }] : []);

  const stampOne = (boxes: readonly Box[], index: number, count: number): Box[] => {
    const stamped: Box[] = [...boxes];
    if (footHeight > 0) stamped.push(...rule(footTop - CLEARANCE / 2));
    if (footer) stamped.push(...drawLines(footer, x, "start", footTop));
    if (numbered) {
      const text = document.labels.pageOf(document.format.quantity(index + 1), document.format.quantity(count));
      stamped.push(...drawLines(wrap(text, look.footer, width * PAGE_NUMBER_SHARE), x + width * (1 - PAGE_NUMBER_SHARE), "end", footTop));
    }
    if (index > 0) stamped.push(...drawLines(running, x, "start", margins.top), ...rule(margins.top + heightOf(running) + HEAD_RULE_DROP));
    return stamped;
  };

  return {
    frames: { first: { top: margins.top, bottom }, next: { top: margins.top + headHeight, bottom } },
    stamp: (pages) => pages.map((boxes, index) => ({ width: page.width, height: page.height, boxes: stampOne(boxes, index, pages.length) })),
  };
}
