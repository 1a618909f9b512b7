// Horizontal bars in hand-drawn SVG that scales with its box (viewBox): each row's name above its
// bar and its value written at the bar's end, so the figures read without a pointer. Room is kept on
// the right for the longest amount, so a full bar never pushes its label out of the picture.
import type { JSX } from "preact";

export type Bar = { key: string; label: string; value: number; valueText: string; late: boolean };

const WIDTH = 360;
const ROW = 46;
const BAR = 16;
/** The labels' size in viewBox units (styles.css sets the same), and about how wide a character of them is. */
const FONT = 13;
const CHAR_WIDTH = FONT * 0.62;

export function BarChart({ bars, summary }: { bars: Bar[]; summary: string }): JSX.Element {
  const largest = Math.max(1, ...bars.map((bar) => bar.value));
  const valueRoom = Math.max(...bars.map((bar) => bar.valueText.length)) * CHAR_WIDTH + 12;
  const length = (value: number): number => (value > 0 ? Math.max(2, (value / largest) * (WIDTH - valueRoom)) : 0);
  return (
    <svg class="chart-picture" viewBox={`0 0 ${WIDTH} ${bars.length * ROW}`} role="img" aria-label={summary}>
      {bars.map((bar, index) => {
        const top = index * ROW;
        return (
          <g key={bar.key}>
            <title>{`${bar.label}: ${bar.valueText}`}</title>
            <text x={0} y={top + FONT + 2}>
              {bar.label}
            </text>
            <rect class={bar.late ? "chart-bar late" : "chart-bar"} x={0} y={top + 20} width={length(bar.value)} height={BAR} />
            <text x={bar.value > 0 ? length(bar.value) + 6 : 0} y={top + 20 + BAR - 3}>
              {bar.valueText}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
