// The import (issue 11; ADR 0026–0028): a file (or several) in, each read by its format's reader, planned (plan.ts), then shown (a dry run) or written all at once (commit.ts).
// By default a commit is all-or-nothing: one problem anywhere stores nothing and answers 422 (or
// 409 NUMBER_TAKEN when numbers are all that is wrong) listing every problem; `partial` writes the
// records without problems. Every run is kept under an id made of the account, the file's SHA-256
// and the options, readable at GET /api/imports/{id}; posting the same commit again answers from
// it, and a record an earlier import made is never made twice (its content hash, ADR 0028).
import type { Executor } from "../../db/client.ts";
import { findImport, forgetImportsBeyond, saveImport, type ImportRow } from "../../db/queries/imports.ts";
import { accountQuota } from "../accounts/storage-quotas.ts";
import { canonicalJson } from "../domain/canonical.ts";
import { AppError } from "../domain/errors.ts";
import type { InvoiceStatus } from "../domain/lifecycle.ts";
import type { ProgressReporter } from "../domain/progress.ts";
import { sha256Hex, sha256HexOfBytes } from "../domain/secrets.ts";
import { assertOwned } from "../invoices/ownership.ts";
import { type Writer } from "../invoices/writes.ts";
import { loadProfile, todayFor } from "../accounts/profile.ts";
import type { Services } from "../services.ts";
import { POLL_MS, type TrackedWork } from "../platform/work-board.ts";
import { checkCancelled, commitPlan } from "./commit.ts";
import { isExtracted, MAX_IMPORT_ROWS, mergeResults, tooManyRows, UNREADABLE_ISSUE, type ColumnReading, type ImportFormat, type StructuredFormat, type ImportProblem, type Place, type ReadOptions, type ReadResult, type RecordKeys } from "./model.ts";
import { planImport, type Action, type Checks, type InvoicePlan, type Plan } from "./plan.ts";
import type { DraftSchema } from "./extract/index.ts";
import { extractedReader } from "./formats/extracted.ts";
import { readInPool } from "./read-pool.ts";

export type ImportOptions = {
  /** Show what would be made, store nothing. Unset: a commit, except through the tool for files over 100 rows. */
  dry_run?: boolean | undefined;
  /** Write the records without problems and report the others, instead of all-or-nothing. */
  partial: boolean;
  status: "draft" | "as_stated";
  locale?: string | undefined;
  mapping?: Record<string, string> | undefined;
  entity?: "invoices" | "clients" | "products" | undefined;
  /** The currency of amounts the file does not name; the account's by default. */
  currency?: string | undefined;
};

/**
 * One file of an import, its format already told (the router detects it, as extraction is paid);
 * `autoEncoding`: how encoding "auto" read its content, said in a notice.
 */
export type ImportFile = { bytes: Uint8Array; format: ImportFormat; name: string; autoEncoding?: "base64" | "text" };

export type ImportRequest = {
  /** One file, or several read as one import (many e-invoices at once). */
  files: readonly ImportFile[];
  options: ImportOptions;
  /** A dry run when the caller did not choose and the file holds more rows than this (the tool: 100). */
  previewAbove: number | null;
  checks: Checks;
  /** What the JSON reader tells create fields from a record's computed parts by (routers/imports/record-keys.ts). */
  recordKeys: RecordKeys;
  /** The schema an extracted draft is held to (routers/imports/draft.schema.ts). */
  draftSchema: DraftSchema;
};

export type ImportStatus = "running" | "previewed" | "completed" | "failed" | "cancelled";

type Placed = Place;
type Count = Record<Action, number>;

