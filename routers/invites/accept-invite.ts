import { z } from "zod";
import { joinByInvite } from "../../server/access/invites.ts";
import { meOutput } from "../me/me.schema.ts";
import { meView } from "../me/me-view.ts";
import { sessionProcedure } from "../builders.ts";
import { inviteToken } from "./invites.schema.ts";

export const acceptInvite = sessionProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/invites/accept",
      tags: ["invites"],
      operationId: "acceptInvite",
      summary: "Join the invite's account as the signed-in person (a higher role held there already is kept); the session switches to it",
    },
  })
  .input(z.strictObject({ token: inviteToken }))
  .output(meOutput)
  .mutation(async ({ ctx, input }) => meView(ctx.services.database.db, await joinByInvite(ctx.services, ctx.principal, input.token)));
