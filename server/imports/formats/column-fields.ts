// The fields a spreadsheet column may be read as (options.mapping's targets), apart from the
// vocabulary that recognises them (columns.ts), so the console can offer them without that vocabulary.

export const INVOICE_FIELDS = [
  "number", "type", "status", "issue_date", "due_date", "delivery_date", "currency", "locale",
  "from_name", "from_email", "from_tax_id",
  "bill_to_name", "bill_to_email", "bill_to_tax_id",
  "bill_to_street", "bill_to_street2", "bill_to_city", "bill_to_postal_code", "bill_to_region", "bill_to_country",
  "buyer_reference", "payment_terms", "notes", "invoice_tax_rate", "tax_exemption_reason", "iban", "bic", "payment_reference",
] as const;
export const LINE_FIELDS = ["line", "description", "quantity", "unit", "unit_price", "discount_percent", "tax_rate", "tax_category", "line_amount"] as const;
export const TOTAL_FIELDS = ["subtotal", "tax", "total", "amount_paid", "amount_due"] as const;
/** A client's own fields, and the buyer's in an invoice table. */
export const PARTY_FIELDS = ["name", "email", "phone", "tax_id", "street", "street2", "city", "postal_code", "region", "country"] as const;
export const PRODUCT_FIELDS = ["sku"] as const;

export const COLUMN_FIELDS = [...INVOICE_FIELDS, ...LINE_FIELDS, ...TOTAL_FIELDS, ...PARTY_FIELDS, ...PRODUCT_FIELDS] as const;
export type ColumnField = (typeof COLUMN_FIELDS)[number];
