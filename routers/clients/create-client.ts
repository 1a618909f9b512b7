import { z } from "zod";
import { insertClient } from "../../db/queries/clients.ts";
import { newId } from "../../server/domain/ids.ts";
import { newClient } from "../../server/domain/entities.ts";
import { ENTITIES_MUTATE_TOOL } from "../tools.ts";
import { scopedProcedure } from "../builders.ts";
import { clientFields, clientName, clientOutput } from "./client.schema.ts";

export const createClient = scopedProcedure("entities:write")
  .meta({
    openapi: { method: "POST", path: "/clients", tags: ["clients"], operationId: "createClient", summary: "Create a client (only name is required)" },
    successStatus: 201,
    tool: { ...ENTITIES_MUTATE_TOOL, entity: "client", action: "create", example: { name: "Globex Corporation", email: "ap@globex.example", currency: "USD", locale: "en-US" } },
  })
  .input(z.strictObject({ name: clientName, ...clientFields }))
  .output(clientOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.services.clock.now();
    const record = newClient(newId("cli", now.getTime()), input, now.toISOString());
    await ctx.services.database.write(async (tx) => {
      await insertClient(tx, ctx.accountId, record);
      await ctx.services.events.record(tx, ctx.accountId, now, [{ type: "client.created", resource: { type: "client", id: record.id }, data: record }]);
    });
    return record;
  });
