// The benchmark's figures from the scored documents, pure: accuracy per kind, per field group and per
// language, the totals rule (right, or flagged consistent: false), time per document, the most common
// misses, and the goals of issue 10.
import { percentile } from "../measure.ts";
import { FIELD_GROUPS, type DocumentScore, type FieldGroup } from "./score.ts";

export const DOCUMENT_KINDS = ["pdf", "png", "degraded"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The built-in extractor's goals: share of fields right per kind. */
export const ACCURACY_GOALS: Record<DocumentKind, number> = { pdf: 0.98, png: 0.9, degraded: 0.8 };

export type Outcome = {
  kind: DocumentKind;
  index: number;
  language: string;
  design: string;
  score: DocumentScore;
  ms: number;
  /** The extractor threw: its message (the fields all count as missed). */
  error: string | null;
};

export type Tally = { right: number; total: number };

export type KindSummary = {
  kind: DocumentKind;
  documents: number;
  fields: Tally;
  groups: Record<FieldGroup, Tally>;
  languages: Record<string, Tally>;
  totalsRight: number;
  /** Wrong totals the extraction flagged (consistent: false); right totals flagged are not counted here. */
  wrongFlagged: number;
  /** Wrong totals reported as consistent: each one breaks "totals always consistent or flagged". */
  wrongUnflagged: number;
  errors: number;
  medianMs: number;
  p95Ms: number;
};

export type Miss = { kind: DocumentKind; field: string; count: number; examples: Array<{ index: number; design: string; language: string; expected: unknown; got: unknown }> };

export const share = ({ right, total }: Tally): number => (total === 0 ? Number.NaN : right / total);

function add(tally: Tally, ok: boolean): void {
  tally.total++;
  if (ok) tally.right++;
}

export function summarize(kind: DocumentKind, outcomes: readonly Outcome[]): KindSummary {
  const mine = outcomes.filter((outcome) => outcome.kind === kind);
  const fields: Tally = { right: 0, total: 0 };
  const groups = Object.fromEntries(FIELD_GROUPS.map((group) => [group, { right: 0, total: 0 }])) as Record<FieldGroup, Tally>;
  const languages: Record<string, Tally> = {};
  for (const { score, language } of mine) {
    const tally = (languages[language] ??= { right: 0, total: 0 });
    for (const result of score.fields) {
      add(fields, result.ok);
      add(groups[result.group], result.ok);
      add(tally, result.ok);
    }
  }
  const times = mine.map((outcome) => outcome.ms).sort((a, b) => a - b);
  const wrong = mine.filter((outcome) => !outcome.score.totalsRight);
  return {
    kind,
    documents: mine.length,
    fields,
    groups,
    languages,
    totalsRight: mine.length - wrong.length,
    wrongFlagged: wrong.filter((outcome) => outcome.score.flagged).length,
    wrongUnflagged: wrong.filter((outcome) => !outcome.score.flagged).length,
    errors: mine.filter((outcome) => outcome.error !== null).length,
    medianMs: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
  };
}

/** The fields missed most often per kind, with a few examples of what was expected and what came back. */
export function topMisses(outcomes: readonly Outcome[], limit: number, examples = 3): Miss[] {
  const misses = new Map<string, Miss>();
  for (const outcome of outcomes) {
    for (const result of outcome.score.fields) {
      if (result.ok) continue;
      const key = `${outcome.kind}|${result.field}`;
      const miss = misses.get(key) ?? { kind: outcome.kind, field: result.field, count: 0, examples: [] };
      miss.count++;
      if (miss.examples.length < examples) miss.examples.push({ index: outcome.index, design: outcome.design, language: outcome.language, expected: result.expected, got: result.got });
      misses.set(key, miss);
    }
  }
  return [...misses.values()].sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind) || a.field.localeCompare(b.field)).slice(0, limit);
}

export type Goal = { goal: string; met: boolean };

export function goals(summaries: readonly KindSummary[]): Goal[] {
  const accuracy = summaries.map((summary) => ({
    goal: `${summary.kind}: ≥ ${ACCURACY_GOALS[summary.kind] * 100} % of fields (${(share(summary.fields) * 100).toFixed(1)} %)`,
    met: share(summary.fields) >= ACCURACY_GOALS[summary.kind],
  }));
  const unflagged = summaries.reduce((sum, summary) => sum + summary.wrongUnflagged, 0);
  return [...accuracy, { goal: `totals always right or flagged consistent: false (${unflagged} wrong and unflagged)`, met: unflagged === 0 }];
}
