import { z } from "zod";
import { addressInput, addressOutput, currencyCode, email, localeTag } from "../shared/schemas.ts";

export const clientOutput = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: addressOutput.nullable(),
  tax_id: z.string().nullable(),
  currency: z.string().nullable(),
  locale: z.string().nullable(),
  notes: z.string().nullable(),
  archived: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
}).meta({ id: "Client" });

/** Optional client fields; null clears them on update. */
export const clientFields = {
  email: email.nullable().optional(),
  phone: z.string().max(50).nullable().optional(),
  address: addressInput.nullable().optional(),
  tax_id: z.string().max(100).nullable().optional(),
  currency: currencyCode.nullable().optional().describe("default currency of this client's invoices"),
  locale: localeTag.nullable().optional().describe("default locale of this client's invoices"),
  notes: z.string().max(10_000).nullable().optional(),
};

export const clientName = z.string().trim().min(1).max(500);
