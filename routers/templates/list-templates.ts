import { z } from "zod";
import * as templates from "../../db/queries/templates.ts";
import { BUILT_IN_RECORDS, customRecord } from "../../server/documents/templates.ts";
import { listOf, pagination } from "../shared/schemas.ts";
import { publicProcedure } from "../builders.ts";
import { templateOutput } from "./template.schema.ts";
import { TEMPLATES_QUERY_TOOL } from "../tools.ts";

/**
 * Open: anyone sees the four built-in designs; a key with templates:read also sees its account's
 * custom templates after them (the built-ins always lead, so offsets page through customs).
 */
export const listTemplates = publicProcedure
  .meta({
    openapi: { method: "GET", path: "/templates", tags: ["templates"], operationId: "listTemplates", summary: "List the built-in designs and, with a key, your custom templates" },
    tool: { ...TEMPLATES_QUERY_TOOL, action: "list", isDefault: true, example: {} },
  })
  .input(z.strictObject({ ...pagination }))
  .output(listOf(templateOutput))
  .query(async ({ ctx, input }) => {
    const { limit, offset } = input;
    const builtIns = BUILT_IN_RECORDS.slice(offset, offset + limit);
    if (!ctx.principal?.scopes.includes("templates:read")) return { data: builtIns, total: BUILT_IN_RECORDS.length, limit, offset };
    const page = { limit: limit - builtIns.length, offset: Math.max(0, offset - BUILT_IN_RECORDS.length) };
    const { records, total } = await templates.listTemplates(ctx.services.database.db, ctx.principal.accountId, page);
    return { data: [...builtIns, ...records.map(customRecord)], total: BUILT_IN_RECORDS.length + total, limit, offset };
  });
