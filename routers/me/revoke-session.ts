import { z } from "zod";
import { revokeOwnSession } from "../../server/access/sessions.ts";
import { resourceId } from "../shared/schemas.ts";
import { sessionProcedure } from "../builders.ts";
import { sessionOf } from "./me-view.ts";

export const revokeSession = sessionProcedure
  .meta({
    openapi: { method: "DELETE", path: "/me/sessions/{id}", tags: ["me"], operationId: "revokeSession", summary: "Sign one of the person's sessions out (another device's, or this one)" },
  })
  .input(z.strictObject({ id: resourceId("ses") }))
  .output(z.object({ id: z.string(), revoked: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await revokeOwnSession(ctx.services, sessionOf(ctx.principal), input.id);
    return { id: input.id, revoked: true as const };
  });
