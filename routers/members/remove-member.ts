import { z } from "zod";
import { removeFromAccount } from "../../server/access/members.ts";
import { scopedProcedure } from "../builders.ts";
import { userId } from "./members.schema.ts";

export const removeMember = scopedProcedure("account:admin")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/members/{user_id}",
      tags: ["members"],
      operationId: "removeMember",
      summary: "Take a person out of the account: their sessions in it and their agents' grants stop working",
    },
  })
  .input(z.strictObject({ user_id: userId }))
  .output(z.object({ user_id: z.string(), removed: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await removeFromAccount(ctx.services, ctx.principal, input.user_id);
    return { user_id: input.user_id, removed: true as const };
  });
