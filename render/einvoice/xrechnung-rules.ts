// The German CIUS (XRechnung 3.0) on top of EN 16931: every BR-DE rule that concerns a term the
// service writes, checked on the model before a file is returned, so a refusal is a 422 naming the
// business term instead of a file the receiving platform's KoSIT validator rejects. Ids and meaning
// follow the XRechnung 3.0.2 schematron (itplr-kosit/xrechnung-schematron 2.2.0, common.sch and
// XRechnung-{UBL,CII}-validation.sch), the same rules in both syntaxes.
//
// Implemented (fatal in KoSIT unless marked):
//   BR-DE-1 (BG-16), BR-DE-2 with BR-DE-5/6/7 (BG-6: BT-41, BT-42, BT-43), BR-DE-3/4 (BT-37, BT-38),
//   BR-DE-8/9 (BT-52, BT-53), BR-DE-10/11 (BT-77, BT-78 once a deliver-to address is written),
//   BR-DE-14 (BT-119), BR-DE-15 (BT-10), BR-DE-16 (BT-31 or BT-32), BR-DE-17 (BT-3, a warning),
//   BR-DE-18 (Skonto lines in BT-20), BR-DE-19 (BT-84 a valid IBAN for code 58, a warning),
//   BR-DE-23-a (BG-17 for codes 30 and 58), BR-DE-24-a (BG-18 for cards) and BR-DE-25-a with
//   PEPPOL-EN16931-R061 (BG-19 for direct debit) — the service carries neither card details nor
//   mandates, so those means are refused —, BR-DE-27/28 (BT-42 with three digits, BT-43 shaped like
//   an address; warnings), and Peppol's R010/R020 (BT-49, BT-34), which XRechnung 3.0 adopts.
//   Warnings are refused too: each one marks data that is wrong, not merely unusual.
// Written by construction, so not checked here: BR-DE-21 (BT-24 is always the XRechnung id,
//   xrechnung.ts), PEPPOL-EN16931-R001 (BT-23 always written), R008 (xml.ts writes no empty element).
// Not applicable, the service never writes the terms: BR-DE-22 (attachment file names, BG-24),
//   BR-DE-23-b/24-b/25-b (more than one of BG-17/18/19), BR-DE-26 (type code 384, corrected invoice),
//   BR-DE-30/31 (direct debit BT-90, BT-91), BR-DEX-* (the XRechnung extension).
import { compact, isIban } from "../qr/check-digits.ts";
import type { En16931Invoice } from "./model.ts";
import { termError, TRANSFER_MEANS } from "./requirements.ts";

type XRechnungRule = {
  id: string;
  term: string;
  label: string;
  field: string;
  /** What is wrong with the model, or null when the rule holds. */
  broken: (model: En16931Invoice) => string | null;
};

/** BR-DE-17: partial, commercial, corrected, self-billed, credit note, construction invoices. */
const TYPE_CODES = new Set(["326", "380", "384", "389", "381", "875", "876", "877"]);
/** BR-DE-16: the categories under which the seller must be identified for VAT. */
const TAXED_CATEGORIES = new Set(["S", "Z", "E", "AE", "K", "G", "L", "M"]);
const CARD_MEANS = new Set(["48", "54", "55"]);
const DIRECT_DEBIT_MEANS = new Set(["49", "59"]);

