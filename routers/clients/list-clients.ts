import { z } from "zod";
import * as clients from "../../db/queries/clients.ts";
import { ENTITIES_QUERY_TOOL } from "../tools.ts";
import { listOf, pagination } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { clientOutput } from "./client.schema.ts";

export const listClients = scopedProcedure("entities:read")
  .meta({
    openapi: { method: "GET", path: "/clients", tags: ["clients"], operationId: "listClients", summary: "List clients by name; q searches name and e-mail" },
    tool: { ...ENTITIES_QUERY_TOOL, entity: "client", action: "list", example: { q: "globex" } },
  })
  .input(
    z.strictObject({
      q: z.string().min(1).max(200).optional().describe("search name and e-mail (case- and accent-insensitive)"),
      include_archived: z.boolean().default(false),
      ...pagination,
    }),
  )
  .output(listOf(clientOutput))
  .query(async ({ ctx, input }) => {
    const { records, total } = await clients.listClients(ctx.services.database.db, ctx.accountId, input);
    return { data: records, total, limit: input.limit, offset: input.offset };
  });
