import { z } from "zod";
import * as clients from "../../server/entities/clients.ts";
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
  .mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    return clients.updateClient(ctx.services, ctx.accountId, id, givenFields(changes));
  });
