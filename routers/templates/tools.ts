// templates.query, templates.mutate and templates.apply: the spec's catalog over the template
// procedures (DESIGN "One source").
import type { ToolFamily } from "../meta.ts";

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