export type ImportOutcome = {
  id: string;
  status: ImportStatus;
  dry_run: boolean;
  /** The files' format; "mixed" when several files of different formats were read. */
  format: ImportFormat | "mixed";
  partial: boolean;
  progress: { done: number; total: number };
  summary: { rows: number; invoices: Count; clients: Count; products: Count; problems: number; notices: number };
  invoices: Array<
    Placed & {
      action: Action;
      id: string | null;
      type: string | null;
      number: string | null;
      status: InvoiceStatus | null;
      bill_to_name: string | null;
      currency: string | null;
      total: number | null;
      client: { action: Action; id: string | null; name: string } | null;
    }
  >;
  clients: Array<Placed & { action: Action; id: string | null; name: string; email: string | null }>;
  products: Array<Placed & { action: Action; id: string | null; name: string; sku: string | null }>;
  problems: ImportProblem[];
  notices: ImportProblem[];
  /** A table's columns as read (server/imports/formats/table.ts); none for other formats. */
  columns: ColumnReading[];
  created_at: string;
  finished_at: string | null;
};

/**
 * An import under way: its progress for GET and the switch a cancel throws, on the work board
 * (server/platform/work-board.ts) once its id is known, so any process can answer GET and DELETE for it.
 */
type Running = { accountId: string; controller: AbortController; done: number; total: number; outcome: ImportOutcome; tracked: TrackedWork | null };

const boardName = (id: string): string => `import:${id}`;

/**
 * Puts a running import on the board under its id: one the caller does not wait for is visible to
 * every process at once; one it waits for once it has run a moment.
 */
function track(services: Services, id: string, entry: Running, wait: boolean): Promise<void> {
  entry.tracked = services.work.track(boardName(id), {
    owner: entry.accountId,
    controller: entry.controller,
    state: () => ({ ...entry.outcome, progress: { done: entry.done, total: entry.total } }),
  });
  return entry.tracked.publish(wait ? POLL_MS : 0);
}

const placed = (place: Place | null): Placed => ({ ...place });

function counted(items: ReadonlyArray<{ action: Action }>): Count {
  const count: Count = { create: 0, match: 0, unchanged: 0, refused: 0 };
  for (const item of items) count[item.action] += 1;
  return count;
}

function invoiceLine(plan: InvoicePlan, committed: boolean) {
  const record = plan.record;
  const showId = plan.action === "unchanged" || (committed && plan.action === "create");
  return {
    ...placed(plan.place),
    action: plan.action,
    id: showId && record ? record.id : null,
    type: record?.type ?? null,
    number: record?.number ?? null,
    status: record?.status ?? null,
    bill_to_name: record?.bill_to_name ?? null,
    currency: record?.currency ?? null,
    total: record?.total ?? null,
    client: plan.client ? { action: plan.client.action, id: committed || plan.client.action === "match" ? plan.client.id : null, name: plan.client.name } : null,
  };
}

/** What of the reading an outcome shows besides the plan: how many rows, and a table's columns as read. */
type Reading = Pick<ReadResult, "rows" | "columns">;

function outcomeOf(base: Pick<ImportOutcome, "id" | "format" | "dry_run" | "partial" | "created_at">, status: ImportStatus, read: Reading, plan: Plan, committed: boolean): ImportOutcome {
  const shown = (action: Action, id: string | null) => (action === "match" || action === "unchanged" || committed ? id : null);
  const invoices = plan.invoices.map((invoice) => invoiceLine(invoice, committed));
  const clients = plan.clients.map((client) => ({ ...placed(client.place), action: client.action, id: shown(client.action, client.id), name: client.name, email: client.email }));
  const products = plan.products.map((product) => ({ ...placed(product.place), action: product.action, id: shown(product.action, product.id), name: product.name, sku: product.sku }));
  const total = plan.invoices.length + plan.clients.length + plan.products.length;
  return {
    ...base,
    status,
    progress: { done: committed ? total : 0, total },
    summary: { rows: read.rows, invoices: counted(invoices), clients: counted(clients), products: counted(products), problems: plan.problems.length, notices: plan.notices.length },
    invoices,
    clients,
    products,
    problems: plan.problems,
    notices: plan.notices,
    columns: read.columns,
    finished_at: null,
  };
}

/** The run's id: the same account, file, format and options give the same id. */
async function importId(accountId: string, fileSha256: string, format: ImportFormat | "mixed", options: ImportOptions, dryRun: boolean): Promise<string> {
  const digest = await sha256Hex(canonicalJson({ accountId, fileSha256, format, options: { ...options, dry_run: dryRun } }));
  return `imp_${digest.slice(0, 26)}`;
}

