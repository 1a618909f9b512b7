// Wire schemas shared by several procedures. The wire is snake_case, outputs are JSON-native.
import { z } from "zod";
import { isCountryCode } from "../../server/domain/countries.ts";
import { isCurrencyCode } from "../../server/domain/currencies.ts";
import { supportedLocale } from "../../server/domain/locale.ts";
import { MAX_AMOUNT, SCALE_DECIMALS, toScaled } from "../../server/domain/money.ts";
import { BIC_PATTERN, emailAddress, IBAN_PATTERN } from "../../server/domain/payment-details.ts";

// `format: date` says YYYY-MM-DD to every reader of the schemas; words would repeat it in every field.
export const isoDate = z.iso.date();
export const isoDateTime = z.string().describe("ISO 8601 date-time");

export const currencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/, "an ISO 4217 code such as EUR")
  .refine(isCurrencyCode, "not an ISO 4217 currency code")
  .describe("ISO 4217 currency code");

export const localeTag = z
  .string()
  .min(2)
  .max(35)
  .refine((tag) => supportedLocale(tag) !== undefined, "not a supported BCP 47 locale (a language with a known country, such as de-DE or fr)")
  .describe("BCP 47 locale");

export const countryCode = z.string().regex(/^[A-Z]{2}$/, "an ISO 3166-1 alpha-2 code").refine(isCountryCode, "not an ISO 3166-1 country code");

export const addressSchema = z
  .strictObject({
    line1: z.string().max(500).nullable().optional(),
    line2: z.string().max(500).nullable().optional(),
    city: z.string().max(200).nullable().optional(),
    postal_code: z.string().max(50).nullable().optional(),
    region: z.string().max(200).nullable().optional(),
    country: countryCode.nullable().optional(),
  })
  .describe("Postal address");

export const addressOutput = z
  .object({
    line1: z.string().nullable(),
    line2: z.string().nullable(),
    city: z.string().nullable(),
    postal_code: z.string().nullable(),
    region: z.string().nullable(),
    country: z.string().nullable().describe("ISO 3166-1 alpha-2"),
  })
  .meta({ id: "Address" });

/** An address as a structured object, or a plain string taken as its first line. */
export const addressInput = z.union([z.string().max(500), addressSchema]);

/** Whole minor units (cents; yen; fils). Any problem with a field named rate or amount is INVALID_AMOUNT. */
export const amountSchema = z.int().min(-MAX_AMOUNT).max(MAX_AMOUNT).describe("whole minor units of the currency (cents)");

function hasAtMostScaleDecimals(value: number): boolean {
  return toScaled(value) !== null;
}
export const quantity = z
  .number()
  .refine(Number.isFinite, "must be finite")
  .refine(hasAtMostScaleDecimals, `at most ${SCALE_DECIMALS} decimals`)
  .describe("quantity, up to 4 decimals, negative allowed");

/** 0 to 100 with at most four decimals; undescribed, for fields that say what percentage they are. */
export const percentValue = z
  .number()
  .min(0)
  .max(100)
  .refine(hasAtMostScaleDecimals, `at most ${SCALE_DECIMALS} decimals`);

export const percent = percentValue.describe("percentage, e.g. 19 or 7.7");

export const email = emailAddress;

export const resourceId = (prefix: string) =>
  z
    .string()
    .min(1)
    .max(64)
    .describe(`identifier (${prefix}_…)`);

export const pagination = {
  limit: z.int().min(1).max(100).default(20).describe("page size"),
  offset: z.int().min(0).default(0).describe("rows to skip"),
};

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.int(), limit: z.int(), offset: z.int() });

export const deletedOutput = z.object({ id: z.string(), deleted: z.literal(true) });

/** Payment instructions as given on an invoice or the account profile; omitted parts are kept. */
export const paymentInput = z.strictObject({
  means: z.string().regex(/^[0-9A-Z]{1,3}$/, "an UNTDID 4461 code such as 58").optional().describe("UNTDID 4461 payment means code (58 = SEPA transfer)"),
  iban: z.string().regex(IBAN_PATTERN, "an IBAN without spaces").nullable().optional(),
  bic: z.string().regex(BIC_PATTERN, "a BIC of 8 or 11 characters").nullable().optional(),
  reference: z.string().max(140).nullable().optional(),
});
