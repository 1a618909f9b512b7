import { z } from "zod";
import * as products from "../../server/entities/products.ts";
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
  .mutation(({ ctx, input }) => products.createProduct(ctx.services, ctx.accountId, input));
