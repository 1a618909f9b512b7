import { z } from "zod";
import { cancelImport as cancel, ownedImport } from "../../server/imports/import.ts";
import { scopedProcedure } from "../builders.ts";
import { importOutput } from "./import.schema.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { IMPORT_TOOL } from "../tools.ts";

/** Stops a running import: its transaction rolls back, so nothing it did stays. */
export const cancelImport = scopedProcedure("invoices:write")
  .meta({
    openapi: { method: "DELETE", path: "/imports/{id}", tags: ["imports"], operationId: "cancelImport", summary: "Cancel a running import (nothing it did is kept); a finished one is answered as it is" },
    tool: { ...IMPORT_TOOL, action: "cancel", example: { id: EXAMPLE_IDS.importJob } },
  })
  .input(z.strictObject({ id: z.string().min(1).max(64) }))
  .output(importOutput)
  .mutation(async ({ ctx, input }) => {
    const found = await ownedImport(ctx.services, ctx.accountId, input.id);
    return (await cancel(ctx.services, ctx.accountId, input.id)) ? { ...found, status: "cancelled" as const } : found;
  });
