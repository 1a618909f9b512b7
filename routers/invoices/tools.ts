// The aggregate tools of the spec's catalog over the invoice procedures (DESIGN "One source").
import type { ToolMeta } from "../trpc.ts";

export const INVOICES_QUERY_TOOL: ToolMeta = {
  name: "invoices.query",
  title: "Query invoices",
  description: "List, search (q) or get invoices, their payments and history. action: list | get | payments | history.",
  auth: "none",
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
};

export const INVOICES_MUTATE_TOOL: ToolMeta = {
  name: "invoices.mutate",
  title: "Change invoices",
  description:
    "Update fields, move the status, record a payment, or delete a draft. action: update | transition | record_payment | delete. Revisioned: send base_revision (the revision you read) and a new operation_id (UUID).",
  auth: "key",
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
};

export const INVOICES_FINALIZE_TOOL: ToolMeta = {
  name: "invoices.finalize",
  title: "Finalize invoice",
  description: "Lock an invoice and assign its number (action finalize), or undo that before it is sent (action undo). Revisioned.",
  auth: "key",
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
};
