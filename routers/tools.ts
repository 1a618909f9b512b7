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
    "Update fields, move the status, record a payment, delete a draft, or create (share) or revoke (unshare) its public link. Revisioned (all but share and unshare): send base_revision (the revision you read) and a new operation_id (UUID).",
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
    "Export to pdf, png, svg, html, json, csv, xlsx, docx, md, dsl, ubl, cii, facturx (ZUGFeRD) or xrechnung (syntax ubl|cii). Give id (a stored invoice, needs a key) or invoice (inline fields, no key needed); formats (a list) makes several at once; action bulk puts many stored invoices (ids, or the list's filters) into one ZIP. Small text files come back inline, others as a link. On /api/mcp/stream, several formats and bulk report progress (send a progressToken) and stop on notifications/cancelled.",
  auth: "none",
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  returnsFile: true,
};

export const INVOICES_SUMMARIZE_TOOL: ToolFamily = {
  name: "invoices.summarize",
  title: "Summarize invoices",
  description:
    "A short natural-language summary in the invoice's language (en, de, fr, es, it, nl, pt, ja): parties, what for, amounts with tax, status, due date and days overdue, payments received and what to do next, with the facts as fields. Of a stored invoice (id), the one a share token opens (share_token), one given inline (invoice), or of a set of stored invoices chosen by the list's filters (\"7 invoices to Globex, 3 overdue for €4,210.00, the oldest 45 days overdue\"). Deterministic: no language model.",
  auth: "none",
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
};

export const INVOICES_SEND_TOOL: ToolFamily = {
  name: "invoices.send",
  title: "Send invoice",
  description:
    "Send an invoice by e-mail (via email: to the client's address unless to is given, with the PDF and any e-invoice attachments, a localized message and the share link) or by link (via link: returns the share link). Finalizes first (assigns the number) and moves it to sent; approval rules apply. Sending an invoice already sent e-mails it again. Revisioned: base_revision and a new operation_id.",
  auth: "key",
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
};

export const INVOICES_AUTOMATE_TOOL: ToolFamily = {
  name: "invoices.automate",
  title: "Automate invoicing",
  description:
    "Recurring rules (an invoice issued on a schedule: create, list, get, update, delete, pause, resume, skip the next, preview dates), webhooks (endpoints signed per Standard Webhooks: create, list, get, update, delete, rotate the secret, send a test event, list deliveries, redeliver), the account's events (list, get) and payment reminders (get, set). Pick one with action.",
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
    "List or get invoice templates (the built-in classic, modern, minimal and bold designs, and with a key your custom ones), or read a design's option schema.",
  auth: "none",
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
};

export const TEMPLATES_MUTATE_TOOL: ToolFamily = {
  name: "templates.mutate",
  title: "Change templates",
  description:
    "Create a custom template from a built-in design (colors, fonts, logo, labels, footer, paper size, margins, shown blocks), update or delete it.",
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
    "import (default): bring invoices, clients and products in from a file — CSV, TSV, XLSX, JSON, UBL, CII, XRechnung, Factur-X, PDF, DOCX, vCard, Invoice DSL, Markdown, HTML, PNG/JPEG, text; the format is detected; several files at once with files: [{content, encoding, file_name}]. A file over 100 rows is a dry run unless options.dry_run says otherwise: it previews every record with its action and every problem {row or element, column or term, value, issue}. Commits are all-or-nothing (options.partial: true stores the good records); the same file again makes nothing new; progress streams on /api/mcp/stream and the call can be cancelled. get / cancel: an import by id. ocr: the text of an image or scanned PDF with word boxes. extract: an invoice draft from a PDF, image or text. Give content as base64 (or encoding text).",
  auth: "key",
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
};
