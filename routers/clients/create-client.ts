import { z } from "zod";
import * as clients from "../../server/entities/clients.ts";
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
  .mutation(({ ctx, input }) => clients.createClient(ctx.services, ctx.accountId, input));
