import { z } from "zod";
import { insertProduct } from "../../db/queries/products.ts";
import { newProduct } from "../../server/domain/entities.ts";
import { newId } from "../../server/domain/ids.ts";
import { DEFAULT_UNIT } from "../../server/domain/invoice.ts";
import { ENTITIES_MUTATE_TOOL } from "../tools.ts";
import { scopedProcedure } from "../builders.ts";
import { productFields, productName, productOutput, productRate, productUnit } from "./product.schema.ts";

export const createProduct = scopedProcedure("entities:write")
  .meta({
    openapi: { method: "POST", path: "/products", tags: ["products"], operationId: "createProduct", summary: "Create a product or service with its price" },
    successStatus: 201,
    tool: { ...ENTITIES_MUTATE_TOOL, entity: "product", action: "create", example: { name: "Consulting hour", rate: 12_000, unit: "HUR", tax_rate: 19 } },
  })
  .input(z.strictObject({ name: productName, rate: productRate, unit: productUnit.default(DEFAULT_UNIT), ...productFields }))
  .output(productOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.services.clock.now();
    const record = newProduct(newId("prd", now.getTime()), input, now.toISOString());
    await ctx.services.database.write((tx) => insertProduct(tx, ctx.accountId, record));
    return record;
  });
