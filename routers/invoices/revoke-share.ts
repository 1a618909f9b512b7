import { z } from "zod";
import { ownedInvoice } from "../../server/invoices/ownership.ts";
import * as shares from "../../server/documents/shares.ts";
import { resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { INVOICES_MUTATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const revokeShare = scopedProcedure("invoices:write")
  .meta({
    openapi: { method: "DELETE", path: "/invoices/{id}/share", tags: ["invoices"], operationId: "revokeShare", summary: "Revoke the invoice's public link (its URL answers 404 from then on)" },
    tool: { ...INVOICES_MUTATE_TOOL, action: "unshare", example: { id: EXAMPLE_IDS.invoice } },
  })
  .input(z.strictObject({ id: resourceId("inv") }))
  .output(z.object({ id: z.string(), revoked: z.boolean().describe("false when the invoice had no active link") }))
  .mutation(async ({ ctx, input }) => {
    await ownedInvoice(ctx.services.database.db, ctx.accountId, input.id);
    return { id: input.id, revoked: await shares.revokeShare(ctx.services, ctx.accountId, input.id) };
  });
