// invoices.createFromDsl (ADR 0012): the DSL text read by the pure parser
// (render/codecs/dsl-parse.ts), its buyer linked to the account's client, the result checked as
// create input and built by the domain, then stored (and finalized when it says FINALIZE, sent by
// e-mail when it says SEND) in one transaction, or only shown on a dry run. Every problem, from the text or from the invoice it
// makes, comes back in one 422 with the line and column it stems from.
import type { DslProblem, DslSource, ParsedDsl } from "../../render/codecs/dsl-parse.ts";
import { parseDsl } from "../../render/codecs/dsl-parse.ts";
import { findClientByEmailOrName } from "../../db/queries/clients.ts";
import { AppError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import { newInvoice, type InvoiceFieldsInput, type InvoiceRecord } from "../domain/invoice.ts";
import { describeIssues, type SchemaIssue } from "../domain/validation.ts";
import type { Services } from "../services.ts";
import type { Executor } from "../../db/client.ts";
import { listMailOfInvoice } from "../../db/queries/mail.ts";
import { listSequences } from "../../db/queries/number-sequences.ts";
import { sendContent } from "../automation/mail/content.ts";
import { assertMayFinalize, planTransition } from "../domain/lifecycle.ts";
import { DEFAULT_ATTACHMENTS, type AttachmentFormat } from "../domain/mail.ts";
import { formatInvoiceNumber } from "../domain/numbering.ts";
import type { StoredProfile } from "../domain/profile.ts";
import { sendAfterCreate, type SendOptions } from "./send.ts";
import { createOnce, finalized, resolveReferences, type Writer } from "./writes.ts";
import { loadProfile, todayFor } from "../accounts/profile.ts";

/** The DSL's example wherever it is shown (the tool's example call, llms.txt): a test creates an invoice from it. */
export const DSL_EXAMPLE = [
  "INVOICE",
  "FROM Acme GmbH | Hauptstraße 1, 10115 Berlin, DE",
  "TO Globex Corporation | ap@globex.example",
  "DATE 2026-11-21",
  "DUE Net 30",
  "TAX DE",
  "ITEMS",
  " Consulting 10 x €120.00",
  " Travel €89.50",
  "FINALIZE",
].join("\n");

export type DslRequest = {
  /** The procedure's path: it names the create in the fingerprint a retry is matched by. */
  procedure: string;
  text: string;
  dryRun: boolean;
  idempotencyKey: string | undefined;
  /** The create input's schema check (the router's): the issues, or null when the fields pass. */
  validate(fields: InvoiceFieldsInput): SchemaIssue[] | null;
};

/** What SEND e-mails (or, on a dry run, would): recipients, subject, files, and the queued message. */
export type DslSend = { to: string[]; subject: string; attachments: AttachmentFormat[]; mail_id: string | null };

export type DslOutcome = { invoice: InvoiceRecord; layout: ParsedDsl["layout"]; dry_run: boolean; finalized: boolean; client_id: string | null; send: DslSend | null };

function refusal(problems: DslProblem[]): AppError {
  const sorted = [...problems].sort((a, b) => a.line - b.line || a.column - b.column);
  const first = sorted[0];
  const summary = sorted.map((problem) => `line ${problem.line}, column ${problem.column}: expected ${problem.expected}`).join("; ");
  return new AppError("VALIDATION_ERROR", `The DSL has ${sorted.length} problem${sorted.length === 1 ? "" : "s"}: ${summary}`, {
    field: "dsl",
    issue: first ? `line ${first.line}: expected ${first.expected}` : "invalid",
    problems: sorted,
  });
}

/** The lines that start with `keyword` (any case, with or without a colon), as problems saying `expected`. */
function keywordLines(text: string, keyword: string, expected: string): DslProblem[] {
  const pattern = new RegExp(`^(\\s*)${keyword}(?=$|[\\s:])`, "i");
  return text.split("\n").flatMap((line, index) => {
    const match = pattern.exec(line);
    return match ? [{ line: index + 1, column: (match[1]?.length ?? 0) + 1, text: line.trim(), expected }] : [];
  });
}

/** Where a field came from; a field no line gave (a required one) points after the last line. */
function sourceOf(parsed: ParsedDsl, field: string, lineCount: number): DslSource {
  const [head, index] = field.split(".");
  const key = head === "items" && index !== undefined ? `items.${index}` : (head ?? field);
  return parsed.sources[key] ?? { line: lineCount + 1, column: 1, text: "" };
}

const MISSING_LINE: Record<string, string> = {
  from_name: "a FROM line naming the seller (the account profile has no legal name to default to)",
  bill_to_name: "a TO line naming the buyer",
  currency: "a CURRENCY line such as CURRENCY EUR (or set the account's default currency)",
};

function problemAt(parsed: ParsedDsl, lineCount: number, field: string, issue: string): DslProblem {
  const source = sourceOf(parsed, field, lineCount);
  const expected = issue === "required" ? (MISSING_LINE[field] ?? `${field} (required)`) : `${field}: ${issue}`;
  return { line: source.line, column: source.column, text: source.text, expected };
}

/** The create fields the parsed DSL gives, its buyer linked to the account's client by e-mail, then name. */
async function fieldsOf(services: Services, accountId: string, parsed: ParsedDsl): Promise<InvoiceFieldsInput> {
  const { invoice } = parsed;
  const client = invoice.bill_to_name
    ? await findClientByEmailOrName(services.database.db, accountId, { email: invoice.bill_to_email ?? null, name: invoice.bill_to_name })
    : undefined;
  return { ...invoice, ...(client ? { client_id: client.id } : {}) };
}

export async function createFromDsl(services: Services, writer: Writer, request: DslRequest): Promise<DslOutcome> {
  const { db } = services.database;
  const profile = await loadProfile(db, writer.accountId);
  const now = services.clock.now();
  const lineCount = request.text.replace(/\n$/, "").split("\n").length;
  const read = parseDsl(request.text, { today: todayFor(profile, now), currency: profile.currency });
  if (!read.ok) throw refusal(read.problems);
  const parsed = read.value;
  const fields = await fieldsOf(services, writer.accountId, parsed);
  const issues = request.validate(fields);
  const problems = issues ? describeIssues(issues).map(({ field, issue }) => problemAt(parsed, lineCount, field, issue)) : [];
  if (problems.length) throw refusal(problems);
  let record: InvoiceRecord;
  try {
    const resolved = await resolveReferences(db, writer.accountId, fields);
    record = newInvoice({ id: newId("inv", now.getTime()), input: fields, profile, resolved, now, document: { regions: [parsed.taxRegion] } });
  } catch (error) {
    const field = error instanceof AppError && error.status === 422 ? (error.details?.field as string | undefined) : undefined;
    if (!field || !(error instanceof AppError)) throw error;
    throw refusal([problemAt(parsed, lineCount, field, String(error.details?.issue ?? error.message))]);
  }
  const { finalize, send } = parsed.directives;
  if (finalize && record.items.length === 0) throw refusal(keywordLines(request.text, "finalize", "item lines before FINALIZE: an invoice needs at least one line to be finalized"));
  if (send && record.items.length === 0) throw refusal(keywordLines(request.text, "send", "item lines before SEND: an invoice needs at least one line to be sent"));
  // Checked before anything is stored, dry run or not: the real call would refuse the same.
  if (finalize && !send) assertMayFinalize(record.status, writer.mover);
  const sending: SendOptions | null = send ? { via: "email", to: [send.to] } : null;
  const outcome = { layout: parsed.layout, client_id: record.client_id };
  if (request.dryRun) {
    // Sending from draft approves: a dry run refuses what the real call would (403 without invoices:approve).
    if (sending) planTransition(record.type, record.status, "sent", writer.mover);
    const preview = sending ? sendPreview({ ...record, number: record.number ?? (await nextNumber(db, writer.accountId, profile, record)) }, sending, null) : null;
    return { ...outcome, invoice: record, dry_run: true, finalized: false, send: preview };
  }
  const stored = await createOnce(services, writer, {
    key: request.idempotencyKey,
    payload: { procedure: request.procedure, dsl: request.text },
    build: async () => record,
    followUp: sending
      ? sendAfterCreate(services, writer, sending)
      : finalize
        ? async (created, tx) => ({ record: await finalized(tx, writer.accountId, created, services.clock.now()), action: "finalized", changes: ["locked", "number"] })
        : undefined,
  });
  const mail = sending ? (await listMailOfInvoice(db, writer.accountId, stored.id)).find((queued) => queued.kind === "send") : undefined;
  return { ...outcome, invoice: stored, dry_run: false, finalized: stored.locked, send: sending ? sendPreview(stored, sending, mail?.id ?? null) : null };
}

/** What a SEND e-mails: its recipient, the subject the invoice's language gives, the PDF. */
function sendPreview(record: InvoiceRecord, options: SendOptions, mailId: string | null): DslSend {
  const { subject } = sendContent(record, { shareUrl: record.share_url });
  return { to: options.to ?? [], subject, attachments: [...DEFAULT_ATTACHMENTS], mail_id: mailId };
}

/** The number finalizing would give the draft now (a dry run takes none). */
async function nextNumber(db: Executor, accountId: string, profile: StoredProfile, record: InvoiceRecord): Promise<string> {
  const year = Number(record.issue_date.slice(0, 4));
  const sequence = (await listSequences(db, accountId)).find((candidate) => candidate.type === record.type && candidate.year === year);
  return formatInvoiceNumber(profile.prefixes[record.type], year, sequence?.next ?? 1);
}
