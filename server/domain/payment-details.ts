// What the record takes as an IBAN, a BIC and an e-mail address: one rule for the create schemas
// (routers/shared/schemas.ts) and for the e-invoice reader, which leaves out a detail that is not
// one rather than refuse the whole invoice (server/imports/formats/einvoice.ts).
import { z } from "zod";

/** An IBAN without blanks: country, check digits, 10 to 30 letters or digits. */
export const IBAN_PATTERN = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/;

/** A BIC (SWIFT code) of 8 or 11 letters or digits. */
export const BIC_PATTERN = /^[A-Z0-9]{8}([A-Z0-9]{3})?$/;

/** An e-mail address as the record stores it. */
export const emailAddress = z.email().max(320);
