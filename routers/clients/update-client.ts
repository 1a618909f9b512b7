import { z } from "zod";
import { saveClient } from "../../db/queries/clients.ts";
import { toAddress } from "../../server/domain/invoice.ts";
import { ownedClient } from "../../server/invoices/ownership.ts";
import { ENTITIES_MUTATE_TOOL } from "../tools.ts";
import { givenFields } from "../shared/given-fields.ts";
import { resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { clientFields, clientName, clientOutput } from "./client.schema.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const updateClient = scopedProcedure("entities:write")
  .meta({
    openapi: {
      method: "PUT",
      path: "/clients/{id}",
      tags: ["clients"],
      operationId: "updateClient",
      summary: "Update a client; archived: true hides it from lists and new invoices (invoices keep their copy)",
    },
    tool: { ...ENTITIES_MUTATE_TOOL, entity: "client", action: "update", example: { id: EXAMPLE_IDS.client, email: "billing@globex.example" } },
  })
  .input(z.strictObject({ id: resourceId("cli"), name: clientName.optional(), ...clientFields, archived: z.boolean().optional() }))
  .output(clientOutput)
  .mutation(({ ctx, input }) =>
    ctx.services.database.write(async (tx) => {
      const { id, archived, address, ...fields } = input;
      const current = await ownedClient(tx, ctx.accountId, id);
      const now = ctx.services.clock.now();

      const record = {
        ...current,
        ...givenFields(fields),
        ...(address !== undefined ? { address: toAddress(address) } : {}),
        archived: archived ?? current.archived,
        updated_at: now.toISOString(),
      };
      await saveClient(tx, ctx.accountId, record);
      await ctx.services.events.record(tx, ctx.accountId, now, [{ type: "client.updated", resource: { type: "client", id }, data: record }]);
      return record;
    }),
  );
