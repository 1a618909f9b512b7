// Standard VAT/GST rates by region, so a DSL line "TAX DE" or "TAX CA-ON" means a rate. Data, not
// rules: reduced rates, exemptions and US sales tax are the invoice's own business (a rate given
// explicitly, "TAX US 8.875").
//
// As of 2025-08-01. Sources: European Commission, "VAT rates applied in the Member States of the
// European Union" (taxation-customs.ec.europa.eu); HMRC (GB); Swiss Federal Tax Administration
// (CH); Skatteetaten (NO); Skatturinn (IS); Australian Taxation Office (AU); Inland Revenue (NZ);
// National Tax Agency Japan (JP); Canada Revenue Agency, "GST/HST rates" (CA and provinces).
// Review this table whenever a rate changes (recent ones: FI 25.5 from 2024-09-01, SK 23 from
// 2025-01-01, Nova Scotia's HST 14 from 2025-04-01, EE 24 from 2025-07-01, RO 21 from 2025-08-01).

/** Percent by ISO 3166-1 code, Canadian provinces and territories as ISO 3166-2 (CA-ON). */
export const STANDARD_VAT_RATES: Readonly<Record<string, number>> = {
  // European Union
  AT: 20,
  BE: 21,
  BG: 20,
  CY: 19,
  CZ: 21,
  DE: 19,
  DK: 25,
  EE: 24,
  ES: 21,
  FI: 25.5,
  FR: 20,
  GR: 24,
  // EL is the code the EU itself uses for Greece in VAT numbers.
  EL: 24,
  HR: 25,
  HU: 27,
  IE: 23,
  IT: 22,
  LT: 21,
  LU: 17,
  LV: 21,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SE: 25,
  SI: 22,
  SK: 23,
  // Elsewhere in Europe
  GB: 20,
  CH: 8.1,
  NO: 25,
  IS: 24,
  // Asia-Pacific
  AU: 10,
  NZ: 15,
  JP: 10,
  // Canada: federal GST alone, then what a seller charges in each province (HST, or GST + PST/QST).
  CA: 5,
  "CA-AB": 5,
  "CA-BC": 12,
  "CA-MB": 12,
  "CA-NB": 15,
  "CA-NL": 15,
  "CA-NS": 14,
  "CA-NT": 5,
  "CA-NU": 5,
  "CA-ON": 13,
  "CA-PE": 15,
  "CA-QC": 14.975,
  "CA-SK": 11,
  "CA-YT": 5,
  // No federal VAT: sales tax varies by state and city, so a US invoice names its rate.
  US: 0,
};

/** The standard rate of a region code, any case ("de", "CA-ON"); null when the table has none. */
export function standardVatRate(region: string): number | null {
  const code = region.toUpperCase();
  return Object.hasOwn(STANDARD_VAT_RATES, code) ? (STANDARD_VAT_RATES[code] ?? null) : null;
}
