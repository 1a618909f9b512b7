import { z } from "zod";
import * as products from "../../server/entities/products.ts";
import { ENTITIES_MUTATE_TOOL } from "../tools.ts";
import { givenFields } from "../shared/given-fields.ts";
import { resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { productFields, productName, productOutput, productRate, productUnit } from "./product.schema.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const updateProduct = scopedProcedure("entities:write")
  .meta({
    openapi: { method: "PUT", path: "/products/{id}", tags: ["products"], operationId: "updateProduct", summary: "Update a product" },
    tool: { ...ENTITIES_MUTATE_TOOL, entity: "product", action: "update", example: { id: EXAMPLE_IDS.product, rate: 13_000 } },
  })
  .input(z.strictObject({ id: resourceId("prd"), name: productName.optional(), rate: productRate.optional(), unit: productUnit.optional(), ...productFields }))
  .output(productOutput)
  .mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    return products.updateProduct(ctx.services, ctx.accountId, id, givenFields(changes));
  });
