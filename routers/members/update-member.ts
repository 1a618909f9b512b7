import { z } from "zod";
import { changeMember } from "../../server/access/members.ts";
import { ROLES } from "../../server/domain/access.ts";
import { scopedProcedure } from "../builders.ts";
import { memberOutput, memberView, userId } from "./members.schema.ts";

export const updateMember = scopedProcedure("account:admin")
  .meta({
    openapi: {
      method: "PATCH",
      path: "/members/{user_id}",
      tags: ["members"],
      operationId: "updateMember",
      summary: "Change a member's role or approval right: only owners make or unmake owners and admins, and the last owner stays",
    },
  })
  .input(z.strictObject({ user_id: userId, role: z.enum(ROLES).optional(), can_approve: z.boolean().optional().describe("a member's approval right; only an owner gives or takes it") }))
  .output(memberOutput)
  .mutation(async ({ ctx, input }) => memberView(await changeMember(ctx.services, ctx.principal, input.user_id, { role: input.role, canApprove: input.can_approve })));
