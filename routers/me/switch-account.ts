import { z } from "zod";
import { switchSessionAccount } from "../../server/access/sessions.ts";
import { resourceId } from "../shared/schemas.ts";
import { sessionProcedure } from "../builders.ts";
import { meOutput } from "./me.schema.ts";
import { meView, sessionOf } from "./me-view.ts";

export const switchAccount = sessionProcedure
  .meta({ openapi: { method: "POST", path: "/me/account", tags: ["me"], operationId: "switchAccount", summary: "Make this session act in another of the person's accounts" } })
  .input(z.strictObject({ account_id: resourceId("acc") }))
  .output(meOutput)
  .mutation(async ({ ctx, input }) => {
    const { userId, sessionId } = sessionOf(ctx.principal);
    await switchSessionAccount(ctx.services, { userId, sessionId }, input.account_id);
    return meView(ctx.services.database.db, { userId, sessionId, accountId: input.account_id });
  });
