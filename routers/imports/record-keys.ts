// The keys of each kind of record as the wire schemas name them, computed once here so the import
// (its JSON reader, in the read workers) gets them as plain data rather than reaching for schemas.
import type { RecordKeys } from "../../server/imports/model.ts";
import { clientFields, clientOutput } from "../clients/client.schema.ts";
import { createFields, invoiceOutput, lineItemInput, lineItemOutput } from "../invoices/invoice.schema.ts";
import { productFields, productOutput } from "../products/product.schema.ts";

export const RECORD_KEYS: RecordKeys = {
  invoices: { create: Object.keys(createFields), record: Object.keys(invoiceOutput.shape) },
  clients: { create: ["name", ...Object.keys(clientFields)], record: Object.keys(clientOutput.shape) },
  products: { create: ["name", "rate", "unit", ...Object.keys(productFields)], record: Object.keys(productOutput.shape) },
  items: { create: Object.keys(lineItemInput.shape), record: Object.keys(lineItemOutput.shape) },
};
