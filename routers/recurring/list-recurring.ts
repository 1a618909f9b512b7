import { z } from "zod";
import { listRules, RULE_STATUSES } from "../../db/queries/recurring.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { listOf, pagination } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { ruleOutput, ruleView } from "./recurring.schema.ts";

export const listRecurring = scopedProcedure("invoices:read")
  .meta({
    openapi: { method: "GET", path: "/recurring", tags: ["recurring"], operationId: "listRecurring", summary: "The account's recurring rules, newest first; filter by status" },
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "list_recurring", example: { status: "active", limit: 20 } },
  })
  .input(z.strictObject({ status: z.enum(RULE_STATUSES).optional(), ...pagination }))
  .output(listOf(ruleOutput))
  .query(async ({ ctx, input }) => {
    const { records, total } = await listRules(ctx.services.database.db, ctx.accountId, input);
    return { data: records.map(ruleView), total, limit: input.limit, offset: input.offset };
  });
