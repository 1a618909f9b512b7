// UN/CEFACT Cross Industry Invoice D16B (EN 16931's CII syntax, Factur-X / ZUGFeRD, XRechnung's CII)
// read into the business terms einvoice.ts maps: the mirror of render/einvoice/cii.ts and
// cii-parties.ts, with the terms foreign files add (document allowances and charges, line charges,
// base quantities, rounding, several payment means, an account without IBAN, a contact e-mail).
import { EMAIL_SCHEME } from "../../../render/einvoice/ubl-parties.ts";
import { CII_NAMESPACES } from "../../../render/einvoice/cii.ts";
import type { FormatReader } from "../model.ts";
import { all, attributeAt, documentRoot, einvoiceResult, first, textAt, type Found, type Located, type ReadAddress, type ReadEInvoice, type ReadParty } from "./einvoice.ts";

export const CII_ROOT = "CrossIndustryInvoice";

/** A udt/qdt DateTimeString of format 102 (CCYYMMDD) as YYYY-MM-DD; any other format stays as written, for the date check to name. */
function date(at: Located | null, ...names: string[]): Found | null {
  const element = first(at, ...names, "DateTimeString");
  const found = textAt(element);
  const format = attributeAt(element, "format")?.text ?? "102";
  const digits = found && format === "102" ? /^(\d{4})(\d{2})(\d{2})$/.exec(found.text) : null;
  return found && digits ? { ...found, text: `${digits[1]}-${digits[2]}-${digits[3]}` } : found;
}

function address(at: Located | null): ReadAddress | null {
  if (!at) return null;
  return {
    line1: textAt(at, "LineOne"),
    line2: textAt(at, "LineTwo"),
    line3: textAt(at, "LineThree"),
    city: textAt(at, "CityName"),
    postalCode: textAt(at, "PostcodeCode"),
    region: textAt(at, "CountrySubDivisionName"),
    country: textAt(at, "CountryID"),
  };
}

/** Tax registrations by scheme: VA a VAT identifier (BT-31, BT-48), FC a tax number (BT-32). */
function registration(at: Located, scheme: "VA" | "FC"): Found | null {
  const found = all(at, "SpecifiedTaxRegistration").find((entry) => attributeAt(first(entry, "ID"), "schemeID")?.text === scheme);
  return textAt(found ?? null, "ID");
}

/** The buyer has no tax number term, so its national number sits in BT-47 (legal registration). */
function party(at: Located | null, role: "seller" | "buyer"): ReadParty | null {
  if (!at) return null;
  const electronic = first(at, "URIUniversalCommunication", "URIID");
  return {
    at: at.path,
    name: textAt(at, "Name"),
    vatIdentifier: registration(at, "VA"),
    taxNumber: role === "seller" ? registration(at, "FC") : textAt(at, "SpecifiedLegalOrganization", "ID"),
    email: attributeAt(electronic, "schemeID")?.text === EMAIL_SCHEME ? textAt(electronic) : textAt(at, "DefinedTradeContact", "EmailURIUniversalCommunication", "URIID"),
    address: address(first(at, "PostalTradeAddress")),
  };
}

/** udt:Indicator is an xs:boolean: "true" or "1". */
const isCharge = (at: Located): boolean => /^(true|1)$/.test(textAt(at, "ChargeIndicator", "Indicator")?.text ?? "");

const texts = (elements: Located[], ...names: string[]): Found[] => elements.flatMap((element) => textAt(element, ...names) ?? []);

