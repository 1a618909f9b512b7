// CII D16B CrossIndustryInvoice back into a summary of business terms.
import { at, list, parser, text, ZERO, type Node, type Summary } from "./summary.ts";

/** CCYYMMDD (format 102) → YYYY-MM-DD. */
function isoDate(value: string | null): string | null {
  return value === null ? null : `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
}

export function readCii(xml: string): Summary {
  const root = (parser.parse(xml) as Node).CrossIndustryInvoice as Node;
  const document = at(root, "ExchangedDocument");
  const trade = at(root, "SupplyChainTradeTransaction");
  const agreement = at(trade, "ApplicableHeaderTradeAgreement");
  const delivery = at(trade, "ApplicableHeaderTradeDelivery") as Node;
  const settlement = at(trade, "ApplicableHeaderTradeSettlement");
  const seller = at(agreement, "SellerTradeParty");
  const buyer = at(agreement, "BuyerTradeParty");
  const registration = (party: unknown, scheme: string): string | null =>
    text(list(party, "SpecifiedTaxRegistration").find((entry) => (at(entry, "ID") as Node)["@schemeID"] === scheme), "ID");
  const means = at(settlement, "SpecifiedTradeSettlementPaymentMeans");
  const sums = at(settlement, "SpecifiedTradeSettlementHeaderMonetarySummation");
  const preceding = at(settlement, "InvoiceReferencedDocument");
  const hasDelivery = Object.keys(delivery ?? {}).length > 0;
  return {
    typeCode: text(document, "TypeCode") ?? "",
    number: text(document, "ID") ?? "",
    issueDate: isoDate(text(document, "IssueDateTime", "DateTimeString")) ?? "",
    dueDate: isoDate(text(settlement, "SpecifiedTradePaymentTerms", "DueDateDateTime", "DateTimeString")),
    currency: text(settlement, "InvoiceCurrencyCode") ?? "",
    buyerReference: text(agreement, "BuyerReference"),
    note: text(document, "IncludedNote", "Content"),
    preceding: preceding
      ? { number: text(preceding, "IssuerAssignedID") ?? "", issueDate: isoDate(text(preceding, "FormattedIssueDateTime", "DateTimeString")) }
      : null,
    seller: {
      name: text(seller, "Name") ?? "",
      vat: registration(seller, "VA"),
      taxNumber: registration(seller, "FC"),
      country: text(seller, "PostalTradeAddress", "CountryID") ?? "",
      email: text(seller, "URIUniversalCommunication", "URIID"),
    },
    buyer: {
      name: text(buyer, "Name") ?? "",
      vat: registration(buyer, "VA"),
      legalId: text(buyer, "SpecifiedLegalOrganization", "ID"),
      country: text(buyer, "PostalTradeAddress", "CountryID") ?? "",
      email: text(buyer, "URIUniversalCommunication", "URIID"),
    },
    delivery: hasDelivery
      ? {
          date: isoDate(text(delivery, "ActualDeliverySupplyChainEvent", "OccurrenceDateTime", "DateTimeString")),
          city: text(delivery, "ShipToTradeParty", "PostalTradeAddress", "CityName"),
          postalCode: text(delivery, "ShipToTradeParty", "PostalTradeAddress", "PostcodeCode"),
          country: text(delivery, "ShipToTradeParty", "PostalTradeAddress", "CountryID"),
        }
      : null,
    payment: means
      ? {
          means: text(means, "TypeCode") ?? "",
          iban: text(means, "PayeePartyCreditorFinancialAccount", "IBANID"),
          bic: text(means, "PayeeSpecifiedCreditorFinancialInstitution", "BICID"),
          reference: text(settlement, "PaymentReference"),
        }
      : null,
    paymentTerms: text(settlement, "SpecifiedTradePaymentTerms", "Description"),
    totals: {
      lineNetTotal: text(sums, "LineTotalAmount") ?? "",
      taxExclusive: text(sums, "TaxBasisTotalAmount") ?? "",
      vatTotal: text(sums, "TaxTotalAmount") ?? "",
      taxInclusive: text(sums, "GrandTotalAmount") ?? "",
      paid: text(sums, "TotalPrepaidAmount") ?? ZERO,
      amountDue: text(sums, "DuePayableAmount") ?? "",
    },
    groups: list(settlement, "ApplicableTradeTax").map((group) => ({
      category: text(group, "CategoryCode") ?? "",
      rate: text(group, "RateApplicablePercent"),
      taxable: text(group, "BasisAmount") ?? "",
      tax: text(group, "CalculatedAmount") ?? "",
      reason: text(group, "ExemptionReason"),
      code: text(group, "ExemptionReasonCode"),
    })),
    lines: list(trade, "IncludedSupplyChainTradeLineItem").map((line) => {
      const quantity = at(line, "SpecifiedLineTradeDelivery", "BilledQuantity") as Node;
      const tax = (at(line, "SpecifiedLineTradeSettlement", "ApplicableTradeTax") as Node[])[0];
      return {
        id: text(line, "AssociatedDocumentLineDocument", "LineID") ?? "",
        quantity: text(quantity) ?? "",
        unit: String(quantity["@unitCode"]),
        net: text(line, "SpecifiedLineTradeSettlement", "SpecifiedTradeSettlementLineMonetarySummation", "LineTotalAmount") ?? "",
        price: text(line, "SpecifiedLineTradeAgreement", "NetPriceProductTradePrice", "ChargeAmount") ?? "",
        allowances: list(line, "SpecifiedLineTradeSettlement", "SpecifiedTradeAllowanceCharge").map((entry) => ({
          charge: text(entry, "ChargeIndicator", "Indicator") ?? "",
          amount: text(entry, "ActualAmount") ?? "",
          base: text(entry, "BasisAmount"),
          percentage: text(entry, "CalculationPercent"),
          reason: text(entry, "Reason"),
          code: text(entry, "ReasonCode"),
        })),
        category: text(tax, "CategoryCode") ?? "",
        rate: text(tax, "RateApplicablePercent"),
        name: text(line, "SpecifiedTradeProduct", "Name") ?? "",
      };
    }),
  };
}
