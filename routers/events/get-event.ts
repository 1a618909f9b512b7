import { z } from "zod";
import { findEvent } from "../../db/queries/events.ts";
import { retainedSince } from "../../server/domain/events.ts";
import { assertOwned } from "../../server/invoices/ownership.ts";
import { INVOICES_AUTOMATE_TOOL } from "../tools.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";
import { resourceId } from "../shared/schemas.ts";
import { scopedProcedure } from "../builders.ts";
import { eventOutput } from "./event.schema.ts";

export const getEvent = scopedProcedure("invoices:read")
  .meta({
    openapi: { method: "GET", path: "/events/{id}", tags: ["events"], operationId: "getEvent", summary: "One event" },
    tool: { ...INVOICES_AUTOMATE_TOOL, action: "get_event", example: { id: EXAMPLE_IDS.event } },
  })
  .input(z.strictObject({ id: resourceId("evt") }))
  .output(eventOutput)
  .query(async ({ ctx, input }) => {
    const found = await findEvent(ctx.services.database.db, input.id);
    const kept = found && found.record.created_at >= retainedSince(ctx.services.clock.now()) ? found : undefined;
    const { seq: _seq, ...shown } = assertOwned(kept, ctx.accountId, "event", input.id);
    return shown;
  });
