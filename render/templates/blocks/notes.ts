// The invoice's notes under their heading. Notes can be long, so they flow: the block splits
// between lines onto the next page, with the heading kept on its first line.
import type { Block } from "../../layout/flow.ts";
import { drawLines, wrap } from "../../layout/text.ts";
import type { Context } from "../design.ts";
import { sectionHeading } from "../pieces.ts";

export function notesBlock(context: Context): Block | null {
  const { document, look, x, width } = context;
  if (!document.notes) return null;
  const heading = sectionHeading(context, document.labels.notes, x, width);
  const text = wrap(document.notes, look.body, width);
  const parts = text.lines.map((_, index) => look.body.leading + (index === 0 ? heading.height : 0));
  return {
    parts,
    gap: look.gap,
    keep: false,
    draw(top, from, to) {
      if (from > 0) return drawLines(text, x, "start", top, from, to);
      return [...heading.draw(top), ...drawLines(text, x, "start", top + heading.height, 0, to)];
    },
  };
}
