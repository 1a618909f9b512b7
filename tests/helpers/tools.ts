/** The tools the service lists today (the spec's catalog as far as the landed issues reach), sorted. */
export const EXPECTED_TOOLS = [
  "entities.mutate",
  "entities.query",
  "invoices.analytics",
  "invoices.create",
  "invoices.createFromDsl",
  "invoices.duplicate",
  "invoices.export",
  "invoices.finalize",
  "invoices.mutate",
  "invoices.query",
  "invoices.summarize",
  "svc.capabilities",
  "svc.feedback",
  "templates.apply",
  "templates.mutate",
  "templates.query",
];
