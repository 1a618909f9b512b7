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
// EN 16931 BR-27: an item's price is never negative. A discount is a line with a negative quantity
// (or a credit note), not a product priced below zero (ADR 0040).
export const productRate = amountSchema.min(0, "a price is zero or more; a discount is a line with a negative quantity").describe("price per unit in whole minor units, zero or more");
export const productUnit = z.string().regex(/^[A-Z0-9]{1,3}$/, "a UN/ECE Rec. 20 unit code such as C62, HUR, DAY");

/** Optional product fields; null clears them on update. */
export const productFields = {
  description: z.string().max(5000).nullable().optional(),
  currency: currencyCode.nullable().optional(),
  tax_rate: percent.nullable().optional(),
  sku: z.string().max(100).nullable().optional(),
};
