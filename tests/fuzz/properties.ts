// The fuzzing properties, shared by the bounded CI run (tests/fuzz/procedures.test.ts) and the long
// one (tests/fuzz/long-run.ts). For one procedure on one face, every fuzzed call must: answer below 500;
// refuse in the face's error shape with a code from the error table at the status it maps to; when
// refused, leave the database as it was; and never touch Object.prototype.
import fc from "fast-check";
import { appRouter } from "../../routers/index.ts";
import { listProcedures, type ProcedureEntry } from "../../server/http/procedures.ts";
import { inputArbitrary, type FuzzInput, type IdPools } from "./arbitraries.ts";
import { facesOf, send, transportArbitrary, type FaceName, type Outcome, type Target, type Transport } from "./faces.ts";
import { POLLUTION_MARKER } from "./mutations.ts";
import { setUpFuzzAccount } from "./resources.ts";
import { watchDatabase, type DatabaseWatch, type TableChange } from "./snapshot.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

export type FuzzHarness = { server: TestServer; target: Target; pools: IdPools; procedures: ProcedureEntry[]; database: DatabaseWatch };

/** Every procedure of the router, so a new one is fuzzed without a line here. */
export function fuzzedProcedures(): ProcedureEntry[] {
  return listProcedures(appRouter);
}

/**
 * The real service on a fresh database, with one account on the unlimited tier (no rate limit gets
 * in the way) holding a key with every scope, and resources of each kind for real ids.
 */
export async function startFuzzHarness(): Promise<FuzzHarness> {
  // One process: the snapshot watches the embedded file's PRAGMA data_version, and the canaries'
  // planted faults run in this process.
  const server = await startTestServer({ topology: "single" });
  const { key, pools } = await setUpFuzzAccount(server);
  return { server, target: { baseUrl: server.url, key }, pools, procedures: fuzzedProcedures(), database: watchDatabase(server.services.database) };
}

export type Finding = {
  procedure: string;
  face: FaceName;
  problems: string[];
  mutations: string[];
  transport: Transport;
  request: { method: string; url: string; contentType: string | null; body: string | null };
  answer: { status: number; text: string };
};

export type FuzzResult = { procedure: string; face: FaceName; runs: number; skipped: number; finding: Finding | null; seed: number; path: string | null };

/** Long texts (a 1 MB string, 20 000 brackets) cut for the report. */
function clipped(text: string | null, length = 600): string | null {
  return text === null || text.length <= length ? text : `${text.slice(0, length)}… (${text.length} characters)`;
}

/** Whether Object.prototype is as it was: no pollution marker, no new property. */
function prototypeProblems(before: string[]): string[] {
  const after = Object.getOwnPropertyNames(Object.prototype);
  const marked = (({}) as Record<string, unknown>)[POLLUTION_MARKER] !== undefined;
  return marked || after.length !== before.length ? [`Object.prototype was polluted (${after.filter((name) => !before.includes(name)).join(", ") || POLLUTION_MARKER})`] : [];
}

/** Waits for the writes already queued (a key's last-use time) so they do not land inside the next call. */
async function settled(server: TestServer): Promise<void> {
  await server.services.database.write(async () => undefined);
}

/**
 * A refusal may keep one record of itself when its details name it: a refused import keeps its
 * result, which `details.import_id` points at (ADR 0028: all or nothing, with import_id to read why).
 */
const REFUSAL_RECORDS: Record<string, string> = { import_id: "imports" };

function isOwnRecord(outcome: Outcome, change: TableChange): boolean {
  const named = Object.entries(REFUSAL_RECORDS).some(([field, table]) => table === change.table && typeof outcome.details?.[field] === "string");
  return named && change.rowsAfter === change.rowsBefore + 1;
}

/** What is wrong with one call's answer and its effect on the database. */
function outcomeProblems(outcome: Outcome, databaseChanges: TableChange[]): string[] {
  const problems = [...outcome.problems];
  if (outcome.status >= 500) problems.push(`answered ${outcome.status}${outcome.code ? ` ${outcome.code}` : ""}`);
  const refused = outcome.status >= 400 && outcome.status < 500;
  const left = databaseChanges.filter((change) => !isOwnRecord(outcome, change));
  if (refused && left.length > 0) {
    problems.push(`refused (${outcome.status} ${outcome.code}) yet changed ${left.map((change) => `${change.table} (${change.rowsBefore} → ${change.rowsAfter} rows)`).join(", ")}`);
  }
  return problems;
}

