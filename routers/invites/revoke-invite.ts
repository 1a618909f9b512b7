import { z } from "zod";
import { revokeInvitation } from "../../server/access/invites.ts";
import { isoDateTime } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { inviteId } from "./invites.schema.ts";

export const revokeInvite = scopedProcedure("account:admin")
  .meta({ openapi: { method: "DELETE", path: "/invites/{id}", tags: ["invites"], operationId: "revokeInvite", summary: "Take back an invite that was not accepted yet; its link stops working" } })
  .input(z.strictObject({ id: inviteId }))
  .output(z.object({ id: z.string(), revoked_at: isoDateTime }))
  .mutation(({ ctx, input }) => revokeInvitation(ctx.services, ctx.principal, input.id));
