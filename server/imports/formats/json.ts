// JSON import: the service's own export (one invoice record, render/codecs/json.ts), an array of
// records or of invoices.create payloads, `{invoices, clients, products}`, and arrays of clients or
// of products, told apart by their keys. A record's computed parts (ids, revision, amounts, VAT
// breakdown, lock, timestamps, share link) are not create fields: they are left out, its status and
// totals become the draft's stated ones, and the rest are create fields as they stand.
//
// The text is JSON.parse'd only after a scan has refused nesting deeper than the json budget
// (server/domain/document-budgets.ts): the walks below recurse, and a parser's recursion is not a
// limit to rely on. JSON.parse keeps "__proto__" as an own key, but whatever
// copies the value later may not: a record holding __proto__, constructor or prototype anywhere is
// a problem and is skipped, so such a key never reaches an object's prototype.
import { DOCUMENT_BUDGETS, overBudget } from "../../domain/document-budgets.ts";
import { AppError } from "../../domain/errors.ts";
import { INVOICE_STATUSES, type InvoiceStatus } from "../../domain/lifecycle.ts";
import { decodeText } from "../text.ts";
import { emptyResult, MAX_IMPORT_ROWS, type FormatReader, type ImportProblem, type ReadResult, type RecordKeys, type StatedTotals, tooManyRows } from "../model.ts";

const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);
const TOTAL_KEYS = ["subtotal", "tax", "total", "amount_paid", "amount_due"] as const;
/** Ids of the exporting account: the import links clients and templates itself. */
const REFERENCE_KEYS: ReadonlySet<string> = new Set(["client_id", "template_id"]);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Kind = "invoices" | "clients" | "products";

/** What a record of each kind may hold: the create fields, and the record's own parts that are not. */
type Keys = { create: ReadonlySet<string>; computed: ReadonlySet<string> };

function keysOf(create: readonly string[], record: readonly string[]): Keys {
  const createSet = new Set(create);
  return { create: createSet, computed: new Set(record.filter((key) => !createSet.has(key))) };
}

/** The keys of each kind, and of a line item, from the ones the import hands in (ReadOptions.recordKeys). */
type KeySets = Record<Kind, Keys> & { items: Keys };

function keySetsOf(recordKeys: RecordKeys): KeySets {
  const { invoices, clients, products, items } = recordKeys;
  return {
    invoices: keysOf(invoices.create.filter((key) => !REFERENCE_KEYS.has(key)), invoices.record),
    clients: keysOf(clients.create, clients.record),
    products: keysOf(products.create, products.record),
    // A line's id is the exporting invoice's: the import's lines get their own.
    items: keysOf(items.create.filter((key) => key !== "id"), items.record),
  };
}

/** On a tie (`{name, currency}`) the kind first here wins: a product needs a rate, a client only a name. */
const KINDS: readonly Kind[] = ["invoices", "clients", "products"];

const isObject = (value: Json | undefined): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** RFC 6901: "~" and "/" escaped in a key. */
const pointer = (parent: string, key: string | number): string => `${parent}/${String(key).replaceAll("~", "~0").replaceAll("/", "~1")}`;

function refusal(issue: string): AppError {
  return new AppError("VALIDATION_ERROR", `The JSON cannot be read: ${issue}`, { field: "content", issue });
}

/** The deepest nesting of arrays and objects, strings skipped; stops counting past the budget. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length && deepest <= DOCUMENT_BUDGETS.json.depth; index++) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "[" || char === "{") deepest = Math.max(deepest, ++depth);
    else if (char === "]" || char === "}") depth--;
  }
  return deepest;
}

function parse(bytes: Uint8Array): Json {
  const text = decodeText(bytes);
  if (text === null) throw refusal("the file is binary, not text");
  const depth = nestingDepth(text);
  if (depth > DOCUMENT_BUDGETS.json.depth) throw overBudget("json", "depth", depth, "The JSON");
  try {
    return JSON.parse(text) as Json;
  } catch (error) {
    throw refusal((error as Error).message);
  }
}

const shown = (value: Json | undefined): string | null => (value === undefined ? null : JSON.stringify(value).slice(0, 200));

/** Every forbidden key inside `value`, as a problem at the object holding it. */
function forbiddenKeys(value: Json, at: string): ImportProblem[] {
  if (Array.isArray(value)) return value.flatMap((each, index) => forbiddenKeys(each, pointer(at, index)));
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    FORBIDDEN_KEYS.has(key) ? [{ element: at, column: key, value: null, issue: `the key "${key}" is refused: it could reach an object's prototype` }] : forbiddenKeys(child, pointer(at, key)),
  );
}

/** The create fields of `object` (null meaning absent, as create reads it), and a problem per key create does not know. */
function createFieldsOf(object: JsonObject, keys: Keys, at: string, problems: ImportProblem[]): JsonObject {
  const fields: JsonObject = {};
  for (const [key, value] of Object.entries(object)) {
    if (keys.create.has(key)) {
      if (value !== null) fields[key] = value;
    } else if (!keys.computed.has(key)) {
      problems.push({ element: at, column: key, value: shown(value), issue: `unknown key "${key}": not a field this record takes` });
    }
  }
  return fields;
}