function fromRow(row: ImportRow): ImportOutcome {
  return row.result as ImportOutcome;
}

/** Keeps a run's result, and forgets the account's oldest runs beyond its tier's imports kept (ADR 0037). */
async function store(services: Services, tx: Executor, accountId: string, outcome: ImportOutcome, fileSha256: string): Promise<void> {
  await saveImport(tx, {
    id: outcome.id,
    accountId,
    format: outcome.format,
    fileSha256,
    dryRun: outcome.dry_run,
    status: outcome.status,
    result: outcome,
    done: outcome.progress.done,
    total: outcome.progress.total,
    createdAt: outcome.created_at,
    finishedAt: outcome.finished_at,
  });
  const { quota } = await accountQuota(services, tx, accountId);
  if (quota) await forgetImportsBeyond(tx, accountId, quota.importsKept);
}

/** The refusal of an all-or-nothing commit with problems: 409 when taken numbers are all that is wrong. */
function refusal(outcome: ImportOutcome): AppError {
  const numbersOnly = outcome.problems.every((problem) => problem.code === "NUMBER_TAKEN");
  const first = outcome.problems[0];
  const within = first?.row !== undefined ? `row ${first.row}` : (first?.element ?? "the file");
  const where = first?.file ? `${first.file}, ${within}` : within;
  const message = `The import has ${outcome.problems.length} problem${outcome.problems.length === 1 ? "" : "s"} (the first at ${where}: ${first?.issue ?? "?"}); nothing was stored. Fix them, or import with partial: true to store the records without problems`;
  return new AppError(numbersOnly ? "NUMBER_TAKEN" : "VALIDATION_ERROR", message, {
    field: "content",
    issue: first?.issue ?? "problems",
    import_id: outcome.id,
    problems: outcome.problems.slice(0, 100),
    problem_count: outcome.problems.length,
  });
}

/**
 * Each file's result, in order: a file read through extraction on the OCR workers (one a call), the
 * structured ones in the import's worker pool. Either pool stops a reading when the import is
 * cancelled (or the service stops): that ends as the import's own cancellation.
 */
async function readFiles(services: Services, request: ImportRequest, options: ReadOptions, owner: string): Promise<Array<{ name: string; format: ImportFormat; result: ReadResult }>> {
  const { files, draftSchema } = request;
  const [first] = files;
  try {
    if (first && isExtracted(first.format)) {
      const result = await extractedReader({ ocr: services.ocr, config: services.config, draftSchema }, first.format, owner)(first.bytes, options);
      return [{ name: first.name, format: first.format, result: withEncodingNotice(first, result) }];
    }
    const structured = files.map((file) => ({ format: file.format as StructuredFormat, bytes: file.bytes, name: file.name }));
    const results = await readInPool(services.importReaders, structured, options, owner);
    return files.map((file, index) => ({ name: file.name, format: file.format, result: withEncodingNotice(file, results[index] as ReadResult) }));
  } catch (error) {
    checkCancelled(options.signal);
    return logUnreadable(services, error);
  }
}

/** A reader's unexpected failure answers 422 (readers.ts); what really happened still goes to the log, as a 500's would. */
function logUnreadable(services: Services, error: unknown): never {
  if (error instanceof AppError && error.details?.issue === UNREADABLE_ISSUE) {
    services.logger.error("import reader failed", { file: error.details.file, error: error.cause instanceof Error ? (error.cause.stack ?? error.cause.message) : String(error.cause) });
  }
  throw error;
}

/** The result with a first notice saying how encoding "auto" read the file, when it did. */
function withEncodingNotice(file: ImportFile, result: ReadResult): ReadResult {
  if (!file.autoEncoding) return result;
  const issue =
    file.autoEncoding === "base64"
      ? "encoding auto: the content is base64 of a file the service reads, so it was decoded"
      : "encoding auto: the content is plain text in a format the service reads, so it was read as it is";
  return { ...result, notices: [{ column: "encoding", value: file.autoEncoding, issue }, ...result.notices] };
}

