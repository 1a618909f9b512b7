// The invoice record and the pure rules that build and change it (ADR 0008). No I/O:
// callers load the profile, client and current record, and persist what these functions return.
import { AppError } from "./errors.ts";
import { newId } from "./ids.ts";
import type { InvoiceStatus, InvoiceType } from "./lifecycle.ts";
import { computeTotals, lineTax, ZERO_RATE_CATEGORIES, type TaxCategory, type TaxGroup } from "./money.ts";
import type { PaymentInstructions, PostalAddress, StoredProfile } from "./profile.ts";
import { addDays, daysBetween } from "./clock.ts";
import { localeFor, type LocaleChoice, type LocaleEvidence } from "./locale.ts";

export type LineItem = {
  id: string;
  description: string;
  quantity: number;
  unit: string;
  rate: number;
  tax_rate: number | null;
  tax_category: TaxCategory | null;
  tax_exemption_reason: string | null;
  /** Percent taken off quantity × rate (EN 16931 BT-138); absent when the line has no discount. */
  discount_percent?: number;
  /** The net: quantity × rate less the discount (BT-131). */
  amount: number;
};

export type PrecedingInvoice = { id: string | null; number: string; issue_date: string | null };

export type InvoiceRecord = {
  id: string;
  type: InvoiceType;
  status: InvoiceStatus;
  number: string | null;
  locked: boolean;
  revision: number;
  from_name: string;
  from_email: string | null;
  from_address: PostalAddress | null;
  from_tax_id: string | null;
  bill_to_name: string;
  bill_to_email: string | null;
  bill_to_address: PostalAddress | null;
  bill_to_tax_id: string | null;
  buyer_reference: string | null;
  client_id: string | null;
  template_id: string | null;
  currency: string;
  locale: string;
  issue_date: string;
  due_date: string | null;
  delivery_date: string | null;
  payment_terms: string | null;
  payment: PaymentInstructions | null;
  notes: string | null;
  tax_rate: number | null;
  tax_exemption_reason: string | null;
  preceding_invoice: PrecedingInvoice | null;
  items: LineItem[];
  tax_breakdown: TaxGroup[];
  subtotal: number;
  tax: number;
  total: number;
  amount_paid: number;
  amount_due: number;
  share_url: string | null;
  finalized_at: string | null;
  sent_at: string | null;
  paid_at: string | null;
  voided_at: string | null;
  created_at: string;
  updated_at: string;
};

export type AddressInput = string | Partial<PostalAddress>;
export type ItemInput = {
  id?: string;
  description: string;
  quantity?: number;
  unit?: string;
  rate: number;
  tax_rate?: number | null;
  tax_category?: TaxCategory | null;
  tax_exemption_reason?: string | null;
  /** null or 0: no discount. */
  discount_percent?: number | null;
};
export type PaymentInput = Partial<{ means: string; iban: string | null; bic: string | null; reference: string | null }>;
/**
 * A stored invoice by `id` (a number or date beside it must agree), or one outside the service by
 * `number` and `issue_date`: the shape the record itself returns is accepted back as it is.
 */
export type PrecedingInput = { id?: string | null; number?: string; issue_date?: string | null };

/** Fields a caller may set on create or change on update (null clears an optional one). */
export type InvoiceFieldsInput = {
  type?: InvoiceType;
  number?: string | null;
  from_name?: string;
  from_email?: string | null;
  from_address?: AddressInput | null;
  from_tax_id?: string | null;
  bill_to_name?: string;
  bill_to_email?: string | null;
  bill_to_address?: AddressInput | null;
  bill_to_tax_id?: string | null;
  buyer_reference?: string | null;
  client_id?: string | null;
  template_id?: string | null;
  currency?: string;
  locale?: string;
  issue_date?: string;
  due_date?: string | null;
  delivery_date?: string | null;
  payment_terms?: string | null;
  payment?: PaymentInput | null;
  notes?: string | null;
  tax_rate?: number | null;
  tax_exemption_reason?: string | null;
  preceding_invoice?: PrecedingInput | null;
  items?: ItemInput[];
};

