import { z } from "zod";
import { newId } from "../../server/domain/ids.ts";
import { duplicatedInvoice } from "../../server/domain/invoice.ts";
import { createOnce } from "../../server/invoices/writes.ts";
import { loadProfile, todayFor } from "../../server/accounts/profile.ts";
import { ownedInvoice } from "../../server/invoices/ownership.ts";
import { resourceId } from "../shared/schemas.ts";
import { idempotencyKey, invoiceOutput } from "./invoice.schema.ts";
import { invoiceCreateProcedure } from "./invoice-write-procedure.ts";
import { EXAMPLE_IDS } from "../shared/examples.ts";

export const duplicateInvoice = invoiceCreateProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/invoices/{id}/duplicate",
      tags: ["invoices"],
      operationId: "duplicateInvoice",
      summary: "Copy an invoice into a new draft dated today, due after the same term",
    },
    successStatus: 201,
    tool: {
      name: "invoices.duplicate",
      title: "Duplicate invoice",
      description: "Clone an invoice as a new draft: no number, issued today, due after the original's term, same items, client and template.",
      auth: "key",
      hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
      example: { id: EXAMPLE_IDS.invoice, idempotency_key: "duplicate-2026-12" },
    },
  })
  .input(z.strictObject({ id: resourceId("inv"), idempotency_key: idempotencyKey.optional() }))
  .output(invoiceOutput)
  .mutation(({ ctx, input, path }) => {
    const { writer } = ctx;
    const { db } = ctx.services.database;
    return createOnce(ctx.services, writer, {
      key: input.idempotency_key,
      payload: { procedure: path, id: input.id },
      async build() {
        const [source, profile] = await Promise.all([ownedInvoice(db, writer.accountId, input.id), loadProfile(db, writer.accountId)]);
        const now = ctx.services.clock.now();
        return duplicatedInvoice(source, { id: newId("inv", now.getTime()), today: todayFor(profile, now), now });
      },
    });
  });
