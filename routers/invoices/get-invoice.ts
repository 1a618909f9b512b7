import { z } from "zod";
import { ownedInvoice } from "../../server/invoices/ownership.ts";
import { resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { invoiceOutput } from "./invoice.schema.ts";
import { INVOICES_QUERY_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const getInvoice = scopedProcedure("invoices:read")
  .meta({
    openapi: { method: "GET", path: "/invoices/{id}", tags: ["invoices"], operationId: "getInvoice", summary: "Get an invoice with all its line items" },
    tool: { ...INVOICES_QUERY_TOOL, action: "get", example: { id: EXAMPLE_IDS.invoice } },
  })
  .input(z.strictObject({ id: resourceId("inv") }))
  .output(invoiceOutput)
  .query(({ ctx, input }) => ownedInvoice(ctx.services.database.db, ctx.accountId, input.id));
