import { z } from "zod";
import { ownedImport } from "../../server/imports/import.ts";
import { scopedProcedure } from "../builders.ts";
import { importOutput } from "./import.schema.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { IMPORT_TOOL } from "../tools.ts";

/** An import's result (or, while it runs in this process, its progress). */
export const getImport = scopedProcedure("invoices:read")
  .meta({
    openapi: { method: "GET", path: "/imports/{id}", tags: ["imports"], operationId: "getImport", summary: "An import: its progress while it runs, its result (records, problems) afterwards" },
    tool: { ...IMPORT_TOOL, action: "get", example: { id: EXAMPLE_IDS.importJob } },
  })
  .input(z.strictObject({ id: z.string().min(1).max(64) }))
  .output(importOutput)
  .query(({ ctx, input }) => ownedImport(ctx.services, ctx.accountId, input.id));
