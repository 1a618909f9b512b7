import { z } from "zod";
import { INVITE_DAYS, sendInvite } from "../../server/access/invites.ts";
import { ROLES } from "../../server/domain/access.ts";
import { email } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { inviteOutput, inviteView } from "./invites.schema.ts";

export const createInvite = scopedProcedure("account:admin")
  .meta({
    openapi: {
      method: "POST",
      path: "/invites",
      tags: ["invites"],
      operationId: "createInvite",
      summary: `Invite a person by a one-time link, valid ${INVITE_DAYS} days and shown this once (e-mailed when email is given); owners invite any role, admins members`,
    },
    successStatus: 201,
  })
  .input(
    z.strictObject({
      email: email.optional().describe("e-mail the link to this address; only that person may then accept it"),
      role: z.enum(ROLES),
      can_approve: z.boolean().default(false).describe("give a member the approval right (owners only)"),
    }),
  )
  .output(inviteOutput.extend({ url: z.string().describe("the one-time link holding the token: shown only now") }))
  .mutation(async ({ ctx, input }) => {
    const { invite, url } = await sendInvite(ctx.services, ctx.principal, { email: input.email ?? null, role: input.role, canApprove: input.can_approve });
    return { ...inviteView(invite), url };
  });
