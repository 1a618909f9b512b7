// The invoice page's one stylesheet: the template's colours, fonts, paper and margins as custom
// properties, a layout every design shares, the design's own block, and the print rules. On screen
// the invoice is a sheet of the template's paper; printed, it fills the page inside the @page
// margins, its line table's header repeats on every page and its totals print once, at the end.
import type { Direction } from "../fonts/bidi.ts";
import type { Labels } from "../labels/index.ts";
import type { PaperSize, TemplateFont, TemplateOptions } from "../templates/options.ts";
import type { BaseDesign } from "../../server/domain/templates.ts";
import { DESIGN_CSS } from "./designs.ts";
import type { Palette } from "./palette.ts";

/** CSS family lists: the bundled Noto families first, the generic family when they are not installed. */
const FONT_STACKS: Record<TemplateFont, string> = {
  sans: `"Noto Sans", sans-serif`,
  serif: `"Noto Serif", serif`,
  mono: `"Noto Sans Mono", monospace`,
};

const PAPER_CSS: Record<PaperSize, { size: string; width: string }> = {
  A4: { size: "A4", width: "210mm" },
  Letter: { size: "letter", width: "8.5in" },
};

/** A CSS string: every character but letters, digits and spaces as a hex escape, so no text can end it. */
function cssString(value: string): string {
  const escaped = [...value].map((character) => (/[\p{L}\p{N} ]/u.test(character) ? character : `\\${(character.codePointAt(0) as number).toString(16)} `));
  return `"${escaped.join("")}"`;
}

/** The language's "Page 1 of 2" with the page counters in place of the numbers. */
function pageNumberContent(labels: Labels): string {
  const [page, pages] = ["\u0001", "\u0002"];
  return labels
    .pageOf(page, pages)
    .split(/([\u0001\u0002])/)
    .filter((part) => part !== "")
    .map((part) => (part === page ? "counter(page)" : part === pages ? "counter(pages)" : cssString(part)))
    .join(" ");
}

function margins({ top, right, bottom, left }: TemplateOptions["margins"]): string {
  return [top, right, bottom, left].map((millimetres) => `${millimetres}mm`).join(" ");
}

function customProperties(palette: Palette, options: TemplateOptions): string {
  return `:root {
  --accent: ${palette.accent}; --rule: ${palette.rule}; --panel: ${palette.panel};
  --ink: ${palette.ink}; --muted: ${palette.muted}; --accent-ink: ${palette.accentInk};
  --panel-ink: ${palette.panelInk}; --panel-muted: ${palette.panelMuted}; --panel-accent-ink: ${palette.panelAccentInk};
  --on-accent: ${palette.onAccent}; --zebra: ${palette.zebra}; --zebra-ink: ${palette.zebraInk};
  --body-font: ${FONT_STACKS[options.fonts.body]}; --heading-font: ${FONT_STACKS[options.fonts.heading]};
  --paper-width: ${PAPER_CSS[options.paper].width};
  --margins: ${margins(options.margins)};
}`;
}

