// The bundled font families: one TTF per family and weight, resolved from node_modules and parsed
// by fontkit at most once per process (parsing costs ~4–30 ms; per document it would dominate a
// PDF). Loading is lazy: a Latin-only invoice never reads the 5 MB CJK font. Everything here is
// synchronous so the layout engine can stay synchronous after the first load.
import fontkit, { type Font } from "./fontkit.ts";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

export type Script = "latin" | "greek" | "cyrillic" | "cjk" | "arabic" | "hebrew";
export type Weight = "regular" | "bold";
/** A template picks sans, serif or mono; cjk, arabic and hebrew are reached through fallback. */
export type FamilyId = "sans" | "serif" | "mono" | "cjk" | "arabic" | "hebrew";

export type FamilySpec = {
  /** The family name inside the font, also what a painter registers it under. */
  name: string;
  /** npm package the TTFs come from (SIL OFL 1.1, see README.md). */
  packageName: string;
  /** Path of each weight's TTF inside the package. */
  files: Record<Weight, string>;
  /** Scripts the family is bundled for (the font may hold more glyphs than that). */
  scripts: readonly Script[];
};

export type LoadedFont = {
  /** `${family}-${weight}`, unique per loaded font. */
  key: string;
  family: FamilyId;
  weight: Weight;
  path: string;
  /** The TTF as read from disk, for pdf-lib's embedFont and satori's font list. */
  bytes: Uint8Array;
  font: Font;
};

export const FAMILIES: Readonly<Record<FamilyId, FamilySpec>> = {
  sans: {
    name: "Noto Sans",
    packageName: "@expo-google-fonts/noto-sans",
    files: { regular: "400Regular/NotoSans_400Regular.ttf", bold: "700Bold/NotoSans_700Bold.ttf" },
    scripts: ["latin", "greek", "cyrillic"],
  },
  serif: {
    name: "Noto Serif",
    packageName: "@expo-google-fonts/noto-serif",
    files: { regular: "400Regular/NotoSerif_400Regular.ttf", bold: "700Bold/NotoSerif_700Bold.ttf" },
    scripts: ["latin", "greek", "cyrillic"],
  },
  mono: {
    name: "Noto Sans Mono",
    packageName: "@expo-google-fonts/noto-sans-mono",
    files: { regular: "400Regular/NotoSansMono_400Regular.ttf", bold: "700Bold/NotoSansMono_700Bold.ttf" },
    scripts: ["latin", "greek", "cyrillic"],
  },
  cjk: {
    name: "Noto Sans JP",
    packageName: "@expo-google-fonts/noto-sans-jp",
    files: { regular: "400Regular/NotoSansJP_400Regular.ttf", bold: "700Bold/NotoSansJP_700Bold.ttf" },
    scripts: ["cjk"],
  },
  arabic: {
    name: "Noto Sans Arabic",
    packageName: "@expo-google-fonts/noto-sans-arabic",
    files: { regular: "400Regular/NotoSansArabic_400Regular.ttf", bold: "700Bold/NotoSansArabic_700Bold.ttf" },
    scripts: ["arabic"],
  },
  hebrew: {
    name: "Noto Sans Hebrew",
    packageName: "@expo-google-fonts/noto-sans-hebrew",
    files: { regular: "400Regular/NotoSansHebrew_400Regular.ttf", bold: "700Bold/NotoSansHebrew_700Bold.ttf" },
    scripts: ["hebrew"],
  },
};

export const FAMILY_IDS = Object.keys(FAMILIES) as FamilyId[];
export const WEIGHTS: readonly Weight[] = ["regular", "bold"];
/** Tried, in this order, after the template's family when it lacks a glyph. */
export const FALLBACK_FAMILIES: readonly FamilyId[] = ["cjk", "arabic", "hebrew"];

// createRequire rather than import.meta.resolve: under Deno, import.meta.resolve of an npm
// package's file can answer with an npm: specifier instead of a path readFileSync can open.
const require = createRequire(import.meta.url);

/** Absolute path of a family's TTF for a weight, from node_modules. */
export function fontPath(family: FamilyId, weight: Weight): string {
  const spec = FAMILIES[family];
  return require.resolve(`${spec.packageName}/${spec.files[weight]}`);
}

const loaded = new Map<string, LoadedFont>();

/** The font for a family and weight: read and parsed on first use, the same object afterwards. */
export function loadFont(family: FamilyId, weight: Weight): LoadedFont {
  const key = `${family}-${weight}`;
  const cached = loaded.get(key);
  if (cached) return cached;
  const path = fontPath(family, weight);
  const bytes: Uint8Array = readFileSync(path);
  const font = fontkit.create(bytes);
  const entry: LoadedFont = { key, family, weight, path, bytes, font };
  loaded.set(key, entry);
  return entry;
}
