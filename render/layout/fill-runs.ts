// Runs of plain fills: rects that only fill (no visible stroke), one after another in one colour.
// Such a run — a QR code's ~450 modules above all — paints exactly the union of its rects, so a
// painter draws it as one shape (one PDF path and fill, one satori element) instead of hundreds,
// without seams where rects touch. Box order, and so what paints over what, is kept.
import type { Box, RectBox } from "./boxes.ts";

export function isPlainFill(box: RectBox): boolean {
  return box.fill !== null && (box.stroke === null || box.strokeWidth <= 0);
}

/** The boxes in order, each run of plain fills of one colour gathered into one array. */
export function withFillRuns(boxes: readonly Box[]): Array<Box | RectBox[]> {
  const drawn: Array<Box | RectBox[]> = [];
  let run: RectBox[] = [];
  for (const box of boxes) {
    if (box.kind === "rect" && isPlainFill(box) && (run.length === 0 || run[0]?.fill === box.fill)) {
      run.push(box);
      continue;
    }
    if (run.length > 0) drawn.push(run);
    run = [];
    if (box.kind === "rect" && isPlainFill(box)) run.push(box);
    else drawn.push(box);
  }
  if (run.length > 0) drawn.push(run);
  return drawn;
}
