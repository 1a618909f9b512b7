// BR-01…BR-67 for the terms the model carries. Most are "shall have": the model holds strings, and
// an empty one would be written as an empty element, so presence is checked, not assumed from types.
// Rules on terms the service never writes are listed in index.ts, not faked here.
import { amount, compare, show, ZERO } from "./amounts.ts";
import { blank, firstAllowanceFinding, firstFinding, groupPresence, linePresence, presence, unexplainedAllowance, type BusinessRule } from "./types.ts";

/** Payment means codes the bindings treat as credit transfer (BR-61): 30 credit transfer, 58 SEPA. */
const CREDIT_TRANSFER = new Set(["30", "58"]);

const DOCUMENT: BusinessRule[] = [
  presence("BR-02", "An Invoice shall have an Invoice number (BT-1).", "BT-1", "number", (m) => m.number),
  presence("BR-03", "An Invoice shall have an Invoice issue date (BT-2).", "BT-2", "issueDate", (m) => m.issueDate),
  presence("BR-04", "An Invoice shall have an Invoice type code (BT-3).", "BT-3", "typeCode", (m) => m.typeCode),
  presence("BR-05", "An Invoice shall have an Invoice currency code (BT-5).", "BT-5", "currency", (m) => m.currency),
  presence("BR-06", "An Invoice shall contain the Seller name (BT-27).", "BT-27", "seller.name", (m) => m.seller.name),
  presence("BR-07", "An Invoice shall contain the Buyer name (BT-44).", "BT-44", "buyer.name", (m) => m.buyer.name),
  presence("BR-08", "An Invoice shall contain the Seller postal address.", "BG-5", "seller.address", (m) => m.seller.address),
  presence("BR-09", "The Seller postal address (BG-5) shall contain a Seller country code (BT-40).", "BT-40", "seller.address.countryCode", (m) => m.seller.address?.countryCode),
  presence("BR-10", "An Invoice shall contain the Buyer postal address (BG-8).", "BG-8", "buyer.address", (m) => m.buyer.address),
  presence("BR-11", "The Buyer postal address shall contain a Buyer country code (BT-55).", "BT-55", "buyer.address.countryCode", (m) => m.buyer.address?.countryCode),
  presence("BR-12", "An Invoice shall have the Sum of Invoice line net amount (BT-106).", "BT-106", "totals.lineNetTotal", (m) => m.totals.lineNetTotal),
  presence("BR-13", "An Invoice shall have the Invoice total amount without VAT (BT-109).", "BT-109", "totals.taxExclusive", (m) => m.totals.taxExclusive),
  presence("BR-14", "An Invoice shall have the Invoice total amount with VAT (BT-112).", "BT-112", "totals.taxInclusive", (m) => m.totals.taxInclusive),
  presence("BR-15", "An Invoice shall have the Amount due for payment (BT-115).", "BT-115", "totals.amountDue", (m) => m.totals.amountDue),
  presence("BR-16", "An Invoice shall have at least one Invoice line (BG-25)", "BG-25", "lines", (m) => (m.lines.length > 0 ? m.lines : null)),
];

const LINES: BusinessRule[] = [
  linePresence("BR-21", "Each Invoice line (BG-25) shall have an Invoice line identifier (BT-126).", "BT-126", "id"),
  linePresence("BR-22", "Each Invoice line (BG-25) shall have an Invoiced quantity (BT-129).", "BT-129", "quantity"),
  linePresence("BR-23", "An Invoice line (BG-25) shall have an Invoiced quantity unit of measure code (BT-130).", "BT-130", "unitCode"),
  linePresence("BR-24", "Each Invoice line (BG-25) shall have an Invoice line net amount (BT-131).", "BT-131", "netAmount"),
  linePresence("BR-25", "Each Invoice line (BG-25) shall contain the Item name (BT-153).", "BT-153", "itemName"),
  linePresence("BR-26", "Each Invoice line (BG-25) shall contain the Item net price (BT-146).", "BT-146", "netPrice"),
  {
    id: "BR-27",
    text: "The Item net price (BT-146) shall NOT be negative.",
    check: (model) =>
      firstFinding(model.lines, (line, index) => {
        const path = `lines.${index}.netPrice`;
        const price = amount(line.netPrice, "BT-146", path);
        return compare(price, ZERO) < 0 ? { term: "BT-146", path, found: show(price) } : null;
      }),
  },
  {
    id: "BR-41",
    text: "Each Invoice line allowance (BG-27) shall have an Invoice line allowance amount (BT-136).",
    check: (model) => firstAllowanceFinding(model, (allowance, path) => (blank(allowance.amount) ? { term: "BT-136", path: `${path}.amount`, found: "absent" } : null)),
  },
  {
    id: "BR-42",
    text: "Each Invoice line allowance (BG-27) shall have an Invoice line allowance reason (BT-139) or an Invoice line allowance reason code (BT-140).",
    check: (model) => firstAllowanceFinding(model, unexplainedAllowance),
  },
];

