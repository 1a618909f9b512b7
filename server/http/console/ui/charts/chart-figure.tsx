// A chart a screen reader can use: the caption names it, the picture's name sums it up in a sentence,
// and every figure drawn is also in a real table behind "Show the figures", so no number lives only
// in the drawing.
import type { ComponentChildren, JSX } from "preact";
import { Table } from "../components.tsx";
import { t } from "../i18n/index.ts";

export function ChartFigure({
  caption,
  tableCaption,
  head,
  rows,
  children,
}: {
  caption: string;
  /** The table's own name, unique on the page (the table's region is a landmark). */
  tableCaption: string;
  head: string[];
  rows: ComponentChildren;
  /** The picture: an SVG with role="img" and its summary as aria-label. */
  children: ComponentChildren;
}): JSX.Element {
  return (
    <figure class="chart">
      <figcaption>{caption}</figcaption>
      {children}
      <details>
        <summary>{t("dashboard.showFigures")}</summary>
        <Table caption={tableCaption} head={head}>
          {rows}
        </Table>
      </details>
    </figure>
  );
}