/** The CII document as business terms. */
export function ciiTerms(root: Located): ReadEInvoice {
  const document = first(root, "ExchangedDocument");
  const transaction = first(root, "SupplyChainTradeTransaction");
  const agreement = first(transaction, "ApplicableHeaderTradeAgreement");
  const settlement = first(transaction, "ApplicableHeaderTradeSettlement");
  const summation = first(settlement, "SpecifiedTradeSettlementHeaderMonetarySummation");
  const currency = textAt(settlement, "InvoiceCurrencyCode");
  const terms = all(settlement, "SpecifiedTradePaymentTerms");
  // A second TaxTotalAmount states the VAT in the tax currency (BT-111); BT-110 is the invoice currency's.
  const taxTotals = all(summation, "TaxTotalAmount");
  const vatTotal = taxTotals.find((total) => attributeAt(total, "currencyID")?.text === currency?.text) ?? taxTotals[0] ?? null;
  return {
    root: root.path,
    creditNote: false,
    typeCode: textAt(document, "TypeCode"),
    number: textAt(document, "ID"),
    language: textAt(document, "LanguageID"),
    issueDate: date(document, "IssueDateTime"),
    currency,
    dueDate: terms.map((term) => date(term, "DueDateDateTime")).find((due) => due !== null) ?? null,
    buyerReference: textAt(agreement, "BuyerReference"),
    paymentTerms: texts(terms, "Description"),
    notes: texts(all(document, "IncludedNote"), "Content"),
    preceding: all(settlement, "InvoiceReferencedDocument").map((reference) => ({
      at: reference.path,
      number: textAt(reference, "IssuerAssignedID"),
      issueDate: date(reference, "FormattedIssueDateTime"),
    })),
    seller: party(first(agreement, "SellerTradeParty"), "seller"),
    buyer: party(first(agreement, "BuyerTradeParty"), "buyer"),
    deliveryDate: date(transaction, "ApplicableHeaderTradeDelivery", "ActualDeliverySupplyChainEvent", "OccurrenceDateTime"),
    // BT-83 is the settlement's, one for every means of payment.
    payments: all(settlement, "SpecifiedTradeSettlementPaymentMeans").map((means) => ({
      at: means.path,
      means: textAt(means, "TypeCode"),
      reference: textAt(settlement, "PaymentReference"),
      iban: textAt(means, "PayeePartyCreditorFinancialAccount", "IBANID") ?? textAt(means, "PayeePartyCreditorFinancialAccount", "ProprietaryID"),
      bic: textAt(means, "PayeeSpecifiedCreditorFinancialInstitution", "BICID"),
    })),
    lines: all(transaction, "IncludedSupplyChainTradeLineItem").map((line) => {
      const price = first(line, "SpecifiedLineTradeAgreement", "NetPriceProductTradePrice");
      const quantity = first(line, "SpecifiedLineTradeDelivery", "BilledQuantity");
      const tax = first(line, "SpecifiedLineTradeSettlement", "ApplicableTradeTax");
      return {
        at: line.path,
        name: textAt(line, "SpecifiedTradeProduct", "Name"),
        quantity: textAt(quantity),
        unit: attributeAt(quantity, "unitCode"),
        netAmount: textAt(line, "SpecifiedLineTradeSettlement", "SpecifiedTradeSettlementLineMonetarySummation", "LineTotalAmount"),
        price: textAt(price, "ChargeAmount"),
        // BT-149 is bound to both prices; the net price's governs BT-146.
        baseQuantity: textAt(price, "BasisQuantity") ?? textAt(line, "SpecifiedLineTradeAgreement", "GrossPriceProductTradePrice", "BasisQuantity"),
        allowancesCharges: all(first(line, "SpecifiedLineTradeSettlement"), "SpecifiedTradeAllowanceCharge").map((entry) => ({
          charge: isCharge(entry),
          percentage: textAt(entry, "CalculationPercent"),
        })),
        category: textAt(tax, "CategoryCode"),
        rate: textAt(tax, "RateApplicablePercent"),
      };
    }),
    allowancesCharges: all(settlement, "SpecifiedTradeAllowanceCharge").map((entry) => ({
      at: entry.path,
      charge: isCharge(entry),
      amount: textAt(entry, "ActualAmount"),
      reason: textAt(entry, "Reason"),
      category: textAt(entry, "CategoryTradeTax", "CategoryCode"),
      rate: textAt(entry, "CategoryTradeTax", "RateApplicablePercent"),
    })),
    vatBreakdown: all(settlement, "ApplicableTradeTax").map((group) => ({
      at: group.path,
      category: textAt(group, "CategoryCode"),
      rate: textAt(group, "RateApplicablePercent"),
      reason: textAt(group, "ExemptionReason") ?? textAt(group, "ExemptionReasonCode"),
    })),
    totals: {
      taxExclusive: textAt(summation, "TaxBasisTotalAmount"),
      vat: textAt(vatTotal),
      taxInclusive: textAt(summation, "GrandTotalAmount"),
      paid: textAt(summation, "TotalPrepaidAmount"),
      rounding: textAt(summation, "RoundingAmount"),
      amountDue: textAt(summation, "DuePayableAmount"),
    },
  };
}

/** The root of a CII CrossIndustryInvoice: 422 naming what was found otherwise. */
export function ciiRoot(bytes: Uint8Array): Located {
  return documentRoot(bytes, "a UN/CEFACT Cross Industry Invoice", (name, namespace) => name === CII_ROOT && namespace === CII_NAMESPACES.rsm);
}

export const readCii: FormatReader = async (bytes) => einvoiceResult(ciiTerms(ciiRoot(bytes)));