/** A client's data as copied onto an invoice (a snapshot). */
export type ClientSnapshot = {
  id: string;
  name: string;
  email: string | null;
  address: PostalAddress | null;
  tax_id: string | null;
  currency: string | null;
  locale: string | null;
};

/** What the caller resolved from storage for the input's references (a stored preceding invoice by id). */
export type Resolved = { client?: ClientSnapshot | null; preceding?: PrecedingInvoice | null };

export const DEFAULT_UNIT = "C62";

function required(field: string): AppError {
  return new AppError("VALIDATION_ERROR", `${field} is required`, { field, issue: "required" });
}

export function toAddress(input: AddressInput | null | undefined): PostalAddress | null {
  if (input === null || input === undefined) return null;
  const parts = typeof input === "string" ? { line1: input } : input;
  return {
    line1: parts.line1 ?? null,
    line2: parts.line2 ?? null,
    city: parts.city ?? null,
    postal_code: parts.postal_code ?? null,
    region: parts.region ?? null,
    country: parts.country ?? null,
  };
}

function toItems(inputs: readonly ItemInput[], previous: readonly LineItem[], now: number): LineItem[] {
  const keep = new Set(previous.map((item) => item.id));
  const seen = new Set<string>();
  return inputs.map((input) => {
    const id = input.id && keep.has(input.id) && !seen.has(input.id) ? input.id : newId("itm", now);
    seen.add(id);
    return {
      id,
      description: input.description,
      quantity: input.quantity ?? 1,
      unit: input.unit ?? DEFAULT_UNIT,
      rate: input.rate,
      tax_rate: input.tax_rate ?? null,
      tax_category: input.tax_category ?? null,
      tax_exemption_reason: input.tax_exemption_reason ?? null,
      // Kept only when there is one: records written before discounts read the same.
      ...(input.discount_percent ? { discount_percent: input.discount_percent } : {}),
      amount: 0,
    };
  });
}

/** Recomputes line amounts, VAT groups and totals; checks rates against tax categories. */
export function priced(record: InvoiceRecord): InvoiceRecord {
  record.items.forEach((item, index) => {
    const { rate } = lineTax(item, record.tax_rate);
    if (item.tax_category && ZERO_RATE_CATEGORIES.has(item.tax_category) && rate !== 0) {
      throw new AppError("VALIDATION_ERROR", `Tax category ${item.tax_category} carries no tax, so its rate must be 0`, {
        field: `items.${index}.tax_rate`,
        issue: `must be 0 for category ${item.tax_category}`,
      });
    }
  });
  const totals = computeTotals(record.items, record.tax_rate);
  const items = record.items.map((item, index) => ({ ...item, amount: totals.amounts[index] ?? 0 }));
  return {
    ...record,
    items,
    tax_breakdown: totals.tax_breakdown,
    subtotal: totals.subtotal,
    tax: totals.tax,
    total: totals.total,
    amount_due: totals.total - record.amount_paid,
  };
}

function checkDates(record: InvoiceRecord): void {
  if (record.due_date && record.due_date < record.issue_date) {
    throw new AppError("VALIDATION_ERROR", "due_date is before issue_date", { field: "due_date", issue: "must not be before issue_date" });
  }
}

function checkPreceding(record: InvoiceRecord): void {
  if (record.preceding_invoice && record.type !== "credit_note") {
    throw new AppError("VALIDATION_ERROR", "Only a credit note refers to a preceding invoice", {
      field: "preceding_invoice",
      issue: "only for type credit_note",
    });
  }
}

function fromClient(client: ClientSnapshot): Partial<InvoiceRecord> {
  return {
    client_id: client.id,
    bill_to_name: client.name,
    bill_to_email: client.email,
    bill_to_address: client.address,
    bill_to_tax_id: client.tax_id,
  };
}

function paymentWith(base: PaymentInstructions | null, input: PaymentInput | null | undefined, profile: StoredProfile): PaymentInstructions | null {
  if (input === null) return null;
  const start = base ?? profile.payment;
  if (input === undefined) return base;
  return {
    means: input.means ?? start.means,
    iban: input.iban === undefined ? start.iban : input.iban,
    bic: input.bic === undefined ? start.bic : input.bic,
    reference: input.reference === undefined ? start.reference : input.reference,
  };
}

