import { z } from "zod";
import { suggest } from "../../server/invoices/suggestions.ts";
import { currencyCode } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";

export const suggestItems = scopedProcedure("invoices:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/invoices/suggestions",
      tags: ["invoices"],
      operationId: "suggestItems",
      summary: "Line items, rates, VAT and payment terms a client is usually billed, from the account's own history",
    },
    tool: {
      name: "invoices.suggest",
      title: "Suggest items and rates",
      description:
        "Suggest line items for a client (id, e-mail or name) from the account's own history, with last and median rates, unit and VAT, ranked by how often and lately billed, optionally matched fuzzily to a partial description; plus the client's usual terms. A new client gets the account's usual lines.",
      auth: "key",
      hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
      example: { client: "ap@globex.example", description: "consult" },
    },
  })
  .input(
    z.strictObject({
      client: z.string().min(1).max(500).optional().describe("the client: its id (cli_…), e-mail or name; without it, the account's usual lines"),
      description: z.string().min(1).max(200).optional().describe("what has been typed so far, matched fuzzily"),
      currency: currencyCode.optional().describe("only lines billed in this currency"),
      limit: z.int().min(1).max(50).default(10),
    }),
  )
  .output(
    z.object({
      client: z.object({ id: z.string(), name: z.string() }).nullable(),
      source: z.enum(["client", "account"]).describe("whose history the suggestions come from"),
      invoices_considered: z.int(),
      currency: z.string().nullable().describe("the currency most of that history is in"),
      items: z.array(
        z.object({
          description: z.string(),
          currency: z.string(),
          unit: z.string(),
          tax_rate: z.number(),
          last_rate: z.int().describe("minor units, on the latest use"),
          median_rate: z.int().describe("minor units, over every use"),
          times_used: z.int(),
          last_used: z.string(),
          score: z.number().describe("uses weighted by recency (half every 180 days) times the description's match"),
        }),
      ),
      terms: z.object({ payment_terms: z.string().nullable(), due_days: z.int().nullable().describe("median days from issue to due date"), based_on: z.int() }),
    }),
  )
  .query(({ ctx, input }) => suggest(ctx.services.database.db, ctx.accountId, { ...input, now: ctx.services.clock.now() }));
