import { z } from "zod";
import * as keys from "../../server/access/keys.ts";
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
  .mutation(({ ctx, input }) => keys.revokeKey(ctx.services, ctx.accountId, input.id));
