// A site's colours ranked into a palette with roles. Evidence comes from what the site says about
// itself (the theme-color meta, its manifest, custom properties named like --brand or --bg, the
// root's colours, buttons and links) and from how often its stylesheets use each colour; a role
// goes to the colour the explicit evidence names, else to the most used colour that fits it
// (primary and accent need a hue; background and text are the neutrals the page is built on).
import { distance, isChromatic } from "./colors.ts";

export type PaletteRole = "primary" | "accent" | "background" | "text";
export type ColorSource = "theme-color" | "manifest" | "css-variable" | "stylesheet";
export type ColorUse = "background" | "text" | "other";

/** One sighting of a colour: where, a role it suggests (with how strongly), and the property kind a use was in. */
export type ColorEvidence = { color: string; source: ColorSource; role: PaletteRole | null; weight: number; use?: ColorUse };

export type PaletteEntry = { color: string; role: PaletteRole | null; sources: ColorSource[]; score: number };
export type Palette = { entries: PaletteEntry[] } & Record<PaletteRole, string | null>;

/** What the explicit statements weigh against one use in a stylesheet. */
export const EVIDENCE_WEIGHT = { themeColor: 50, manifest: 40, namedVariable: 20, variantVariable: 4, root: 10, button: 3, link: 2 } as const;

/** Colours closer than this are one colour to a reader: an accent must differ from the primary. */
const DISTINCT = 60;
const MAX_ENTRIES = 12;

const ROLE_WORDS: ReadonlyArray<[PaletteRole, RegExp]> = [
  ["background", /^(?:bg|background|surface|canvas|paper|page|base)$/],
  ["primary", /^(?:primary|brand|main)$/],
  ["accent", /^(?:accent|secondary|highlight|link|tertiary)$/],
];
const TEXT_WORDS = /^(?:text|foreground|fg|ink|body|content|copy)$/;
/** Shades and states of a colour (--primary-hover, --brand-100): they hint at the role, weakly. */
const VARIANT_WORDS = /^(?:hover|active|focus|light|lighter|lightest|dark|darker|darkest|muted|subtle|soft|pale|contrast|\d+)$/;

/**
 * The role a custom property's name suggests and how strongly: `--brand` and `--color-primary`
 * name one, `--primary-hover` weakly, `--primary-foreground` (text drawn on the primary) none.
 */
export function variableRole(name: string): { role: PaletteRole; weight: number } | null {
  const words = name.replace(/^--/, "").toLowerCase().split(/[-_]+/);
  const variant = words.some((word) => VARIANT_WORDS.test(word));
  const weight = variant ? EVIDENCE_WEIGHT.variantVariable : EVIDENCE_WEIGHT.namedVariable;
  const roleWord = ROLE_WORDS.find(([, pattern]) => words.some((word) => pattern.test(word)));
  if (words.some((word) => TEXT_WORDS.test(word))) {
    const drawnOn = roleWord && roleWord[0] !== "background" && /^(?:foreground|fg|text)$/.test(words.at(-1)!);
    return drawnOn ? null : { role: "text", weight };
  }
  return roleWord ? { role: roleWord[0], weight } : null;
}

type Tally = { color: string; score: number; hints: Record<PaletteRole, number>; uses: Record<ColorUse, number>; sources: Set<ColorSource> };

function tallied(evidence: readonly ColorEvidence[]): Tally[] {
  const tallies = new Map<string, Tally>();
  for (const { color, source, role, weight, use } of evidence) {
    let tally = tallies.get(color);
    if (!tally) {
      tally = { color, score: 0, hints: { primary: 0, accent: 0, background: 0, text: 0 }, uses: { background: 0, text: 0, other: 0 }, sources: new Set() };
      tallies.set(color, tally);
    }
    tally.score += weight;
    tally.sources.add(source);
    if (role) tally.hints[role] += weight;
    if (use) tally.uses[use]++;
  }
  return [...tallies.values()].sort((a, b) => b.score - a.score || a.color.localeCompare(b.color));
}

function best(candidates: readonly Tally[], value: (tally: Tally) => number): Tally | null {
  let found: Tally | null = null;
  for (const tally of candidates) if (value(tally) > 0 && (!found || value(tally) > value(found))) found = tally;
  return found;
}

/** Ranks the evidence into at most 12 colours, the four roles among them. */
export function rankPalette(evidence: readonly ColorEvidence[]): Palette {
  const tallies = tallied(evidence);
  const taken = new Set<string>();
  const free = (tally: Tally): boolean => !taken.has(tally.color);
  const take = (tally: Tally | null): string | null => {
    if (tally) taken.add(tally.color);
    return tally?.color ?? null;
  };
  const neutrals = tallies.filter((tally) => !isChromatic(tally.color));
  const background = take(best(tallies, (tally) => tally.hints.background) ?? best(neutrals, (tally) => tally.uses.background));
  const text = take(best(tallies.filter(free), (tally) => tally.hints.text) ?? best(neutrals.filter(free), (tally) => tally.uses.text));
  const chromatic = tallies.filter((tally) => free(tally) && isChromatic(tally.color));
  const primary = take(best(chromatic, (tally) => tally.hints.primary * 3 + tally.hints.accent + tally.score) ?? best(tallies.filter(free), (tally) => tally.hints.primary));
  const accent = take(best(chromatic.filter((tally) => free(tally) && (!primary || distance(tally.color, primary) >= DISTINCT)), (tally) => tally.hints.accent * 3 + tally.score));
  const roles: Record<PaletteRole, string | null> = { primary, accent, background, text };
  const roleOf = (color: string): PaletteRole | null => (Object.keys(roles) as PaletteRole[]).find((role) => roles[role] === color) ?? null;
  const shown = [...tallies.filter((tally) => taken.has(tally.color)), ...tallies.filter(free)].slice(0, MAX_ENTRIES).sort((a, b) => b.score - a.score);
  return {
    entries: shown.map((tally) => ({ color: tally.color, role: roleOf(tally.color), sources: [...tally.sources], score: Math.round(tally.score * 10) / 10 })),
    ...roles,
  };
}
