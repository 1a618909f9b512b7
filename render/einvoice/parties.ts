// Seller (BG-4) and buyer (BG-7) from the invoice's snapshot, falling back to the account profile
// for what the snapshot lacks: the invoice keeps what was issued even if the profile changes later.
import type { InvoiceRecord } from "../../server/domain/invoice.ts";
import type { TaxCategory } from "../../server/domain/money.ts";
import type { PostalAddress, StoredProfile } from "../../server/domain/profile.ts";
import type { En16931Address, En16931Buyer, En16931Seller } from "./model.ts";
import { present, termError } from "./requirements.ts";

/**
 * A VAT identifier carries its ISO 3166 country prefix (BR-CO-09: "DE123456789", "EL…" for Greece);
 * a tax id without one is a national tax number, so it goes where EN 16931 has room for that.
 */
export function isVatIdentifier(id: string): boolean {
  return /^[A-Z]{2}[A-Z0-9+*.\- ]*[0-9]/.test(id);
}

function addressOf(address: PostalAddress | null, term: string, label: string, field: string): En16931Address {
  const countryCode = present(address?.country);
  if (!countryCode) throw termError(term, label, `${field}.country`, "required");
  return {
    line1: present(address?.line1),
    line2: present(address?.line2),
    city: present(address?.city),
    postalCode: present(address?.postal_code),
    region: present(address?.region),
    countryCode,
  };
}

export function sellerOf(invoice: InvoiceRecord, profile: StoredProfile, categories: ReadonlySet<TaxCategory>): En16931Seller {
  const name = present(invoice.from_name) ?? present(profile.legal_name);
  if (!name) throw termError("BT-27", "seller name", "from_name", "required");
  const address = addressOf(invoice.from_address ?? profile.address, "BT-40", "seller country code", "from_address");
  const taxId = present(invoice.from_tax_id) ?? present(profile.tax_id);
  if (!taxId) {
    throw termError("BT-31", "seller VAT identifier (or BT-32 tax registration identifier)", "from_tax_id", "required");
  }
  // Outside the scope of VAT (O) the seller shows no VAT identifier (BR-O-02), only its tax number.
  const asVat = isVatIdentifier(taxId) && !categories.has("O");
  const email = present(invoice.from_email) ?? present(profile.contact.email);
  const contact = { name: present(profile.contact.name), phone: present(profile.contact.phone), email };
  return {
    name,
    vatIdentifier: asVat ? taxId : null,
    taxRegistrationIdentifier: asVat ? null : taxId,
    legalRegistrationIdentifier: present(profile.registration_id),
    electronicAddress: email,
    address,
    contact: contact.name || contact.phone || contact.email ? contact : null,
  };
}

export function buyerOf(invoice: InvoiceRecord, categories: ReadonlySet<TaxCategory>): En16931Buyer {
  const name = present(invoice.bill_to_name);
  if (!name) throw termError("BT-44", "buyer name", "bill_to_name", "required");
  const address = addressOf(invoice.bill_to_address, "BT-55", "buyer country code", "bill_to_address");
  const taxId = present(invoice.bill_to_tax_id);
  // Same reasoning as the seller's: a prefixed id is BT-48, a national number the legal registration id.
  const asVat = taxId !== null && isVatIdentifier(taxId) && !categories.has("O");
  return {
    name,
    legalRegistrationIdentifier: taxId !== null && !asVat ? taxId : null,
    vatIdentifier: asVat ? taxId : null,
    electronicAddress: present(invoice.bill_to_email),
    address,
  };
}
