import { z } from "zod";
import { revokeAgentGrant } from "../../server/access/oauth/grants.ts";
import { sessionProcedure } from "../builders.ts";
import { grantId } from "./grant.schema.ts";

export const revokeGrant = sessionProcedure
  .meta({ openapi: { method: "DELETE", path: "/grants/{id}", tags: ["grants"], operationId: "revokeGrant", summary: "Disconnect an agent: the grant and every token issued under it stop working at once" } })
  .input(z.strictObject({ id: grantId }))
  .output(z.object({ id: z.string(), revoked: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await revokeAgentGrant(ctx.services, ctx.principal, input.id);
    return { id: input.id, revoked: true as const };
  });
