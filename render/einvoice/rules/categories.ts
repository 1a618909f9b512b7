// The VAT category rules the model's categories answer to: BR-S (standard rated), BR-Z (zero rated),
// BR-E (exempt), BR-AE (reverse charge), BR-IC (intra-community supply, K), BR-G (export outside the
// EU) and BR-O (not subject to VAT). Texts are the official ones, quirks included ("Standard rate",
// " Not subject to VAT"). The -03/-04/-06/-07 rules of each are about allowances and charges the
// service never writes (index.ts).
import type { En16931Invoice } from "../model.ts";
import { blank, type BusinessRule } from "./types.ts";
import {
  breakdownMatchesLines,
  exemptionReason,
  identifier,
  lineRate,
  standardTax,
  taxableMatchesLines,
  taxIsZero,
  whenLinesOf,
} from "./category-checks.ts";

const rule = (id: string, text: string, check: BusinessRule["check"]): BusinessRule => ({ id, text, check });

/** Seller VAT id (BT-31) or tax registration id (BT-32); the bindings accept either (VA or FC). */
const sellerTaxId: BusinessRule["check"] = ({ seller }) =>
  blank(seller.vatIdentifier) && blank(seller.taxRegistrationIdentifier) ? { term: "BT-31", path: "seller.vatIdentifier", found: "absent, and no BT-32" } : null;

const STANDARD: BusinessRule[] = [
  rule("BR-S-01", `An Invoice that contains an Invoice line (BG-25), a Document level allowance (BG-20) or a Document level charge (BG-21) where the VAT category code (BT-151, BT-95 or BT-102) is "Standard rated" shall contain in the VAT breakdown (BG-23) at least one VAT category code (BT-118) equal with "Standard rated".`, breakdownMatchesLines("S")),
  rule("BR-S-02", `An Invoice that contains an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "Standard rated" shall contain the Seller VAT Identifier (BT-31), the Seller tax registration identifier (BT-32) and/or the Seller tax representative VAT identifier (BT-63).`, whenLinesOf("S", sellerTaxId)),
  rule("BR-S-05", `In an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "Standard rated" the Invoiced item VAT rate (BT-152) shall be greater than zero.`, lineRate("S", "positive")),
  rule("BR-S-08", `For each different value of VAT category rate (BT-119) where the VAT category code (BT-118) is "Standard rated", the VAT category taxable amount (BT-116) in a VAT breakdown (BG-23) shall equal the sum of Invoice line net amounts (BT-131) plus the sum of document level charge amounts (BT-99) minus the sum of document level allowance amounts (BT-92) where the VAT category code (BT-151, BT-102, BT-95) is "Standard rated" and the VAT rate (BT-152, BT-103, BT-96) equals the VAT category rate (BT-119).`, taxableMatchesLines("S")),
  rule("BR-S-09", `The VAT category tax amount (BT-117) in a VAT breakdown (BG-23) where VAT category code (BT-118) is "Standard rated" shall equal the VAT category taxable amount (BT-116) multiplied by the VAT category rate (BT-119).`, standardTax),
  rule("BR-S-10", `A VAT breakdown (BG-23) with VAT Category code (BT-118) "Standard rate" shall not have a VAT exemption reason code (BT-121) or VAT exemption reason text (BT-120).`, exemptionReason("S", "forbidden")),
];

const ZERO_RATED: BusinessRule[] = [
  rule("BR-Z-01", `An Invoice that contains an Invoice line (BG-25), a Document level allowance (BG-20) or a Document level charge (BG-21) where the VAT category code (BT-151, BT-95 or BT-102) is "Zero rated" shall contain in the VAT breakdown (BG-23) exactly one VAT category code (BT-118) equal with "Zero rated".`, breakdownMatchesLines("Z")),
  rule("BR-Z-02", `An Invoice that contains an Invoice line where the Invoiced item VAT category code (BT-151) is "Zero rated" shall contain the Seller VAT Identifier (BT-31), the Seller tax registration identifier (BT-32) and/or the Seller tax representative VAT identifier (BT-63).`, whenLinesOf("Z", sellerTaxId)),
  rule("BR-Z-05", `In an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "Zero rated" the Invoiced item VAT rate (BT-152) shall be 0 (zero).`, lineRate("Z", "zero")),
  rule("BR-Z-08", `In a VAT breakdown (BG-23) where VAT category code (BT-118) is "Zero rated" the VAT category taxable amount (BT-116) shall equal the sum of Invoice line net amount (BT-131) minus the sum of Document level allowance amounts (BT-92) plus the sum of Document level charge amounts (BT-99) where the VAT category codes (BT-151, BT-95, BT-102) are "Zero rated".`, taxableMatchesLines("Z")),
  rule("BR-Z-09", `The VAT category tax amount (BT-117) in a VAT breakdown (BG-23) where VAT category code (BT-118) is "Zero rated" shall equal 0 (zero).`, taxIsZero("Z")),
  rule("BR-Z-10", `A VAT breakdown (BG-23) with VAT Category code (BT-118) "Zero rated" shall not have a VAT exemption reason code (BT-121) or VAT exemption reason text (BT-120).`, exemptionReason("Z", "forbidden")),
];

