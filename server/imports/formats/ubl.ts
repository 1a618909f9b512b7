// UBL 2.1 Invoice and CreditNote (Peppol BIS Billing 3.0, XRechnung's UBL syntax) read into the
// business terms einvoice.ts maps: the mirror of render/einvoice/ubl.ts and ubl-parties.ts, with the
// terms foreign files add (document allowances and charges, line charges, base quantities, rounding,
// several payment means, a trading name or contact e-mail where the exporter writes the legal name
// and an electronic address).
import { EMAIL_SCHEME } from "../../../render/einvoice/ubl-parties.ts";
import { UBL_DOCUMENTS, ublNamespace } from "../../../render/einvoice/ubl.ts";
import type { FormatReader } from "../model.ts";
import {
  all,
  attributeAt,
  documentRoot,
  einvoiceResult,
  first,
  textAt,
  type Found,
  type Located,
  type ReadAddress,
  type ReadEInvoice,
  type ReadParty,
} from "./einvoice.ts";

/** cbc:InvoicedQuantity → InvoicedQuantity: parseXml keeps local names. */
const local = (name: string): string => name.slice(name.indexOf(":") + 1);

function address(at: Located | null): ReadAddress | null {
  if (!at) return null;
  return {
    line1: textAt(at, "StreetName"),
    line2: textAt(at, "AdditionalStreetName"),
    line3: textAt(at, "AddressLine", "Line"),
    city: textAt(at, "CityName"),
    postalCode: textAt(at, "PostalZone"),
    region: textAt(at, "CountrySubentity"),
    country: textAt(at, "Country", "IdentificationCode"),
  };
}

/** The seller's other tax scheme is BT-32; the buyer has none, so its national number sits in BT-47. */
function party(at: Located | null, role: "seller" | "buyer"): ReadParty | null {
  if (!at) return null;
  const schemes = all(at, "PartyTaxScheme");
  const vat = schemes.find((scheme) => textAt(scheme, "TaxScheme", "ID")?.text === "VAT") ?? null;
  const other = schemes.find((scheme) => scheme !== vat) ?? null;
  const endpoint = first(at, "EndpointID");
  return {
    at: at.path,
    name: textAt(at, "PartyLegalEntity", "RegistrationName") ?? textAt(at, "PartyName", "Name"),
    vatIdentifier: textAt(vat, "CompanyID"),
    taxNumber: role === "seller" ? textAt(other, "CompanyID") : textAt(at, "PartyLegalEntity", "CompanyID"),
    email: attributeAt(endpoint, "schemeID")?.text === EMAIL_SCHEME ? textAt(at, "EndpointID") : textAt(at, "Contact", "ElectronicMail"),
    address: address(first(at, "PostalAddress")),
  };
}

const isCharge = (at: Located): boolean => /^(true|1)$/.test(textAt(at, "ChargeIndicator")?.text ?? "");

const texts = (elements: Located[], ...names: string[]): Found[] => elements.flatMap((element) => textAt(element, ...names) ?? []);

