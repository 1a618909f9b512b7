// The tool families (ADR 0001): the spec's 20 tools, each grouping procedures of one or
// more resources that dispatch on `action` (and `entity`). A procedure joins its family by its
// `meta.tool`; the family's name, title, description, auth and hints live here once.
import type { ToolFamily } from "./meta.ts";

// The aggregate tools of the spec's catalog over the invoice procedures (ADR 0001).

export const INVOICES_QUERY_TOOL: ToolFamily = {
  name: "invoices.query",
  title: "Query invoices",
  description: "List, search (q) or get invoices, their payments and history (with a key), or read the invoice a share token opens (share_token, no key).",
  auth: "none",
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
};

export const INVOICES_MUTATE_TOOL: ToolFamily = {
  name: "invoices.mutate",
  title: "Change invoices",
  description:
    "Update fields, move the status, record a payment, delete a draft, share or unshare its public link. All but share and unshare are revisioned: base_revision (the revision you read) and a new operation_id (UUID).",
  auth: "key",
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
};

export const INVOICES_FINALIZE_TOOL: ToolFamily = {
  name: "invoices.finalize",
  title: "Finalize invoice",
  description: "Lock an invoice and assign its number (action finalize), or undo that before it is sent (action undo). Revisioned.",
  auth: "key",
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
};

export const INVOICES_EXPORT_TOOL: ToolFamily = {
  name: "invoices.export",
  title: "Export invoice",
  description:
    "Export a stored invoice (id) or one given inline (invoice) to one format, several (formats), or many stored invoices (ids or the list's filters) into one ZIP (bulk). Small text files come back inline, others as a link; on /api/mcp/stream formats and bulk report progress and can be cancelled.",
  auth: "none",
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  returnsFile: true,
};

export const INVOICES_SUMMARIZE_TOOL: ToolFamily = {
  name: "invoices.summarize",
  title: "Summarize invoices",
  description:
    "A short summary in words, with its facts as fields: parties, amounts with tax, status, days overdue, payments and what to do next. Of a stored invoice (id), a shared one (share_token), one given inline (invoice), or a set chosen by the list's filters (\"7 invoices to Globex, 3 overdue for €4,210.00\"). In en, de, fr, es, it, nl, pt or ja; no language model.",
  auth: "none",
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
};

export const INVOICES_SEND_TOOL: ToolFamily = {
  name: "invoices.send",
  title: "Send invoice",
  description:
    "E-mail an invoice (to the client unless to is given; the PDF, any e-invoice attachments and the share link) or only make its link (via link). Finalizes it first and moves it to sent; approval rules apply; sending again e-mails it again. Revisioned: base_revision and a new operation_id.",
  auth: "key",
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
};

export const INVOICES_AUTOMATE_TOOL: ToolFamily = {
  name: "invoices.automate",
  title: "Automate invoicing",
  description:
    "Recurring rules (a copy of an invoice issued on a schedule), webhooks (signed per Standard Webhooks), the account's events and payment reminders.",
  auth: "key",
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
};

// entities.query and entities.mutate: one tool each over the client and product procedures,
// dispatched on {entity, action} (ADR 0001).

export const ENTITIES_QUERY_TOOL: ToolFamily = {
  name: "entities.query",
  title: "Query clients and products",
  description: "List (with q search) or get clients and products.",
  auth: "none",
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
};

export const ENTITIES_MUTATE_TOOL: ToolFamily = {
  name: "entities.mutate",
  title: "Change clients and products",
  description: "Create, update or delete clients and products.",
  auth: "key",
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
};

// templates.query, templates.mutate and templates.apply: the spec's catalog over the template
// procedures (ADR 0001).

export const TEMPLATES_QUERY_TOOL: ToolFamily = {
  name: "templates.query",
  title: "Query templates",
  description:
    "List or get templates (built-in classic, modern, minimal, bold; with a key, your own), or a design's option schema.",
  auth: "none",
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
};

export const TEMPLATES_MUTATE_TOOL: ToolFamily = {
  name: "templates.mutate",
  title: "Change templates",
  description:
    "Create a template from a built-in design (colors, fonts, logo, labels, footer, paper, margins, shown blocks), update or delete it; or extract a website's brand colors and logo.",
  auth: "key",
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
};

export const TEMPLATES_APPLY_TOOL: ToolFamily = {
  name: "templates.apply",
  title: "Apply a template",
  description: "Set the template an invoice renders with (template_id, or null for the default). Revisioned: send base_revision and a new operation_id.",
  auth: "key",
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
};

// The spec's `import` tool: import (the default) brings invoices, clients and products in from 16
// formats; get and cancel follow a long import; ocr and extract, the paid actions, read documents.

export const IMPORT_TOOL: ToolFamily = {
  name: "import",
  title: "Import and read documents",
  description:
    "import (default): invoices, clients and products from files (files: [{content, file_name}]) in any of 16 formats — CSV, TSV, XLSX, JSON, UBL, CII, XRechnung, Factur-X, PDF, DOCX, vCard, Invoice DSL, Markdown, HTML, images, text — detected. Over 100 rows is a dry run unless options.dry_run says: every record with its action, every problem with its row and column. All-or-nothing unless options.partial; the same file twice makes nothing new. get, cancel: an import by id. ocr: an image's or scanned PDF's text with word boxes. extract: an invoice draft from a PDF, image or text.",
  auth: "key",
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
};