// The schematron's XR-SKONTO-REGEX and XR-EMAIL-REGEX, verbatim (XR-TELEPHONE-REGEX asks for three digits).
const SKONTO = /#(SKONTO)#TAGE=([0-9]+#PROZENT=[0-9]+\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$/;
const EMAIL =
  /^[a-zA-Z0-9!#$%&"*+/=?^_`{|}~-]+(\.[a-zA-Z0-9!#$%&"*+/=?^_`{|}~-]+)*@([a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?\.)+[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?$/;

const normalized = (text: string): string => text.trim().replace(/\s+/g, " ");
const required = (rule: string) => (value: string | null | undefined) => (value ? null : `required by XRechnung (${rule})`);

/** The lines of BT-20 that start with "#": each is a Skonto term in the fixed XRechnung syntax. */
export function skontoLines(paymentTerms: string | null): string[] {
  return (paymentTerms ?? "").split(/\r?\n/).filter((line) => normalized(line).startsWith("#"));
}

export const XRECHNUNG_RULES: readonly XRechnungRule[] = [
  { id: "BR-DE-15", term: "BT-10", label: "buyer reference (Leitweg-ID)", field: "buyer_reference", broken: (m) => required("BR-DE-15")(m.buyerReference) },
  {
    id: "BR-DE-17",
    term: "BT-3",
    label: "invoice type code",
    field: "type",
    broken: (m) => (TYPE_CODES.has(m.typeCode) ? null : `${m.typeCode} is not an XRechnung type code (BR-DE-17)`),
  },
  { id: "BR-DE-1", term: "BG-16", label: "payment instructions", field: "payment", broken: (m) => (m.payment ? null : "required by XRechnung (BR-DE-1)") },
  {
    id: "BR-DE-23-a",
    term: "BT-84",
    label: "payment account identifier",
    field: "payment.iban",
    broken: ({ payment }) => (payment && TRANSFER_MEANS.has(payment.meansCode) && !payment.accountIdentifier ? `required for payment means ${payment.meansCode} (BR-DE-23-a)` : null),
  },
  {
    id: "BR-DE-19",
    term: "BT-84",
    label: "payment account identifier",
    field: "payment.iban",
    broken: ({ payment }) =>
      payment?.meansCode === "58" && payment.accountIdentifier && !isIban(compact(payment.accountIdentifier)) ? "must be a valid IBAN for SEPA credit transfer (BR-DE-19)" : null,
  },
  {
    id: "BR-DE-24-a",
    term: "BT-87",
    label: "payment card primary account number",
    field: "payment.means",
    broken: ({ payment }) =>
      payment && CARD_MEANS.has(payment.meansCode) ? `XRechnung requires card details (BG-18) for payment means ${payment.meansCode} (BR-DE-24-a); the service does not carry them` : null,
  },
  {
    id: "BR-DE-25-a",
    term: "BT-89",
    label: "mandate reference identifier",
    field: "payment.means",
    broken: ({ payment }) =>
      payment && DIRECT_DEBIT_MEANS.has(payment.meansCode)
        ? `XRechnung requires a direct debit mandate (BG-19) for payment means ${payment.meansCode} (BR-DE-25-a, PEPPOL-EN16931-R061); the service does not carry one`
        : null,
  },
  {
    id: "BR-DE-18",
    term: "BT-20",
    label: "payment terms",
    field: "payment_terms",
    broken: (m) => {
      const wrong = skontoLines(m.paymentTerms).find((line) => !SKONTO.test(normalized(line)));
      return wrong === undefined ? null : `a line starting with "#" must be a Skonto term such as #SKONTO#TAGE=14#PROZENT=2.00# (BR-DE-18), not ${JSON.stringify(normalized(wrong))}`;
    },
  },
  { id: "BR-DE-5", term: "BT-41", label: "seller contact point", field: "contact.name", broken: (m) => required("BR-DE-2, BR-DE-5")(m.seller.contact?.name) },
  { id: "BR-DE-6", term: "BT-42", label: "seller contact telephone number", field: "contact.phone", broken: (m) => required("BR-DE-6")(m.seller.contact?.phone) },
  {
    id: "BR-DE-27",
    term: "BT-42",
    label: "seller contact telephone number",
    field: "contact.phone",
    broken: (m) => ((m.seller.contact?.phone ?? "").replace(/[^0-9]/g, "").length >= 3 ? null : "must contain at least three digits (BR-DE-27)"),
  },
  { id: "BR-DE-7", term: "BT-43", label: "seller contact email address", field: "contact.email", broken: (m) => required("BR-DE-7")(m.seller.contact?.email) },
  {
    id: "BR-DE-28",
    term: "BT-43",
    label: "seller contact email address",
    field: "contact.email",
    broken: (m) => (EMAIL.test(normalized(m.seller.contact?.email ?? "")) ? null : "must be an e-mail address (BR-DE-28)"),
  },
  {
    id: "PEPPOL-EN16931-R020",
    term: "BT-34",
    label: "seller electronic address",
    field: "from_email",
    broken: (m) => required("PEPPOL-EN16931-R020")(m.seller.electronicAddress),
  },
  { id: "BR-DE-3", term: "BT-37", label: "seller city", field: "from_address.city", broken: (m) => required("BR-DE-3")(m.seller.address.city) },
  { id: "BR-DE-4", term: "BT-38", label: "seller post code", field: "from_address.postal_code", broken: (m) => required("BR-DE-4")(m.seller.address.postalCode) },
  {
    id: "BR-DE-16",
    term: "BT-31",
    label: "seller VAT identifier (or BT-32 tax registration identifier)",
    field: "from_tax_id",
    broken: ({ seller, lines }) =>
      lines.some((line) => TAXED_CATEGORIES.has(line.categoryCode)) && !seller.vatIdentifier && !seller.taxRegistrationIdentifier ? "required by XRechnung (BR-DE-16)" : null,
  },
  {
    id: "PEPPOL-EN16931-R010",
    term: "BT-49",
    label: "buyer electronic address",
    field: "bill_to_email",
    broken: (m) => required("PEPPOL-EN16931-R010")(m.buyer.electronicAddress),
  },
  { id: "BR-DE-8", term: "BT-52", label: "buyer city", field: "bill_to_address.city", broken: (m) => required("BR-DE-8")(m.buyer.address.city) },
  { id: "BR-DE-9", term: "BT-53", label: "buyer post code", field: "bill_to_address.postal_code", broken: (m) => required("BR-DE-9")(m.buyer.address.postalCode) },
  // The deliver-to address is the buyer's (model.ts), so BR-DE-8/9 have already named what is missing.
  {
    id: "BR-DE-10",
    term: "BT-77",
    label: "deliver to city",
    field: "bill_to_address.city",
    broken: ({ delivery }) => (delivery?.countryCode && !delivery.city ? "required once a deliver-to address is written (BR-DE-10)" : null),
  },
  {
    id: "BR-DE-11",
    term: "BT-78",
    label: "deliver to post code",
    field: "bill_to_address.postal_code",
    broken: ({ delivery }) => (delivery?.countryCode && !delivery.postalCode ? "required once a deliver-to address is written (BR-DE-11)" : null),
  },
  {
    id: "BR-DE-14",
    term: "BT-119",
    label: "VAT category rate",
    field: "tax_rate",
    broken: (m) => {
      const group = m.vatBreakdown.find((entry) => entry.rate === null);
      return group ? `required by XRechnung for every VAT breakdown, category ${group.categoryCode} included (BR-DE-14)` : null;
    },
  },
];

/** 422 VALIDATION_ERROR naming the business term of the first BR-DE rule the model breaks. */
export function checkXRechnung(model: En16931Invoice): void {
  for (const rule of XRECHNUNG_RULES) {
    const issue = rule.broken(model);
    if (issue) throw termError(rule.term, rule.label, rule.field, issue, rule.id);
  }
}
