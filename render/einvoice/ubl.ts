// UBL 2.1 Invoice / CreditNote per Peppol BIS Billing 3.0. Keys are written in the order the
// UBL-Invoice-2.1 and UBL-CreditNote-2.1 XSDs require; the shapes follow the official examples
// (BIS3_Invoice_positive.XML, ubl-tc434-creditnote1.xml).
import { isZeroAmount } from "./decimal.ts";
import type { En16931Invoice, En16931Line, En16931LineAllowance, En16931VatGroup } from "./model.ts";
import { checkPeppol } from "./requirements.ts";
import { ublBuyer, ublSeller } from "./ubl-parties.ts";
import { toXml, when, withAttributes, type XmlElement } from "./xml.ts";

export const PEPPOL_CUSTOMIZATION_ID = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
export const PEPPOL_PROFILE_ID = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";

/** BT-24 specification identifier and BT-23 business process; Peppol BIS Billing 3.0 by default. */
export type UblIdentifiers = { customizationId: string; profileId: string };

const PEPPOL_BIS: UblIdentifiers = { customizationId: PEPPOL_CUSTOMIZATION_ID, profileId: PEPPOL_PROFILE_ID };

export const UBL_NAMESPACES = {
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
};

/** The words that differ between the two documents; everything else is spelled alike. */
export const UBL_DOCUMENTS = {
  "380": { root: "Invoice", typeCode: "cbc:InvoiceTypeCode", line: "cac:InvoiceLine", quantity: "cbc:InvoicedQuantity" },
  "381": { root: "CreditNote", typeCode: "cbc:CreditNoteTypeCode", line: "cac:CreditNoteLine", quantity: "cbc:CreditedQuantity" },
} as const;

/** The document's own namespace: …:Invoice-2 or …:CreditNote-2. */
export function ublNamespace(root: "Invoice" | "CreditNote"): string {
  return `urn:oasis:names:specification:ubl:schema:xsd:${root}-2`;
}

/** A line's category (BT-151, BT-152) or a breakdown's, which also states why it is exempt. */
type Category = Pick<En16931VatGroup, "categoryCode" | "rate"> & Partial<Pick<En16931VatGroup, "exemptionReason" | "exemptionReasonCode">>;

function taxCategory(category: Category): XmlElement {
  return {
    "cbc:ID": category.categoryCode,
    "cbc:Percent": category.rate,
    "cbc:TaxExemptionReasonCode": category.exemptionReasonCode,
    "cbc:TaxExemptionReason": category.exemptionReason,
    "cac:TaxScheme": { "cbc:ID": "VAT" },
  };
}

/** UBL amounts always carry their currency (the XSD requires currencyID). */
function moneyIn(currency: string): (amount: string) => XmlElement {
  return (amount) => withAttributes(amount, { currencyID: currency });
}

/** BG-27 in cac:AllowanceCharge's order (ubl-tc434-example5.xml); a line allowance has no tax category of its own (UBL-CR-558). */
function lineAllowance(allowance: En16931LineAllowance, money: (amount: string) => XmlElement): XmlElement {
  return {
    "cbc:ChargeIndicator": "false",
    "cbc:AllowanceChargeReasonCode": allowance.reasonCode,
    "cbc:AllowanceChargeReason": allowance.reason,
    "cbc:MultiplierFactorNumeric": allowance.percentage,
    "cbc:Amount": money(allowance.amount),
    "cbc:BaseAmount": money(allowance.baseAmount),
  };
}

function line(model: En16931Invoice, item: En16931Line): XmlElement {
  const money = moneyIn(model.currency);
  return {
    "cbc:ID": item.id,
    [UBL_DOCUMENTS[model.typeCode].quantity]: withAttributes(item.quantity, { unitCode: item.unitCode }),
    "cbc:LineExtensionAmount": money(item.netAmount),
    // Before cac:Item in both documents (an InvoiceLine's TaxTotal would follow it, a CreditNoteLine's precede it; we write neither).
    "cac:AllowanceCharge": item.allowances.map((allowance) => lineAllowance(allowance, money)),
    "cac:Item": { "cbc:Name": item.itemName, "cac:ClassifiedTaxCategory": taxCategory(item) },
    "cac:Price": { "cbc:PriceAmount": money(item.netPrice) },
  };
}