/** The preceding invoice an input names: a stored one as resolved, an outside one as given. */
function precedingOf(input: PrecedingInput | null, resolved: Resolved): PrecedingInvoice | null {
  if (input === null) return null;
  if (input.id) return resolved.preceding ?? null;
  return input.number === undefined ? null : { id: null, number: input.number, issue_date: input.issue_date ?? null };
}

/** Copies the given fields over `record`; `undefined` leaves a field, `null` clears it. */
function assignFields(record: InvoiceRecord, input: InvoiceFieldsInput, resolved: Resolved, profile: StoredProfile, now: number): InvoiceRecord {
  const next: InvoiceRecord = { ...record };
  if (resolved.client) Object.assign(next, fromClient(resolved.client));
  if (input.client_id === null) next.client_id = null;
  const simple = [
    "type",
    "number",
    "from_name",
    "from_email",
    "from_tax_id",
    "bill_to_name",
    "bill_to_email",
    "bill_to_tax_id",
    "buyer_reference",
    "template_id",
    "currency",
    "locale",
    "issue_date",
    "due_date",
    "delivery_date",
    "payment_terms",
    "notes",
    "tax_rate",
    "tax_exemption_reason",
  ] as const;
  for (const field of simple) {
    const value = input[field];
    if (value !== undefined) (next as Record<string, unknown>)[field] = value;
  }
  if (input.from_address !== undefined) next.from_address = toAddress(input.from_address);
  if (input.bill_to_address !== undefined) next.bill_to_address = toAddress(input.bill_to_address);
  if (input.payment !== undefined) next.payment = paymentWith(record.payment, input.payment, profile);
  if (input.preceding_invoice !== undefined) next.preceding_invoice = precedingOf(input.preceding_invoice, resolved);
  if (input.items !== undefined) next.items = toItems(input.items, record.items, now);
  return next;
}

/** What the document itself tells of its locale (its language, a DSL's TAX region), beyond the seller's country the input gives. */
export type DocumentLocale = Pick<LocaleEvidence, "language" | "regions">;

export type NewInvoiceParams = { id: string; input: InvoiceFieldsInput; profile: StoredProfile; resolved: Resolved; now: Date; document?: DocumentLocale };

/** The locale a new invoice takes, and where from (server/domain/locale.ts): the input's, the client's, the document's, the account's, en-US. */
export function newInvoiceLocale({ input, profile, resolved, document }: Omit<NewInvoiceParams, "id" | "now">): LocaleChoice {
  return localeFor({
    requested: input.locale,
    client: resolved.client?.locale,
    language: document?.language,
    regions: [...(document?.regions ?? []), toAddress(input.from_address)?.country],
    account: profile.locale,
  });
}

/** A new draft from create input, defaulting the seller, currency, locale and payment from the profile. */
export function newInvoice({ id, input, profile, resolved, now, document }: NewInvoiceParams): InvoiceRecord {
  const at = now.toISOString();
  const client = resolved.client ?? null;
  const blank: InvoiceRecord = {
    id,
    type: "invoice",
    status: "draft",
    number: null,
    locked: false,
    revision: 1,
    from_name: profile.legal_name ?? "",
    from_email: profile.contact.email,
    from_address: profile.address,
    from_tax_id: profile.tax_id,
    bill_to_name: "",
    bill_to_email: null,
    bill_to_address: null,
    bill_to_tax_id: null,
    buyer_reference: null,
    client_id: null,
    template_id: null,
    currency: client?.currency ?? profile.currency ?? "",
    locale: newInvoiceLocale({ input, profile, resolved, document }).locale,
    issue_date: "",
    due_date: null,
    delivery_date: null,
    payment_terms: null,
    payment: { ...profile.payment },
    notes: null,
    tax_rate: null,
    tax_exemption_reason: null,
    preceding_invoice: null,
    items: [],
    tax_breakdown: [],
    subtotal: 0,
    tax: 0,
    total: 0,
    amount_paid: 0,
    amount_due: 0,
    share_url: null,
    finalized_at: null,
    sent_at: null,
    paid_at: null,
    voided_at: null,
    created_at: at,
    updated_at: at,
  };
  const record = assignFields(blank, input, resolved, profile, now.getTime());
  for (const field of ["from_name", "bill_to_name", "currency", "locale", "issue_date"] as const) {
    if (!record[field]) throw required(field);
  }
  checkDates(record);
  checkPreceding(record);
  return priced(record);
}

