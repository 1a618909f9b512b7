// The seller profile of an account (docs/api-guide.md "Your seller profile"). New invoices copy from it.
import type { InvoiceType } from "./lifecycle.ts";
import { DEFAULT_PREFIXES } from "./numbering.ts";

export type PostalAddress = {
  line1: string | null;
  line2: string | null;
  city: string | null;
  postal_code: string | null;
  region: string | null;
  country: string | null;
};

export type PaymentInstructions = { means: string; iban: string | null; bic: string | null; reference: string | null };

/** What is stored for a profile; number sequences live in their own table. */
export type StoredProfile = {
  legal_name: string | null;
  address: PostalAddress | null;
  tax_id: string | null;
  /** A trade register or company number (EN 16931 BT-30), for sellers without a VAT identifier. */
  registration_id: string | null;
  contact: { name: string | null; phone: string | null; email: string | null };
  payment: PaymentInstructions;
  logo: string | null;
  currency: string | null;
  locale: string | null;
  timezone: string;
  prefixes: Record<InvoiceType, string>;
};

/** UNTDID 4461 code 58: SEPA credit transfer, the default means of payment. */
export const DEFAULT_PAYMENT_MEANS = "58";

export function emptyProfile(): StoredProfile {
  return {
    legal_name: null,
    address: null,
    tax_id: null,
    registration_id: null,
    contact: { name: null, phone: null, email: null },
    payment: { means: DEFAULT_PAYMENT_MEANS, iban: null, bic: null, reference: null },
    logo: null,
    currency: null,
    locale: null,
    timezone: "UTC",
    prefixes: { ...DEFAULT_PREFIXES },
  };
}

/** An IANA zone name (Europe/Berlin, UTC, Etc/GMT+1); offsets like +01:00 are not zones. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