const SHARED_CSS = `
*, *::before, *::after { box-sizing: border-box; }
html { color-scheme: light; -webkit-print-color-adjust: exact; print-color-adjust: exact; -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; padding: 24px 12px; background: #e8eaee; color: var(--ink); font: 8.5pt/1.3 var(--body-font); }
.sheet { width: 100%; max-width: var(--paper-width); margin: 0 auto; padding: var(--margins); background: #ffffff; box-shadow: 0 1px 4px rgb(0 0 0 / 0.2); }
h1, h2, caption { font-family: var(--heading-font); }
h1, h2, p, dl, dd, address { margin: 0; }
address { font-style: normal; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.text, address { white-space: pre-line; overflow-wrap: anywhere; }
.label { color: var(--muted); }
.masthead { display: flex; justify-content: space-between; align-items: flex-start; gap: 6mm; margin-bottom: 5mm; }
.title { font-size: 20pt; line-height: 1.15; color: var(--accent-ink); }
.draft-mark { display: inline-block; margin-inline-start: 3mm; padding: 0.5mm 2.5mm; border: 1.5pt solid currentColor; color: var(--accent-ink); font-size: 10pt; font-weight: 700; letter-spacing: 0.12em; text-transform: uppercase; vertical-align: middle; }
.logo { display: block; max-width: 60mm; max-height: 18mm; width: auto; height: auto; object-fit: contain; }
.summary { display: grid; grid-template-columns: repeat(auto-fit, minmax(45mm, 1fr)); gap: 4mm 8mm; margin-bottom: 5mm; }
.summary h2, .closing h2, .notes h2 { font-size: 7.5pt; font-weight: 600; color: var(--muted); margin-bottom: 1mm; }
.line { display: block; }
.party-name { font-weight: 600; }
.tax-id { margin-top: 1mm; }
.facts { display: grid; gap: 0.6mm; align-content: start; }
.facts dt { color: var(--muted); font-size: 7.5pt; }
.table-scroll { overflow-x: auto; }
table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 0.4mm 2mm; line-height: 1.25; text-align: start; vertical-align: top; }
th:first-child, td:first-child { padding-inline-start: 0; }
th:last-child, td:last-child { padding-inline-end: 0; }
thead th { font-size: 7.5pt; font-weight: 600; color: var(--muted); border-bottom: 1pt solid var(--rule); }
tbody th { font-weight: 400; }
tbody tr > * { border-bottom: 0.5pt solid var(--rule); }
.num { text-align: end; white-space: nowrap; }
tfoot th { text-align: end; font-weight: 400; }
tfoot .strong > * { font-weight: 700; color: var(--accent-ink); font-size: 9.5pt; }
caption { text-align: start; font-size: 7.5pt; font-weight: 600; color: var(--muted); padding-bottom: 1mm; }
.exemption { margin-top: 2mm; }
.closing { display: flex; flex-wrap: wrap; gap: 5mm 10mm; margin-top: 5mm; }
.tax-breakdown { flex: 1 1 60mm; }
.payment { flex: 1.3 1 80mm; }
.payment-body { display: flex; gap: 4mm; align-items: flex-start; justify-content: space-between; }
/* Facts side by side as far as they fit: an IBAN never shares its line with a wrapped word. */
.payment-facts { display: flex; flex-wrap: wrap; gap: 0.8mm 5mm; }
.payment-facts > div { flex: 1 1 auto; }
.qr { flex: none; width: 24mm; height: 24mm; }
.notes { margin-top: 5mm; }
.page-footer { margin-top: 6mm; padding-top: 2mm; border-top: 0.5pt solid var(--rule); color: var(--muted); font-size: 7.5pt; }
@media screen and (max-width: 40em) {
  body { padding: 0; font-size: 9.5pt; }
  .sheet { padding: 6mm 5mm; box-shadow: none; }
  .masthead { flex-direction: column-reverse; }
}
`;

const PRINT_CSS = `
@media print {
  body { padding: 0; background: none; }
  .sheet { max-width: none; padding: 0; box-shadow: none; }
  thead { display: table-header-group; }
  /* A footer group repeats on every printed page; the totals belong once, after the last line. */
  tfoot { display: table-row-group; }
  tr, .closing > *, .notes, .page-footer { break-inside: avoid; }
}
`;

export type StyleInput = { base: BaseDesign; options: TemplateOptions; palette: Palette; labels: Labels; direction: Direction };

/** The printed page. Custom properties do not reach the page context, so values are written out. */
function pageRule({ options, palette, labels, direction }: StyleInput): string {
  const corner = direction === "rtl" ? "@bottom-left" : "@bottom-right";
  const font = `7.5pt ${FONT_STACKS[options.fonts.body]}`;
  const pageNumbers = options.show.page_numbers ? ` ${corner} { content: ${pageNumberContent(labels)}; font: ${font}; color: ${palette.muted}; }` : "";
  return `@page { size: ${PAPER_CSS[options.paper].size}; margin: ${margins(options.margins)};${pageNumbers} }`;
}

export function invoiceCss(input: StyleInput): string {
  const { base, options, palette } = input;
  return [customProperties(palette, options), SHARED_CSS, DESIGN_CSS[base], pageRule(input), PRINT_CSS].join("\n");
}
