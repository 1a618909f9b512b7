// UBL 2.1 Invoice / CreditNote back into a summary of business terms.
import { at, list, parser, text, ZERO, type Node, type Summary } from "./summary.ts";

export function readUbl(xml: string): Summary {
  const parsed = parser.parse(xml) as Node;
  const root = (parsed.Invoice ?? parsed.CreditNote) as Node;
  const credit = parsed.CreditNote !== undefined;
  const seller = at(root, "AccountingSupplierParty", "Party");
  const buyer = at(root, "AccountingCustomerParty", "Party");
  const scheme = (party: unknown, id: string): string | null =>
    text(list(party, "PartyTaxScheme").find((entry) => text(entry, "TaxScheme", "ID") === id), "CompanyID");
  const means = at(root, "PaymentMeans");
  const totals = at(root, "LegalMonetaryTotal");
  const delivery = at(root, "Delivery");
  return {
    typeCode: text(root, credit ? "CreditNoteTypeCode" : "InvoiceTypeCode") ?? "",
    number: text(root, "ID") ?? "",
    issueDate: text(root, "IssueDate") ?? "",
    dueDate: credit ? text(means, "PaymentDueDate") : text(root, "DueDate"),
    currency: text(root, "DocumentCurrencyCode") ?? "",
    buyerReference: text(root, "BuyerReference"),
    note: text(root, "Note"),
    preceding: at(root, "BillingReference")
      ? { number: text(root, "BillingReference", "InvoiceDocumentReference", "ID") ?? "", issueDate: text(root, "BillingReference", "InvoiceDocumentReference", "IssueDate") }
      : null,
    seller: {
      name: text(seller, "PartyLegalEntity", "RegistrationName") ?? "",
      vat: scheme(seller, "VAT"),
      taxNumber: scheme(seller, "TAX"),
      country: text(seller, "PostalAddress", "Country", "IdentificationCode") ?? "",
      email: text(seller, "EndpointID"),
    },
    buyer: {
      name: text(buyer, "PartyLegalEntity", "RegistrationName") ?? "",
      vat: scheme(buyer, "VAT"),
      legalId: text(buyer, "PartyLegalEntity", "CompanyID"),
      country: text(buyer, "PostalAddress", "Country", "IdentificationCode") ?? "",
      email: text(buyer, "EndpointID"),
    },
    delivery: delivery
      ? {
          date: text(delivery, "ActualDeliveryDate"),
          city: text(delivery, "DeliveryLocation", "Address", "CityName"),
          postalCode: text(delivery, "DeliveryLocation", "Address", "PostalZone"),
          country: text(delivery, "DeliveryLocation", "Address", "Country", "IdentificationCode"),
        }
      : null,
    payment: means
      ? {
          means: text(means, "PaymentMeansCode") ?? "",
          iban: text(means, "PayeeFinancialAccount", "ID"),
          bic: text(means, "PayeeFinancialAccount", "FinancialInstitutionBranch", "ID"),
          reference: text(means, "PaymentID"),
        }
      : null,
    paymentTerms: text(root, "PaymentTerms", "Note"),
    totals: {
      lineNetTotal: text(totals, "LineExtensionAmount") ?? "",
      taxExclusive: text(totals, "TaxExclusiveAmount") ?? "",
      vatTotal: text(root, "TaxTotal", "TaxAmount") ?? "",
      taxInclusive: text(totals, "TaxInclusiveAmount") ?? "",
      paid: text(totals, "PrepaidAmount") ?? ZERO,
      amountDue: text(totals, "PayableAmount") ?? "",
    },
    groups: list(root, "TaxTotal", "TaxSubtotal").map((group) => ({
      category: text(group, "TaxCategory", "ID") ?? "",
      rate: text(group, "TaxCategory", "Percent"),
      taxable: text(group, "TaxableAmount") ?? "",
      tax: text(group, "TaxAmount") ?? "",
      reason: text(group, "TaxCategory", "TaxExemptionReason"),
      code: text(group, "TaxCategory", "TaxExemptionReasonCode"),
    })),
    lines: list(root, credit ? "CreditNoteLine" : "InvoiceLine").map((line) => {
      const quantity = at(line, credit ? "CreditedQuantity" : "InvoicedQuantity") as Node;
      return {
        id: text(line, "ID") ?? "",
        quantity: text(quantity) ?? "",
        unit: String(quantity["@unitCode"]),
        net: text(line, "LineExtensionAmount") ?? "",
        price: text(line, "Price", "PriceAmount") ?? "",
        allowances: list(line, "AllowanceCharge").map((entry) => ({
          charge: text(entry, "ChargeIndicator") ?? "",
          amount: text(entry, "Amount") ?? "",
          base: text(entry, "BaseAmount"),
          percentage: text(entry, "MultiplierFactorNumeric"),
          reason: text(entry, "AllowanceChargeReason"),
          code: text(entry, "AllowanceChargeReasonCode"),
        })),
        category: text(line, "Item", "ClassifiedTaxCategory", "ID") ?? "",
        rate: text(line, "Item", "ClassifiedTaxCategory", "Percent"),
        name: text(line, "Item", "Name") ?? "",
      };
    }),
  };
}
