// The template's logo as an image box: scaled to fit its frame with its aspect ratio kept, and set
// against the frame's left or right edge.
import type { Piece } from "../../layout/flow.ts";
import type { Context } from "../design.ts";

export type LogoFrame = { x: number; width: number; maxHeight: number; align: "start" | "end" };

/** The logo fitted into the frame, or null when the template has none or hides it. */
export function logoPiece(context: Context, { x, width, maxHeight, align }: LogoFrame): Piece | null {
  const { logo } = context;
  if (!logo || logo.width <= 0 || logo.height <= 0) return null;
  const scale = Math.min(width / logo.width, maxHeight / logo.height);
  const drawn = { width: logo.width * scale, height: logo.height * scale };
  const left = align === "end" ? x + width - drawn.width : x;
  return {
    height: drawn.height,
    draw: (top) => [{ kind: "image", x: left, y: top, ...drawn, format: logo.format, bytes: logo.bytes }],
  };
}
