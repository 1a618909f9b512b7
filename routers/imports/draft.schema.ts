// The invoice draft extraction answers with, held to the very fields invoices.create validates: the
// extract procedure's output, and the schema extraction and the import clean a draft with.
import { inlineInvoiceInput } from "../invoices/invoice.schema.ts";

/** invoices.create's fields, every one optional: what a document may give. */
export const extractedInvoiceSchema = inlineInvoiceInput.partial().describe("an invoice draft in invoices.create's shape, as far as the document gave it");
