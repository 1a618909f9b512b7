import { z } from "zod";
import { currencyCode, amountSchema, percent } from "../shared/schemas.ts";

export const productOutput = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  unit: z.string(),
  rate: z.int(),
  currency: z.string().nullable(),
  tax_rate: z.number().nullable(),
  sku: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
}).meta({ id: "Product" });

export const productName = z.string().trim().min(1).max(500);
export const productRate = amountSchema.describe("price per unit in whole minor units");
export const productUnit = z.string().regex(/^[A-Z0-9]{1,3}$/, "a UN/ECE Rec. 20 unit code such as C62, HUR, DAY");

/** Optional product fields; null clears them on update. */
export const productFields = {
  description: z.string().max(5000).nullable().optional(),
  currency: currencyCode.nullable().optional(),
  tax_rate: percent.nullable().optional(),
  sku: z.string().max(100).nullable().optional(),
};
