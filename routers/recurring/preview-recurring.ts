import { z } from "zod";
import { ownedRule } from "../../server/automation/recurring-rules.ts";
import { upcomingDates } from "../../server/domain/recurrence.ts";
import { loadProfile, todayFor } from "../../server/accounts/profile.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { scopedProcedure } from "../builders.ts";
import { ruleId } from "./recurring.schema.ts";

export const previewRecurring = scopedProcedure("invoices:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/recurring/{id}/preview",
      tags: ["recurring"],
      operationId: "previewRecurring",
      summary: "The next dates the rule will issue on (at most count, up to 100), as its schedule, end and missed setting give them",
    },
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "preview_recurring", example: { id: EXAMPLE_IDS.recurring, count: 12 } },
  })
  .input(z.strictObject({ id: ruleId, count: z.int().min(1).max(100).default(10).describe("how many dates, 1 to 100") }))
  .output(z.object({ id: z.string(), dates: z.array(z.string()).describe("YYYY-MM-DD in the account's time zone, in order") }))
  .query(async ({ ctx, input }) => {
    const { db } = ctx.services.database;
    const [rule, profile] = await Promise.all([ownedRule(db, ctx.accountId, input.id), loadProfile(db, ctx.accountId)]);
    const today = todayFor(profile, ctx.services.clock.now());
    // A rule that skips missed periods issues none dated before today.
    const from = rule.next_date !== null && rule.settings.missed === "skip" && rule.next_date < today ? today : rule.next_date;
    return { id: rule.id, dates: upcomingDates(rule.settings, from, rule.issued_count, input.count) };
  });
