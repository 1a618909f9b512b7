import { z } from "zod";
import { findSessionOwner, revokeSession as revokeSessionRow } from "../../db/queries/sessions.ts";
import { AppError } from "../../server/domain/errors.ts";
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
    const { userId, sessionId } = sessionOf(ctx.principal);
    await ctx.services.database.write(async (tx) => {
      const owner = await findSessionOwner(tx, input.id);
      if (!owner) throw new AppError("NOT_FOUND", `No session ${input.id}`);
      if (owner.userId !== userId) throw new AppError("FORBIDDEN", "That session is another person's");
      await revokeSessionRow(tx, input.id, ctx.services.clock.now());
    });
    // Other sessions' secrets are not known here: they stop within the resolver's cache time (ADR 0006).
    if (input.id === sessionId && ctx.sessionToken) ctx.services.credentials.forget(ctx.sessionToken);
    return { id: input.id, revoked: true as const };
  });
