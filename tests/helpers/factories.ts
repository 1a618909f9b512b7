// Factories for unique, valid inputs.
let counter = 0;

export function invoiceInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    from_name: "Acme GmbH",
    bill_to_name: `Client ${counter}`,
    bill_to_email: `client${counter}@example.com`,
    currency: "EUR",
    locale: "de-DE",
    issue_date: "2026-11-01",
    due_date: "2026-12-01",
    tax_rate: 19,
    items: [
      { description: "Consulting", quantity: 10, rate: 12_000 },
      { description: "Travel", quantity: 1, rate: 4_550 },
    ],
    ...overrides,
  };
}

export function operation(base_revision: number): { base_revision: number; operation_id: string } {
  return { base_revision, operation_id: crypto.randomUUID() };
}
