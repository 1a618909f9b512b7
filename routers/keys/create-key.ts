import { z } from "zod";
import * as keys from "../../server/access/keys.ts";
import { AppError } from "../../server/domain/errors.ts";
import { scopedProcedure } from "../builders.ts";
import { keyOutput, scopeList } from "./keys.schema.ts";

export const createKey = scopedProcedure("account:admin")
  .meta({
    openapi: { method: "POST", path: "/keys", tags: ["keys"], operationId: "createKey", summary: "Create an API key with some of your own scopes; the answer shows its secret (svc_…) this once" },
    successStatus: 201,
  })
  .input(z.strictObject({ name: z.string().trim().min(1).max(100), scopes: scopeList }))
  .output(keyOutput.omit({ last_used_at: true, revoked_at: true }).extend({ token: z.string().describe("svc_…: the secret, shown only now") }))
  .mutation(({ ctx, input }) => {
    // No escalation: a key reaches at most what its creator reaches (an admin's key without invoices:approve cannot mint one with it).
    const beyond = input.scopes.filter((scope) => !ctx.principal.scopes.includes(scope));
    if (beyond.length) throw new AppError("FORBIDDEN", `A key may hold only scopes you hold yourself; you lack ${beyond.join(", ")}`, { field: "scopes", scopes: beyond });
    return keys.createKey(ctx.services, ctx.accountId, input);
  });
