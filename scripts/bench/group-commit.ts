// `npm run bench:group-commit`: does group commit pay for the service's writes? Measured in one run
// on the embedded file and on a libSQL server (sqld over its WebSocket, as the scaled topology runs
// it), with the service's own invoice create (createOnce: the record built before the lock, then
// the checks, the row with its triggers, the history and the events under it) from 32 concurrent
// writers, two ways:
// - one transaction a write, the service's write queue as it is (ADR 0003);
// - group commit: the writes that arrive while a group is being written wait and go together as the
//   next group, in one transaction with a savepoint each (a write that fails rolls back to its
//   savepoint alone), each acknowledged only after the group's commit.
// It prints creates/s and p50/p99 latency per way and backend, and each figure's ratio to the first
// way's. ADR 0044 records the figures and the decision.
// Flags: --seconds N (per measurement, default 10), --writers N (default 32), --backends embedded,sqld.
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Database, Executor } from "../../db/client.ts";
import { createAccount } from "../../db/queries/accounts.ts";
import { loadProfile } from "../../server/accounts/profile.ts";
import { newId } from "../../server/domain/ids.ts";
import { newInvoice } from "../../server/domain/invoice.ts";
import { createOnce, resolveReferences, type Writer } from "../../server/invoices/writes.ts";
import { loadConfig } from "../../server/platform/config.ts";
import { closeWorkerPools, createServices, type Services } from "../../server/services.ts";
import { sqldAvailable, startSqld, type Sqld } from "../sqld.ts";
import { CREATE_BODY } from "./create-body.ts";
import { percentile } from "./measure.ts";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "10" }, writers: { type: "string", default: "32" }, backends: { type: "string", default: "embedded,sqld" } } });
const seconds = Number(values.seconds);
const writers = Number(values.writers);
const backends = values.backends.split(",").filter((name) => name === "embedded" || (name === "sqld" && sqldAvailable));

/**
 * `database` as it was before group commit: each write handed over only once the one before it has
 * settled, so every write is a group of one, its own transaction.
 */
function oneTransactionAWrite(database: Database): Database {
  let queue: Promise<unknown> = Promise.resolve();
  const write = <T>(work: (tx: Executor) => Promise<T>): Promise<T> => {
    const result = queue.then(() => database.write(work));
    queue = result.catch(() => undefined);
    return result;
  };
  return { ...database, write };
}

/** The service's create, as POST /api/invoices runs it after parsing. */
function create(services: Services, writer: Writer): Promise<unknown> {
  const fields = JSON.parse(CREATE_BODY);
  const { db } = services.database;
  return createOnce(services, writer, {
    key: undefined,
    payload: fields,
    async build() {
      const [profile, resolved] = await Promise.all([loadProfile(db, writer.accountId), resolveReferences(db, writer.accountId, fields)]);
      const now = services.clock.now();
      return newInvoice({ id: newId("inv", now.getTime()), input: fields, profile, resolved, now });
    },
  });
}

type Figures = { perSecond: number; p50: number; p99: number; failed: number };

/** `writers` loops creating for `ms`; the latency of each create from its call to its answer. */
async function measure(services: Services, writer: Writer, ms: number): Promise<Figures> {
  const latencies: number[] = [];
  let failed = 0;
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        try {
          await create(services, writer);
          latencies.push(performance.now() - started);
        } catch {
          failed++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / (ms / 1000), p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), failed };
}

async function backendRun(backend: string): Promise<Array<{ way: string; figures: Figures }>> {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-group-commit-"));
  let sqld: Sqld | null = null;
  try {
    if (backend === "sqld") sqld = await startSqld();
    const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: "silent", WEB_CONCURRENCY: "1", ...(sqld ? { DATABASE_URL: sqld.url.replace(/^http:/, "ws:") } : {}) };
    const services = await createServices(loadConfig(env));
    const now = services.clock.now();
    const rows: Array<{ way: string; figures: Figures }> = [];
    for (const way of ["one transaction a write", "group commit"]) {
      // A fresh account per way: each starts from the same empty numbering and client list.
      const account = await services.database.write((tx) => createAccount(tx, { name: way, tier: "unlimited", now }));
      const writer: Writer = { accountId: account.id, actor: "bench", mover: { kind: "user", canApprove: true } };
      const measured = way === "group commit" ? services : { ...services, database: oneTransactionAWrite(services.database) };
      await measure(measured, writer, 1000);
      rows.push({ way, figures: await measure(measured, writer, seconds * 1000) });
    }
    await closeWorkerPools(services);
    await services.database.close();
    return rows;
  } finally {
    await sqld?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(`machine: ${availableParallelism()} cores; Bun ${Bun.version}; load average ${loadavg().map((n) => n.toFixed(2)).join(" ")}`);
console.log(`${writers} concurrent writers, the service's invoice create (5 lines), 1 s warm-up + ${seconds} s a way\n`);
const lines: string[][] = [["backend", "way", "creates/s", "p50 ms", "p99 ms", "× first way", "p99 × first", "failed"]];
for (const backend of backends) {
  const rows = await backendRun(backend);
  const first = rows[0]?.figures as Figures;
  for (const { way, figures } of rows) {
    lines.push([
      backend,
      way,
      figures.perSecond.toFixed(0),
      figures.p50.toFixed(2),
      figures.p99.toFixed(2),
      (figures.perSecond / first.perSecond).toFixed(2),
      (figures.p99 / first.p99).toFixed(2),
      String(figures.failed),
    ]);
  }
}
const widths = lines[0]?.map((_, column) => Math.max(...lines.map((cells) => (cells[column] ?? "").length))) ?? [];
for (const [index, cells] of lines.entries()) {
  console.log(cells.map((cell, column) => (column >= 2 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0))).join("  ").trimEnd());
  if (index === 0) console.log(widths.map((width) => "-".repeat(width)).join("  "));
}
console.log(`\nload average after: ${loadavg().map((n) => n.toFixed(2)).join(" ")}`);
process.exit(0);