function itemsOf(items: Json, keys: Keys, at: string, problems: ImportProblem[]): Json {
  if (!Array.isArray(items)) return items;
  return items.map((item, index) => (isObject(item) ? createFieldsOf(item, keys, pointer(pointer(at, "items"), index), problems) : item));
}

/** The record's own {id, number, issue_date} without the id: that id names an invoice of the exporting account. */
function precedingOf(preceding: Json): Json {
  if (!isObject(preceding) || typeof preceding.number !== "string") return preceding;
  const { id: _exportingAccountsId, ...outside } = preceding;
  return outside;
}

function statusOf(object: JsonObject, at: string, problems: ImportProblem[]): InvoiceStatus | undefined {
  const status = object.status;
  if (status === undefined || status === null) return undefined;
  if (typeof status === "string" && (INVOICE_STATUSES as readonly string[]).includes(status)) return status as InvoiceStatus;
  problems.push({ element: at, column: "status", value: shown(status), issue: `a status: one of ${INVOICE_STATUSES.join(", ")}` });
  return undefined;
}

function totalsOf(object: JsonObject, at: string, problems: ImportProblem[]): StatedTotals | undefined {
  const totals: StatedTotals = {};
  for (const key of TOTAL_KEYS) {
    const value = object[key];
    if (Number.isSafeInteger(value)) totals[key] = value as number;
    else if (value !== undefined && value !== null) problems.push({ element: at, column: key, value: shown(value), issue: "an amount in whole minor units" });
  }
  return Object.keys(totals).length > 0 ? totals : undefined;
}

function readInvoice(object: JsonObject, keys: KeySets, at: string, result: ReadResult, problems: ImportProblem[]): void {
  const fields = createFieldsOf(object, keys.invoices, at, problems);
  if (fields.items !== undefined) fields.items = itemsOf(fields.items, keys.items, at, problems);
  if (fields.preceding_invoice !== undefined) fields.preceding_invoice = precedingOf(fields.preceding_invoice);
  for (const key of REFERENCE_KEYS) {
    const value = object[key];
    if (value !== undefined && value !== null) result.notices.push({ element: at, column: key, value: shown(value), issue: `${key} is left out: it names a record of the account that exported the file` });
  }
  const status = statusOf(object, at, problems);
  const totals = totalsOf(object, at, problems);
  if (problems.length > 0) return;
  result.invoices.push({ place: { element: at }, fields, ...(status ? { status } : {}), ...(totals ? { totals } : {}) });
}

/** One record of a known kind: its draft, or its problems and nothing else. */
function readRecord(kind: Kind, keys: KeySets, value: Json, at: string, result: ReadResult): void {
  if (!isObject(value)) {
    result.problems.push({ element: at, value: shown(value), issue: `expected an object (one of the ${kind})` });
    return;
  }
  const problems = forbiddenKeys(value, at);
  if (problems.length === 0) {
    if (kind === "invoices") readInvoice(value, keys, at, result, problems);
    else {
      const fields = createFieldsOf(value, keys[kind], at, problems);
      if (problems.length === 0) result[kind].push({ place: { element: at }, fields });
    }
  }
  result.problems.push(...problems);
}

/** The kind whose keys cover most of the records' keys. */
function kindOf(records: readonly Json[], keySets: KeySets): Kind {
  const keys = new Set(records.filter(isObject).flatMap((record) => Object.keys(record)));
  const score = (kind: Kind): number => [...keys].filter((key) => keySets[kind].create.has(key) || keySets[kind].computed.has(key)).length;
  return KINDS.reduce((best, kind) => (score(kind) > score(best) ? kind : best));
}

/** Each record with its kind and pointer, for every shape the file may have. */
function recordsOf(document: Json, keys: KeySets, result: ReadResult): Array<{ kind: Kind; value: Json; at: string }> {
  if (Array.isArray(document)) {
    const kind = kindOf(document, keys);
    return document.map((value, index) => ({ kind, value, at: pointer("", index) }));
  }
  if (!isObject(document)) throw refusal("expected an invoice, an array of records, or {invoices, clients, products}");
  const sections = Object.keys(document).filter((key): key is Kind => (KINDS as readonly string[]).includes(key));
  if (sections.length === 0) return [{ kind: kindOf([document], keys), value: document, at: "" }];
  for (const key of Object.keys(document).filter((key) => !sections.includes(key as Kind))) {
    result.problems.push({ element: "", column: key, value: shown(document[key]), issue: `unknown key "${key}": expected invoices, clients or products` });
  }
  return sections.flatMap((kind) => {
    const section = document[kind];
    const at = pointer("", kind);
    if (Array.isArray(section)) return section.map((value, index) => ({ kind, value, at: pointer(at, index) }));
    result.problems.push({ element: at, value: shown(section), issue: `expected an array of ${kind}` });
    return [];
  });
}

export const readJson: FormatReader = async (bytes, options) => {
  const result = emptyResult();
  const keys = keySetsOf(options.recordKeys);
  const records = recordsOf(parse(bytes), keys, result);
  if (records.length > MAX_IMPORT_ROWS) throw tooManyRows(`The JSON holds ${records.length} records`);
  result.rows = records.length;
  for (const { kind, value, at } of records) readRecord(kind, keys, value, at, result);
  return result;
};
