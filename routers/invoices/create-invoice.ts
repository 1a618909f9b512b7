import { z } from "zod";
import { newId } from "../../server/domain/ids.ts";
import { newInvoice } from "../../server/domain/invoice.ts";
import { createOnce, resolveReferences } from "../../server/invoices/writes.ts";
import { loadProfile } from "../../server/accounts/profile.ts";
import { createFields, idempotencyKey, invoiceOutput } from "./invoice.schema.ts";
import { invoiceCreateProcedure } from "./invoice-write-procedure.ts";

export const createInvoiceInput = z.strictObject({ ...createFields, idempotency_key: idempotencyKey.optional() });

export const createInvoice = invoiceCreateProcedure
  .meta({
    openapi: { method: "POST", path: "/invoices", tags: ["invoices"], operationId: "createInvoice", summary: "Create an invoice; totals are computed" },
    successStatus: 201,
    tool: {
      name: "invoices.create",
      title: "Create invoice",
      description: "Create a complete invoice in one call: parties, dates, currency and line items (rates in minor units). Returns it with totals.",
      auth: "key",
      hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
      example: { from_name: "Acme GmbH", bill_to_name: "Globex Corporation", bill_to_email: "ap@globex.example", currency: "EUR", issue_date: "2026-11-21", due_date: "2026-12-21", tax_rate: 19, items: [{ description: "Consulting", quantity: 10, unit: "HUR", rate: 12_000 }] },
    },
  })
  .input(createInvoiceInput)
  .output(invoiceOutput)
  .mutation(({ ctx, input, path }) => {
    const { idempotency_key, ...fields } = input;
    const { writer } = ctx;
    const { db } = ctx.services.database;
    return createOnce(ctx.services, writer, {
      key: idempotency_key,
      payload: { procedure: path, fields },
      async build() {
        const [profile, resolved] = await Promise.all([loadProfile(db, writer.accountId), resolveReferences(db, writer.accountId, fields)]);
        const now = ctx.services.clock.now();
        return newInvoice({ id: newId("inv", now.getTime()), input: fields, profile, resolved, now });
      },
    });
  });
