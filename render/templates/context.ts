// Everything a design lays out from: the page and its content frame in points (margins come in
// millimetres), the printed content (content.ts), the logo when shown, and the design's look.
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import { PAPER } from "../layout/boxes.ts";
import { templateDocument } from "./content.ts";
import type { Context, Design } from "./design.ts";
import type { RenderTemplate } from "./template.ts";

const POINTS_PER_MM = 72 / 25.4;

export function contextFor(record: InvoiceRecord, template: RenderTemplate, design: Design): Context {
  const { options } = template;
  const page = PAPER[options.paper];
  const margins = {
    top: options.margins.top * POINTS_PER_MM,
    right: options.margins.right * POINTS_PER_MM,
    bottom: options.margins.bottom * POINTS_PER_MM,
    left: options.margins.left * POINTS_PER_MM,
  };
  return {
    page: { width: page.width, height: page.height },
    margins,
    x: margins.left,
    width: page.width - margins.left - margins.right,
    record,
    document: templateDocument(record, options),
    options,
    logo: options.show.logo ? template.logo : null,
    look: design.look(options),
  };
}
