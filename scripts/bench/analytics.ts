// `npm run bench:analytics`: invoices.analytics on a realistic account of 1,000,000 invoices
// (scripts/seed/realistic.ts: five years, three currencies, thousands of clients) in the embedded
// file. In one run it measures, one request at a time after a warm-up:
// - the service through HTTP (GET /api/analytics, a key, JSON out) and the same work in-process:
//   a year of monthly revenue, the aging buckets, and every section at once;
// - the baseline the aggregates replace (ADR 0013): the same figures grouped from the invoices table,
//   first with the indexes the table has for lists, then with covering indexes built for it.
// Each baseline's figures are checked against the service's before it is timed.
// And invoices.suggest for the account's busiest client (its newest 1,000 lines from invoice_lines,
// ADR 0012) against the same ranking from the documents of the invoices those lines come from, the
// way without that table; goal: under 20 ms (p99, HTTP).
// Flags: --invoices N (default 1,000,000), --runs N (default 300), --data DIR (reuse a seeded
// database there; created and seeded when empty, kept afterwards).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createApiKey } from "../../db/queries/accounts.ts";
import { loadConfig } from "../../server/platform/config.ts";
import { firstOfMonth, revenueOf } from "../../server/domain/analytics.ts";
import { dateInZone } from "../../server/domain/clock.ts";
import type { InvoiceStatus, InvoiceType } from "../../server/domain/lifecycle.ts";
import { SCOPES } from "../../server/domain/scopes.ts";
import { lineTax } from "../../server/domain/money.ts";
import { suggestLines } from "../../server/domain/suggestions.ts";
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import { accountAnalytics, ANALYTICS_SECTIONS, type AnalyticsSection } from "../../server/invoices/analytics.ts";
import { suggest } from "../../server/invoices/suggestions.ts";
import { createServices } from "../../server/services.ts";
import { SEED_PROFILE, seedNewAccount } from "../seed/realistic.ts";
import { measure, type Sample } from "./measure.ts";
import { serveDataDir } from "./serve-data-dir.ts";

const GOAL_P99_MS = 50;
const GOAL_SUGGEST_P99_MS = 20;

const { values } = parseArgs({ options: { invoices: { type: "string", default: "1000000" }, runs: { type: "string", default: "300" }, data: { type: "string" }, serve: { type: "string" } } });

// The HTTP server's own process: the app on the seeded DATA_DIR until it is told to stop.
if (values.serve) await serveDataDir(values.serve);

const count = Number(values.invoices);
const runs = Number(values.runs);
const kept = values.data !== undefined;
const dataDir = values.data ?? (await mkdtemp(join(tmpdir(), "bench-analytics-")));
const seeded = existsSync(join(dataDir, "invoices.db"));

