import { z } from "zod";
import { ACCOUNT_TIERS } from "../../server/domain/tiers.ts";
import { invoiceType, paymentOutput } from "../invoices/invoice.schema.ts";
import { addressOutput, isoDate } from "../shared/schemas.ts";

export const numberingOutput = z.object({
  prefixes: z.record(invoiceType, z.string()),
  sequences: z.array(z.object({ type: invoiceType, year: z.int(), next: z.int() })).describe("the next number per type and year"),
});

export const accountOutput = z.object({
  id: z.string(),
  name: z.string(),
  tier: z.enum(ACCOUNT_TIERS),
  legal_name: z.string().nullable(),
  address: addressOutput.nullable(),
  tax_id: z.string().nullable().describe("VAT identifier with its country prefix (DE123456789), or a national tax number"),
  registration_id: z.string().nullable().describe("trade register or company number (EN 16931 BT-30)"),
  contact: z.object({ name: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() }),
  payment: paymentOutput,
  logo: z.string().nullable(),
  currency: z.string().nullable(),
  locale: z.string().nullable(),
  timezone: z.string(),
  today: isoDate.describe("today in the account's time zone, by the service's clock: the date new documents get"),
  numbering: numberingOutput,
}).meta({ id: "Account" });
export type AccountOutput = z.infer<typeof accountOutput>;
