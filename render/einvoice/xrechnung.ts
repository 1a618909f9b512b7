// XRechnung 3.0, the German CIUS of EN 16931 (B2G, and B2B since 2025), in UBL or CII. It is the
// same model the UBL and CII writers spell, under XRechnung's specification identifier (BT-24) and
// Peppol's business process (BT-23, which XRechnung 3.0 requires in both syntaxes through
// PEPPOL-EN16931-R001), checked against the BR-DE rules (xrechnung-rules.ts) and the EN 16931
// business rules before anything is written.
import { toCii } from "./cii.ts";
import type { En16931Invoice } from "./model.ts";
import { assertBusinessRules } from "./rules/index.ts";
import { PEPPOL_PROFILE_ID, toUbl } from "./ubl.ts";
import { checkXRechnung, skontoLines } from "./xrechnung-rules.ts";

export const XRECHNUNG_CUSTOMIZATION_ID = "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0";
/** BT-23 as the XRechnung 3.0 examples write it: Peppol BIS Billing's process id. */
export const XRECHNUNG_BUSINESS_PROCESS = PEPPOL_PROFILE_ID;

export type XRechnungSyntax = "ubl" | "cii";

/**
 * The model as XRechnung writes it, where XRechnung says more than EN 16931:
 * - every VAT breakdown states a rate (BR-DE-14), so "not subject to VAT" (O) states 0, as the
 *   official XRechnung-O example does (EN 16931 leaves BT-119 open there; only line rates, BT-152,
 *   are forbidden for O by BR-O-05);
 * - a Skonto line in the payment terms ends with a line break (BR-DE-18), which trimming removed
 *   when it was the last line.
 */
export function asXRechnung(model: En16931Invoice): En16931Invoice {
  const terms = model.paymentTerms;
  const lastLine = terms?.split(/\r?\n/).at(-1) ?? "";
  const endsWithSkonto = skontoLines(lastLine).length > 0;
  return {
    ...model,
    paymentTerms: endsWithSkonto ? `${terms}\n` : terms,
    vatBreakdown: model.vatBreakdown.map((group) => (group.categoryCode === "O" && group.rate === null ? { ...group, rate: "0" } : group)),
  };
}

/**
 * The XRechnung 3.0 document in the given syntax. Throws AppError VALIDATION_ERROR (422) naming the
 * business term when a BR-DE rule or an EN 16931 business rule would reject it.
 */
export function toXRechnung(model: En16931Invoice, syntax: XRechnungSyntax): string {
  const invoice = asXRechnung(model);
  checkXRechnung(invoice);
  assertBusinessRules(invoice);
  if (syntax === "ubl") return toUbl(invoice, { customizationId: XRECHNUNG_CUSTOMIZATION_ID, profileId: XRECHNUNG_BUSINESS_PROCESS });
  return toCii(invoice, { guideline: XRECHNUNG_CUSTOMIZATION_ID, businessProcess: XRECHNUNG_BUSINESS_PROCESS });
}
