// The EN 16931 semantic model: what an e-invoice says, named by its business terms (BT-n, BG-n),
// independent of syntax. UBL and CII are two spellings of this one model (ubl.ts, cii.ts).
// Every amount is a decimal string with two decimals; dates are YYYY-MM-DD.
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import type { TaxCategory } from "../../server/domain/money.ts";
import type { StoredProfile } from "../../server/domain/profile.ts";
import { amountScale } from "./decimal.ts";
import { buyerOf, sellerOf } from "./parties.ts";
import { checkCategories, checkDocument, checkPayment, present } from "./requirements.ts";
import { vatOf } from "./vat.ts";

/** BG-5 / BG-8 / BG-15 postal address. */
export type En16931Address = {
  line1: string | null; // BT-35 / BT-50
  line2: string | null; // BT-36 / BT-51
  city: string | null; // BT-37 / BT-52
  postalCode: string | null; // BT-38 / BT-53
  region: string | null; // BT-39 / BT-54
  countryCode: string; // BT-40 / BT-55
};

/** BG-4 seller. */
export type En16931Seller = {
  name: string; // BT-27
  vatIdentifier: string | null; // BT-31 (with its ISO country prefix, BR-CO-09)
  taxRegistrationIdentifier: string | null; // BT-32 (a local tax number without a country prefix)
  legalRegistrationIdentifier: string | null; // BT-30 (trade register or company number)
  electronicAddress: string | null; // BT-34, an e-mail address (scheme EM)
  address: En16931Address; // BG-5
  contact: { name: string | null; phone: string | null; email: string | null } | null; // BG-6: BT-41, BT-42, BT-43
};

/** BG-7 buyer. */
export type En16931Buyer = {
  name: string; // BT-44
  legalRegistrationIdentifier: string | null; // BT-47 (a tax number without a country prefix)
  vatIdentifier: string | null; // BT-48
  electronicAddress: string | null; // BT-49, an e-mail address (scheme EM)
  address: En16931Address; // BG-8
};

/** BG-16 payment instructions with BG-17 credit transfer. */
export type En16931Payment = {
  meansCode: string; // BT-81 (UNTDID 4461)
  remittanceInformation: string | null; // BT-83
  accountIdentifier: string | null; // BT-84 (IBAN)
  serviceProviderIdentifier: string | null; // BT-86 (BIC)
};

/** BG-22 document totals. */
export type En16931Totals = {
  lineNetTotal: string; // BT-106
  taxExclusive: string; // BT-109
  vatTotal: string; // BT-110
  taxInclusive: string; // BT-112
  paid: string; // BT-113
  amountDue: string; // BT-115
};

/** BG-23 VAT breakdown, one per (category, rate). */
export type En16931VatGroup = {
  taxableAmount: string; // BT-116
  taxAmount: string; // BT-117
  categoryCode: TaxCategory; // BT-118
  rate: string | null; // BT-119 (absent for O, BR-O-10)
  exemptionReason: string | null; // BT-120
  exemptionReasonCode: string | null; // BT-121 (VATEX)
};

/** BG-27 invoice line allowance: the line's discount, a percentage of its gross amount. */
export type En16931LineAllowance = {
  amount: string; // BT-136
  baseAmount: string; // BT-137
  percentage: string; // BT-138
  reason: string; // BT-139
  reasonCode: string; // BT-140 (UNTDID 5189)
};

/** BG-25 invoice line. */
export type En16931Line = {
  id: string; // BT-126
  quantity: string; // BT-129
  unitCode: string; // BT-130 (UN/ECE Rec 20)
  netAmount: string; // BT-131: quantity × price less the allowances
  netPrice: string; // BT-146
  allowances: En16931LineAllowance[]; // BG-27: none, or the line's discount
  categoryCode: TaxCategory; // BT-151
  rate: string | null; // BT-152 (absent for O, BR-O-05)
  itemName: string; // BT-153
};

export type En16931Invoice = {
  number: string; // BT-1
  issueDate: string; // BT-2
  typeCode: "380" | "381"; // BT-3: commercial invoice, credit note
  currency: string; // BT-5
  dueDate: string | null; // BT-9
  buyerReference: string | null; // BT-10 (the Leitweg-ID for XRechnung)
  paymentTerms: string | null; // BT-20
  note: string | null; // BT-22
  precedingInvoice: { number: string; issueDate: string | null } | null; // BG-3: BT-25, BT-26
  seller: En16931Seller;
  buyer: En16931Buyer;
  // BT-72; BG-15 deliver-to address: BT-77, BT-78, BT-80
  delivery: { date: string | null; city: string | null; postalCode: string | null; countryCode: string | null } | null;
  payment: En16931Payment | null;
  totals: En16931Totals;
  vatBreakdown: En16931VatGroup[];
  lines: En16931Line[];
};

/**
 * An intra-community supply (K) states where the goods went (BR-IC-12): to the buyer, whose address
 * is the only one the record has. City and post code come along because a deliver-to address
 * without them is refused by XRechnung (BR-DE-10, BR-DE-11).
 */
function deliveryOf(invoice: InvoiceRecord, buyer: En16931Buyer, categories: ReadonlySet<TaxCategory>): En16931Invoice["delivery"] {
  const date = present(invoice.delivery_date);
  const to = categories.has("K") ? buyer.address : null;
  return date || to ? { date, city: to?.city ?? null, postalCode: to?.postalCode ?? null, countryCode: to?.countryCode ?? null } : null;
}

function precedingOf(invoice: InvoiceRecord): En16931Invoice["precedingInvoice"] {
  const number = present(invoice.preceding_invoice?.number);
  return number ? { number, issueDate: present(invoice.preceding_invoice?.issue_date) } : null;
}

/**
 * The e-invoice content of a finalized invoice or credit note. Throws AppError VALIDATION_ERROR
 * (422) naming the business term when the record lacks what EN 16931 requires, so no export ever
 * writes a file a receiver would reject for missing data.
 */
export function toEn16931(invoice: InvoiceRecord, seller: StoredProfile): En16931Invoice {
  const typeCode = checkDocument(invoice);
  const scale = amountScale(invoice.currency);
  const vat = vatOf(invoice, scale);
  const categories = new Set(vat.lines.map((line) => line.categoryCode));
  const party = { seller: sellerOf(invoice, seller, categories), buyer: buyerOf(invoice, categories) };
  const model: En16931Invoice = {
    number: present(invoice.number) ?? "",
    issueDate: invoice.issue_date,
    typeCode,
    currency: invoice.currency,
    dueDate: present(invoice.due_date),
    buyerReference: present(invoice.buyer_reference),
    paymentTerms: present(invoice.payment_terms),
    note: present(invoice.notes),
    precedingInvoice: precedingOf(invoice),
    seller: party.seller,
    buyer: party.buyer,
    delivery: deliveryOf(invoice, party.buyer, categories),
    payment: invoice.payment
      ? {
          meansCode: invoice.payment.means,
          remittanceInformation: present(invoice.payment.reference),
          accountIdentifier: present(invoice.payment.iban),
          serviceProviderIdentifier: present(invoice.payment.bic),
        }
      : null,
    totals: vat.totals,
    vatBreakdown: vat.groups,
    lines: vat.lines,
  };
  checkCategories(model, invoice);
  checkPayment(model);
  return model;
}
