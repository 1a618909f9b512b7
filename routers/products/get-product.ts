import { z } from "zod";
import { ownedProduct } from "../../server/invoices/ownership.ts";
import { ENTITIES_QUERY_TOOL } from "../tools.ts";
import { resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { productOutput } from "./product.schema.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const getProduct = scopedProcedure("entities:read")
  .meta({
    openapi: { method: "GET", path: "/products/{id}", tags: ["products"], operationId: "getProduct", summary: "Get a product" },
    tool: { ...ENTITIES_QUERY_TOOL, entity: "product", action: "get", example: { id: EXAMPLE_IDS.product } },
  })
  .input(z.strictObject({ id: resourceId("prd") }))
  .output(productOutput)
  .query(({ ctx, input }) => ownedProduct(ctx.services.database.db, ctx.accountId, input.id));