/** How the caller waits: `wait: false` answers at once with the running import (REST polls GET, cancels with DELETE). */
export type ImportRun = { progress: ProgressReporter; signal: AbortSignal | undefined; wait: boolean };

const EMPTY_PLAN: Plan = { invoices: [], clients: [], products: [], problems: [], notices: [] };
const NOTHING_READ: Reading = { rows: 0, columns: [] };

/** Reads, plans and previews or commits one file; see the file's top comment. */
export async function runImport(services: Services, writer: Writer, request: ImportRequest, run: ImportRun): Promise<ImportOutcome> {
  const { files, options } = request;
  const formats = new Set(files.map((file) => file.format));
  const format: ImportFormat | "mixed" = formats.size === 1 ? (files[0] as ImportFile).format : "mixed";
  // One file's own digest, or the digest of every file's digest in order.
  const digests = await Promise.all(files.map((file) => sha256HexOfBytes(file.bytes)));
  const fileSha256 = digests.length === 1 ? (digests[0] as string) : await sha256Hex(digests.join(","));
  const now = services.clock.now();
  const known = options.dry_run ?? (request.previewAbove === null ? false : null);
  const early = known === null ? null : await importId(writer.accountId, fileSha256, format, options, known);
  if (early && !known) {
    const earlier = await findImport(services.database.db, early);
    if (earlier?.status === "completed" && earlier.accountId === writer.accountId) return fromRow(earlier);
  }
  const controller = new AbortController();
  run.signal?.addEventListener("abort", () => controller.abort(), { once: true });
  const base = { format, partial: options.partial, created_at: now.toISOString() };
  const entry: Running = { accountId: writer.accountId, controller, done: 0, total: 0, outcome: { ...outcomeOf({ ...base, id: early ?? "", dry_run: known ?? false }, "running", NOTHING_READ, EMPTY_PLAN, false) }, tracked: null };
  // Not waited for, its marker is written before the 202 answers: the GET that follows may reach any process.
  if (early && run.wait) void track(services, early, entry, true);
  else if (early) await track(services, early, entry, false);
  const work = (async () => {
    try {
      return await readPlanWrite(services, writer, request, { format, fileSha256, now, known, early, entry, progress: run.progress });
    } catch (error) {
      // A run with an id (a commit, or any run the caller did not wait for) keeps why it ended, for GET.
      if (!entry.outcome.id) throw error;
      await services.database.write((tx) => store(services, tx, writer.accountId, ended(entry.outcome, error, services.clock.now()), fileSha256));
      throw namingImport(error, entry.outcome.id);
    } finally {
      // The marker goes before the run resolves: a GET after its end (from any process) reads the stored outcome, not the last progress.
      await entry.tracked?.end();
    }
  })();
  if (run.wait || !early) return work;
  // Its outcome is stored for GET; the log says how it ended, as no answer carries it.
  work.then(
    (outcome) => services.logger.info("background import ended", { import_id: early, status: outcome.status }),
    (error: unknown) => services.logger.info("background import ended", { import_id: early, error: error instanceof Error ? error.message : String(error) }),
  );
  return entry.outcome;
}

/** `early`: the id, when whether it is a dry run was known before reading. */
type Prepared = { format: ImportFormat | "mixed"; fileSha256: string; now: Date; known: boolean | null; early: string | null; entry: Running; progress: ProgressReporter };

