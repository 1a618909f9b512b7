// Positioned boxes: what the layout produces and every painter (PDF, SVG, PNG) draws, so the
// formats show one layout (ADR 0010 "One layout, three painters"). Units are PDF points (1/72
// inch), the origin is the page's top-left corner and y grows downwards; each painter converts to
// its own space.
// Text arrives already wrapped, split into font runs and placed: painters never measure or break.
import type { FamilyId, Weight } from "../fonts/registry.ts";

/** A colour as #rrggbb. */
export type Rgb = `#${string}`;

export type FontRef = { family: FamilyId; weight: Weight };

/**
 * One run of a text line: one font, one direction, its text in logical order. `x` is the run's left
 * edge on the page and `width` its measured advance; runs of a line come in visual order.
 */
export type PlacedRun = { text: string; font: FontRef; direction: "ltr" | "rtl"; x: number; width: number };

/** One line of text on a common baseline. */
export type TextBox = { kind: "text"; baseline: number; size: number; color: Rgb; runs: PlacedRun[] };

/** A rectangle: a table band, a rule block, a colour panel. */
export type RectBox = { kind: "rect"; x: number; y: number; width: number; height: number; fill: Rgb | null; stroke: Rgb | null; strokeWidth: number };

/** A straight rule. */
export type LineBox = { kind: "line"; x1: number; y1: number; x2: number; y2: number; color: Rgb; width: number };

/** A raster image (a logo, a payment QR code) scaled into its frame. */
export type ImageBox = { kind: "image"; x: number; y: number; width: number; height: number; format: "png" | "jpeg"; bytes: Uint8Array };

export type Box = TextBox | RectBox | LineBox | ImageBox;

export type PageLayout = { width: number; height: number; boxes: Box[] };

/** A laid-out document: its pages, and what a file's metadata says about it. */
export type DocumentLayout = { title: string; language: string; pages: PageLayout[] };

/** Page sizes in points. */
export const PAPER = { A4: { width: 595.28, height: 841.89 }, Letter: { width: 612, height: 792 } } as const;