const EXEMPT: BusinessRule[] = [
  rule("BR-E-01", `An Invoice that contains an Invoice line (BG-25), a Document level allowance (BG-20) or a Document level charge (BG-21) where the VAT category code (BT-151, BT-95 or BT-102) is "Exempt from VAT" shall contain exactly one VAT breakdown (BG-23) with the VAT category code (BT-118) equal to "Exempt from VAT".`, breakdownMatchesLines("E")),
  rule("BR-E-02", `An Invoice that contains an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "Exempt from VAT" shall contain the Seller VAT Identifier (BT-31), the Seller tax registration identifier (BT-32) and/or the Seller tax representative VAT identifier (BT-63).`, whenLinesOf("E", sellerTaxId)),
  rule("BR-E-05", `In an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "Exempt from VAT", the Invoiced item VAT rate (BT-152) shall be 0 (zero).`, lineRate("E", "zero")),
  rule("BR-E-08", `In a VAT breakdown (BG-23) where the VAT category code (BT-118) is "Exempt from VAT" the VAT category taxable amount (BT-116) shall equal the sum of Invoice line net amounts (BT-131) minus the sum of Document level allowance amounts (BT-92) plus the sum of Document level charge amounts (BT-99) where the VAT category codes (BT-151, BT-95, BT-102) are "Exempt from VAT".`, taxableMatchesLines("E")),
  rule("BR-E-09", `The VAT category tax amount (BT-117) In a VAT breakdown (BG-23) where the VAT category code (BT-118) equals "Exempt from VAT" shall equal 0 (zero).`, taxIsZero("E")),
  rule("BR-E-10", `A VAT breakdown (BG-23) with VAT Category code (BT-118) "Exempt from VAT" shall have a VAT exemption reason code (BT-121) or a VAT exemption reason text (BT-120).`, exemptionReason("E", "required")),
];

const REVERSE_CHARGE: BusinessRule[] = [
  rule("BR-AE-01", `An Invoice that contains an Invoice line (BG-25), a Document level allowance (BG-20) or a Document level charge (BG-21) where the VAT category code (BT-151, BT-95 or BT-102) is "Reverse charge" shall contain in the VAT Breakdown (BG-23) exactly one VAT category code (BT-118) equal with "VAT reverse charge".`, breakdownMatchesLines("AE")),
  rule(
    "BR-AE-02",
    `An Invoice that contains an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "Reverse charge" shall contain the Seller VAT Identifier (BT-31), the Seller Tax registration identifier (BT-32) and/or the Seller tax representative VAT identifier (BT-63) and the Buyer VAT identifier (BT-48) and/or the Buyer legal registration identifier (BT-47).`,
    whenLinesOf("AE", (model) => {
      const { buyer } = model;
      const buyerFinding = blank(buyer.vatIdentifier) && blank(buyer.legalRegistrationIdentifier) ? { term: "BT-48", path: "buyer.vatIdentifier", found: "absent, and no BT-47" } : null;
      return sellerTaxId(model) ?? buyerFinding;
    }),
  ),
  rule("BR-AE-05", `In an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "Reverse charge" the Invoiced item VAT rate (BT-152) shall be 0 (zero).`, lineRate("AE", "zero")),
  rule("BR-AE-08", `In a VAT breakdown (BG-23) where the VAT category code (BT-118) is "Reverse charge" the VAT category taxable amount (BT-116) shall equal the sum of Invoice line net amounts (BT-131) minus the sum of Document level allowance amounts (BT-92) plus the sum of Document level charge amounts (BT-99) where the VAT category codes (BT-151, BT-95, BT-102) are "Reverse charge".`, taxableMatchesLines("AE")),
  rule("BR-AE-09", `The VAT category tax amount (BT-117) in a VAT breakdown (BG-23) where the VAT category code (BT-118) is "Reverse charge" shall be 0 (zero).`, taxIsZero("AE")),
  rule("BR-AE-10", `A VAT breakdown (BG-23) with VAT Category code (BT-118) "Reverse charge" shall have a VAT exemption reason code (BT-121), meaning "Reverse charge" or the VAT exemption reason text (BT-120) "Reverse charge" (or the equivalent standard text in another language).`, exemptionReason("AE", "required")),
];

