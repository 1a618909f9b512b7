import { z } from "zod";
import { listLiveSessions } from "../../db/queries/sessions.ts";
import type { SignInMethod } from "../../server/access/sessions.ts";
import { sessionProcedure } from "../builders.ts";
import { sessionOutput } from "./me.schema.ts";
import { sessionOf } from "./me-view.ts";

export const listSessions = sessionProcedure
  .meta({ openapi: { method: "GET", path: "/me/sessions", tags: ["me"], operationId: "listSessions", summary: "Where the person is signed in: every live session, the most recently used first" } })
  .input(z.strictObject({}))
  .output(z.object({ data: z.array(sessionOutput) }))
  .query(async ({ ctx }) => {
    const { userId, sessionId } = sessionOf(ctx.principal);
    const sessions = await listLiveSessions(ctx.services.database.db, userId, ctx.services.clock.now());
    return {
      data: sessions.map((session) => ({
        id: session.id,
        method: session.method as SignInMethod,
        user_agent: session.userAgent,
        created_at: session.createdAt,
        last_seen_at: session.lastSeenAt,
        expires_at: session.expiresAt,
        current: session.id === sessionId,
      })),
    };
  });
