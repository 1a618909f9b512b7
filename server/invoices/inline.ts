// An invoice given whole in a call (the open export and summary): built by the domain like a stored
// one, its seller whoever the invoice says, since there is no account profile to read. Nothing stored
// can be named: no client, template or stored preceding invoice.
import { AppError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import { newInvoice, toAddress, type InvoiceFieldsInput, type InvoiceRecord } from "../domain/invoice.ts";
import { emptyProfile, type StoredProfile } from "../domain/profile.ts";

export type InlineInvoice = Omit<InvoiceFieldsInput, "client_id" | "template_id">;

export function inlineInvoice(invoice: InlineInvoice, now: Date, field = "invoice"): { record: InvoiceRecord; profile: StoredProfile } {
  if (invoice.preceding_invoice?.id) {
    throw new AppError("VALIDATION_ERROR", "An inline invoice names its preceding invoice by number, not id", { field: `${field}.preceding_invoice.id`, issue: "use number" });
  }
  const profile: StoredProfile = {
    ...emptyProfile(),
    legal_name: invoice.from_name ?? null,
    address: toAddress(invoice.from_address),
    tax_id: invoice.from_tax_id ?? null,
    contact: { name: null, phone: null, email: invoice.from_email ?? null },
  };
  return { record: newInvoice({ id: newId("inv", now.getTime()), input: invoice, profile, resolved: {}, now }), profile };
}
