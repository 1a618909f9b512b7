// What makes each base design recognisable on the web page, on top of the shared layout (styles.ts),
// after its PDF (templates/designs/): classic a serif letterhead, title set right over a double
// accent rule, a ledger-ruled table and the total between accent rules; modern a large accent title,
// the dates in a tinted panel, a tinted table header with accent captions and the amount to pay on
// an accent band; minimal type and space only, one hairline under the header and one above the
// total; bold a panel-coloured masthead over an accent stripe, accent-barred headings, a panel
// table header with striped rows and the amount to pay on an accent band.
import type { BaseDesign } from "../../server/domain/templates.ts";

/**
 * Text on a panel takes the panel's readable colours (palette.ts): the custom properties are
 * redefined there, so every rule that says var(--ink) or var(--muted) stays right on it. :where()
 * keeps this at zero specificity, so a design's own colour for an element still wins.
 */
function panelSurface(...selectors: string[]): string {
  return `:where(${selectors.join(", ")}) { --ink: var(--panel-ink); --muted: var(--panel-muted); --accent-ink: var(--panel-accent-ink); background: var(--panel); color: var(--ink); }`;
}

export const DESIGN_CSS: Record<BaseDesign, string> = {
  classic: `
.design-classic .masthead { flex-direction: row-reverse; padding-bottom: 3mm; border-bottom: 2.5pt double var(--accent); }
.design-classic .title { text-align: end; font-weight: 600; letter-spacing: 0.03em; }
.design-classic h2, .design-classic caption, .design-classic thead th, .design-classic .facts dt { font-variant-caps: all-small-caps; letter-spacing: 0.05em; font-size: 8.5pt; }
.design-classic thead th { color: var(--accent-ink); border-top: 1.5pt solid var(--accent); border-bottom: 0.75pt solid var(--accent); }
.design-classic tfoot .strong > * { border-top: 0.75pt solid var(--accent); border-bottom: 0.75pt solid var(--accent); }
.design-classic .page-footer { text-align: center; border-top-style: double; border-top-width: 2pt; }
`,
  modern: `
${panelSurface(".design-modern .dates", ".design-modern thead th")}
.design-modern .title { font-size: 24pt; font-weight: 700; letter-spacing: -0.01em; }
.design-modern .dates { padding: 2.5mm 3.5mm; border-radius: 2mm; }
.design-modern h2, .design-modern caption, .design-modern .dates dt, .design-modern thead th { color: var(--accent-ink); font-size: 7pt; font-weight: 700; text-transform: uppercase; letter-spacing: 0.06em; }
.design-modern thead th { border-bottom: 0; }
.design-modern :is(th, td):first-child { padding-inline-start: 2mm; }
.design-modern :is(th, td):last-child { padding-inline-end: 2mm; }
.design-modern tfoot tr:last-child > * { background: var(--accent); color: var(--on-accent); font-size: 10.5pt; }
`,
  minimal: `
.design-minimal .masthead { margin-bottom: 6mm; }
.design-minimal .title { font-weight: 300; font-size: 22pt; letter-spacing: -0.01em; color: var(--ink); }
.design-minimal h2, .design-minimal caption, .design-minimal thead th, .design-minimal .facts dt { font-weight: 500; font-size: 6.5pt; text-transform: uppercase; letter-spacing: 0.14em; }
.design-minimal thead th { border-bottom: 0.5pt solid var(--ink); }
.design-minimal tbody tr > * { border-bottom: 0; }
.design-minimal tfoot tr:first-child > * { padding-top: 2.5mm; }
.design-minimal tfoot .strong > * { color: var(--ink); border-top: 0.5pt solid var(--ink); }
.design-minimal tfoot .strong ~ .strong > * { border-top: 0; }
.design-minimal .page-footer { border-top: 0; }
`,
  bold: `
${panelSurface(".design-bold .masthead", ".design-bold thead th")}
.design-bold .masthead { padding: 4mm 5mm; border-bottom: 1.5mm solid var(--accent); }
.design-bold .title { font-weight: 800; font-size: 22pt; text-transform: uppercase; letter-spacing: 0.02em; color: var(--ink); }
.design-bold h2, .design-bold caption { color: var(--accent-ink); font-weight: 800; text-transform: uppercase; letter-spacing: 0.04em; border-inline-start: 1mm solid var(--accent); padding-inline-start: 1.5mm; }
.design-bold thead th { color: var(--ink); font-weight: 800; border-bottom: 0; }
.design-bold tbody tr > * { border-bottom: 0; }
.design-bold tbody tr:nth-child(even) > * { --ink: var(--zebra-ink); background: var(--zebra); color: var(--ink); }
.design-bold :is(th, td):first-child { padding-inline-start: 2mm; }
.design-bold :is(th, td):last-child { padding-inline-end: 2mm; }
.design-bold tfoot tr:last-child > * { background: var(--accent); color: var(--on-accent); font-weight: 800; font-size: 10.5pt; }
.design-bold .page-footer { border-top: 1.5mm solid var(--accent); }
`,
};
