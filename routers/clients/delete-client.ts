import { z } from "zod";
import * as clients from "../../server/entities/clients.ts";
import { ENTITIES_MUTATE_TOOL } from "../tools.ts";
import { deletedOutput, resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const deleteClient = scopedProcedure("entities:write")
  .meta({
    openapi: { method: "DELETE", path: "/clients/{id}", tags: ["clients"], operationId: "deleteClient", summary: "Delete a client no invoice uses (archive it otherwise)" },
    tool: { ...ENTITIES_MUTATE_TOOL, entity: "client", action: "delete", example: { id: EXAMPLE_IDS.client } },
  })
  .input(z.strictObject({ id: resourceId("cli") }))
  .output(deletedOutput)
  .mutation(({ ctx, input }) => clients.deleteClient(ctx.services, ctx.accountId, input.id));
