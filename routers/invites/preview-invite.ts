import { z } from "zod";
import { inviteOffer } from "../../server/access/invites.ts";
import { ROLES } from "../../server/domain/access.ts";
import { isoDateTime } from "../shared/schemas.ts";
import { publicProcedure } from "../builders.ts";
import { inviteToken } from "./invites.schema.ts";

/** Open: the invite page shows what is offered before the person signs in; the token is the credential. */
export const previewInvite = publicProcedure
  .meta({ openapi: { method: "GET", path: "/invites/preview", tags: ["invites"], operationId: "previewInvite", summary: "What an invite link offers (account, role, expiry); 404 once it is used, revoked or expired" } })
  .input(z.strictObject({ token: inviteToken }))
  .output(z.object({ account: z.object({ name: z.string() }), role: z.enum(ROLES), expires_at: isoDateTime }))
  .query(async ({ ctx, input }) => {
    const { accountName, role, expiresAt } = await inviteOffer(ctx.services, input.token);
    return { account: { name: accountName }, role, expires_at: expiresAt };
  });
