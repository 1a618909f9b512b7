import { z } from "zod";
import { listOpenInvites } from "../../db/queries/members.ts";
import { scopedProcedure } from "../builders.ts";
import { inviteOutput, inviteView } from "./invites.schema.ts";

export const listInvites = scopedProcedure("account:admin")
  .meta({ openapi: { method: "GET", path: "/invites", tags: ["invites"], operationId: "listInvites", summary: "Invites that can still be accepted (not used, revoked or expired), newest first" } })
  .input(z.strictObject({}))
  .output(z.object({ data: z.array(inviteOutput) }))
  .query(async ({ ctx }) => ({ data: (await listOpenInvites(ctx.services.database.db, ctx.accountId, ctx.services.clock.now())).map(inviteView) }));
