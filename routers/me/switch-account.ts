import { z } from "zod";
import { moveSession } from "../../db/queries/members.ts";
import { membershipsOf } from "../../db/queries/users.ts";
import { AppError } from "../../server/domain/errors.ts";
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
    const view = await ctx.services.database.write(async (tx) => {
      const memberships = await membershipsOf(tx, userId);
      if (!memberships.some((membership) => membership.accountId === input.account_id)) throw new AppError("FORBIDDEN", "You are not a member of that account", { field: "account_id" });
      await moveSession(tx, { sessionId, accountId: input.account_id });
      return meView(tx, { userId, sessionId, accountId: input.account_id });
    });
    // The resolver's cache still holds the old account for this cookie: the next call must not act there.
    if (ctx.sessionToken) ctx.services.credentials.forget(ctx.sessionToken);
    return view;
  });
