// What a language model is asked to answer, as one zod schema: the same schema validates the
// answer and, through z.toJSONSchema, is the `response_format` the model is held to (OpenAI's
// strict structured output: every field required, nullable where the document may not say, no
// other fields). Amounts and quantities come back as the decimals printed ("1234.50"), never as
// minor units or floats: the service converts them exactly (domain/decimal-text.ts).
import { z } from "zod";
import { INVOICE_TYPES } from "../../domain/lifecycle.ts";

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, "a plain decimal such as 1234.50").describe("a plain decimal with a point and no grouping, e.g. 1234.50");
const text = z.string();

const address = z.strictObject({
  line1: text.nullable(),
  line2: text.nullable(),
  city: text.nullable(),
  postal_code: text.nullable(),
  region: text.nullable(),
  country: z.string().regex(/^[A-Z]{2}$/).nullable().describe("ISO 3166-1 alpha-2 code"),
});

const party = z.strictObject({
  name: text.nullable(),
  email: text.nullable(),
  tax_id: text.nullable().describe("VAT or tax identifier as printed"),
  address: address.nullable(),
});

const item = z.strictObject({
  description: z.string().min(1),
  quantity: decimal.nullable(),
  unit_price: decimal.nullable().describe("price per unit in the invoice currency"),
  tax_rate: decimal.nullable().describe("VAT percentage of this line, e.g. 19"),
  amount: decimal.nullable().describe("the line's net amount as printed"),
});

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD").nullable().describe("YYYY-MM-DD");

export const aiAnswerSchema = z.strictObject({
  type: z.enum(INVOICE_TYPES).nullable(),
  number: text.nullable().describe("the document's own number"),
  currency: z.string().regex(/^[A-Z]{3}$/).nullable().describe("ISO 4217 code"),
  issue_date: date,
  due_date: date,
  delivery_date: date,
  seller: party,
  buyer: party,
  items: z.array(item),
  subtotal: decimal.nullable().describe("net total as printed"),
  tax: decimal.nullable().describe("total tax as printed"),
  total: decimal.nullable().describe("grand total as printed, before any payments"),
  payment_terms: text.nullable(),
  iban: text.nullable(),
  bic: text.nullable(),
  payment_reference: text.nullable(),
  notes: text.nullable(),
});

export type AiAnswer = z.infer<typeof aiAnswerSchema>;

/** The JSON Schema sent as response_format (without `$schema`, which structured-output APIs do not take). */
export const AI_ANSWER_JSON_SCHEMA: Record<string, unknown> = (() => {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(aiAnswerSchema) as Record<string, unknown>;
  return schema;
})();
