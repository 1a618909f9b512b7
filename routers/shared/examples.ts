// Placeholder values the tool examples share (tools/list shows one example call per action). They
// read as placeholders ("inv_…": an id a read returned; the zero UUID: make a new one) at a few
// tokens each, and still pass every procedure's input schema (a test checks).
export const EXAMPLE_IDS = {
  invoice: "inv_…",
  client: "cli_…",
  product: "prd_…",
  template: "tpl_…",
  operation: "00000000-0000-4000-8000-000000000000",
  shareToken: "<share_token>",
  webhook: "whk_…",
  delivery: "dlv_…",
  recurring: "rec_…",
  event: "evt_…",
  importJob: "imp_…",
} as const;