const BREAKDOWN: BusinessRule[] = [
  groupPresence("BR-45", "Each VAT breakdown (BG-23) shall have a VAT category taxable amount (BT-116).", "BT-116", "taxableAmount"),
  groupPresence("BR-46", "Each VAT breakdown (BG-23) shall have a VAT category tax amount (BT-117).", "BT-117", "taxAmount"),
  groupPresence("BR-47", "Each VAT breakdown (BG-23) shall be defined through a VAT category code (BT-118).", "BT-118", "categoryCode"),
  {
    id: "BR-48",
    text: "Each VAT breakdown (BG-23) shall have a VAT category rate (BT-119), except if the Invoice is not subject to VAT.",
    check: (model) =>
      firstFinding(model.vatBreakdown, (group, index) =>
        blank(group.rate) && group.categoryCode !== "O" ? { term: "BT-119", path: `vatBreakdown.${index}.rate`, found: "absent" } : null,
      ),
  },
];

const PAYMENT_AND_REFERENCES: BusinessRule[] = [
  {
    id: "BR-49",
    text: "A Payment instruction (BG-16) shall specify the Payment means type code (BT-81).",
    check: ({ payment }) => (payment && blank(payment.meansCode) ? { term: "BT-81", path: "payment.meansCode", found: "absent" } : null),
  },
  {
    // The model's BG-17 is BT-84 and BT-86: a BIC without the account it belongs to is BG-17 without BT-84.
    id: "BR-50",
    text: "A Payment account identifier (BT-84) shall be present if Credit transfer (BG-17) information is provided in the Invoice.",
    check: ({ payment }) =>
      payment && !blank(payment.serviceProviderIdentifier) && blank(payment.accountIdentifier) ? { term: "BT-84", path: "payment.accountIdentifier", found: "absent" } : null,
  },
  {
    id: "BR-61",
    text: "If the Payment means type code (BT-81) means SEPA credit transfer, Local credit transfer or Non-SEPA international credit transfer, the Payment account identifier (BT-84) shall be present.",
    check: ({ payment }) =>
      payment && CREDIT_TRANSFER.has(payment.meansCode.trim()) && blank(payment.accountIdentifier)
        ? { term: "BT-84", path: "payment.accountIdentifier", found: `absent for payment means ${payment.meansCode}` }
        : null,
  },
  {
    id: "BR-55",
    text: "Each Preceding Invoice reference (BG-3) shall contain a Preceding Invoice reference (BT-25).",
    check: ({ precedingInvoice }) => (precedingInvoice && blank(precedingInvoice.number) ? { term: "BT-25", path: "precedingInvoice.number", found: "absent" } : null),
  },
  {
    // The model's deliver-to address (BG-15) is its country code alone; the writers write the address
    // whenever the code is not null, so a blank code would be an address without a country.
    id: "BR-57",
    text: "Each Deliver to address (BG-15) shall contain a Deliver to country code (BT-80).",
    check: ({ delivery }) => (delivery && delivery.countryCode !== null && blank(delivery.countryCode) ? { term: "BT-80", path: "delivery.countryCode", found: "blank" } : null),
  },
];

export const CORE_RULES: BusinessRule[] = [...DOCUMENT, ...LINES, ...BREAKDOWN, ...PAYMENT_AND_REFERENCES];
