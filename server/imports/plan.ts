// What an import would do with what a reader found (ADR 0027, 0028): every record held to its
// create schema and built by the domain as a create would build it, its stated totals compared
// with the computed ones (a mismatch is a problem, never recomputed), its buyer matched to a client
// (e-mail, then tax id, then name; the account's clients first, then those this import makes), its
// number checked free, and its content hashed so a record met before makes nothing new. Reads
// only: the commit (commit.ts) writes the plan as it stands.
import type { Executor } from "../../db/client.ts";
import { findClient, findClientByEmailOrName } from "../../db/queries/clients.ts";
import { findImportedRecords, type ImportRecordKind } from "../../db/queries/imports.ts";
import { findInvoiceByNumber, ownedInvoiceIds } from "../../db/queries/invoices.ts";
import { findProduct, findProductBySkuOrName } from "../../db/queries/products.ts";
import { AMOUNT_DECIMALS } from "../../render/einvoice/decimal.ts";
import { statedTotalsOf } from "../../render/einvoice/vat.ts";
import { minorUnits } from "../domain/currencies.ts";
import { EINVOICE_FORMATS } from "../domain/formats.ts";
import { fingerprint } from "../domain/canonical.ts";
import { newClient, newProduct, type ClientInput, type ClientRecord, type ProductRecord, type ProductInput } from "../domain/entities.ts";
import { AppError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import { describeLocaleChoice, type LocaleChoice } from "../domain/locale.ts";
import { newInvoice, newInvoiceLocale, searchFold, type ClientSnapshot, type InvoiceFieldsInput, type InvoiceRecord } from "../domain/invoice.ts";
import { planTransition, type InvoiceStatus, type Mover } from "../domain/lifecycle.ts";
import type { StoredProfile } from "../domain/profile.ts";
import type { SchemaIssue } from "../domain/validation.ts";
import { breather } from "./breather.ts";
import type { ImportFormat, ImportProblem, InvoiceDraft, Place, ReadResult, StatedTotals } from "./model.ts";

/** A schema check the router hands in (the create input's zod schema): the parsed value or its issues. */
export type Check<Value> = (fields: unknown) => { ok: true; value: Value } | { ok: false; issues: SchemaIssue[] };

export type Checks = { invoice: Check<InvoiceFieldsInput>; client: Check<ClientInput>; product: Check<ProductInput> };

export type PlanOptions = {
  /** "as_stated" gives each invoice the status its file states; "draft" (default) makes drafts. */
  status: "draft" | "as_stated";
  /** The import's `locale` option: the locale of invoices whose record names none (server/domain/locale.ts). */
  locale?: string | undefined;
};

/** create: made by this import; match: an entity the account already had; unchanged: made by an earlier import of the same record. */
export type Action = "create" | "match" | "unchanged" | "refused";

/** A client of the plan: the summary shown, and the new client when this import makes it. */
export type ClientPlan = { place: Place | null; action: Action; id: string | null; name: string; email: string | null; create: ClientRecord | null; hash: string | null };
export type ProductPlan = { place: Place; action: Action; id: string | null; name: string; sku: string | null; create: ProductRecord | null; hash: string | null };
export type InvoicePlan = {
  place: Place;
  action: Action;
  /** The invoice as it would be created (or the one made earlier); null when it could not be built. */
  record: InvoiceRecord | null;
  hash: string | null;
  client: ClientPlan | null;
  /** The moves from draft to the status the file states, when the import keeps it. */
  moves: InvoiceStatus[];
};

export type Plan = {
  invoices: InvoicePlan[];
  clients: ClientPlan[];
  products: ProductPlan[];
  problems: ImportProblem[];
  notices: ImportProblem[];
};

export type PlanContext = {
  db: Executor;
  accountId: string;
  profile: StoredProfile;
  mover: Mover;
  now: Date;
  checks: Checks;
  options: PlanOptions;
};

/** The business terms of the totals an e-invoice states (EN 16931 BG-22). */
const TOTAL_TERMS = { subtotal: "BT-109", tax: "BT-110", total: "BT-112", amount_paid: "BT-113", amount_due: "BT-115" } as const;

/** The moves that take a new draft to the stated status (overdue and viewed are the service's own to make). */
const MOVES_TO: Record<InvoiceStatus, InvoiceStatus[]> = {
  draft: [],
  review: ["review"],
  approved: ["approved"],
  sent: ["sent"],
  viewed: ["sent"],
  overdue: ["sent"],
  paid: ["sent", "paid"],
  void: ["void"],
};

function valueAt(fields: unknown, path: readonly string[]): string | null {
  let value: unknown = fields;
  for (const key of path) value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  if (value === undefined || value === null) return null;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

function schemaProblems(place: Place, fields: unknown, issues: readonly SchemaIssue[]): ImportProblem[] {
  return issues.map((issue) => {
    const path = (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment));
    const column = path.join(".") || (issue.keys ? issue.keys.join(", ") : "(record)");
    return { ...place, column, value: valueAt(fields, path), issue: issue.message };
  });
}

function problemOf(place: Place, error: unknown, column = "(record)"): ImportProblem {
  if (!(error instanceof AppError)) throw error;
  const field = typeof error.details?.field === "string" ? error.details.field : column;
  return { ...place, column: field, issue: error.message };
}

/** A tax id compared without blanks or case: "DE 123 456 789" is "de123456789". */
const compactTaxId = (taxId: string | null | undefined): string | null => (taxId ? taxId.replace(/\s+/g, "").toUpperCase() : null);

/** The clients of one import: the account's, looked up once per buyer, and the new ones this import makes. */
class ClientDirectory {
  private readonly made: ClientRecord[] = [];
  private readonly lookups = new Map<string, ClientSnapshot | null>();

  constructor(private readonly context: PlanContext) {}

  private findMade(given: { email: string | null; taxId: string | null; name: string }): ClientRecord | undefined {
    const email = given.email?.toLowerCase();
    return (
      (email ? this.made.find((client) => client.email?.toLowerCase() === email) : undefined) ??
      (given.taxId ? this.made.find((client) => compactTaxId(client.tax_id) === given.taxId) : undefined) ??
      this.made.find((client) => searchFold(client.name) === searchFold(given.name))
    );
  }

  /** The account's client with this e-mail, tax id or name, or the one this import already makes; else null. */
  async find(given: { email: string | null; taxId: string | null; name: string }): Promise<{ action: "match" | "create"; record: ClientSnapshot | ClientRecord } | null> {
    const key = JSON.stringify([given.email?.toLowerCase() ?? null, given.taxId, searchFold(given.name)]);
    if (!this.lookups.has(key)) {
      const { db, accountId } = this.context;
      this.lookups.set(key, (await findClientByEmailOrName(db, accountId, given)) ?? null);
    }
    const stored = this.lookups.get(key);
    if (stored) return { action: "match", record: stored };
    const made = this.findMade(given);
    return made ? { action: "create", record: made } : null;
  }

  private readonly mentioned = new Set<string>();

  /** True the first time a client is named in the plan's list. */
  firstMention(id: string | null): boolean {
    if (id === null || this.mentioned.has(id)) return false;
    this.mentioned.add(id);
    return true;
  }

  make(input: ClientInput): ClientRecord {
    const { now } = this.context;
    const client = newClient(newId("cli", now.getTime()), input, now.toISOString());
    this.made.push(client);
    return client;
  }
}

function buyerOf(fields: InvoiceFieldsInput): ClientInput {
  const address = fields.bill_to_address;
  return {
    name: fields.bill_to_name ?? "",
    email: fields.bill_to_email ?? null,
    tax_id: fields.bill_to_tax_id ?? null,
    address: address ?? null,
    currency: fields.currency ?? null,
    locale: fields.locale ?? null,
  };
}

function totalsProblems(place: Place, record: InvoiceRecord, stated: StatedTotals | undefined, format: ImportFormat | undefined): ImportProblem[] {
  if (!stated) return [];
  const einvoice = format !== undefined && (EINVOICE_FORMATS as ReadonlySet<string>).has(format);
  // An e-invoice writes amounts with two decimals (BR-DEC): in KWD or another currency with three,
  // its totals are sums of rounded line nets, what the record's own export states, not its exact ones.
  const expected = einvoice && minorUnits(record.currency) > AMOUNT_DECIMALS ? statedTotalsOf(record) : record;
  const problems: ImportProblem[] = [];
  for (const name of ["subtotal", "tax", "total"] as const) {
    const given = stated[name];
    if (given === undefined || given === expected[name]) continue;
    const where = einvoice ? { term: TOTAL_TERMS[name] } : { column: name };
    problems.push({ ...place, ...where, value: String(given), issue: `the file states ${name} ${given} (minor units) but its lines give ${expected[name]}; nothing is recomputed` });
  }
  return problems;
}

/** What an e-invoice or export states of payments, which an import does not record: shown, never applied. */
function paidNotices(place: Place, record: InvoiceRecord, stated: StatedTotals | undefined, moves: readonly InvoiceStatus[]): ImportProblem[] {
  const paid = stated?.amount_paid;
  if (!paid || moves.includes("paid")) return [];
  return [{ ...place, column: "amount_paid", value: String(paid), issue: `the file states ${paid} already paid of ${record.total}; payments are not imported: record them with a payment` }];
}

async function numberTaken(context: PlanContext, record: InvoiceRecord, seen: Set<string>): Promise<string | null> {
  if (!record.number) return null;
  const key = `${record.type}\u0000${record.number}`;
  if (seen.has(key)) return `number ${record.number} appears twice in what is imported`;
  seen.add(key);
  const holder = await findInvoiceByNumber(context.db, context.accountId, record.type, record.number);
  return holder ? `number ${record.number} is already used by ${holder}` : null;
}

function movesFor(context: PlanContext, draft: InvoiceDraft, record: InvoiceRecord): InvoiceStatus[] {
  if (context.options.status !== "as_stated" || !draft.status) return [];
  const moves = MOVES_TO[draft.status];
  let from: InvoiceStatus = "draft";
  for (const to of moves) {
    planTransition(record.type, from, to, context.mover);
    from = to;
  }
  return moves;
}

/** Entities an earlier import made of these hashes that still exist (a deleted one is made again). */
async function earlier(context: PlanContext, kind: ImportRecordKind, hashes: readonly string[]): Promise<Map<string, string>> {
  const found = await findImportedRecords(context.db, context.accountId, kind, hashes);
  const { db, accountId } = context;
  const ids = [...found.values()];
  // Invoices come by the thousand: one query for all; clients and products are few.
  const present =
    kind === "invoice"
      ? await ownedInvoiceIds(db, accountId, ids)
      : new Set((await Promise.all(ids.map(async (id) => ((kind === "client" ? await findClient(db, id) : await findProduct(db, id))?.accountId === accountId ? id : null)))).filter((id) => id !== null));
  for (const [hash, id] of found) if (!present.has(id)) found.delete(hash);
  return found;
}

const clientSummary = (record: { id: string; name: string; email: string | null }) => ({ id: record.id, name: record.name, email: record.email });

async function planClients(context: PlanContext, read: ReadResult, directory: ClientDirectory, plan: Plan): Promise<void> {
  const checked = await Promise.all(
    read.clients.map(async (draft) => {
      const result = context.checks.client(draft.fields);
      return { draft, result, hash: result.ok ? await fingerprint({ kind: "client", fields: result.value }) : null };
    }),
  );
  const before = await earlier(context, "client", checked.flatMap(({ hash }) => (hash ? [hash] : [])));
  for (const { draft, result, hash } of checked) {
    const place = draft.place;
    if (!result.ok || !hash) {
      plan.problems.push(...schemaProblems(place, draft.fields, result.ok ? [] : result.issues));
      plan.clients.push({ place, action: "refused", id: null, name: String(draft.fields.name ?? ""), email: null, create: null, hash: null });
      continue;
    }
    const input = result.value;
    const earlierId = before.get(hash);
    const found = earlierId ? null : await directory.find({ email: input.email ?? null, taxId: compactTaxId(input.tax_id), name: input.name });
    if (earlierId) plan.clients.push({ place, action: "unchanged", id: earlierId, name: input.name, email: input.email ?? null, create: null, hash });
    else if (found?.action === "match") {
      directory.firstMention(found.record.id);
      plan.clients.push({ place, action: "match", ...clientSummary(found.record), create: null, hash: null });
    }
    else if (found) plan.notices.push({ ...place, column: "name", value: input.name, issue: "the same client appears earlier in the file; it is made once" });
    else {
      const made = directory.make(input);
      plan.clients.push({ place, action: "create", ...clientSummary(made), create: made, hash });
    }
  }
}

async function planProducts(context: PlanContext, read: ReadResult, plan: Plan): Promise<void> {
  const checked = await Promise.all(
    read.products.map(async (draft) => {
      const result = context.checks.product(draft.fields);
      return { draft, result, hash: result.ok ? await fingerprint({ kind: "product", fields: result.value }) : null };
    }),
  );
  const before = await earlier(context, "product", checked.flatMap(({ hash }) => (hash ? [hash] : [])));
  const madeHere = new Set<string>();
  for (const { draft, result, hash } of checked) {
    const place = draft.place;
    if (!result.ok || !hash) {
      plan.problems.push(...schemaProblems(place, draft.fields, result.ok ? [] : result.issues));
      plan.products.push({ place, action: "refused", id: null, name: String(draft.fields.name ?? ""), sku: null, create: null, hash: null });
      continue;
    }
    const input = result.value;
    const summary = { name: input.name, sku: input.sku ?? null };
    const earlierId = before.get(hash);
    const key = input.sku ? `sku:${input.sku}` : `name:${searchFold(input.name)}`;
    const stored = earlierId ? null : await findProductBySkuOrName(context.db, context.accountId, { sku: input.sku ?? null, name: input.name });
    if (earlierId) plan.products.push({ place, action: "unchanged", id: earlierId, ...summary, create: null, hash });
    else if (stored) plan.products.push({ place, action: "match", id: stored.id, ...summary, create: null, hash: null });
    else if (madeHere.has(key)) plan.notices.push({ ...place, column: "name", value: input.name, issue: "the same product appears earlier in the file; it is made once" });
    else {
      const product = newProduct(newId("prd", context.now.getTime()), input, context.now.toISOString());
      madeHere.add(key);
      plan.products.push({ place, action: "create", id: product.id, ...summary, create: product, hash });
    }
  }
}

type CheckedInvoice = { draft: InvoiceDraft; result: ReturnType<Check<InvoiceFieldsInput>>; cleared: string[]; hash: string | null };

/**
 * Fields a file states as absent (null: "the seller has no e-mail", "no payment means") stay empty
 * on the invoice rather than taking the account's own; create input has no null, so they are held
 * apart from the schema check and applied to the built invoice.
 */
const CLEARABLE: ReadonlySet<string> = new Set(["from_email", "from_address", "from_tax_id", "payment"]);

function splitNulls(fields: Record<string, unknown>): { present: Record<string, unknown>; cleared: string[] } {
  const present = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
  return { present, cleared: Object.keys(fields).filter((key) => fields[key] === null && CLEARABLE.has(key)) };
}

async function planInvoice(context: PlanContext, checked: CheckedInvoice, directory: ClientDirectory, numbers: Set<string>, before: Map<string, string>, plan: Plan): Promise<InvoicePlan> {
  const { draft, result, cleared, hash } = checked;
  const refused = (problems: ImportProblem[]): InvoicePlan => {
    plan.problems.push(...problems);
    return { place: draft.place, action: "refused", record: null, hash: null, client: null, moves: [] };
  };
  if (!result.ok || !hash) return refused(schemaProblems(draft.place, draft.fields, result.ok ? [] : result.issues));
  const fields = result.value;
  const input = fields.locale || !context.options.locale ? fields : { ...fields, locale: context.options.locale };
  const document = { language: draft.language };
  let record: InvoiceRecord;
  try {
    record = newInvoice({ id: newId("inv", context.now.getTime()), input, profile: context.profile, resolved: {}, now: context.now, document });
    for (const key of cleared) record = { ...record, [key]: null };
  } catch (error) {
    return refused([problemOf(draft.place, error)]);
  }
  const earlierId = before.get(hash);
  if (earlierId) return { place: draft.place, action: "unchanged", record: { ...record, id: earlierId }, hash, client: null, moves: [] };
  let moves: InvoiceStatus[];
  try {
    moves = movesFor(context, draft, record);
  } catch (error) {
    return refused([problemOf(draft.place, error, "status")]);
  }
  const problems = totalsProblems(draft.place, record, draft.totals, draft.format);
  const taken = await numberTaken(context, record, numbers);
  if (taken) problems.push({ ...draft.place, column: "number", value: record.number, issue: taken, code: "NUMBER_TAKEN" });
  if (problems.length > 0) return refused(problems);
  plan.notices.push(...paidNotices(draft.place, record, draft.totals, moves), ...localeNotices(draft.place, newInvoiceLocale({ input, profile: context.profile, resolved: {}, document })));
  const buyer = buyerOf(fields);
  const found = await directory.find({ email: buyer.email ?? null, taxId: compactTaxId(buyer.tax_id), name: buyer.name });
  let client: ClientPlan;
  // A buyer this import already makes (an earlier invoice's, a contact of the file) is made once;
  // an account's client the buyers match is listed once, as matched.
  if (found) {
    client = { place: null, action: found.action, ...clientSummary(found.record), create: null, hash: null };
    if (found.action === "match" && directory.firstMention(client.id)) plan.clients.push(client);
  }
  else {
    const made = directory.make(buyer);
    client = { place: null, action: "create", ...clientSummary(made), create: made, hash: null };
    plan.clients.push(client);
  }
  return { place: draft.place, action: "create", record: { ...record, client_id: client.id }, hash, client, moves };
}

/** A locale the file did not state and the account does not set (the document's, or en-US): said, so the caller can check it. */
function localeNotices(place: Place, choice: LocaleChoice): ImportProblem[] {
  return choice.source === "document" || choice.source === "default" ? [{ ...place, column: "locale", value: choice.locale, issue: describeLocaleChoice(choice) }] : [];
}

/** The plan of an import: reads the account's data, writes nothing. */
export async function planImport(context: PlanContext, read: ReadResult): Promise<Plan> {
  const plan: Plan = { invoices: [], clients: [], products: [], problems: [...read.problems], notices: [...read.notices] };
  const directory = new ClientDirectory(context);
  await planClients(context, read, directory, plan);
  await planProducts(context, read, plan);
  // By the hundred with breathers: 2,000 schema checks in one burst would hold the thread ~0.2 s,
  // and awaiting each hash alone would hand the thread over once a record.
  const pause = breather();
  const checked: CheckedInvoice[] = [];
  for (let start = 0; start < read.invoices.length; start += 100) {
    const chunk = read.invoices.slice(start, start + 100).map((draft) => {
      const { present, cleared } = splitNulls(draft.fields);
      return { draft, cleared, result: context.checks.invoice(present), status: context.options.status === "as_stated" ? (draft.status ?? null) : null };
    });
    const hashes = await Promise.all(chunk.map(({ result, cleared, status }) => (result.ok ? fingerprint({ kind: "invoice", fields: result.value, cleared, status }) : null)));
    chunk.forEach(({ draft, result, cleared }, index) => checked.push({ draft, result, cleared, hash: hashes[index] ?? null }));
    await pause();
  }
  const before = await earlier(context, "invoice", checked.flatMap(({ hash }) => (hash ? [hash] : [])));
  const numbers = new Set<string>();
  for (const each of checked) {
    plan.invoices.push(await planInvoice(context, each, directory, numbers, before, plan));
    await pause();
  }
  return plan;
}
