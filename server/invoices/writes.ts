// The shape every invoice write takes, shared by the procedures and the scheduler so that each rule
// lives once: a revisioned write of any kind, a save or a delete (operation replay → tenancy →
// revision check → the write, its events and operation record in one transaction), and an idempotent create.
import type { Executor } from "../../db/client.ts";
import { keepApprovedContent } from "../../db/queries/approved-contents.ts";
import { addHistories, addHistory, type HistoryAction } from "../../db/queries/invoice-history.ts";
import { findInvoiceByNumber, insertInvoice, insertInvoices, replaceInvoice } from "../../db/queries/invoices.ts";
import { takeNextNumber } from "../../db/queries/number-sequences.ts";
import { findOperation, saveOperation } from "../../db/queries/operations.ts";
import { insertPayment } from "../../db/queries/payments.ts";
import { approvedContentOf } from "../domain/approved-content.ts";
import { fingerprint } from "../domain/canonical.ts";
import { invoiceEvents, type NewEvent } from "../domain/events.ts";
import { assertUsableTemplate } from "../documents/templates.ts";
import { AppError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import type { ClientSnapshot, InvoiceFieldsInput, InvoiceRecord, PrecedingInput, PrecedingInvoice, Resolved } from "../domain/invoice.ts";
import { planTransition, type InvoiceStatus, type Mover } from "../domain/lifecycle.ts";
import { formatInvoiceNumber } from "../domain/numbering.ts";
import { loadProfile, todayFor } from "../accounts/profile.ts";
import { ownedClient, ownedInvoice } from "./ownership.ts";
import type { Services } from "../services.ts";

/** Who writes: an API key of an account, or the service itself. */
export type Writer = { accountId: string; actor: string; mover: Mover };

export type Change = { record: InvoiceRecord; action: HistoryAction; changes: string[]; note?: string | null };

async function resolveClient(db: Executor, accountId: string, clientId: string): Promise<ClientSnapshot> {
  const client = await ownedClient(db, accountId, clientId, "client_id");
  if (client.archived) {
    throw new AppError("VALIDATION_ERROR", `Client ${clientId} is archived`, { field: "client_id", issue: "archived" });
  }
  return client;
}

/**
 * A stored preceding invoice: the id decides, and a number or issue date given beside it (a record
 * read back and written again carries both) must agree with that invoice (422 naming the field).
 */
async function resolveStoredPreceding(db: Executor, accountId: string, input: PrecedingInput & { id: string }): Promise<PrecedingInvoice> {
  const source = await ownedInvoice(db, accountId, input.id, "preceding_invoice.id");
  if (!source.number) {
    throw new AppError("VALIDATION_ERROR", "The preceding invoice has no number yet", { field: "preceding_invoice.id", issue: "not numbered" });
  }
  const disagrees = (field: "number" | "issue_date", given: string | null | undefined, stored: string): AppError | null =>
    given === undefined || given === null || given === stored
      ? null
      : new AppError("VALIDATION_ERROR", `preceding_invoice.${field} is ${JSON.stringify(given)} but invoice ${source.id} has ${JSON.stringify(stored)}`, {
          field: `preceding_invoice.${field}`,
          issue: `does not match invoice ${source.id} (${stored}); the id decides, so leave it out or send ${stored}`,
        });
  const mismatch = disagrees("number", input.number, source.number) ?? disagrees("issue_date", input.issue_date, source.issue_date);
  if (mismatch) throw mismatch;
  return { id: source.id, number: source.number, issue_date: source.issue_date };
}

/** Loads what the input refers to (client, preceding invoice, template), checking the account owns them. */
export async function resolveReferences(db: Executor, accountId: string, input: InvoiceFieldsInput): Promise<Resolved> {
  if (input.template_id) await assertUsableTemplate(db, accountId, input.template_id);
  return {
    client: input.client_id ? await resolveClient(db, accountId, input.client_id) : null,
    preceding: input.preceding_invoice?.id ? await resolveStoredPreceding(db, accountId, { ...input.preceding_invoice, id: input.preceding_invoice.id }) : null,
  };
}

async function numberIsTaken(db: Executor, accountId: string, record: InvoiceRecord, number: string): Promise<boolean> {
  const holder = await findInvoiceByNumber(db, accountId, record.type, number);
  return holder !== undefined && holder !== record.id;
}

/** Refuses a caller-given number another invoice of the account and type already carries. */
export async function assertNumberFree(db: Executor, accountId: string, record: InvoiceRecord): Promise<void> {
  if (record.number && (await numberIsTaken(db, accountId, record, record.number))) {
    throw new AppError("NUMBER_TAKEN", `Number ${record.number} is already used`, { field: "number" });
  }
}

/** Locks the invoice and gives it a number if it has none: the next of its account, type and year. */
export async function finalized(db: Executor, accountId: string, record: InvoiceRecord, now: Date): Promise<InvoiceRecord> {
  if (record.items.length === 0) {
    throw new AppError("VALIDATION_ERROR", "An invoice needs at least one line item to be finalized", { field: "items", issue: "at least one line" });
  }
  let number = record.number;
  if (number) {
    await assertNumberFree(db, accountId, record);
  } else {
    const profile = await loadProfile(db, accountId);
    const year = Number(record.issue_date.slice(0, 4));
    // Skip numbers someone gave by hand, so the sequence never hands out a duplicate.
    do {
      const sequence = await takeNextNumber(db, { accountId, type: record.type, year });
      number = formatInvoiceNumber(profile.prefixes[record.type], year, sequence);
    } while (await numberIsTaken(db, accountId, record, number));
  }
  return { ...record, number, locked: true, finalized_at: record.finalized_at ?? now.toISOString() };
}

/** A move's result and what it changed, for the history entry ("approval" when the move approved). */
export type Moved = { record: InvoiceRecord; changes: string[] };

/** Moves the invoice through the state machine, with the side effects a move carries. */
export async function transitioned(db: Executor, accountId: string, record: InvoiceRecord, to: InvoiceStatus, mover: Mover, now: Date): Promise<Moved> {
  const plan = planTransition(record.type, record.status, to, mover);
  const at = now.toISOString();
  const changes = ["status", ...(plan.approves ? ["approval"] : [])];
  let next: InvoiceRecord = { ...record, status: to };
  if (plan.sends) {
    if (!record.locked) changes.push("locked", ...(record.number ? [] : ["number"]));
    next = await finalized(db, accountId, next, now);
    next.sent_at = next.sent_at ?? at;
  }
  if (to === "paid") {
    const profile = await loadProfile(db, accountId);
    if (next.amount_due !== 0) {
      await insertPayment(db, accountId, {
        id: newId("pay", now.getTime()),
        invoice_id: record.id,
        amount: next.amount_due,
        date: todayFor(profile, now),
        method: null,
        reference: null,
        created_at: at,
      });
    }
    next = { ...next, amount_paid: next.total, amount_due: 0, paid_at: at };
    changes.push("amount_paid");
  }
  if (to === "void") next.voided_at = at;
  return { record: next, changes };
}

/**
 * The stored response of an earlier write under this operation key when the fingerprint matches (a
 * retry); 409 OPERATION_REUSED when the key was used for something else; undefined when it is new.
 */
async function earlierResult<T>(tx: Executor, accountId: string, key: string, print: string, details: Record<string, unknown>): Promise<T | undefined> {
  const previous = await findOperation(tx, accountId, key);
  if (!previous) return undefined;
  if (previous.fingerprint === print) return previous.response as T;
  throw new AppError("OPERATION_REUSED", undefined, details);
}

function staleBase(current: InvoiceRecord): AppError {
  return new AppError("REVISION_CONFLICT", `The invoice is at revision ${current.revision}; read it again before saving`, {
    current_revision: current.revision,
  });
}

/** What names a revisioned write: the invoice, the revision it was read at, its retry key, what it is. */
export type RevisionedRequest = {
  invoiceId: string;
  /** The revision the caller read; a delete may name none and then takes the invoice as it is. */
  baseRevision: number | undefined;
  /** The key a retry is answered under; a delete may come without one, and is then not recorded. */
  operationId: string | undefined;
  /** What identifies this write for replay: the procedure and its whole input but the operation id. */
  payload: unknown;
};

/** What a kind of revisioned write has written: the events it makes, and its answer (built after them). */
type Stored<Response> = { events: NewEvent[]; answer(): Promise<Response> };

/**
 * One kind of revisioned write (a save of the invoice's next revision, a delete): `check` works the
 * write out from the invoice as it is, and `store` writes its rows once the base revision holds.
 */
export type RevisionedKind<Checked, Response> = {
  check(current: InvoiceRecord, tx: Executor): Promise<Checked>;
  store(checked: Checked, current: InvoiceRecord, tx: Executor, now: Date): Promise<Stored<Response>>;
};

/**
 * Every revisioned write to a stored invoice, whatever its kind (ADR 0005):
 * operation replay → tenancy → the write checked against the base revision → its rows, its events
 * and its operation record, in one transaction.
 */
export async function writeRevisioned<Checked, Response>(services: Services, writer: Writer, request: RevisionedRequest, kind: RevisionedKind<Checked, Response>): Promise<Response> {
  const { invoiceId, baseRevision, operationId } = request;
  const print = await fingerprint(request.payload);
  const operationKey = `op:${operationId}`;
  return services.database.write(async (tx) => {
    if (operationId !== undefined) {
      const replay = await earlierResult<Response>(tx, writer.accountId, operationKey, print, { operation_id: operationId });
      if (replay) return replay;
    }
    const current = await ownedInvoice(tx, writer.accountId, invoiceId);
    const now = services.clock.now();
    const stale = baseRevision !== undefined && current.revision !== baseRevision;
    // The write is worked out before the revision is compared, so a request that is wrong in itself
    // (403 approval, 422 input) says so even on a stale base, as ADR 0005's precedence orders; a stale
    // base then wins over every state conflict (409), and its writes roll back with the transaction.
    const checked = await kind.check(current, tx).catch((error: unknown) => {
      if (stale && !(error instanceof AppError && (error.status === 403 || error.status === 422))) {
        throw staleBase(current);
      }
      throw error;
    });
    if (stale) throw staleBase(current);
    const stored = await kind.store(checked, current, tx, now);
    await services.events.record(tx, writer.accountId, now, stored.events);
    const response = await stored.answer();
    if (operationId !== undefined) {
      await saveOperation(tx, { accountId: writer.accountId, key: operationKey, operation: { fingerprint: print, status: 200, response }, now });
    }
    return response;
  });
}

export type RevisionedWrite<Response = InvoiceRecord> = {
  invoiceId: string;
  baseRevision: number;
  operationId: string;
  /** What identifies this save for replay: the procedure and its whole input but the operation id. */
  payload: unknown;
  change(current: InvoiceRecord, tx: Executor): Promise<Change>;
  /**
   * The answer when it is more than the saved record (a send answers with its delivery), built in the
   * same transaction after the save and stored for replay; the record itself by default.
   */
  respond?(saved: InvoiceRecord, tx: Executor): Promise<Response>;
};

/**
 * recordWrite's history entry alone, for a revisioned save: writeRevisioned writes the events of every
 * kind. A move into approved also keeps the content approved, for the inbox's "changed since".
 */
async function addWriteHistory(tx: Executor, accountId: string, actor: string, now: Date, before: InvoiceRecord | null, record: InvoiceRecord, change: Pick<Change, "action" | "changes" | "note">): Promise<void> {
  await addHistory(tx, {
    accountId,
    invoiceId: record.id,
    now,
    entry: { revision: record.revision, action: change.action, from_status: before?.status ?? null, to_status: record.status, changes: change.changes, note: change.note ?? null, actor, at: now.toISOString() },
  });
  // Into approved, or edited while approved (only an approver's edit stays approved: approvalAfterEdit).
  if (record.status === "approved" && (before?.status !== "approved" || change.action === "updated")) {
    await keepApprovedContent(tx, accountId, record.id, approvedContentOf(record), now.toISOString());
  }
}

/**
 * What every invoice write leaves besides the row: its history entry (the record as it now is, the
 * status it came from, what changed) and its events, in the write's own transaction.
 */
async function recordWrite(services: Services, tx: Executor, accountId: string, actor: string, now: Date, before: InvoiceRecord | null, record: InvoiceRecord, change: Pick<Change, "action" | "changes" | "note">): Promise<void> {
  await addWriteHistory(tx, accountId, actor, now, before, record, change);
  await services.events.record(tx, accountId, now, invoiceEvents(before, record, change.action));
}

/** One revisioned save (ADR 0005): the invoice's next revision and its history entry. */
export function saveRevision<Response = InvoiceRecord>(services: Services, writer: Writer, write: RevisionedWrite<Response>): Promise<Response> {
  return writeRevisioned<Change, Response>(services, writer, write, {
    check: (current, tx) => write.change(current, tx),
    async store(change, current, tx, now) {
      const record: InvoiceRecord = { ...change.record, revision: current.revision + 1, updated_at: now.toISOString() };
      if (!(await replaceInvoice(tx, writer.accountId, record, current.revision))) {
        throw new AppError("REVISION_CONFLICT", "The invoice changed while saving", { current_revision: current.revision + 1 });
      }
      await addWriteHistory(tx, writer.accountId, writer.actor, now, current, record, change);
      return {
        events: invoiceEvents(current, record, change.action),
        answer: async () => (write.respond ? write.respond(record, tx) : (record as Response)),
      };
    },
  });
}

/** Writes a system move (overdue, viewed) without an operation id: the scheduler and share page use it. */
export async function saveSystemMove(services: Services, tx: Executor, accountId: string, current: InvoiceRecord, to: InvoiceStatus): Promise<InvoiceRecord | null> {
  const now = services.clock.now();
  const moved = await transitioned(tx, accountId, current, to, { kind: "system" }, now);
  const record: InvoiceRecord = { ...moved.record, revision: current.revision + 1, updated_at: now.toISOString() };
  if (!(await replaceInvoice(tx, accountId, record, current.revision))) return null;
  await recordWrite(services, tx, accountId, "system", now, current, record, { action: "transitioned", changes: moved.changes });
  return record;
}

export type IdempotentCreate = {
  /** Idempotency-Key / idempotency_key; without one every call creates. */
  key: string | undefined;
  payload: unknown;
  /** Builds the new invoice before the write lock is taken (reads of profile and client included). */
  build(): Promise<InvoiceRecord>;
  /**
   * A change made in the same transaction right after the create, as its next revision (the DSL's
   * FINALIZE): both commit or neither does.
   */
  followUp?(created: InvoiceRecord, tx: Executor): Promise<Change>;
};

/**
 * Creates an invoice (create, duplicate) once per idempotency key: a retry returns the stored body,
 * looked up before anything is checked again (the client may have been archived since). Only the
 * checks that must see the latest data (idempotency, the client, the number) and the inserts run
 * under the write lock, so creates queue behind each other for as short a time as possible.
 */
export async function createOnce(services: Services, writer: Writer, params: IdempotentCreate): Promise<InvoiceRecord> {
  const print = params.key ? await fingerprint(params.payload) : "";
  const operationKey = `idem:${params.key}`;
  const replayOf = (db: Executor): Promise<InvoiceRecord | undefined> =>
    params.key ? earlierResult<InvoiceRecord>(db, writer.accountId, operationKey, print, { idempotency_key: params.key }) : Promise.resolve(undefined);
  const stored = await replayOf(services.database.db);
  if (stored) return stored;
  const record = await params.build();
  return services.database.write(async (tx) => {
    const replay = await replayOf(tx);
    if (replay) return replay;
    const result = await insertNewInvoice(services, tx, writer, record, params.followUp);
    if (params.key) {
      await saveOperation(tx, { accountId: writer.accountId, key: operationKey, operation: { fingerprint: print, status: 201, response: result }, now: services.clock.now() });
    }
    return result;
  });
}

/**
 * Inserts new drafts the caller has already checked under this same write lock (an import plans
 * its invoices in the transaction that writes them: clients made or matched, numbers free): rows,
 * history entries and events in a few statements rather than several per invoice.
 */
export async function insertCheckedInvoices(services: Services, tx: Executor, writer: Writer, records: readonly InvoiceRecord[]): Promise<void> {
  const now = services.clock.now();
  const at = now.toISOString();
  await insertInvoices(tx, writer.accountId, records);
  await addHistories(
    tx,
    records.map((record) => ({
      accountId: writer.accountId,
      invoiceId: record.id,
      now,
      entry: { revision: record.revision, action: "created", from_status: null, to_status: record.status, changes: [], note: null, actor: writer.actor, at },
    })),
  );
  await services.events.record(tx, writer.accountId, now, records.flatMap((record) => invoiceEvents(null, record, "created")));
}

/**
 * Inserts a new invoice in the caller's transaction: the checks that must see the latest data (the
 * client, the template, the number), the row, its history and events, then the follow-up revision.
 * createOnce runs it under an idempotency key; a recurring rule's issue in the transaction that
 * takes the period's key, so the period and its invoice commit together.
 */
export async function insertNewInvoice(services: Services, tx: Executor, writer: Writer, record: InvoiceRecord, followUp?: IdempotentCreate["followUp"]): Promise<InvoiceRecord> {
  if (record.client_id) await resolveClient(tx, writer.accountId, record.client_id);
  if (record.template_id) await assertUsableTemplate(tx, writer.accountId, record.template_id);
  await assertNumberFree(tx, writer.accountId, record);
  await insertInvoice(tx, writer.accountId, record);
  const now = services.clock.now();
  await recordWrite(services, tx, writer.accountId, writer.actor, now, null, record, { action: "created", changes: [] });
  if (!followUp) return record;
  const change = await followUp(record, tx);
  const result: InvoiceRecord = { ...change.record, revision: record.revision + 1, updated_at: now.toISOString() };
  await replaceInvoice(tx, writer.accountId, result, record.revision);
  await recordWrite(services, tx, writer.accountId, writer.actor, now, record, result, change);
  return result;
}
