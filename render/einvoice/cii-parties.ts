// CII trade parties (ram:TradePartyType) in the XSD's order: Name, SpecifiedLegalOrganization,
// DefinedTradeContact, PostalTradeAddress, URIUniversalCommunication, SpecifiedTaxRegistration.
import type { En16931Address, En16931Buyer, En16931Seller } from "./model.ts";
import { when, withAttributes, type XmlElement } from "./xml.ts";

export function ciiAddress(address: En16931Address): XmlElement {
  return {
    "ram:PostcodeCode": address.postalCode,
    "ram:LineOne": address.line1,
    "ram:LineTwo": address.line2,
    "ram:CityName": address.city,
    "ram:CountryID": address.countryCode,
    "ram:CountrySubDivisionName": address.region,
  };
}

/** An e-mail electronic address (EAS scheme EM), as BR-62/BR-63 want a scheme. */
function electronicAddress(address: string | null): XmlElement | undefined {
  return when(address, (uri) => ({ "ram:URIID": withAttributes(uri, { schemeID: "EM" }) }));
}

/** Scheme VA is a VAT identifier (BT-31, BT-48), FC a tax number (BT-32). */
function taxRegistrations(vatIdentifier: string | null, taxNumber: string | null): XmlElement[] {
  const registrations: XmlElement[] = [];
  if (vatIdentifier) registrations.push({ "ram:ID": withAttributes(vatIdentifier, { schemeID: "VA" }) });
  if (taxNumber) registrations.push({ "ram:ID": withAttributes(taxNumber, { schemeID: "FC" }) });
  return registrations;
}

export function ciiSeller(seller: En16931Seller): XmlElement {
  return {
    "ram:Name": seller.name,
    "ram:SpecifiedLegalOrganization": when(seller.legalRegistrationIdentifier, (id) => ({ "ram:ID": id })),
    "ram:DefinedTradeContact": when(seller.contact, (contact) => ({
      "ram:PersonName": contact.name,
      "ram:TelephoneUniversalCommunication": when(contact.phone, (phone) => ({ "ram:CompleteNumber": phone })),
      "ram:EmailURIUniversalCommunication": when(contact.email, (email) => ({ "ram:URIID": email })),
    })),
    "ram:PostalTradeAddress": ciiAddress(seller.address),
    "ram:URIUniversalCommunication": electronicAddress(seller.electronicAddress),
    "ram:SpecifiedTaxRegistration": taxRegistrations(seller.vatIdentifier, seller.taxRegistrationIdentifier),
  };
}

export function ciiBuyer(buyer: En16931Buyer): XmlElement {
  return {
    "ram:Name": buyer.name,
    "ram:SpecifiedLegalOrganization": when(buyer.legalRegistrationIdentifier, (id) => ({ "ram:ID": id })),
    "ram:PostalTradeAddress": ciiAddress(buyer.address),
    "ram:URIUniversalCommunication": electronicAddress(buyer.electronicAddress),
    "ram:SpecifiedTaxRegistration": taxRegistrations(buyer.vatIdentifier, null),
  };
}