/** Fields whose change is an edit of the document (refused once it is locked). */
export function contentFieldsIn(input: InvoiceFieldsInput): string[] {
  return Object.keys(input).filter((key) => (input as Record<string, unknown>)[key] !== undefined);
}

/**
 * A numbered invoice keeps its number and type for good, even while unlocked after an undo
 * (ADR 0008): numbers run without gaps, and a numbered invoice is voided, never deleted.
 */
export function assertKeepsNumber(current: InvoiceRecord, number: string | null | undefined, type?: InvoiceType): void {
  if (current.number === null) return;
  if (number !== undefined && number !== current.number) {
    throw new AppError("INVOICE_LOCKED", `Invoice ${current.number} keeps its number`, { field: "number", number: current.number });
  }
  if (type !== undefined && type !== current.type) {
    throw new AppError("INVOICE_LOCKED", `Invoice ${current.number} keeps its type`, { field: "type", number: current.number });
  }
}

/** A finalized, paid or void invoice keeps its content: changing `fields` is 409 INVOICE_LOCKED. */
export function assertEditable(current: InvoiceRecord, fields: string[]): void {
  if (current.locked || current.status === "void" || current.status === "paid") {
    throw new AppError("INVOICE_LOCKED", `The invoice is ${current.locked ? "finalized" : current.status}; its content can no longer change`, { fields });
  }
}

/**
 * Applies an update's fields (not its status) to the current record. The new content is checked
 * first (422) and the lock after it (409), as ADR 0005's precedence orders them.
 */
export function editedInvoice(current: InvoiceRecord, input: InvoiceFieldsInput, profile: StoredProfile, resolved: Resolved, now: Date): InvoiceRecord {
  const changed = contentFieldsIn(input);
  if (changed.length === 0) return current;
  const record = assignFields(current, input, resolved, profile, now.getTime());
  checkDates(record);
  checkPreceding(record);
  const edited = { ...priced(record), updated_at: now.toISOString() };
  assertEditable(current, changed);
  assertKeepsNumber(current, input.number, input.type);
  return edited;
}

/** A fresh draft copied from `source`: no number, issued today, due after the same term. */
export function duplicatedInvoice(source: InvoiceRecord, params: { id: string; today: string; now: Date }): InvoiceRecord {
  const at = params.now.toISOString();
  const term = source.due_date ? daysBetween(source.issue_date, source.due_date) : null;
  return priced({
    ...source,
    id: params.id,
    status: "draft",
    number: null,
    locked: false,
    revision: 1,
    issue_date: params.today,
    due_date: term === null ? null : addDays(params.today, term),
    items: source.items.map((item) => ({ ...item, id: newId("itm", params.now.getTime()) })),
    amount_paid: 0,
    share_url: null,
    finalized_at: null,
    sent_at: null,
    paid_at: null,
    voided_at: null,
    created_at: at,
    updated_at: at,
  });
}

/** The version of what invoiceSearchText folds; a row written under an older one is refolded. */
export const INVOICE_SEARCH_VERSION = 2;

/** What `q` finds an invoice by: its number, whom it bills, and what its lines say. */
export function invoiceSearchText(record: Pick<InvoiceRecord, "number" | "bill_to_name" | "bill_to_email" | "items">): string {
  return searchFold(record.number, record.bill_to_name, record.bill_to_email, ...record.items.map((item) => item.description));
}

/**
 * Normalized text for `q` search: accents dropped and case folded beyond ASCII, so "ÉLAN" finds
 * "élan" and "elan", and "GROSSHANDEL" finds "Großhandel" (upper- then lower-casing folds ß to ss
 * and final ς to σ, as Unicode case folding does).
 */
export function searchFold(...parts: Array<string | null | undefined>): string {
  return parts
    .filter(Boolean)
    .join(" ")
    .toUpperCase()
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "");
}
