// UN/CEFACT Cross Industry Invoice D16B, the EN 16931 CII syntax. Keys are written in the order
// CrossIndustryInvoice_100pD16B.xsd requires; shapes follow the official examples (CII_example*.xml,
// XRechnung-O.xml). Invoices and credit notes share the document, told apart by TypeCode.
import { isZeroAmount } from "./decimal.ts";
import type { En16931Invoice, En16931Line, En16931LineAllowance } from "./model.ts";
import { ciiBuyer, ciiSeller } from "./cii-parties.ts";
import { toXml, when, withAttributes, type XmlElement } from "./xml.ts";

/** EN 16931 core, also Factur-X's EN 16931 profile; XRechnung passes its own guideline (BT-24). */
export const EN16931_GUIDELINE = "urn:cen.eu:en16931:2017";

export type CiiOptions = {
  /** BT-24 specification identifier; EN 16931 by default. */
  guideline?: string;
  /** BT-23 business process type, written only when given (XRechnung requires one). */
  businessProcess?: string;
};

export const CII_NAMESPACES = {
  rsm: "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
  ram: "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
  qdt: "urn:un:unece:uncefact:data:standard:QualifiedDataType:100",
  udt: "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
};

/** Format 102 is CCYYMMDD. */
function date(iso: string, prefix: "udt" | "qdt" = "udt"): XmlElement {
  return { [`${prefix}:DateTimeString`]: withAttributes(iso.replaceAll("-", ""), { format: "102" }) };
}

/** BG-27 in TradeAllowanceChargeType's order; a line allowance has no tax category of its own (CII-SR-191). */
function lineAllowance(allowance: En16931LineAllowance): XmlElement {
  return {
    "ram:ChargeIndicator": { "udt:Indicator": "false" },
    "ram:CalculationPercent": allowance.percentage,
    "ram:BasisAmount": allowance.baseAmount,
    "ram:ActualAmount": allowance.amount,
    "ram:ReasonCode": allowance.reasonCode,
    "ram:Reason": allowance.reason,
  };
}

function line(item: En16931Line): XmlElement {
  return {
    "ram:AssociatedDocumentLineDocument": { "ram:LineID": item.id },
    "ram:SpecifiedTradeProduct": { "ram:Name": item.itemName },
    "ram:SpecifiedLineTradeAgreement": { "ram:NetPriceProductTradePrice": { "ram:ChargeAmount": item.netPrice } },
    "ram:SpecifiedLineTradeDelivery": { "ram:BilledQuantity": withAttributes(item.quantity, { unitCode: item.unitCode }) },
    "ram:SpecifiedLineTradeSettlement": {
      "ram:ApplicableTradeTax": { "ram:TypeCode": "VAT", "ram:CategoryCode": item.categoryCode, "ram:RateApplicablePercent": item.rate },
      "ram:SpecifiedTradeAllowanceCharge": item.allowances.map(lineAllowance),
      "ram:SpecifiedTradeSettlementLineMonetarySummation": { "ram:LineTotalAmount": item.netAmount },
    },
  };
}

function settlement(model: En16931Invoice): XmlElement {
  const { totals, payment } = model;
  return {
    "ram:PaymentReference": payment?.remittanceInformation,
    "ram:InvoiceCurrencyCode": model.currency,
    "ram:SpecifiedTradeSettlementPaymentMeans": when(payment, (means) => ({
      "ram:TypeCode": means.meansCode,
      "ram:PayeePartyCreditorFinancialAccount": when(means.accountIdentifier, (iban) => ({ "ram:IBANID": iban })),
      "ram:PayeeSpecifiedCreditorFinancialInstitution": when(means.serviceProviderIdentifier, (bic) => ({ "ram:BICID": bic })),
    })),
    "ram:ApplicableTradeTax": model.vatBreakdown.map((group) => ({
      "ram:CalculatedAmount": group.taxAmount,
      "ram:TypeCode": "VAT",
      "ram:ExemptionReason": group.exemptionReason,
      "ram:BasisAmount": group.taxableAmount,
      "ram:CategoryCode": group.categoryCode,
      "ram:ExemptionReasonCode": group.exemptionReasonCode,
      "ram:RateApplicablePercent": group.rate,
    })),
    "ram:SpecifiedTradePaymentTerms":
      model.paymentTerms || model.dueDate
        ? { "ram:Description": model.paymentTerms, "ram:DueDateDateTime": when(model.dueDate, (due) => date(due)) }
        : undefined,
    "ram:SpecifiedTradeSettlementHeaderMonetarySummation": {
      "ram:LineTotalAmount": totals.lineNetTotal,
      "ram:TaxBasisTotalAmount": totals.taxExclusive,
      // The one amount CII qualifies with its currency (BT-110; BT-111 would be a second, in the VAT currency).
      "ram:TaxTotalAmount": withAttributes(totals.vatTotal, { currencyID: model.currency }),
      "ram:GrandTotalAmount": totals.taxInclusive,
      "ram:TotalPrepaidAmount": isZeroAmount(totals.paid) ? null : totals.paid,
      "ram:DuePayableAmount": totals.amountDue,
    },
    "ram:InvoiceReferencedDocument": when(model.precedingInvoice, (preceding) => ({
      "ram:IssuerAssignedID": preceding.number,
      "ram:FormattedIssueDateTime": when(preceding.issueDate, (issued) => date(issued, "qdt")),
    })),
  };
}

/** The model as a CII D16B CrossIndustryInvoice under the given guideline (EN 16931 by default). */
export function toCii(model: En16931Invoice, options: CiiOptions = {}): string {
  const delivery = model.delivery;
  const document: XmlElement = {
    "@xmlns:rsm": CII_NAMESPACES.rsm,
    "@xmlns:ram": CII_NAMESPACES.ram,
    "@xmlns:qdt": CII_NAMESPACES.qdt,
    "@xmlns:udt": CII_NAMESPACES.udt,
    "rsm:ExchangedDocumentContext": {
      "ram:BusinessProcessSpecifiedDocumentContextParameter": when(options.businessProcess, (process) => ({ "ram:ID": process })),
      "ram:GuidelineSpecifiedDocumentContextParameter": { "ram:ID": options.guideline ?? EN16931_GUIDELINE },
    },
    "rsm:ExchangedDocument": {
      "ram:ID": model.number,
      "ram:TypeCode": model.typeCode,
      "ram:IssueDateTime": date(model.issueDate),
      "ram:IncludedNote": when(model.note, (note) => ({ "ram:Content": note })),
    },
    "rsm:SupplyChainTradeTransaction": {
      "ram:IncludedSupplyChainTradeLineItem": model.lines.map(line),
      "ram:ApplicableHeaderTradeAgreement": {
        "ram:BuyerReference": model.buyerReference,
        "ram:SellerTradeParty": ciiSeller(model.seller),
        "ram:BuyerTradeParty": ciiBuyer(model.buyer),
      },
      // Required even when empty: the XSD wants the delivery aggregate, EN 16931 only its optional terms.
      "ram:ApplicableHeaderTradeDelivery": {
        "ram:ShipToTradeParty": when(delivery?.countryCode, (country) => ({
          "ram:PostalTradeAddress": { "ram:PostcodeCode": delivery?.postalCode, "ram:CityName": delivery?.city, "ram:CountryID": country },
        })),
        "ram:ActualDeliverySupplyChainEvent": when(delivery?.date, (day) => ({ "ram:OccurrenceDateTime": date(day) })),
      },
      "ram:ApplicableHeaderTradeSettlement": settlement(model),
    },
  };
  return toXml({ "rsm:CrossIndustryInvoice": document });
}
