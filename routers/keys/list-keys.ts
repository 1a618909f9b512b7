import { z } from "zod";
import { listApiKeys } from "../../db/queries/accounts.ts";
import { scopedProcedure } from "../builders.ts";
import { keyOutput, keyView } from "./keys.schema.ts";

export const listKeys = scopedProcedure("account:admin")
  .meta({ openapi: { method: "GET", path: "/keys", tags: ["keys"], operationId: "listKeys", summary: "The account's API keys, revoked ones included, newest first; never their secrets" } })
  .input(z.strictObject({}))
  .output(z.object({ data: z.array(keyOutput) }))
  .query(async ({ ctx }) => ({ data: (await listApiKeys(ctx.services.database.db, ctx.accountId)).map(keyView) }));
