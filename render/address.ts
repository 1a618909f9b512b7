// A postal address as printed lines, shared by the text formats. Country conventions for the order
// of postal code and city vary; "postal code city" is the EN 16931 countries' common form.
import type { PostalAddress } from "../server/domain/profile.ts";

/** Street lines, "postal code city", the region unless it repeats the city, then the country. */
export function addressLines(address: PostalAddress | null, country: (code: string) => string = (code) => code): string[] {
  if (!address) return [];
  const place = [address.postal_code, address.city].filter(Boolean).join(" ");
  const region = address.region && address.region !== address.city ? address.region : null;
  const lines = [address.line1, address.line2, place, region, address.country ? country(address.country) : null];
  return lines.filter((line): line is string => Boolean(line));
}
