import { z } from "zod";
import { keyProcedure } from "../builders.ts";
import { accountOutput } from "./account.schema.ts";
import { accountView } from "./account-view.ts";

export const getAccount = keyProcedure
  .meta({ openapi: { method: "GET", path: "/account", tags: ["account"], operationId: "getAccount", summary: "The account's seller profile, which new invoices copy" } })
  .input(z.strictObject({}))
  .output(accountOutput)
  .query(({ ctx }) => accountView(ctx.services.database.db, ctx.accountId, ctx.services.clock.now()));
