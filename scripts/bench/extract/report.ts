// The benchmark's printout as Markdown tables, ready for docs/benchmarks.md: accuracy per kind and
// field group with the totals rule and time per document, accuracy per language, the most common
// misses, and the goals.
import { FIELD_GROUPS } from "./score.ts";
import { goals, share, type KindSummary, type Miss, type Tally } from "./summary.ts";

const percent = (tally: Tally): string => (tally.total === 0 ? "—" : `${(share(tally) * 100).toFixed(1)} %`);
const ms = (value: number): string => (Number.isFinite(value) ? value.toFixed(1) : "—");

/** One row per kind; the time column compares each kind with the text-layer path (the PDFs' median). */
export function kindTable(summaries: readonly KindSummary[]): string {
  const anchor = summaries.find((summary) => summary.kind === "pdf")?.medianMs ?? Number.NaN;
  const rows = summaries.map((summary) => {
    const groups = FIELD_GROUPS.map((group) => percent(summary.groups[group]));
    const totals = `${summary.totalsRight} / ${summary.wrongFlagged} / ${summary.wrongUnflagged}`;
    const rightOrFlagged = percent({ right: summary.documents - summary.wrongUnflagged, total: summary.documents });
    const ratio = Number.isFinite(anchor) ? `${(summary.medianMs / anchor).toFixed(1)}×` : "—";
    return `| ${summary.kind} | ${summary.documents} | ${summary.fields.total} | **${percent(summary.fields)}** | ${groups.join(" | ")} | ${totals} | ${rightOrFlagged} | ${summary.errors} | ${ms(summary.medianMs)} | ${ms(summary.p95Ms)} | ${ratio} |`;
  });
  return [
    `| kind | docs | fields | accuracy | ${FIELD_GROUPS.join(" | ")} | totals right / wrong, flagged / wrong, unflagged | totals right or flagged | errors | median ms | p95 ms | median ÷ PDF median |`,
    `|---|---:|---:|---:|${FIELD_GROUPS.map(() => "---:").join("|")}|---:|---:|---:|---:|---:|---:|`,
    ...rows,
  ].join("\n");
}

export function languageTable(summaries: readonly KindSummary[]): string {
  const languages = [...new Set(summaries.flatMap((summary) => Object.keys(summary.languages)))];
  const rows = languages.map((language) => `| ${language} | ${summaries.map((summary) => percent(summary.languages[language] ?? { right: 0, total: 0 })).join(" | ")} |`);
  return [`| language | ${summaries.map((summary) => summary.kind).join(" | ")} |`, `|---|${summaries.map(() => "---:").join("|")}|`, ...rows].join("\n");
}

const shown = (value: unknown): string => (value === null || value === undefined ? "(nothing)" : JSON.stringify(value));

export function missList(misses: readonly Miss[]): string {
  return misses
    .map((miss) => {
      const examples = miss.examples.map((example) => `#${example.index} (${example.design}, ${example.language}) expected ${shown(example.expected)}, got ${shown(example.got)}`).join("; ");
      return `- ${miss.kind} · ${miss.field}: ${miss.count} — ${examples}`;
    })
    .join("\n");
}

export function goalList(summaries: readonly KindSummary[]): string {
  return goals(summaries)
    .map(({ goal, met }) => `${met ? "MET    " : "NOT MET"}  ${goal}`)
    .join("\n");
}
