import { z } from "zod";
import { countInvoicesOfClient, deleteClientRow } from "../../db/queries/clients.ts";
import { AppError } from "../../server/domain/errors.ts";
import { ownedClient } from "../../server/invoices/ownership.ts";
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
  .mutation(({ ctx, input }) =>
    ctx.services.database.write(async (tx) => {
      const client = await ownedClient(tx, ctx.accountId, input.id);
      const used = await countInvoicesOfClient(tx, ctx.accountId, input.id);
      if (used > 0) {
        throw new AppError("RESOURCE_IN_USE", `${used} invoice(s) use this client: archive it instead (archived: true)`, { invoices: used });
      }
      await deleteClientRow(tx, ctx.accountId, input.id);
      await ctx.services.events.record(tx, ctx.accountId, ctx.services.clock.now(), [{ type: "client.deleted", resource: { type: "client", id: input.id }, data: client }]);
      return { id: input.id, deleted: true as const };
    }),
  );
