// Columns over time in hand-drawn SVG that scales with its box (viewBox), so it fits a phone without
// scrolling. Zero is a line of its own: a period where credit notes outweigh revenue hangs below it
// in the other colour. Each column's exact figure is its title; the labels along the bottom thin out
// (every second, third…) rather than overlap.
import type { JSX } from "preact";

export type Column = { key: string; label: string; title: string; value: number };

const WIDTH = 360;
const HEIGHT = 220;
/** Room above the plot for the scale's label, and below it for the column labels. */
const TOP = 24;
const BOTTOM = 24;
/** The labels' size in viewBox units (styles.css sets the same), and about how wide a character of them is. */
const FONT = 13;
const CHAR_WIDTH = FONT * 0.62;

/** A label's centre kept far enough from the edges that none of it is cut off. */
function centred(centre: number, text: string): number {
  const half = (text.length * CHAR_WIDTH) / 2;
  return Math.min(Math.max(centre, half), WIDTH - half);
}

export function ColumnChart({ columns, summary, scaleLabel }: { columns: Column[]; summary: string; scaleLabel(value: number): string }): JSX.Element {
  const values = columns.map((column) => column.value);
  const high = Math.max(0, ...values);
  const low = Math.min(0, ...values);
  const plot = HEIGHT - TOP - BOTTOM;
  const y = (value: number): number => TOP + ((high - value) / (high - low || 1)) * plot;
  const slot = WIDTH / Math.max(columns.length, 1);
  const barWidth = Math.min(slot * 0.7, 48);
  const widest = Math.max(...columns.map((column) => column.label.length)) * CHAR_WIDTH + 8;
  const labelEvery = Math.max(1, Math.ceil(widest / slot));
  return (
    <svg class="chart-picture" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary}>
      <line class="chart-scale" x1={0} x2={WIDTH} y1={y(high)} y2={y(high)} />
      <text x={0} y={y(high) - 6}>
        {scaleLabel(high)}
      </text>
      {low < 0 && (
        <>
          <line class="chart-scale" x1={0} x2={WIDTH} y1={y(low)} y2={y(low)} />
          <text x={WIDTH} y={y(low) - 6} text-anchor="end">
            {scaleLabel(low)}
          </text>
        </>
      )}
      {columns.map((column, index) => (
        <g key={column.key}>
          <title>{column.title}</title>
          {/* The whole slot answers a pointer with the title, however short the column. */}
          <rect class="chart-hit" x={index * slot} y={TOP} width={slot} height={plot} />
          <rect class={column.value < 0 ? "chart-bar negative" : "chart-bar"} x={index * slot + (slot - barWidth) / 2} y={Math.min(y(column.value), y(0))} width={barWidth} height={Math.abs(y(column.value) - y(0))} />
          {index % labelEvery === 0 && (
            <text x={centred(index * slot + slot / 2, column.label)} y={HEIGHT - 6} text-anchor="middle">
              {column.label}
            </text>
          )}
        </g>
      ))}
      <line class="chart-zero" x1={0} x2={WIDTH} y1={y(0)} y2={y(0)} />
    </svg>
  );
}
