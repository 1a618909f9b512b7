import { z } from "zod";
import { ownedClient } from "../../server/invoices/ownership.ts";
import { ENTITIES_QUERY_TOOL } from "../tools.ts";
import { resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { clientOutput } from "./client.schema.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const getClient = scopedProcedure("entities:read")
  .meta({
    openapi: { method: "GET", path: "/clients/{id}", tags: ["clients"], operationId: "getClient", summary: "Get a client" },
    tool: { ...ENTITIES_QUERY_TOOL, entity: "client", action: "get", example: { id: EXAMPLE_IDS.client } },
  })
  .input(z.strictObject({ id: resourceId("cli") }))
  .output(clientOutput)
  .query(({ ctx, input }) => ownedClient(ctx.services.database.db, ctx.accountId, input.id));