const INTRA_COMMUNITY: BusinessRule[] = [
  rule("BR-IC-01", `An Invoice that contains an Invoice line (BG-25), a Document level allowance (BG-20) or a Document level charge (BG-21) where the VAT category code (BT-151, BT-95 or BT-102) is "Intra-community supply" shall contain in the VAT breakdown (BG-23) exactly one VAT category code (BT-118) equal with "Intra-community supply".`, breakdownMatchesLines("K")),
  rule(
    "BR-IC-02",
    `An Invoice that contains an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "Intra-community supply" shall contain the Seller VAT Identifier (BT-31) or the Seller tax representative VAT identifier (BT-63) and the Buyer VAT identifier (BT-48).`,
    whenLinesOf("K", ({ seller, buyer }) => identifier(seller.vatIdentifier, "BT-31", "seller.vatIdentifier", "present") ?? identifier(buyer.vatIdentifier, "BT-48", "buyer.vatIdentifier", "present")),
  ),
  rule("BR-IC-05", `In an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "Intracommunity supply" the Invoiced item VAT rate (BT-152) shall be 0 (zero).`, lineRate("K", "zero")),
  rule("BR-IC-08", `In a VAT breakdown (BG-23) where the VAT category code (BT-118) is "Intra-community supply" the VAT category taxable amount (BT-116) shall equal the sum of Invoice line net amounts (BT-131) minus the sum of Document level allowance amounts (BT-92) plus the sum of Document level charge amounts (BT-99) where the VAT category codes (BT-151, BT-95, BT-102) are "Intra-community supply".`, taxableMatchesLines("K")),
  rule("BR-IC-09", `The VAT category tax amount (BT-117) in a VAT breakdown (BG-23) where the VAT category code (BT-118) is "Intra-community supply" shall be 0 (zero).`, taxIsZero("K")),
  rule("BR-IC-10", `A VAT breakdown (BG-23) with the VAT Category code (BT-118) "Intra-community supply" shall have a VAT exemption reason code (BT-121), meaning "Intra-community supply" or the VAT exemption reason text (BT-120) "Intra-community supply" (or the equivalent standard text in another language).`, exemptionReason("K", "required")),
  // The model has no invoicing period (BG-14), so the actual delivery date is the only way to hold.
  rule(
    "BR-IC-11",
    `In an Invoice with a VAT breakdown (BG-23) where the VAT category code (BT-118) is "Intra-community supply" the Actual delivery date (BT-72) or the Invoicing period (BG-14) shall not be blank.`,
    (model) => (model.vatBreakdown.some((group) => group.categoryCode === "K") ? identifier(model.delivery?.date ?? null, "BT-72", "delivery.date", "present") : null),
  ),
  rule(
    "BR-IC-12",
    `In an Invoice with a VAT breakdown (BG-23) where the VAT category code (BT-118) is "Intra-community supply" the Deliver to country code (BT-80) shall not be blank.`,
    (model) => (model.vatBreakdown.some((group) => group.categoryCode === "K") ? identifier(model.delivery?.countryCode ?? null, "BT-80", "delivery.countryCode", "present") : null),
  ),
];

const EXPORT: BusinessRule[] = [
  rule("BR-G-01", `An Invoice that contains an Invoice line (BG-25), a Document level allowance (BG-20) or a Document level charge (BG-21) where the VAT category code (BT-151, BT-95 or BT-102) is "Export outside the EU" shall contain in the VAT breakdown (BG-23) exactly one VAT category code (BT-118) equal with "Export outside the EU".`, breakdownMatchesLines("G")),
  rule("BR-G-02", `An Invoice that contains an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "Export outside the EU" shall contain the Seller VAT Identifier (BT-31) or the Seller tax representative VAT identifier (BT-63).`, whenLinesOf("G", ({ seller }) => identifier(seller.vatIdentifier, "BT-31", "seller.vatIdentifier", "present"))),
  rule("BR-G-05", `In an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "Export outside the EU" the Invoiced item VAT rate (BT-152) shall be 0 (zero).`, lineRate("G", "zero")),
  rule("BR-G-08", `In a VAT breakdown (BG-23) where the VAT category code (BT-118) is "Export outside the EU" the VAT category taxable amount (BT-116) shall equal the sum of Invoice line net amounts (BT-131) minus the sum of Document level allowance amounts (BT-92) plus the sum of Document level charge amounts (BT-99) where the VAT category codes (BT-151, BT-95, BT-102) are "Export outside the EU".`, taxableMatchesLines("G")),
  rule("BR-G-09", `The VAT category tax amount (BT-117) in a VAT breakdown (BG-23) where the VAT category code (BT-118) is "Export outside the EU" shall be 0 (zero).`, taxIsZero("G")),
  rule("BR-G-10", `A VAT breakdown (BG-23) with the VAT Category code (BT-118) "Export outside the EU" shall have a VAT exemption reason code (BT-121), meaning "Export outside the EU" or the VAT exemption reason text (BT-120) "Export outside the EU" (or the equivalent standard text in another language).`, exemptionReason("G", "required")),
];

