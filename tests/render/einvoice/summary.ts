// One summary of a document's business terms, read back from UBL (read-ubl.ts) or CII (read-cii.ts)
// with an XML parser independent of the writer (fast-xml-parser), so a test compares what a receiver
// would read with the model that was written (summaryOf).
import { XMLParser } from "fast-xml-parser";
import type { En16931Invoice } from "../../../render/einvoice/model.ts";

export type Summary = {
  typeCode: string;
  number: string;
  issueDate: string;
  dueDate: string | null;
  currency: string;
  buyerReference: string | null;
  note: string | null;
  preceding: { number: string; issueDate: string | null } | null;
  seller: { name: string; vat: string | null; taxNumber: string | null; country: string; email: string | null };
  buyer: { name: string; vat: string | null; legalId: string | null; country: string; email: string | null };
  delivery: { date: string | null; city: string | null; postalCode: string | null; country: string | null } | null;
  payment: { means: string; iban: string | null; bic: string | null; reference: string | null } | null;
  paymentTerms: string | null;
  totals: En16931Invoice["totals"];
  groups: Array<{ category: string; rate: string | null; taxable: string; tax: string; reason: string | null; code: string | null }>;
  lines: Array<{ id: string; quantity: string; unit: string; net: string; price: string; allowances: LineAllowance[]; category: string; rate: string | null; name: string }>;
};

/** BG-27 as written: the charge indicator (BG-27 is "false"), BT-136, BT-137, BT-138, BT-139, BT-140. */
export type LineAllowance = { charge: string; amount: string; base: string | null; percentage: string | null; reason: string | null; code: string | null };

export type Node = Record<string, unknown>;

const REPEATED = new Set([
  ...["TaxSubtotal", "InvoiceLine", "CreditNoteLine", "PartyTaxScheme", "AllowanceCharge"],
  ...["IncludedSupplyChainTradeLineItem", "ApplicableTradeTax", "SpecifiedTaxRegistration", "SpecifiedTradeAllowanceCharge"],
]);

export const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => REPEATED.has(name),
});

/** The node at a path of element names, or undefined. */
export function at(node: unknown, ...path: string[]): unknown {
  return path.reduce<unknown>((current, name) => (current && typeof current === "object" ? (current as Node)[name] : undefined), node);
}

/** The text of an element, whether or not it carries attributes. */
export function text(node: unknown, ...path: string[]): string | null {
  const value = at(node, ...path);
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && typeof (value as Node)["#text"] === "string") return (value as Node)["#text"] as string;
  return null;
}

export function list(node: unknown, ...path: string[]): Node[] {
  return (at(node, ...path) as Node[] | undefined) ?? [];
}

/** An absent paid amount (BT-113) reads as nothing paid. */
export const ZERO = "0.00";

/** What a faithful writer must put in the document: the model, in the summary's terms. */
export function summaryOf(model: En16931Invoice): Summary {
  const { seller, buyer, payment } = model;
  return {
    typeCode: model.typeCode,
    number: model.number,
    issueDate: model.issueDate,
    dueDate: model.dueDate,
    currency: model.currency,
    buyerReference: model.buyerReference,
    note: model.note,
    preceding: model.precedingInvoice,
    seller: { name: seller.name, vat: seller.vatIdentifier, taxNumber: seller.taxRegistrationIdentifier, country: seller.address.countryCode, email: seller.electronicAddress },
    buyer: { name: buyer.name, vat: buyer.vatIdentifier, legalId: buyer.legalRegistrationIdentifier, country: buyer.address.countryCode, email: buyer.electronicAddress },
    delivery: model.delivery
      ? { date: model.delivery.date, city: model.delivery.city, postalCode: model.delivery.postalCode, country: model.delivery.countryCode }
      : null,
    payment: payment
      ? { means: payment.meansCode, iban: payment.accountIdentifier, bic: payment.serviceProviderIdentifier, reference: payment.remittanceInformation }
      : null,
    paymentTerms: model.paymentTerms,
    totals: model.totals,
    groups: model.vatBreakdown.map((group) => ({
      category: group.categoryCode,
      rate: group.rate,
      taxable: group.taxableAmount,
      tax: group.taxAmount,
      reason: group.exemptionReason,
      code: group.exemptionReasonCode,
    })),
    lines: model.lines.map((line) => ({
      id: line.id,
      quantity: line.quantity,
      unit: line.unitCode,
      net: line.netAmount,
      price: line.netPrice,
      allowances: line.allowances.map((allowance) => ({
        charge: "false",
        amount: allowance.amount,
        base: allowance.baseAmount,
        percentage: allowance.percentage,
        reason: allowance.reason,
        code: allowance.reasonCode,
      })),
      category: line.categoryCode,
      rate: line.rate,
      name: line.itemName,
    })),
  };
}