function paymentMeans(model: En16931Invoice): XmlElement | undefined {
  return when(model.payment, (payment) => ({
    "cbc:PaymentMeansCode": payment.meansCode,
    // A UBL CreditNote has no cbc:DueDate; EN 16931's UBL binding puts BT-9 here instead.
    "cbc:PaymentDueDate": model.typeCode === "381" ? model.dueDate : null,
    "cbc:PaymentID": payment.remittanceInformation,
    "cac:PayeeFinancialAccount": when(payment.accountIdentifier, (account) => ({
      "cbc:ID": account,
      "cac:FinancialInstitutionBranch": when(payment.serviceProviderIdentifier, (bic) => ({ "cbc:ID": bic })),
    })),
  }));
}

/**
 * The model as a Peppol BIS Billing 3.0 UBL document; 422 when Peppol's own requirements are unmet.
 * XRechnung names itself through `identifiers` and keeps Peppol's requirements, which it adopts.
 */
export function toUbl(model: En16931Invoice, identifiers: UblIdentifiers = PEPPOL_BIS): string {
  checkPeppol(model);
  const words = UBL_DOCUMENTS[model.typeCode];
  const money = moneyIn(model.currency);
  const { totals } = model;
  const body: XmlElement = {
    "@xmlns": ublNamespace(words.root),
    "@xmlns:cac": UBL_NAMESPACES.cac,
    "@xmlns:cbc": UBL_NAMESPACES.cbc,
    "cbc:CustomizationID": identifiers.customizationId,
    "cbc:ProfileID": identifiers.profileId,
    "cbc:ID": model.number,
    "cbc:IssueDate": model.issueDate,
    "cbc:DueDate": model.typeCode === "380" ? model.dueDate : null,
    [words.typeCode]: model.typeCode,
    "cbc:Note": model.note,
    "cbc:DocumentCurrencyCode": model.currency,
    "cbc:BuyerReference": model.buyerReference,
    "cac:BillingReference": when(model.precedingInvoice, (preceding) => ({
      "cac:InvoiceDocumentReference": { "cbc:ID": preceding.number, "cbc:IssueDate": preceding.issueDate },
    })),
    "cac:AccountingSupplierParty": { "cac:Party": ublSeller(model.seller) },
    "cac:AccountingCustomerParty": { "cac:Party": ublBuyer(model.buyer) },
    "cac:Delivery": when(model.delivery, (delivery) => ({
      "cbc:ActualDeliveryDate": delivery.date,
      "cac:DeliveryLocation": when(delivery.countryCode, (country) => ({
        "cac:Address": { "cbc:CityName": delivery.city, "cbc:PostalZone": delivery.postalCode, "cac:Country": { "cbc:IdentificationCode": country } },
      })),
    })),
    "cac:PaymentMeans": paymentMeans(model),
    "cac:PaymentTerms": when(model.paymentTerms, (terms) => ({ "cbc:Note": terms })),
    "cac:TaxTotal": {
      "cbc:TaxAmount": money(totals.vatTotal),
      "cac:TaxSubtotal": model.vatBreakdown.map((group) => ({
        "cbc:TaxableAmount": money(group.taxableAmount),
        "cbc:TaxAmount": money(group.taxAmount),
        "cac:TaxCategory": taxCategory(group),
      })),
    },
    "cac:LegalMonetaryTotal": {
      "cbc:LineExtensionAmount": money(totals.lineNetTotal),
      "cbc:TaxExclusiveAmount": money(totals.taxExclusive),
      "cbc:TaxInclusiveAmount": money(totals.taxInclusive),
      "cbc:PrepaidAmount": isZeroAmount(totals.paid) ? null : money(totals.paid),
      "cbc:PayableAmount": money(totals.amountDue),
    },
    [words.line]: model.lines.map((item) => line(model, item)),
  };
  return toXml({ [words.root]: body });
}
