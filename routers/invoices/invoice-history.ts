import { z } from "zod";
import { HISTORY_ACTIONS } from "../../db/queries/invoice-history.ts";
import { invoiceHistory as namedHistory } from "../../server/invoices/history.ts";
import { resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { invoiceStatus } from "./invoice.schema.ts";
import { INVOICES_QUERY_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const party = z
  .object({
    kind: z.enum(["user", "key", "agent", "system"]).describe("a person, an API key, an agent acting on a person's OAuth grant, or the service itself"),
    id: z.string().describe("usr_…, key_…, grt_…, rec_… (a recurring rule) or system"),
    name: z.string().nullable().describe("the person's name or e-mail, the key's name, the agent's registered client name"),
  })
  .meta({ id: "Party" });

export const historyEntry = z.object({
  id: z.string(),
  revision: z.int(),
  action: z.enum(HISTORY_ACTIONS),
  from_status: invoiceStatus.nullable(),
  to_status: invoiceStatus.nullable(),
  changes: z.array(z.string()),
  note: z.string().nullable(),
  actor: z.string().describe("Who acted: key:<id> for an API key, user:<id> for a signed-in person, agent:<grant id> for an agent acting on a person's OAuth grant, system for the service"),
  by: party.describe("who acted, by name"),
  at: z.string(),
});

export const invoiceHistory = scopedProcedure("invoices:read")
  .meta({
    openapi: { method: "GET", path: "/invoices/{id}/history", tags: ["invoices"], operationId: "invoiceHistory", summary: "Every edit and status move, with who and when" },
    tool: { ...INVOICES_QUERY_TOOL, action: "history", example: { id: EXAMPLE_IDS.invoice } },
  })
  .input(z.strictObject({ id: resourceId("inv") }))
  .output(z.object({ data: z.array(historyEntry) }))
  .query(async ({ ctx, input }) => ({ data: await namedHistory(ctx.services.database.db, ctx.accountId, input.id) }));
