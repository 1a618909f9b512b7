import { z } from "zod";
import { insertClient } from "../../db/queries/clients.ts";
import { newId } from "../../server/domain/ids.ts";
import { toAddress } from "../../server/domain/invoice.ts";
import { ENTITIES_MUTATE_TOOL } from "../entities/tools.ts";
import { scopedProcedure } from "../trpc.ts";
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
    const at = now.toISOString();
    const record = {
      id: newId("cli", now.getTime()),
      name: input.name,
      email: input.email ?? null,
      phone: input.phone ?? null,
      address: toAddress(input.address),
      tax_id: input.tax_id ?? null,
      currency: input.currency ?? null,
      locale: input.locale ?? null,
      notes: input.notes ?? null,
      archived: false,
      created_at: at,
      updated_at: at,
    };
    await ctx.services.database.write(async (tx) => {
      await insertClient(tx, ctx.accountId, record);
      await ctx.services.events.record(tx, ctx.accountId, now, [{ type: "client.created", resource: { type: "client", id: record.id }, data: record }]);
    });
    return record;
  });