async function readPlanWrite(services: Services, writer: Writer, request: ImportRequest, prepared: Prepared): Promise<ImportOutcome> {
  const { options } = request;
  const { format, fileSha256, now, entry } = prepared;
  const { db } = services.database;
  const signal = entry.controller.signal;
  const profile = await loadProfile(db, writer.accountId);
  const readOptions = {
    locale: options.locale,
    mapping: options.mapping,
    entity: options.entity,
    currency: options.currency ?? profile.currency ?? "EUR",
    today: todayFor(profile, now),
    recordKeys: request.recordKeys,
    signal,
  };
  const read: ReadResult = mergeResults(await readFiles(services, request, readOptions, writer.accountId));
  if (read.rows > MAX_IMPORT_ROWS) {
    throw tooManyRows(`The file holds ${read.rows} rows`);
  }
  prepared.progress(0, read.invoices.length + read.clients.length + read.products.length, `read ${read.rows} rows`);
  const dryRun = prepared.known ?? (request.previewAbove !== null && read.rows > request.previewAbove);
  const id = prepared.early ?? (await importId(writer.accountId, fileSha256, format, options, dryRun));
  const base = { id, format, dry_run: dryRun, partial: options.partial, created_at: now.toISOString() };
  const context = { accountId: writer.accountId, profile, mover: writer.mover, now, checks: request.checks, options: { status: options.status, locale: options.locale } };
  const finished = (outcome: ImportOutcome): ImportOutcome => ({ ...outcome, finished_at: services.clock.now().toISOString() });

  if (dryRun) {
    const outcome = finished(outcomeOf(base, "previewed", read, await planImport({ ...context, db }, read), false));
    await services.database.write((tx) => store(services, tx, writer.accountId, outcome, fileSha256));
    return outcome;
  }
  entry.outcome = outcomeOf(base, "running", read, EMPTY_PLAN, false);
  if (!prepared.early) void track(services, id, entry, true);
  // Planned under the write lock, so numbers, clients and earlier imports cannot change before the writes.
  return services.database.write(async (tx) => {
    const again = await findImport(tx, id);
    if (again?.status === "completed" && again.accountId === writer.accountId) return fromRow(again);
    const plan = await planImport({ ...context, db: tx }, read);
    entry.outcome = outcomeOf(base, "running", read, plan, false);
    if (plan.problems.length > 0 && !options.partial) throw refusal(entry.outcome);
    const stored = await commitPlan(services, tx, writer, plan, {
      importId: id,
      signal,
      lastLook: async () => entry.tracked?.check(),
      progress: (done, total, message) => {
        entry.done = done;
        entry.total = total;
        prepared.progress(done, total, message);
      },
    });
    for (const [invoice, record] of stored) invoice.record = record;
    const outcome = finished(outcomeOf(base, "completed", read, plan, true));
    await store(services, tx, writer.accountId, outcome, fileSha256);
    return outcome;
  });
}

/** A refusal of a run whose outcome is kept names it (`import_id`), as the plan's refusals do: the caller can read why. */
function namingImport(error: unknown, id: string): unknown {
  if (!(error instanceof AppError) || error.status >= 500 || error.details?.import_id !== undefined) return error;
  return new AppError(error.code, error.message, { ...error.details, import_id: id }, error.headers);
}

/** The outcome of a run that ended in an error: the plan's problems, or the error as the one problem. */
function ended(outcome: ImportOutcome, error: unknown, now: Date): ImportOutcome {
  const cancelled = error instanceof AppError && error.code === "CANCELLED";
  const problems = outcome.problems.length > 0 ? outcome.problems : [{ element: "file", issue: error instanceof Error ? error.message : String(error) }];
  return { ...outcome, status: cancelled ? "cancelled" : "failed", problems, summary: { ...outcome.summary, problems: problems.length }, finished_at: now.toISOString() };
}

/** An import of this account (404 none, 403 another's): its progress while it runs in any process, else its stored result. */
export async function ownedImport(services: Services, accountId: string, id: string): Promise<ImportOutcome> {
  const live = await services.work.read(boardName(id));
  const found = live ? { accountId: live.owner, record: live.state as ImportOutcome } : undefined;
  const row = found ? undefined : await findImport(services.database.db, id);
  return assertOwned(found ?? (row ? { accountId: row.accountId, record: fromRow(row) } : undefined), accountId, "import", id);
}

/** Stops a running import of this account wherever it runs (nothing it did stays); false when none of theirs runs. */
export function cancelImport(services: Services, accountId: string, id: string): Promise<boolean> {
  return services.work.cancel(boardName(id), accountId);
}

