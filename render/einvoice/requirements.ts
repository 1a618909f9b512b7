// What an e-invoice needs before it is written. A missing piece is a 422 naming the business term
// (the EN 16931 rule in the issue text), never a file a receiver's validator would reject.
import { AppError } from "../../server/domain/errors.ts";
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import type { TaxCategory } from "../../server/domain/money.ts";
import { isZeroAmount } from "./decimal.ts";
import type { En16931Invoice } from "./model.ts";

/** Categories whose VAT breakdown states why no VAT is charged (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10). */
export const EXEMPT_CATEGORIES: ReadonlySet<TaxCategory> = new Set(["E", "AE", "K", "G", "O"]);

/** Credit transfer (30) and SEPA credit transfer (58) need the account to pay into (BR-61). */
export const TRANSFER_MEANS: ReadonlySet<string> = new Set(["30", "58"]);

/** The 422 naming a business term; `rule` when a named rule (e.g. BR-DE-15) refused it. */
export function termError(term: string, label: string, field: string, issue: string, rule?: string): AppError {
  const details = rule ? { field, issue, rule, business_term: term } : { field, issue, business_term: term };
  return new AppError("VALIDATION_ERROR", `${term} ${label}: ${issue}`, details);
}

/** Control characters (other than tab and line breaks) that XML 1.0 cannot carry. */
const UNWRITABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * The trimmed text without unwritable characters, or null when nothing is left: an empty element is
 * as good as a missing one, and a control code pasted into a field means nothing to a receiver.
 */
export function present(value: string | null | undefined): string | null {
  const cleaned = value?.replace(UNWRITABLE, "").trim();
  return cleaned ? cleaned : null;
}

function isPositive(amount: string): boolean {
  return !amount.startsWith("-") && !isZeroAmount(amount);
}

/**
 * Only finalized invoices and credit notes have e-invoice formats: EN 16931 needs a type code of 380
 * or 381 (BT-3), a number (BT-1) and at least one line.
 */
export function checkDocument(invoice: InvoiceRecord): "380" | "381" {
  if (invoice.type !== "invoice" && invoice.type !== "credit_note") {
    throw termError("BT-3", "invoice type code", "type", `a ${invoice.type} has no e-invoice format; only invoices and credit notes do`);
  }
  if (!present(invoice.number)) throw termError("BT-1", "invoice number", "number", "an e-invoice needs a finalized number");
  if (invoice.items.length === 0) throw termError("BG-25", "invoice line", "items", "at least one line is required (BR-16)");
  return invoice.type === "invoice" ? "380" : "381";
}

/** The rules each VAT category adds (BR-O-*, BR-AE-*, BR-IC-*, BR-G-*, BR-S-*). */
export function checkCategories(model: En16931Invoice, invoice: InvoiceRecord): void {
  const categories = new Set(model.vatBreakdown.map((group) => group.categoryCode));
  if (categories.has("O") && categories.size > 1) {
    throw termError("BT-118", "VAT category code", "items", "category O (outside the scope of VAT) cannot share an invoice with other categories (BR-O-11)");
  }
  for (const group of model.vatBreakdown) {
    if (EXEMPT_CATEGORIES.has(group.categoryCode) && !group.exemptionReason && !group.exemptionReasonCode) {
      throw termError("BT-120", "VAT exemption reason", "tax_exemption_reason", `required for VAT category ${group.categoryCode}`);
    }
    if (group.categoryCode === "S" && group.rate === "0") {
      throw termError("BT-119", "VAT category rate", "tax_rate", "must be greater than zero for category S (BR-S-05)");
    }
  }
  const { buyer, seller } = model;
  if (categories.has("AE") && !buyer.vatIdentifier && !buyer.legalRegistrationIdentifier) {
    throw termError("BT-48", "buyer VAT identifier", "bill_to_tax_id", "required for VAT category AE (reverse charge)");
  }
  if (categories.has("K") && !buyer.vatIdentifier) {
    const issue = invoice.bill_to_tax_id ? "must start with its ISO country code (BR-CO-09)" : "required";
    throw termError("BT-48", "buyer VAT identifier", "bill_to_tax_id", `${issue} for VAT category K (intra-community supply)`);
  }
  for (const category of ["K", "G"] as const) {
    if (categories.has(category) && !seller.vatIdentifier) {
      throw termError("BT-31", "seller VAT identifier", "from_tax_id", `a VAT identifier with its country prefix is required for VAT category ${category}`);
    }
  }
  if (categories.has("K") && !model.delivery?.date) {
    throw termError("BT-72", "actual delivery date", "delivery_date", "required for VAT category K (BR-IC-11)");
  }
}

export function checkPayment(model: En16931Invoice): void {
  if (isPositive(model.totals.amountDue) && !present(model.dueDate) && !present(model.paymentTerms)) {
    throw termError("BT-9", "payment due date", "due_date", "required while an amount is due, unless BT-20 payment terms are given (BR-CO-25)");
  }
  const payment = model.payment;
  if (payment && TRANSFER_MEANS.has(payment.meansCode) && !present(payment.accountIdentifier)) {
    throw termError("BT-84", "payment account identifier", "payment.iban", `required for payment means ${payment.meansCode} (credit transfer, BR-61)`);
  }
}

/** Peppol BIS Billing 3.0 adds: a buyer reference (R003) and both electronic addresses (R010, R020). */
export function checkPeppol(model: En16931Invoice): void {
  if (!model.buyerReference) throw termError("BT-10", "buyer reference", "buyer_reference", "required by Peppol BIS Billing 3.0 (PEPPOL-EN16931-R003)");
  if (!model.seller.electronicAddress) {
    throw termError("BT-34", "seller electronic address", "from_email", "required by Peppol BIS Billing 3.0 (PEPPOL-EN16931-R020)");
  }
  if (!model.buyer.electronicAddress) {
    throw termError("BT-49", "buyer electronic address", "bill_to_email", "required by Peppol BIS Billing 3.0 (PEPPOL-EN16931-R010)");
  }
}
