import { z } from "zod";
import { saveProduct } from "../../db/queries/products.ts";
import { ownedProduct } from "../../server/invoices/ownership.ts";
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
  .mutation(({ ctx, input }) =>
    ctx.services.database.write(async (tx) => {
      const { id, ...fields } = input;
      const current = await ownedProduct(tx, ctx.accountId, id);

      const record = { ...current, ...givenFields(fields), updated_at: ctx.services.clock.now().toISOString() };
      await saveProduct(tx, ctx.accountId, record);
      return record;
    }),
  );