/** The UBL document as business terms. */
export function ublTerms(root: Located, creditNote: boolean): ReadEInvoice {
  const words = UBL_DOCUMENTS[creditNote ? "381" : "380"];
  const currency = textAt(root, "DocumentCurrencyCode");
  const taxTotals = all(root, "TaxTotal");
  // A second TaxTotal states the VAT in the tax currency (BT-111); BT-110 is the document currency's.
  const vatTotal = taxTotals.find((total) => attributeAt(first(total, "TaxAmount"), "currencyID")?.text === currency?.text) ?? taxTotals[0] ?? null;
  const payments = all(root, "PaymentMeans");
  const totals = first(root, "LegalMonetaryTotal");
  return {
    root: root.path,
    creditNote,
    typeCode: textAt(root, local(words.typeCode)),
    number: textAt(root, "ID"),
    issueDate: textAt(root, "IssueDate"),
    currency,
    // A CreditNote has no DueDate; EN 16931's binding puts its BT-9 in the payment means.
    dueDate: textAt(root, "DueDate") ?? textAt(payments[0] ?? null, "PaymentDueDate"),
    buyerReference: textAt(root, "BuyerReference"),
    paymentTerms: texts(all(root, "PaymentTerms").flatMap((terms) => all(terms, "Note"))),
    notes: texts(all(root, "Note")),
    preceding: all(root, "BillingReference").map((reference) => {
      const document = first(reference, "InvoiceDocumentReference");
      return { at: reference.path, number: textAt(document, "ID"), issueDate: textAt(document, "IssueDate") };
    }),
    seller: party(first(root, "AccountingSupplierParty", "Party"), "seller"),
    buyer: party(first(root, "AccountingCustomerParty", "Party"), "buyer"),
    deliveryDate: textAt(root, "Delivery", "ActualDeliveryDate"),
    payments: payments.map((means) => ({
      at: means.path,
      means: textAt(means, "PaymentMeansCode"),
      reference: textAt(means, "PaymentID"),
      iban: textAt(means, "PayeeFinancialAccount", "ID"),
      bic: textAt(means, "PayeeFinancialAccount", "FinancialInstitutionBranch", "ID"),
    })),
    lines: all(root, local(words.line)).map((line) => {
      const quantity = first(line, local(words.quantity));
      const category = first(line, "Item", "ClassifiedTaxCategory");
      return {
        at: line.path,
        name: textAt(line, "Item", "Name"),
        quantity: textAt(quantity),
        unit: attributeAt(quantity, "unitCode"),
        netAmount: textAt(line, "LineExtensionAmount"),
        price: textAt(line, "Price", "PriceAmount"),
        baseQuantity: textAt(line, "Price", "BaseQuantity"),
        allowancesCharges: all(line, "AllowanceCharge").map((entry) => ({ charge: isCharge(entry), percentage: textAt(entry, "MultiplierFactorNumeric") })),
        category: textAt(category, "ID"),
        rate: textAt(category, "Percent"),
      };
    }),
    allowancesCharges: all(root, "AllowanceCharge").map((entry) => ({
      at: entry.path,
      charge: isCharge(entry),
      amount: textAt(entry, "Amount"),
      reason: textAt(entry, "AllowanceChargeReason"),
      category: textAt(entry, "TaxCategory", "ID"),
      rate: textAt(entry, "TaxCategory", "Percent"),
    })),
    vatBreakdown: all(vatTotal, "TaxSubtotal").map((group) => {
      const category = first(group, "TaxCategory");
      return {
        at: group.path,
        category: textAt(category, "ID"),
        rate: textAt(category, "Percent"),
        reason: textAt(category, "TaxExemptionReason") ?? textAt(category, "TaxExemptionReasonCode"),
      };
    }),
    totals: {
      taxExclusive: textAt(totals, "TaxExclusiveAmount"),
      vat: textAt(vatTotal, "TaxAmount"),
      taxInclusive: textAt(totals, "TaxInclusiveAmount"),
      paid: textAt(totals, "PrepaidAmount"),
      rounding: textAt(totals, "PayableRoundingAmount"),
      amountDue: textAt(totals, "PayableAmount"),
    },
  };
}

/** The root of a UBL 2.1 Invoice or CreditNote: 422 naming what was found otherwise. */
export function ublRoot(bytes: Uint8Array): { root: Located; creditNote: boolean } {
  const documents = [UBL_DOCUMENTS["380"].root, UBL_DOCUMENTS["381"].root];
  const root = documentRoot(bytes, "a UBL 2.1 Invoice or CreditNote", (name, namespace) => documents.some((document) => name === document && namespace === ublNamespace(document)));
  return { root, creditNote: root.path === `/${UBL_DOCUMENTS["381"].root}` };
}

export const readUbl: FormatReader = async (bytes) => {
  const { root, creditNote } = ublRoot(bytes);
  return einvoiceResult(ublTerms(root, creditNote));
};
