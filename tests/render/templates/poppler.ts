// Poppler (Debian poppler-utils) reading the layouts' PDFs back: text in reading order, page size,
// fonts, pixels. Without poppler the tests that need it fail in CI and are skipped elsewhere, as
// in tests/render/paint/pdf.test.ts.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pixelsOf, type Pixels } from "../paint/png-pixels.ts";

const TOOLS = ["pdfinfo", "pdftotext", "pdffonts", "pdftoppm"];
export const hasPoppler = TOOLS.every((tool) => spawnSync(tool, ["-v"]).error === undefined);
export const skipPoppler = !hasPoppler && !process.env.CI;

function run(tool: string, args: string[]): string {
  if (!hasPoppler) throw new Error(`${tool} not found: install poppler-utils (apt-get install -y poppler-utils)`);
  return execFileSync(tool, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

/** A PDF written to a fresh temporary folder, read by the tools below, removed by `dispose`. */
export type PdfFile = { path: string; dispose(): void };

export function pdfFile(bytes: Uint8Array): PdfFile {
  const dir = mkdtempSync(join(tmpdir(), "layout-pdf-"));
  const path = join(dir, "document.pdf");
  writeFileSync(path, bytes);
  return { path, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * pdftotext of pages first..last (all by default). `-layout` keeps each table row on one line;
 * `-raw` keeps the order the text is drawn in, where a paragraph wrapped in one column of several
 * stays whole.
 */
export function pdfText(file: PdfFile, options: { first?: number; last?: number; layout?: boolean; raw?: boolean } = {}): string {
  const mode = [...(options.layout ? ["-layout"] : []), ...(options.raw ? ["-raw"] : [])];
  const args = [...mode, ...(options.first ? ["-f", `${options.first}`] : []), ...(options.last ? ["-l", `${options.last}`] : [])];
  return run("pdftotext", [...args, file.path, "-"]);
}

export function pdfInfo(file: PdfFile): { pages: number; pageSize: string; title: string } {
  const info = run("pdfinfo", [file.path]);
  const field = (name: string): string => new RegExp(`^${name}:\\s+(.*)$`, "m").exec(info)?.[1]?.trim() ?? "";
  return { pages: Number(field("Pages")), pageSize: field("Page size"), title: field("Title") };
}

/** The embedded fonts' names without their subset tags ("NotoSans-Bold"), sorted, once each. */
export function pdfFonts(file: PdfFile): string[] {
  const rows = run("pdffonts", [file.path]).trim().split("\n").slice(2);
  return [...new Set(rows.map((row) => (row.split(/\s+/)[0] ?? "").replace(/^[A-Z]{6}\+/, "")))].sort();
}

/** One page rasterised by pdftoppm at `dpi`. */
export function pdfPagePixels(file: PdfFile, page: number, dpi = 96): Pixels {
  const prefix = file.path.replace(/\.pdf$/, `-page${page}`);
  run("pdftoppm", ["-r", `${dpi}`, "-png", "-f", `${page}`, "-l", `${page}`, "-singlefile", file.path, prefix]);
  return pixelsOf(readFileSync(`${prefix}.png`));
}

export type Word = { text: string; xMin: number; yMin: number; xMax: number; yMax: number };

/** Every word of a page with its box in points (pdftotext -bbox). */
export function pdfWords(file: PdfFile, page: number): Word[] {
  const html = run("pdftotext", ["-bbox", "-f", `${page}`, "-l", `${page}`, file.path, "-"]);
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(([, xMin, yMin, xMax, yMax, text]) => ({
    text: text ?? "",
    xMin: Number(xMin),
    yMin: Number(yMin),
    xMax: Number(xMax),
    yMax: Number(yMax),
  }));
}
