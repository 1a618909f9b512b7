// One crafted violation per implemented business rule: a valid fixture's model with exactly one thing
// broken, and where the rule should point. Adding a rule means adding a row here.
import type { En16931Address, En16931Invoice } from "../../../render/einvoice/model.ts";
import type { TaxCategory } from "../../../server/domain/money.ts";

/** The fixtures (fixtures.ts) the breaks start from, by the start of their names. */
export const BASES = {
  S: "several VAT rates", // groups: S 7 %, S 19 %, Z; partly paid; credit transfer with IBAN and BIC
  Z: "zero-rated",
  E: "exempt",
  AE: "reverse charge",
  K: "intra-community",
  G: "export", // payment terms, no due date
  O: "outside the scope",
  CN: "credit note",
  D: "line discounts", // line 2 (index 1): 12.5 % off 59.97 at 7 %, allowance 7.50
} as const;

export type RuleBreak = { rule: string; base: keyof typeof BASES; path: string; breaks: (model: En16931Invoice) => void };

function at<T>(items: T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

const line = (model: En16931Invoice): En16931Invoice["lines"][number] => at(model.lines, 0);
const group = (model: En16931Invoice, index = 0): En16931Invoice["vatBreakdown"][number] => at(model.vatBreakdown, index);
const payment = (model: En16931Invoice): NonNullable<En16931Invoice["payment"]> => model.payment ?? (() => { throw new Error("no payment"); })();
const delivery = (model: En16931Invoice): NonNullable<En16931Invoice["delivery"]> => model.delivery ?? (() => { throw new Error("no delivery"); })();
/** The types forbid what these rules guard against; a model is a plain object and may be built elsewhere. */
const noAddress = null as unknown as En16931Address;
const noCategory = "" as TaxCategory;
/** The discount on the "line discounts" fixture's second line (the first allowance is line 0's). */
const allowance = (model: En16931Invoice): En16931Invoice["lines"][number]["allowances"][number] => at(at(model.lines, 1).allowances, 0);
const duplicateGroup = (model: En16931Invoice): void => void model.vatBreakdown.push({ ...group(model) });

const CORE: RuleBreak[] = [
  { rule: "BR-02", base: "S", path: "number", breaks: (m) => void (m.number = "") },
  { rule: "BR-03", base: "S", path: "issueDate", breaks: (m) => void (m.issueDate = " ") },
  { rule: "BR-04", base: "S", path: "typeCode", breaks: (m) => void (m.typeCode = "" as En16931Invoice["typeCode"]) },
  { rule: "BR-05", base: "S", path: "currency", breaks: (m) => void (m.currency = "") },
  { rule: "BR-06", base: "S", path: "seller.name", breaks: (m) => void (m.seller.name = "") },
  { rule: "BR-07", base: "S", path: "buyer.name", breaks: (m) => void (m.buyer.name = "") },
  { rule: "BR-08", base: "S", path: "seller.address", breaks: (m) => void (m.seller.address = noAddress) },
  { rule: "BR-09", base: "S", path: "seller.address.countryCode", breaks: (m) => void (m.seller.address.countryCode = "") },
  { rule: "BR-10", base: "S", path: "buyer.address", breaks: (m) => void (m.buyer.address = noAddress) },
  { rule: "BR-11", base: "S", path: "buyer.address.countryCode", breaks: (m) => void (m.buyer.address.countryCode = " ") },
  { rule: "BR-12", base: "S", path: "totals.lineNetTotal", breaks: (m) => void (m.totals.lineNetTotal = "") },
  { rule: "BR-13", base: "S", path: "totals.taxExclusive", breaks: (m) => void (m.totals.taxExclusive = "") },
  { rule: "BR-14", base: "S", path: "totals.taxInclusive", breaks: (m) => void (m.totals.taxInclusive = "") },
  { rule: "BR-15", base: "S", path: "totals.amountDue", breaks: (m) => void (m.totals.amountDue = "") },
  { rule: "BR-16", base: "S", path: "lines", breaks: (m) => void (m.lines = []) },
  { rule: "BR-21", base: "S", path: "lines.0.id", breaks: (m) => void (line(m).id = "") },
  { rule: "BR-22", base: "S", path: "lines.0.quantity", breaks: (m) => void (line(m).quantity = "") },
  { rule: "BR-23", base: "S", path: "lines.0.unitCode", breaks: (m) => void (line(m).unitCode = "") },
  { rule: "BR-24", base: "S", path: "lines.0.netAmount", breaks: (m) => void (line(m).netAmount = "") },
  { rule: "BR-25", base: "S", path: "lines.0.itemName", breaks: (m) => void (line(m).itemName = " ") },
  { rule: "BR-26", base: "S", path: "lines.0.netPrice", breaks: (m) => void (line(m).netPrice = "") },
  { rule: "BR-27", base: "S", path: "lines.0.netPrice", breaks: (m) => void (line(m).netPrice = "-120.00") },
  { rule: "BR-45", base: "S", path: "vatBreakdown.0.taxableAmount", breaks: (m) => void (group(m).taxableAmount = "") },
  { rule: "BR-46", base: "S", path: "vatBreakdown.0.taxAmount", breaks: (m) => void (group(m).taxAmount = "") },
  { rule: "BR-47", base: "S", path: "vatBreakdown.0.categoryCode", breaks: (m) => void (group(m).categoryCode = noCategory) },
  { rule: "BR-48", base: "S", path: "vatBreakdown.0.rate", breaks: (m) => void (group(m).rate = null) },
  { rule: "BR-49", base: "S", path: "payment.meansCode", breaks: (m) => void (payment(m).meansCode = "") },
  { rule: "BR-50", base: "S", path: "payment.accountIdentifier", breaks: (m) => void (payment(m).accountIdentifier = null) },
  { rule: "BR-55", base: "CN", path: "precedingInvoice.number", breaks: (m) => void (m.precedingInvoice = { number: "", issueDate: null }) },
  { rule: "BR-57", base: "K", path: "delivery.countryCode", breaks: (m) => void (delivery(m).countryCode = " ") },
  { rule: "BR-41", base: "D", path: "lines.1.allowances.0.amount", breaks: (m) => void (allowance(m).amount = "") },
  { rule: "BR-42", base: "D", path: "lines.1.allowances.0.reason", breaks: (m) => void Object.assign(allowance(m), { reason: " ", reasonCode: "" }) },
  {
    rule: "BR-61",
    base: "S",
    path: "payment.accountIdentifier",
    breaks: (m) => void Object.assign(payment(m), { accountIdentifier: null, serviceProviderIdentifier: null }),
  },
];

const DECIMALS: RuleBreak[] = [
  { rule: "BR-DEC-09", base: "S", path: "totals.lineNetTotal", breaks: (m) => void (m.totals.lineNetTotal += "0") },
  { rule: "BR-DEC-12", base: "S", path: "totals.taxExclusive", breaks: (m) => void (m.totals.taxExclusive += "0") },
  { rule: "BR-DEC-13", base: "S", path: "totals.vatTotal", breaks: (m) => void (m.totals.vatTotal += "0") },
  { rule: "BR-DEC-14", base: "S", path: "totals.taxInclusive", breaks: (m) => void (m.totals.taxInclusive += "0") },
  { rule: "BR-DEC-16", base: "S", path: "totals.paid", breaks: (m) => void (m.totals.paid += "0") },
  { rule: "BR-DEC-18", base: "S", path: "totals.amountDue", breaks: (m) => void (m.totals.amountDue += "0") },
  { rule: "BR-DEC-19", base: "S", path: "vatBreakdown.0.taxableAmount", breaks: (m) => void (group(m).taxableAmount += "0") },
  { rule: "BR-DEC-20", base: "S", path: "vatBreakdown.0.taxAmount", breaks: (m) => void (group(m).taxAmount += "0") },
  { rule: "BR-DEC-23", base: "S", path: "lines.0.netAmount", breaks: (m) => void (line(m).netAmount += "0") },
  { rule: "BR-DEC-24", base: "D", path: "lines.1.allowances.0.amount", breaks: (m) => void (allowance(m).amount = "7.496") },
  { rule: "BR-DEC-25", base: "D", path: "lines.1.allowances.0.baseAmount", breaks: (m) => void (allowance(m).baseAmount += "0") },
];

const TOTALS: RuleBreak[] = [
  { rule: "BR-CO-04", base: "S", path: "lines.0.categoryCode", breaks: (m) => void (line(m).categoryCode = noCategory) },
  { rule: "BR-CO-07", base: "D", path: "lines.1.allowances.0.reason", breaks: (m) => void (allowance(m).reason = "Damage") },
  { rule: "BR-CO-09", base: "S", path: "buyer.vatIdentifier", breaks: (m) => void (m.buyer.vatIdentifier = "XX987654321") },
  { rule: "BR-CO-10", base: "S", path: "totals.lineNetTotal", breaks: (m) => void (m.totals.lineNetTotal = "1255.49") },
  { rule: "BR-CO-13", base: "S", path: "totals.taxExclusive", breaks: (m) => void (m.totals.taxExclusive = "1255.49") },
  { rule: "BR-CO-14", base: "S", path: "totals.vatTotal", breaks: (m) => void (m.totals.vatTotal = "230.81") },
  { rule: "BR-CO-15", base: "S", path: "totals.taxInclusive", breaks: (m) => void (m.totals.taxInclusive = "1486.29") },
  { rule: "BR-CO-16", base: "S", path: "totals.amountDue", breaks: (m) => void (m.totals.amountDue = "1000.01") },
  { rule: "BR-CO-17", base: "S", path: "vatBreakdown.1.taxAmount", breaks: (m) => void (group(m, 1).taxAmount = "229.00") },
  { rule: "BR-CO-18", base: "S", path: "vatBreakdown", breaks: (m) => void (m.vatBreakdown = []) },
  { rule: "BR-CO-23", base: "D", path: "lines.1.allowances.0.reason", breaks: (m) => void Object.assign(allowance(m), { reason: "", reasonCode: " " }) },
  { rule: "BR-CO-25", base: "G", path: "dueDate", breaks: (m) => void (m.paymentTerms = null) },
  {
    rule: "BR-CO-26",
    base: "S",
    path: "seller.legalRegistrationIdentifier",
    breaks: (m) => void ((m.seller.vatIdentifier = null), (m.seller.legalRegistrationIdentifier = null)),
  },
];

const STANDARD_AND_ZERO: RuleBreak[] = [
  { rule: "BR-S-01", base: "S", path: "vatBreakdown", breaks: (m) => void (m.vatBreakdown = m.vatBreakdown.filter((g) => g.categoryCode !== "S")) },
  { rule: "BR-S-02", base: "S", path: "seller.vatIdentifier", breaks: (m) => void (m.seller.vatIdentifier = null) },
  { rule: "BR-S-05", base: "S", path: "lines.0.rate", breaks: (m) => void (line(m).rate = "0") },
  { rule: "BR-S-08", base: "S", path: "vatBreakdown.1.taxableAmount", breaks: (m) => void (group(m, 1).taxableAmount = "1201.00") },
  { rule: "BR-S-09", base: "S", path: "vatBreakdown.1.taxAmount", breaks: (m) => void (group(m, 1).taxAmount = "227.00") },
  { rule: "BR-S-10", base: "S", path: "vatBreakdown.0.exemptionReason", breaks: (m) => void (group(m).exemptionReason = "Steuerfrei") },
  { rule: "BR-Z-01", base: "Z", path: "vatBreakdown", breaks: duplicateGroup },
  { rule: "BR-Z-02", base: "Z", path: "seller.vatIdentifier", breaks: (m) => void (m.seller.vatIdentifier = null) },
  { rule: "BR-Z-05", base: "Z", path: "lines.0.rate", breaks: (m) => void (line(m).rate = "7") },
  { rule: "BR-Z-08", base: "Z", path: "vatBreakdown.0.taxableAmount", breaks: (m) => void (group(m).taxableAmount = "0.00") },
  { rule: "BR-Z-09", base: "Z", path: "vatBreakdown.0.taxAmount", breaks: (m) => void (group(m).taxAmount = "0.01") },
  { rule: "BR-Z-10", base: "Z", path: "vatBreakdown.0.exemptionReasonCode", breaks: (m) => void (group(m).exemptionReasonCode = "VATEX-EU-O") },
];

/** The same six breaks for each category that charges no VAT and states why. */
function exemptBreaks(prefix: string, base: "E" | "AE" | "K" | "G" | "O", rate: string): RuleBreak[] {
  return [
    { rule: `${prefix}-01`, base, path: "vatBreakdown", breaks: duplicateGroup },
    { rule: `${prefix}-05`, base, path: "lines.0.rate", breaks: (m) => void (line(m).rate = rate) },
    { rule: `${prefix}-08`, base, path: "vatBreakdown.0.taxableAmount", breaks: (m) => void (group(m).taxableAmount = "1.00") },
    { rule: `${prefix}-09`, base, path: "vatBreakdown.0.taxAmount", breaks: (m) => void (group(m).taxAmount = "1.00") },
    { rule: `${prefix}-10`, base, path: "vatBreakdown.0.exemptionReason", breaks: (m) => void Object.assign(group(m), { exemptionReason: null, exemptionReasonCode: null }) },
  ];
}

const EXEMPT_CATEGORIES: RuleBreak[] = [
  ...exemptBreaks("BR-E", "E", "19"),
  { rule: "BR-E-02", base: "E", path: "seller.vatIdentifier", breaks: (m) => void (m.seller.vatIdentifier = null) },
  ...exemptBreaks("BR-AE", "AE", "19"),
  { rule: "BR-AE-02", base: "AE", path: "buyer.vatIdentifier", breaks: (m) => void (m.buyer.vatIdentifier = null) },
  ...exemptBreaks("BR-IC", "K", "20"),
  { rule: "BR-IC-02", base: "K", path: "buyer.vatIdentifier", breaks: (m) => void (m.buyer.vatIdentifier = null) },
  { rule: "BR-IC-11", base: "K", path: "delivery.date", breaks: (m) => void (delivery(m).date = null) },
  { rule: "BR-IC-12", base: "K", path: "delivery.countryCode", breaks: (m) => void (delivery(m).countryCode = null) },
  ...exemptBreaks("BR-G", "G", "19"),
  { rule: "BR-G-02", base: "G", path: "seller.vatIdentifier", breaks: (m) => void (m.seller.vatIdentifier = null) },
  ...exemptBreaks("BR-O", "O", "0"),
  { rule: "BR-O-02", base: "O", path: "buyer.vatIdentifier", breaks: (m) => void (m.buyer.vatIdentifier = "DE987654321") },
  { rule: "BR-O-11", base: "O", path: "vatBreakdown.1.categoryCode", breaks: (m) => void m.vatBreakdown.push({ ...group(m), categoryCode: "Z", rate: "0", exemptionReason: null }) },
  { rule: "BR-O-12", base: "O", path: "lines.0.categoryCode", breaks: (m) => void (line(m).categoryCode = "E") },
];

export const RULE_BREAKS: RuleBreak[] = [...CORE, ...DECIMALS, ...TOTALS, ...STANDARD_AND_ZERO, ...EXEMPT_CATEGORIES];
