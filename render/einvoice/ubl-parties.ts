// UBL 2.1 parties as Peppol BIS Billing 3.0 spells them (cac:Party). Element order is the XSD's:
// EndpointID, PartyName, PostalAddress, PartyTaxScheme, PartyLegalEntity, Contact.
import type { En16931Address, En16931Buyer, En16931Seller } from "./model.ts";
import { when, withAttributes, type XmlElement } from "./xml.ts";

/** EAS code "EM": the electronic address is an e-mail address (BR-62, BR-63 want a scheme). */
export const EMAIL_SCHEME = "EM";

export function ublAddress(address: En16931Address): XmlElement {
  return {
    "cbc:StreetName": address.line1,
    "cbc:AdditionalStreetName": address.line2,
    "cbc:CityName": address.city,
    "cbc:PostalZone": address.postalCode,
    "cbc:CountrySubentity": address.region,
    "cac:Country": { "cbc:IdentificationCode": address.countryCode },
  };
}

/** BT-31 / BT-48 are the VAT scheme; Peppol spells any other tax registration (BT-32) "TAX". */
function taxSchemes(vatIdentifier: string | null, taxRegistration: string | null): XmlElement[] {
  const schemes: XmlElement[] = [];
  if (vatIdentifier) schemes.push({ "cbc:CompanyID": vatIdentifier, "cac:TaxScheme": { "cbc:ID": "VAT" } });
  if (taxRegistration) schemes.push({ "cbc:CompanyID": taxRegistration, "cac:TaxScheme": { "cbc:ID": "TAX" } });
  return schemes;
}

export function ublSeller(seller: En16931Seller): XmlElement {
  const contact = seller.contact;
  return {
    "cbc:EndpointID": when(seller.electronicAddress, (address) => withAttributes(address, { schemeID: EMAIL_SCHEME })),
    "cac:PartyName": { "cbc:Name": seller.name },
    "cac:PostalAddress": ublAddress(seller.address),
    "cac:PartyTaxScheme": taxSchemes(seller.vatIdentifier, seller.taxRegistrationIdentifier),
    "cac:PartyLegalEntity": { "cbc:RegistrationName": seller.name, "cbc:CompanyID": seller.legalRegistrationIdentifier },
    "cac:Contact": when(contact, (c) => ({ "cbc:Name": c.name, "cbc:Telephone": c.phone, "cbc:ElectronicMail": c.email })),
  };
}

export function ublBuyer(buyer: En16931Buyer): XmlElement {
  return {
    "cbc:EndpointID": when(buyer.electronicAddress, (address) => withAttributes(address, { schemeID: EMAIL_SCHEME })),
    "cac:PartyName": { "cbc:Name": buyer.name },
    "cac:PostalAddress": ublAddress(buyer.address),
    "cac:PartyTaxScheme": taxSchemes(buyer.vatIdentifier, null),
    "cac:PartyLegalEntity": { "cbc:RegistrationName": buyer.name, "cbc:CompanyID": buyer.legalRegistrationIdentifier },
  };
}
