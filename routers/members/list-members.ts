import { z } from "zod";
import { listAccountMembers } from "../../db/queries/members.ts";
import { scopedProcedure } from "../builders.ts";
import { memberOutput, memberView } from "./members.schema.ts";

export const listMembers = scopedProcedure("account:admin")
  .meta({ openapi: { method: "GET", path: "/members", tags: ["members"], operationId: "listMembers", summary: "The people in the account with their roles, earliest first" } })
  .input(z.strictObject({}))
  .output(z.object({ data: z.array(memberOutput) }))
  .query(async ({ ctx }) => ({ data: (await listAccountMembers(ctx.services.database.db, ctx.accountId)).map(memberView) }));
