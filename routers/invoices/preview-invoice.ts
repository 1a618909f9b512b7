import { z } from "zod";
import { previewInvoice as preview } from "../../server/documents/previews.ts";
import { resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";

/** The editor's live preview: the saved revision as its PNG export paints it, in the reply, never stored (ADR 0039). */
export const previewInvoice = scopedProcedure("invoices:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/invoices/{id}/preview",
      tags: ["invoices"],
      operationId: "previewInvoice",
      summary: "The invoice's saved revision as a PNG, base64 in the reply: a preview that stores no file and counts against no export quota",
    },
  })
  .input(z.strictObject({ id: resourceId("inv") }))
  .output(z.object({ revision: z.int().describe("the revision painted"), media_type: z.literal("image/png"), data: z.string().describe("the PNG, base64") }))
  .query(({ ctx, input, signal }) => preview(ctx.services, ctx.accountId, input.id, signal));
