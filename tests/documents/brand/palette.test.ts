// The palette's roles from evidence (server/documents/brand/palette.ts).
import { describe, expect, test } from "bun:test";
import { EVIDENCE_WEIGHT, rankPalette, variableRole, type ColorEvidence } from "../../../server/documents/brand/palette.ts";

describe("variableRole", () => {
  test.each([
    ["--brand", "primary", EVIDENCE_WEIGHT.namedVariable],
    ["--color-primary", "primary", EVIDENCE_WEIGHT.namedVariable],
    ["--primary-hover", "primary", EVIDENCE_WEIGHT.variantVariable],
    ["--brand-100", "primary", EVIDENCE_WEIGHT.variantVariable],
    ["--accent", "accent", EVIDENCE_WEIGHT.namedVariable],
    ["--link-color", "accent", EVIDENCE_WEIGHT.namedVariable],
    ["--bg", "background", EVIDENCE_WEIGHT.namedVariable],
    ["--color-background", "background", EVIDENCE_WEIGHT.namedVariable],
    ["--bg-primary", "background", EVIDENCE_WEIGHT.namedVariable],
    ["--text", "text", EVIDENCE_WEIGHT.namedVariable],
    ["--foreground", "text", EVIDENCE_WEIGHT.namedVariable],
    ["--text-primary", "text", EVIDENCE_WEIGHT.namedVariable],
    ["--text-muted", "text", EVIDENCE_WEIGHT.variantVariable],
  ] as const)("%s suggests %s", (name, role, weight) => {
    expect(variableRole(name)).toEqual({ role, weight });
  });

  test.each(["--primary-foreground", "--accent-fg", "--color-blue-500", "--radius", "--shadow"])("%s suggests no role", (name) => {
    expect(variableRole(name)).toBeNull();
  });
});

const uses = (color: string, count: number, use: ColorEvidence["use"], role: ColorEvidence["role"] = null): ColorEvidence[] =>
  Array.from({ length: count }, () => ({ color, source: "stylesheet", role, weight: 1, use }));

describe("rankPalette", () => {
  test("what the site states outweighs how often a colour is used", () => {
    const palette = rankPalette([
      { color: "#0b5fff", source: "theme-color", role: "primary", weight: EVIDENCE_WEIGHT.themeColor },
      ...uses("#e4572e", 30, "other"),
      ...uses("#ffffff", 1, "background", "background"),
      ...uses("#1a1a2e", 1, "text", "text"),
    ]);
    expect(palette).toMatchObject({ primary: "#0b5fff", accent: "#e4572e", background: "#ffffff", text: "#1a1a2e" });
    expect(palette.entries.map((entry) => entry.color)).toEqual(["#0b5fff", "#e4572e", "#1a1a2e", "#ffffff"]);
  });

  test("without statements: the most used hue is primary, a distinct one accent, the neutrals most used as background and text", () => {
    const palette = rankPalette([...uses("#16a34a", 9, "background"), ...uses("#15a049", 8, "other"), ...uses("#ea580c", 3, "text"), ...uses("#f9fafb", 5, "background"), ...uses("#111827", 7, "text")]);
    expect(palette).toMatchObject({ primary: "#16a34a", accent: "#ea580c", background: "#f9fafb", text: "#111827" });
  });

  test("a colour without hue is no primary unless stated; nothing known leaves a role null", () => {
    expect(rankPalette([{ color: "#ffffff", source: "theme-color", role: null, weight: EVIDENCE_WEIGHT.themeColor }])).toMatchObject({ primary: null, accent: null, background: null, text: null });
    expect(rankPalette([{ color: "#111111", source: "css-variable", role: "primary", weight: EVIDENCE_WEIGHT.namedVariable }]).primary).toBe("#111111");
    expect(rankPalette([])).toEqual({ entries: [], primary: null, accent: null, background: null, text: null });
  });

  test("at most 12 entries, the colours with roles always among them", () => {
    const many = Array.from({ length: 30 }, (_, index) => uses(`#${(index * 7 + 16).toString(16).padStart(2, "0")}8040`, 40 - index, "other")).flat();
    const palette = rankPalette([...many, ...uses("#fefefe", 1, "background", "background")]);
    expect(palette.entries).toHaveLength(12);
    expect(palette.entries.some((entry) => entry.color === "#fefefe" && entry.role === "background")).toBe(true);
  });
});
