// The layout engine's entry: an invoice and a template in, positioned pages out. The design lays
// out the first page's top; the line table, summary (VAT and totals), payment and notes follow as
// blocks that paginate (layout/flow.ts) between the running head and the footer, which are stamped
// on every page once the pages are counted. Pure and synchronous: fonts are parsed once per
// process by the registry, and every text is wrapped once.
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import { headingOf } from "../document.ts";
import type { DocumentLayout } from "../layout/boxes.ts";
import { paginate, type Block } from "../layout/flow.ts";
import { pageFurniture } from "./blocks/furniture.ts";
import { lineTableBlocks } from "./blocks/line-table.ts";
import { notesBlock } from "./blocks/notes.ts";
import { summaryBlocks } from "./blocks/summary.ts";
import { contextFor } from "./context.ts";
import type { Design } from "./design.ts";
import { bold } from "./designs/bold.ts";
import { classic } from "./designs/classic.ts";
import { minimal } from "./designs/minimal.ts";
import { modern } from "./designs/modern.ts";
import type { BaseDesign } from "../../server/domain/templates.ts";
import type { RenderTemplate } from "./template.ts";

export const DESIGNS: Readonly<Record<BaseDesign, Design>> = { classic, modern, minimal, bold };

export function layoutInvoice(record: InvoiceRecord, template: RenderTemplate): DocumentLayout {
  const design = DESIGNS[template.base];
  const context = contextFor(record, template, design);
  const blocks: Block[] = [
    ...design.header(context),
    ...lineTableBlocks(context),
    ...summaryBlocks(context),
    ...[notesBlock(context)].filter((block): block is Block => block !== null),
  ];
  const furniture = pageFurniture(context);
  const pages = furniture.stamp(paginate(blocks, furniture.frames));
  return { title: headingOf(context.document), language: record.locale, pages };
}
