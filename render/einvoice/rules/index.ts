// The EN 16931 business rules, checked on the model before any file is returned: a file a receiver's
// validator would reject becomes a 422 naming the rule and the business term instead. Ids and texts
// are the official ones (ConnectingEurope/eInvoicing-EN16931, ubl/schematron/abstract/EN16931-model.sch);
// each check follows the UBL and CII bindings (EN16931-UBL-model.sch, EN16931-CII-model.sch), the
// stricter of the two where they differ, because the same model is written in both syntaxes.
import { AppError } from "../../../server/domain/errors.ts";
import type { En16931Invoice } from "../model.ts";
import { NotADecimal } from "./amounts.ts";
import { CATEGORY_RULES } from "./categories.ts";
import { CORE_RULES } from "./core.ts";
import { DECIMAL_RULES } from "./decimals.ts";
import { TOTALS_RULES } from "./totals.ts";
import type { BusinessRule, Finding, RuleViolation } from "./types.ts";

export type { BusinessRule, RuleViolation } from "./types.ts";

/** In reporting order: presence first, then precision, then the sums that build on both. */
export const BUSINESS_RULES: readonly BusinessRule[] = [...CORE_RULES, ...DECIMAL_RULES, ...TOTALS_RULES, ...CATEGORY_RULES];

/**
 * Not applicable: the service never writes these terms, so a check would be vacuous (it could only
 * ever pass). A rule moves from here into the table when the model starts carrying its terms.
 */
export const NOT_APPLICABLE: ReadonlyArray<{ rules: string[]; terms: string }> = [
  { rules: ["BR-17"], terms: "Payee (BG-10)" },
  { rules: ["BR-18", "BR-19", "BR-20", "BR-56"], terms: "Seller tax representative party (BG-11, BG-12, BT-63)" },
  { rules: ["BR-28"], terms: "Item gross price (BT-148)" },
  { rules: ["BR-29", "BR-CO-19"], terms: "Invoicing period (BG-14)" },
  { rules: ["BR-30", "BR-CO-20"], terms: "Invoice line period (BG-26)" },
  { rules: ["BR-31", "BR-32", "BR-33", "BR-CO-05", "BR-CO-21", "BR-DEC-01", "BR-DEC-02"], terms: "Document level allowances (BG-20)" },
  { rules: ["BR-36", "BR-37", "BR-38", "BR-CO-06", "BR-CO-22", "BR-DEC-05", "BR-DEC-06"], terms: "Document level charges (BG-21)" },
  { rules: ["BR-CO-11", "BR-CO-12", "BR-DEC-10", "BR-DEC-11"], terms: "Sums of allowances and charges on document level (BT-107, BT-108)" },
  { rules: ["BR-43", "BR-44", "BR-CO-08", "BR-CO-24", "BR-DEC-27", "BR-DEC-28"], terms: "Invoice line charges (BG-28)" },
  { rules: ["BR-51", "BR-66"], terms: "Payment card information (BG-18)" },
  { rules: ["BR-67"], terms: "Direct debit mandate (BG-19)" },
  { rules: ["BR-52"], terms: "Additional supporting documents (BG-24)" },
  { rules: ["BR-53", "BR-DEC-15"], terms: "VAT accounting currency (BT-6) and its VAT total (BT-111)" },
  { rules: ["BR-54"], terms: "Item attributes (BG-32)" },
  { rules: ["BR-64"], terms: "Item standard identifier (BT-157)" },
  { rules: ["BR-65"], terms: "Item classification identifier (BT-158)" },
  { rules: ["BR-CO-03"], terms: "Value added tax point date (BT-7) and its code (BT-8)" },
  { rules: ["BR-DEC-17"], terms: "Rounding amount (BT-114)" },
  {
    rules: [
      ...["BR-S-03", "BR-S-04", "BR-S-06", "BR-S-07", "BR-Z-03", "BR-Z-04", "BR-Z-06", "BR-Z-07", "BR-E-03", "BR-E-04", "BR-E-06", "BR-E-07"],
      ...["BR-AE-03", "BR-AE-04", "BR-AE-06", "BR-AE-07", "BR-IC-03", "BR-IC-04", "BR-IC-06", "BR-IC-07", "BR-G-03", "BR-G-04", "BR-G-06", "BR-G-07"],
      ...["BR-O-03", "BR-O-04", "BR-O-06", "BR-O-07", "BR-O-13", "BR-O-14"],
    ],
    terms: "VAT category and rate of document level allowances and charges (BT-95, BT-96, BT-102, BT-103)",
  },
];

/**
 * Checked by construction in the writers, not on the model, because the model does not carry them:
 * BR-01 (Specification identifier BT-24: ubl.ts writes the Peppol CustomizationID, cii.ts the
 * guideline id, both constants) and BR-62/BR-63 (scheme of the electronic addresses BT-34/BT-49: both
 * writers always give the scheme EM). They are in neither table above.
 */
export const WRITTEN_BY_THE_WRITERS: readonly string[] = ["BR-01", "BR-62", "BR-63"];

/** A rule computing with a value that is no number cannot hold (xs:decimal() fails in the schematron). */
function run(rule: BusinessRule, model: En16931Invoice): Finding | null {
  try {
    return rule.check(model);
  } catch (error) {
    if (!(error instanceof NotADecimal)) throw error;
    return { term: error.term, path: error.path, found: `${JSON.stringify(error.text)} is not a decimal number` };
  }
}

/** Every rule the model breaks, in BUSINESS_RULES order; empty when the model may be written. */
export function checkBusinessRules(model: En16931Invoice): RuleViolation[] {
  const violations: RuleViolation[] = [];
  for (const rule of BUSINESS_RULES) {
    const finding = run(rule, model);
    if (finding) violations.push({ rule: rule.id, text: rule.text, businessTerm: finding.term, path: finding.path, found: finding.found });
  }
  return violations;
}

/** 422 VALIDATION_ERROR naming the first broken rule and its business term; nothing when all hold. */
export function assertBusinessRules(model: En16931Invoice): void {
  const [first] = checkBusinessRules(model);
  if (!first) return;
  throw new AppError("VALIDATION_ERROR", `${first.rule} ${first.text}`, {
    field: first.path,
    issue: first.text,
    rule: first.rule,
    business_term: first.businessTerm,
  });
}
