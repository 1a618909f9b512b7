// XRechnung, the German CIUS of EN 16931, in either syntax: a UBL or CII document whose
// specification identifier (BT-24) names XRechnung. It says nothing the EN 16931 readers do not
// read, so after the identifier check it is read as the UBL or CII it is.
import { XRECHNUNG_CUSTOMIZATION_ID } from "../../../render/einvoice/xrechnung.ts";
import { AppError } from "../../domain/errors.ts";
import type { FormatReader } from "../model.ts";
import { decodeText } from "../text.ts";
import { xmlRoot } from "../xml.ts";
import { CII_ROOT, ciiRoot, ciiTerms } from "./cii.ts";
import { einvoiceResult, textAt, type Found } from "./einvoice.ts";
import { ublRoot, ublTerms } from "./ubl.ts";

/** Every XRechnung version's identifier: "…:kosit:xrechnung_3.0", "…:kosit:standard:xrechnung_1.2", "…:kosit:extension:xrechnung_3.0". */
const XRECHNUNG_IDENTIFIER = /:xrechnung_\d/i;

function checkIdentifier(identifier: Found | null): void {
  if (identifier && XRECHNUNG_IDENTIFIER.test(identifier.text)) return;
  const found = identifier ? `"${identifier.text}"` : "absent";
  throw new AppError("VALIDATION_ERROR", `Not an XRechnung: its specification identifier (BT-24) is ${found}, not ${XRECHNUNG_CUSTOMIZATION_ID} or another XRechnung version`, {
    field: "content",
    issue: "not xrechnung",
    business_term: "BT-24",
  });
}

export const readXRechnung: FormatReader = async (bytes) => {
  if (xmlRoot(decodeText(bytes) ?? "")?.name === CII_ROOT) {
    const root = ciiRoot(bytes);
    checkIdentifier(textAt(root, "ExchangedDocumentContext", "GuidelineSpecifiedDocumentContextParameter", "ID"));
    return einvoiceResult(ciiTerms(root));
  }
  const { root, creditNote } = ublRoot(bytes);
  checkIdentifier(textAt(root, "CustomizationID"));
  return einvoiceResult(ublTerms(root, creditNote));
};
