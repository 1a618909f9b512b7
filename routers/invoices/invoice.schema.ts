// The invoice on the wire: the record every face returns, and the fields create and update accept.
import { z } from "zod";
import { INVOICE_STATUSES, INVOICE_TYPES } from "../../server/domain/lifecycle.ts";
import { DEFAULT_UNIT } from "../../server/domain/invoice.ts";
import { isSafeLineAmount } from "../../server/domain/money.ts";
import { SAME_AS_TOOL } from "../meta.ts";
import {
  addressInput,
  addressOutput,
  currencyCode,
  email,
  isoDate,
  isoDateTime,
  localeTag,
  amountSchema,
  paymentInput,
  percent,
  percentValue,
  quantity,
  resourceId,
} from "../shared/schemas.ts";

export const invoiceStatus = z.enum(INVOICE_STATUSES);
export const invoiceType = z.enum(INVOICE_TYPES);
export const taxCategory = z
  .enum(["S", "Z", "E", "AE", "K", "G", "O", "L", "M"])
  .describe("UNTDID 5305: S standard, Z zero, E exempt, AE reverse charge, K intra-EU, G export, O out of scope");

const unitCode = z.string().regex(/^[A-Z0-9]{1,3}$/, "a UN/ECE Rec. 20 unit code such as C62, HUR, DAY").describe("UN/ECE Rec. 20 unit code");

export const lineItemOutput = z.object({
  id: z.string(),
  description: z.string(),
  quantity: z.number(),
  unit: z.string(),
  rate: z.int(),
  tax_rate: z.number().nullable(),
  tax_category: taxCategory.nullable(),
  tax_exemption_reason: z.string().nullable(),
  discount_percent: z.number().optional().describe("percent taken off quantity × rate (EN 16931 BT-138); absent when none"),
  amount: z.int().describe("the line's net: quantity × rate less its discount, in minor units"),
}).meta({ id: "LineItem" });

