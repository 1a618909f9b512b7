// The syntax of a PDF content stream, written as text: the painter builds each page's operators as
// one string (PDF 32000-1 §7.8.2) instead of an object per operator and operand, which made the
// operators' objects, their validation and their serialisation a large share of a PDF's time.
import type { Rgb } from "../layout/boxes.ts";

/** Three decimals: a thousandth of a point on the page, far below what any device shows. */
export function num(value: number): string {
  // Rounded, a finite number prints without an exponent at these magnitudes; −0 prints as "0".
  return String(Math.round(value * 1000) / 1000);
}

const HEX_COLOUR = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/** #rrggbb as red, green and blue between 0 and 1. */
function rgbOf(colour: Rgb): [number, number, number] {
  const match = HEX_COLOUR.exec(colour);
  if (!match) throw new Error(`not a #rrggbb colour: ${colour}`);
  return [1, 2, 3].map((group) => Number.parseInt(match[group] as string, 16) / 255) as [number, number, number];
}

// Four decimals: 1/255 steps come back exactly when a reader converts to 8 bits.
const channel = (value: number): string => String(Math.round(value * 10_000) / 10_000);

// A page sets a handful of colours hundreds of times: their operands are spelt once per colour.
const operands = new Map<string, string>();

/** The operator setting the fill (`rg`) or stroke (`RG`) colour. */
function colourOperator(colour: Rgb, operator: "rg" | "RG"): string {
  let spelt = operands.get(colour);
  if (spelt === undefined) {
    spelt = rgbOf(colour).map(channel).join(" ");
    // Templates bring their own colours: the map is emptied rather than left to grow.
    if (operands.size >= 1_000) operands.clear();
    operands.set(colour, spelt);
  }
  return `${spelt} ${operator}`;
}

/** A text as a hex string of UTF-16BE with its byte order mark (a text string, §7.9.2.2). */
export function utf16String(text: string): string {
  let hex = "<FEFF";
  for (let index = 0; index < text.length; index++) hex += text.charCodeAt(index).toString(16).padStart(4, "0").toUpperCase();
  return `${hex}>`;
}

/**
 * What the page's operators have set so far. Colours, line width and font are graphics state, which
 * text objects (BT … ET) do not reset, so each is written only when it changes.
 */
export type GraphicsState = { fill: string; stroke: string; lineWidth: string; font: string };

export function initialState(): GraphicsState {
  return { fill: "", stroke: "", lineWidth: "", font: "" };
}

/** The operators that make `key` `value`: none when it already is. */
export function setState(state: GraphicsState, key: keyof GraphicsState, value: string): string[] {
  if (state[key] === value) return [];
  state[key] = value;
  return [value];
}

export const fillColour = (state: GraphicsState, colour: Rgb): string[] => setState(state, "fill", colourOperator(colour, "rg"));
export const strokeColour = (state: GraphicsState, colour: Rgb): string[] => setState(state, "stroke", colourOperator(colour, "RG"));
export const lineWidth = (state: GraphicsState, width: number): string[] => setState(state, "lineWidth", `${num(width)} w`);