/** Work a call accepted (202) and goes on with, followed to its end so it cannot write into the next call. */
async function finished(harness: FuzzHarness, entry: ProcedureEntry, output: unknown): Promise<void> {
  const { acceptedWhen, location } = entry.meta;
  const id = (output as { id?: unknown } | null)?.id;
  if (!acceptedWhen || !location || typeof id !== "string") return;
  let current = output;
  for (let poll = 0; acceptedWhen(current as never) && poll < 2_000; poll++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    const response = await fetch(`${harness.target.baseUrl}/api${location.replace("{id}", encodeURIComponent(id))}`, { headers: { authorization: `Bearer ${harness.target.key}` } });
    current = await response.json();
  }
  await settled(harness.server);
}

/** One fuzzed call and its checks: the problems found (none when it behaved). Null when it could not be sent. */
async function fuzzedCall(harness: FuzzHarness, entry: ProcedureEntry, face: FaceName, input: FuzzInput, transport: Transport): Promise<{ outcome: Outcome; problems: string[] } | null> {
  const prototypeBefore = Object.getOwnPropertyNames(Object.prototype);
  await settled(harness.server);
  const { result: outcome, changes } = await harness.database.changesDuring(async () => {
    const answered = await send(harness.target, face, entry, input.value, transport);
    await settled(harness.server);
    return answered;
  });
  if (!outcome) return null;
  const problems = [...outcomeProblems(outcome, changes), ...prototypeProblems(prototypeBefore)];
  if (problems.length === 0 && outcome.status < 300) await finished(harness, entry, outcome.output);
  return { outcome, problems };
}

/** A seed of its own per procedure and face, so adding a procedure leaves every other's inputs as they were. */
export function seedFor(baseSeed: number, procedure: string, face: FaceName): number {
  let hash = baseSeed | 0;
  for (const character of `${procedure}/${face}`) hash = (Math.imul(hash, 31) + (character.codePointAt(0) ?? 0)) | 0;
  return hash;
}

export type FuzzOptions = { runs: number; seed: number; /** Stop shrinking a counterexample after this long (ms). */ shrinkBudgetMs?: number };

/** Fuzzes one procedure on one face; the smallest failing call found, if any. */
export async function fuzzProcedure(harness: FuzzHarness, entry: ProcedureEntry, face: FaceName, options: FuzzOptions): Promise<FuzzResult> {
  let finding: Finding | null = null;
  const seed = seedFor(options.seed, entry.path, face);
  const property = fc.asyncProperty(inputArbitrary(entry, harness.pools), transportArbitrary, async (input, transport) => {
    const call = await fuzzedCall(harness, entry, face, input, transport);
    fc.pre(call !== null);
    if (!call || call.problems.length === 0) return true;
    const { outcome } = call;
    // Shrinking replays smaller failing inputs: the last one recorded is the counterexample reported.
    finding = {
      procedure: entry.path,
      face,
      problems: call.problems,
      mutations: input.mutations,
      transport,
      request: { ...outcome.request, url: clipped(outcome.request.url) ?? "", body: clipped(outcome.request.body) },
      answer: { status: outcome.httpStatus, text: clipped(outcome.text) ?? "" },
    };
    return false;
  });
  const details = await fc.check(property, { seed, numRuns: options.runs, interruptAfterTimeLimit: options.shrinkBudgetMs, markInterruptAsFailure: false });
  if (details.failed && !finding) {
    // The property threw rather than answered: a fault of the harness or of the transport itself.
    const error = details.errorInstance;
    finding = { procedure: entry.path, face, problems: [`the call threw: ${error instanceof Error ? error.message : String(error)}`], mutations: [], transport: { body: "json", rpc: "tools/call" }, request: { method: "", url: "", contentType: null, body: null }, answer: { status: 0, text: "" } };
  }
  return { procedure: entry.path, face, runs: details.numRuns, skipped: details.numSkips, finding: details.failed ? finding : null, seed, path: details.counterexamplePath };
}

/** Every (procedure, face) pair to fuzz, optionally only the procedures named. */
export function fuzzTargets(procedures: readonly ProcedureEntry[], only: readonly string[] = []): Array<{ entry: ProcedureEntry; face: FaceName }> {
  return procedures.filter((entry) => only.length === 0 || only.includes(entry.path)).flatMap((entry) => facesOf(entry).map((face) => ({ entry, face })));
}

/** A finding as a few readable lines. */
export function describeFinding(finding: Finding): string {
  return [
    `${finding.procedure} over ${finding.face}: ${finding.problems.join("; ")}`,
    `  mutations: ${finding.mutations.join(", ") || "none"}; body framing: ${finding.transport.body}; rpc style: ${finding.transport.rpc}`,
    `  request: ${finding.request.method} ${finding.request.url}${finding.request.contentType ? ` (${finding.request.contentType})` : ""}`,
    ...(finding.request.body !== null ? [`  body: ${finding.request.body}`] : []),
    `  answer: HTTP ${finding.answer.status} ${finding.answer.text}`,
  ].join("\n");
}
