import { z } from "zod";
import * as products from "../../db/queries/products.ts";
import { ENTITIES_QUERY_TOOL } from "../tools.ts";
import { listOf, pagination } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { productOutput } from "./product.schema.ts";

export const listProducts = scopedProcedure("entities:read")
  .meta({
    openapi: { method: "GET", path: "/products", tags: ["products"], operationId: "listProducts", summary: "List products by name; q searches name, SKU and description" },
    tool: { ...ENTITIES_QUERY_TOOL, entity: "product", action: "list", example: { q: "consult" } },
  })
  .input(z.strictObject({ q: z.string().min(1).max(200).optional(), ...pagination }))
  .output(listOf(productOutput))
  .query(async ({ ctx, input }) => {
    const { records, total } = await products.listProducts(ctx.services.database.db, ctx.accountId, input);
    return { data: records, total, limit: input.limit, offset: input.offset };
  });
