import { z } from "zod";
import * as products from "../../server/entities/products.ts";
import { ENTITIES_MUTATE_TOOL } from "../tools.ts";
import { deletedOutput, resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const deleteProduct = scopedProcedure("entities:write")
  .meta({
    openapi: { method: "DELETE", path: "/products/{id}", tags: ["products"], operationId: "deleteProduct", summary: "Delete a product (invoices keep their lines)" },
    tool: { ...ENTITIES_MUTATE_TOOL, entity: "product", action: "delete", example: { id: EXAMPLE_IDS.product } },
  })
  .input(z.strictObject({ id: resourceId("prd") }))
  .output(deletedOutput)
  .mutation(({ ctx, input }) => products.deleteProduct(ctx.services, ctx.accountId, input.id));