const config = loadConfig({ DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" });
const services = await createServices(config);
const { database } = services;
const now = services.clock.now();
const today = dateInZone(now, SEED_PROFILE.timezone);

let accountId: string;
if (seeded) {
  const row = await database.client.execute("SELECT account_id, count(*) AS n FROM invoices GROUP BY account_id ORDER BY n DESC LIMIT 1");
  accountId = String(row.rows[0]?.account_id);
  console.log(`reusing ${dataDir}: ${Number(row.rows[0]?.n).toLocaleString("en")} invoices`);
} else {
  const started = performance.now();
  ({ accountId } = await seedNewAccount(database, { name: "Bench analytics", tier: "unlimited", invoices: count, now }));
  console.log(`seeded ${count.toLocaleString("en")} invoices in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
const { token } = await database.write((tx) => createApiKey(tx, { accountId, name: "bench", scopes: SCOPES, now }));
// Seeding a million records leaves a large heap behind: collect it before anything is timed here.
Bun.gc(true);
const server = spawn(process.execPath, [import.meta.path, "--serve", dataDir], { stdio: ["ignore", "pipe", "inherit"] });
const port = await new Promise<number>((resolve, reject) => {
  server.stdout.once("data", (chunk: Buffer) => resolve((JSON.parse(chunk.toString()) as { port: number }).port));
  server.once("exit", (code) => reject(new Error(`the server exited (${code})`)));
});
const base = `http://127.0.0.1:${port}`;

// A year of months ending with the current one, as a dashboard asks for it (the default range).
const range = { from: firstOfMonth(today, -11), to: today };

const http = (sections: readonly AnalyticsSection[]) => async (): Promise<unknown> => {
  const response = await fetch(`${base}/api/analytics?from_date=${range.from}&to_date=${range.to}&sections=${sections.join(",")}`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`analytics answered ${response.status}: ${await response.text()}`);
  return response.json();
};
const inProcess = (sections: readonly AnalyticsSection[]) => () =>
  accountAnalytics(database.db, { accountId, today, from_date: range.from, to_date: range.to, granularity: "month", sections, top: 5 });

const BASELINE_REVENUE = `SELECT currency, substr(issue_date, 1, 7) AS month, type, status, count(*) AS n, sum(total) AS total FROM invoices
  WHERE account_id = ? AND issue_date BETWEEN ? AND ? GROUP BY currency, month, type, status`;
const BASELINE_AGING = `SELECT currency, coalesce(due_date, '') AS due, count(*) AS n, sum(total - amount_paid) AS owed FROM invoices
  WHERE account_id = ? AND type = 'invoice' AND status IN ('sent', 'viewed', 'overdue') GROUP BY currency, due`;

async function baselineRevenue(): Promise<Map<string, number>> {
  const result = await database.client.execute({ sql: BASELINE_REVENUE, args: [accountId, range.from, range.to] });
  const totals = new Map<string, number>();
  for (const row of result.rows) {
    const key = `${row.currency} ${row.month}`;
    totals.set(key, (totals.get(key) ?? 0) + revenueOf(row.type as InvoiceType, row.status as InvoiceStatus, Number(row.total)));
  }
  return totals;
}

async function baselineAging(): Promise<Map<string, number>> {
  const result = await database.client.execute({ sql: BASELINE_AGING, args: [accountId] });
  const owed = new Map<string, number>();
  for (const row of result.rows) owed.set(String(row.currency), (owed.get(String(row.currency)) ?? 0) + Number(row.owed));
  return owed;
}

/** The baselines must compute what the service does: monthly revenue and the outstanding amounts agree. */
async function checkBaselines(): Promise<void> {
  const ours = await inProcess(["revenue", "aging"])();
  const revenue = await baselineRevenue();
  const aging = await baselineAging();
  for (const entry of ours.currencies) {
    for (const point of entry.revenue?.series ?? []) {
      if ((revenue.get(`${entry.currency} ${point.period}`) ?? 0) !== point.revenue) throw new Error(`baseline revenue differs for ${entry.currency} ${point.period}`);
    }
    if ((aging.get(entry.currency) ?? 0) !== entry.aging?.outstanding.amount) throw new Error(`baseline outstanding differs for ${entry.currency}`);
  }
}

const busiest = await database.client.execute({ sql: "SELECT client_id, count(*) AS n FROM invoices WHERE account_id = ? GROUP BY client_id ORDER BY n DESC LIMIT 1", args: [accountId] });
const busiestClient = String(busiest.rows[0]?.client_id);
const busiestCount = Number(busiest.rows[0]?.n);
const suggestHttp = (description: string | null) => async (): Promise<unknown> => {
  const query = `client=${busiestClient}${description ? `&description=${description}` : ""}`;
  const response = await fetch(`${base}/api/invoices/suggestions?${query}`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`suggestions answered ${response.status}: ${await response.text()}`);
  return response.json();
};
const suggestInProcess = () => suggest(database.db, accountId, { client: busiestClient, limit: 10, now });
/** As many of the client's invoices as those lines come from. */
const linesCover = (await suggestInProcess()).invoices_considered;
/** The same ranking from those invoices' documents: what invoice_lines saves. */
async function suggestFromDocuments(): Promise<unknown> {
  const rows = await database.client.execute({ sql: "SELECT doc FROM invoices WHERE account_id = ? AND client_id = ? AND type IN ('invoice', 'quote') AND status <> 'void' ORDER BY issue_date DESC, id DESC LIMIT ?", args: [accountId, busiestClient, linesCover] });
  const lines = rows.rows.flatMap((row) => {
    const record = JSON.parse(String(row.doc)) as InvoiceRecord;
    return record.items.map((item) => ({ ...item, invoice_id: record.id, issue_date: record.issue_date, currency: record.currency, due_date: record.due_date, payment_terms: record.payment_terms, tax_rate: lineTax(item, record.tax_rate).rate }));
  });
  return suggestLines(lines, { today, limit: 10 });
}

const COVERING = [
  "CREATE INDEX IF NOT EXISTS bench_revenue_cover ON invoices (account_id, issue_date, currency, type, status, total)",
  "CREATE INDEX IF NOT EXISTS bench_aging_cover ON invoices (account_id, type, status, currency, due_date, total, amount_paid)",
];

const rows: Array<{ label: string; sample: Sample; goal?: boolean }> = [];
try {
  await checkBaselines();
  rows.push({ label: "HTTP: a year of monthly revenue", sample: await measure(runs, http(["revenue"])), goal: true });
  rows.push({ label: "HTTP: aging buckets", sample: await measure(runs, http(["aging"])), goal: true });
  // Issue 24's goal: every section in one call, top clients from the year, month and day aggregates.
  rows.push({ label: "HTTP: every section (revenue, aging, DSO, top clients, breakdown)", sample: await measure(runs, http(ANALYTICS_SECTIONS)), goal: true });
  rows.push({ label: "in-process: a year of monthly revenue", sample: await measure(runs, inProcess(["revenue"])) });
  rows.push({ label: "in-process: aging buckets", sample: await measure(runs, inProcess(["aging"])) });
  rows.push({ label: `HTTP: suggestions for the busiest client (${busiestCount.toLocaleString("en")} invoices)`, sample: await measure(runs, suggestHttp(null)), goal: true });
  rows.push({ label: "HTTP: suggestions for it matching \"desgin\" (a typo)", sample: await measure(runs, suggestHttp("desgin")), goal: true });
  rows.push({ label: "in-process: suggestions (its newest 1,000 lines)", sample: await measure(runs, suggestInProcess) });
  rows.push({ label: `baseline: the same ranking from those ${linesCover} invoices' documents`, sample: await measure(Math.max(10, runs / 5), suggestFromDocuments) });
  rows.push({ label: "baseline, list indexes: a year of monthly revenue", sample: await measure(Math.max(10, runs / 10), baselineRevenue) });
  rows.push({ label: "baseline, list indexes: aging buckets", sample: await measure(Math.max(10, runs / 10), baselineAging) });
  const indexing = performance.now();
  for (const statement of COVERING) await database.client.execute(statement);
  await database.client.execute("ANALYZE");
  console.log(`covering indexes built in ${((performance.now() - indexing) / 1000).toFixed(1)} s`);
  rows.push({ label: "baseline, covering indexes: a year of monthly revenue", sample: await measure(Math.max(10, runs / 5), baselineRevenue) });
  rows.push({ label: "baseline, covering indexes: aging buckets", sample: await measure(Math.max(10, runs / 5), baselineAging) });
  for (const statement of COVERING) await database.client.execute(`DROP INDEX IF EXISTS ${statement.split(" ")[5]}`);
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await services.renderer.close();
  await database.close();
  if (!kept) await rm(dataDir, { recursive: true, force: true });
}

const invoices = seeded ? "the reused" : count.toLocaleString("en");
console.log(`\nmachine: ${availableParallelism()} cores, load average ${loadavg().map((n) => n.toFixed(2)).join(" ")}; Bun ${Bun.version}`);
console.log(`account: ${invoices} invoices; range ${range.from} … ${range.to} by month\n`);
console.log("| measurement | runs | p50 ms | p99 ms | in-process p50 ÷ this p50 |");
console.log("|---|---:|---:|---:|---:|");
const ours = { revenue: rows[3]!.sample.median, aging: rows[4]!.sample.median, suggest: rows[7]!.sample.median };
for (const { label, sample } of rows) {
  const reference = label.includes("aging") ? ours.aging : label.includes("revenue") ? ours.revenue : label.includes("suggestions") || label.includes("ranking") ? ours.suggest : Number.NaN;
  console.log(`| ${label} | ${sample.runs} | ${sample.median.toFixed(2)} | ${sample.p99.toFixed(2)} | ${Number.isNaN(reference) ? "" : `${(reference / sample.median).toFixed(3)}×`} |`);
}
console.log("");
for (const { label, sample, goal } of rows) {
  const limit = label.includes("suggestions") ? GOAL_SUGGEST_P99_MS : GOAL_P99_MS;
  if (goal) console.log(`${sample.p99 <= limit ? "met    " : "NOT MET"}  ${label}: p99 ${sample.p99.toFixed(2)} ms ≤ ${limit} ms`);
}