export const paymentOutput = z.object({
  means: z.string(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  reference: z.string().nullable(),
}).meta({ id: "PaymentInstructions" });

export const invoiceOutput = z
  .object({
    id: z.string(),
    type: invoiceType,
    status: invoiceStatus,
    number: z.string().nullable(),
    locked: z.boolean(),
    revision: z.int(),
    from_name: z.string(),
    from_email: z.string().nullable(),
    from_address: addressOutput.nullable(),
    from_tax_id: z.string().nullable(),
    bill_to_name: z.string(),
    bill_to_email: z.string().nullable(),
    bill_to_address: addressOutput.nullable(),
    bill_to_tax_id: z.string().nullable(),
    buyer_reference: z.string().nullable(),
    client_id: z.string().nullable(),
    template_id: z.string().nullable(),
    currency: z.string(),
    locale: z.string(),
    issue_date: z.string(),
    due_date: z.string().nullable(),
    delivery_date: z.string().nullable(),
    payment_terms: z.string().nullable(),
    payment: paymentOutput.nullable(),
    notes: z.string().nullable(),
    tax_rate: z.number().nullable(),
    tax_exemption_reason: z.string().nullable(),
    preceding_invoice: z.object({ id: z.string().nullable(), number: z.string(), issue_date: z.string().nullable() }).nullable(),
    items: z.array(lineItemOutput),
    tax_breakdown: z.array(z.object({ category: taxCategory, rate: z.number(), taxable: z.int(), tax: z.int() })),
    subtotal: z.int(),
    tax: z.int(),
    total: z.int(),
    amount_paid: z.int(),
    amount_due: z.int(),
    share_url: z.string().nullable(),
    finalized_at: isoDateTime.nullable(),
    sent_at: isoDateTime.nullable(),
    paid_at: isoDateTime.nullable(),
    voided_at: isoDateTime.nullable(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: "Invoice", description: "An invoice, credit note, quote or purchase order with totals computed by the service" });

export const MAX_ITEMS = 1000;

/** quantity × rate must be a safe amount: known from the input alone, so refused before any revision check. */
function safeLineAmount(item: { quantity: number; rate: number }, ctx: z.RefinementCtx): void {
  if (!isSafeLineAmount(item.quantity, item.rate)) {
    ctx.addIssue({ code: "custom", path: ["amount"], message: "quantity × rate is beyond ±(2^53−1)" });
  }
}

export const lineItemInput = z.strictObject({
  id: z.string().max(64).optional().describe("kept from a read"),
  description: z.string().min(1).max(5000),
  quantity: quantity.default(1),
  unit: unitCode.default(DEFAULT_UNIT),
  rate: amountSchema.describe("price per unit in whole minor units (cents)"),
  tax_rate: percentValue.nullable().optional().describe("this line's VAT %; default the invoice's tax_rate"),
  tax_category: taxCategory.nullable().optional(),
  tax_exemption_reason: z.string().max(1000).nullable().optional(),
  discount_percent: percentValue.nullable().optional().describe("% off quantity × rate"),
}).superRefine(safeLineAmount);

/** Accepts the record's own shape back ({id, number, issue_date}): the id decides when given. */
const precedingInput = z
  .strictObject({
    id: resourceId("inv").nullable().optional().describe("a stored invoice (number and issue_date, if given, must match it)"),
    number: z.string().min(1).max(100).optional().describe("the number of an invoice outside the service (without id)"),
    issue_date: isoDate.nullable().optional().describe("the issue date of that invoice"),
  })
  .refine((value) => Boolean(value.id) || value.number !== undefined, "give id (a stored invoice) or number (an invoice outside the service)")
  .describe("credit notes: the invoice corrected, stored ({id}) or not ({number, issue_date})");

const name = z.string().trim().min(1).max(500);
const text = (max: number) => z.string().max(max);

/** Optional fields shared by create and update; update additionally accepts null to clear them. */
const optionalFields = {
  number: z.string().trim().min(1).max(100).describe("your own number; otherwise assigned when finalized"),
  from_email: email,
  from_address: addressInput,
  from_tax_id: text(100),
  bill_to_email: email,
  bill_to_address: addressInput,
  bill_to_tax_id: text(100),
  buyer_reference: text(200).describe("buyer reference (XRechnung Leitweg-ID)"),
  client_id: resourceId("cli"),
  template_id: resourceId("tpl"),
  due_date: isoDate,
  delivery_date: isoDate,
  payment_terms: text(1000),
  payment: paymentInput,
  notes: text(10_000),
  tax_rate: percent.describe("VAT percentage applied to lines without their own rate"),
  tax_exemption_reason: text(1000),
  preceding_invoice: precedingInput,
};

/** Fields that cannot be cleared: what every invoice must have, and its type. */
const settableFields = {
  type: invoiceType,
  from_name: name.describe("issuer; defaults to the account's legal_name"),
  bill_to_name: name.describe("client name; defaults from client_id"),
  currency: currencyCode.describe("ISO 4217; defaults from the client, then the account"),
  locale: localeTag.describe("BCP 47; default the client's, the seller country's, the account's, en-US"),
  issue_date: isoDate,
  items: z.array(lineItemInput).max(MAX_ITEMS),
};

function allOptional<T extends Record<string, z.ZodType>>(shape: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.optional()])) as { [K in keyof T]: z.ZodOptional<T[K]> };
}

function allClearable<T extends Record<string, z.ZodType>>(shape: T): { [K in keyof T]: z.ZodOptional<z.ZodNullable<T[K]>> } {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.nullable().optional()])) as {
    [K in keyof T]: z.ZodOptional<z.ZodNullable<T[K]>>;
  };
}

export const createFields = { ...allOptional(settableFields), issue_date: isoDate, ...allOptional(optionalFields) };
export const updateFields = { ...allOptional(settableFields), ...allClearable(optionalFields) };

/** An invoice given whole (open export and summary): nothing stored can be named (no client or template id). */
const { client_id: _client, template_id: _template, ...inlineFields } = createFields;
export const inlineInvoiceInput = z
  .strictObject(inlineFields)
  .meta({ description: "the invoice itself, with the fields invoices.create takes (no client_id or template_id)", [SAME_AS_TOOL]: "invoices.create" });

export const idempotencyKey = z.string().min(1).max(255).describe("makes the create safe to retry: same key and body return the stored result");
export const revisionFields = {
  base_revision: z.int().min(1).describe("the revision you read; a newer one gives 409 REVISION_CONFLICT"),
  operation_id: z.uuid().describe("a new UUID per save; reuse it only to retry a lost response"),
};
