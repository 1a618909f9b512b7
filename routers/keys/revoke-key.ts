import { z } from "zod";
import { findApiKey, revokeApiKey } from "../../db/queries/accounts.ts";
import { assertOwned } from "../../server/invoices/ownership.ts";
import { isoDateTime } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { keyId } from "./keys.schema.ts";

export const revokeKey = scopedProcedure("account:admin")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/keys/{id}",
      tags: ["keys"],
      operationId: "revokeKey",
      summary: "Revoke an API key: every process refuses it within 2 s; revoking it again answers when it was revoked",
    },
  })
  .input(z.strictObject({ id: keyId }))
  .output(z.object({ id: z.string(), revoked_at: isoDateTime }))
  .mutation(({ ctx, input }) =>
    ctx.services.database.write(async (tx) => {
      const key = assertOwned(await findApiKey(tx, input.id), ctx.accountId, "API key", input.id);
      if (key.revokedAt) return { id: key.id, revoked_at: key.revokedAt };
      const now = ctx.services.clock.now();
      // The token itself is not known here, so no cache entry can be dropped: the resolver's cache time (ADR 0006) bounds the delay.
      await revokeApiKey(tx, { keyId: key.id, now });
      return { id: key.id, revoked_at: now.toISOString() };
    }),
  );
