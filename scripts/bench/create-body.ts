// The invoice the benchmarks create: five lines, one rate, the same in every benchmark that creates.
export const CREATE_BODY = JSON.stringify({
  from_name: "Bench GmbH",
  bill_to_name: "Bench Client",
  bill_to_email: "client@example.com",
  currency: "EUR",
  locale: "de-DE",
  issue_date: "2026-11-01",
  due_date: "2026-12-01",
  tax_rate: 19,
  items: ["Consulting", "Design", "Hosting", "Support", "Travel"].map((description, index) => ({ description, quantity: index + 1, rate: 1000 * (index + 1) })),
});