const hasOutOfScopeGroup = (model: En16931Invoice): boolean => model.vatBreakdown.some((group) => group.categoryCode === "O");

const OUT_OF_SCOPE: BusinessRule[] = [
  rule("BR-O-01", `An Invoice that contains an Invoice line (BG-25), a Document level allowance (BG-20) or a Document level charge (BG-21) where the VAT category code (BT-151, BT-95 or BT-102) is "Not subject to VAT" shall contain exactly one VAT breakdown group (BG-23) with the VAT category code (BT-118) equal to "Not subject to VAT".`, breakdownMatchesLines("O")),
  rule(
    "BR-O-02",
    `An Invoice that contains an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "Not subject to VAT" shall not contain the Seller VAT identifier (BT-31), the Seller tax representative VAT identifier (BT-63) or the Buyer VAT identifier (BT-48).`,
    whenLinesOf("O", ({ seller, buyer }) => identifier(seller.vatIdentifier, "BT-31", "seller.vatIdentifier", "absent") ?? identifier(buyer.vatIdentifier, "BT-48", "buyer.vatIdentifier", "absent")),
  ),
  rule("BR-O-05", `An Invoice line (BG-25) where the VAT category code (BT-151) is "Not subject to VAT" shall not contain an Invoiced item VAT rate (BT-152).`, lineRate("O", "absent")),
  rule("BR-O-08", `In a VAT breakdown (BG-23) where the VAT category code (BT-118) is " Not subject to VAT" the VAT category taxable amount (BT-116) shall equal the sum of Invoice line net amounts (BT-131) minus the sum of Document level allowance amounts (BT-92) plus the sum of Document level charge amounts (BT-99) where the VAT category codes (BT-151, BT-95, BT-102) are "Not subject to VAT".`, taxableMatchesLines("O")),
  rule("BR-O-09", `The VAT category tax amount (BT-117) in a VAT breakdown (BG-23) where the VAT category code (BT-118) is "Not subject to VAT" shall be 0 (zero).`, taxIsZero("O")),
  rule("BR-O-10", `A VAT breakdown (BG-23) with VAT Category code (BT-118) " Not subject to VAT" shall have a VAT exemption reason code (BT-121), meaning " Not subject to VAT" or a VAT exemption reason text (BT-120) " Not subject to VAT" (or the equivalent standard text in another language).`, exemptionReason("O", "required")),
  rule("BR-O-11", `An Invoice that contains a VAT breakdown group (BG-23) with a VAT category code (BT-118) "Not subject to VAT" shall not contain other VAT breakdown groups (BG-23).`, (model) => {
    const other = hasOutOfScopeGroup(model) ? model.vatBreakdown.findIndex((group) => group.categoryCode !== "O") : -1;
    return other < 0 ? null : { term: "BT-118", path: `vatBreakdown.${other}.categoryCode`, found: model.vatBreakdown[other]?.categoryCode ?? "" };
  }),
  rule("BR-O-12", `An Invoice that contains a VAT breakdown group (BG-23) with a VAT category code (BT-118) "Not subject to VAT" shall not contain an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is not "Not subject to VAT".`, (model) => {
    const other = hasOutOfScopeGroup(model) ? model.lines.findIndex((line) => line.categoryCode !== "O") : -1;
    return other < 0 ? null : { term: "BT-151", path: `lines.${other}.categoryCode`, found: model.lines[other]?.categoryCode ?? "" };
  }),
];

export const CATEGORY_RULES: BusinessRule[] = [...STANDARD, ...ZERO_RATED, ...EXEMPT, ...REVERSE_CHARGE, ...INTRA_COMMUNITY, ...EXPORT, ...OUT_OF_SCOPE];
