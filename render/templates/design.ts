// What distinguishes the four built-in designs. They share the blocks (parties, line table, totals,
// VAT, payment, notes) and the pagination; a design decides how they look (its `Look`: type scale,
// bands, rules, caption style, all derived from the template's colours and fonts) and how the
// first page's top is arranged (its `header`: title, logo, parties and dates).
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import type { InvoiceDocument } from "../document.ts";
import type { Rgb } from "../layout/boxes.ts";
import type { Block } from "../layout/flow.ts";
import type { RowLook, Rule } from "../layout/table.ts";
import type { TextSpec } from "../layout/text.ts";
import type { TemplateOptions } from "./options.ts";
import type { RenderLogo } from "./template.ts";

export type SectionLook = {
  spec: TextSpec;
  uppercase: boolean;
  /** A rule under the heading, across its section. */
  rule: Rule | null;
  /** A short bar of colour left of the heading. */
  bar: Rgb | null;
};

export type TableLook = {
  head: TextSpec;
  headRow: RowLook;
  uppercaseHead: boolean;
  row: RowLook;
  /** Every second row's band, when the design stripes its rows. */
  zebra: Rgb | null;
  /** Room between the table's edge and its first and last column. */
  inset: number;
};

export type TotalsLook = {
  row: RowLook;
  /** The total, and the amount due when something was paid. */
  strong: TextSpec;
  /** The last line, what the buyer pays: its own band and size. */
  grand: { spec: TextSpec; row: RowLook };
};

export type Look = {
  body: TextSpec;
  strong: TextSpec;
  muted: TextSpec;
  /** Captions above blocks ("Bill to") and beside facts. */
  label: TextSpec;
  uppercaseLabels: boolean;
  title: TextSpec;
  section: SectionLook;
  table: TableLook;
  totals: TotalsLook;
  footer: TextSpec;
  footerRule: Rule | null;
  /** Space between sections. */
  gap: number;
};

/** Margins and frame in points. */
export type Geometry = {
  page: { width: number; height: number };
  margins: { top: number; right: number; bottom: number; left: number };
  /** The content frame's left edge and width. */
  x: number;
  width: number;
};

export type Context = Geometry & {
  record: InvoiceRecord;
  document: InvoiceDocument;
  options: TemplateOptions;
  /** The logo when the template has one and shows it. */
  logo: RenderLogo | null;
  look: Look;
};

export type Design = {
  look(options: TemplateOptions): Look;
  /** The first page's top, before the line table. */
  header(context: Context): Block[];
};
