// Recurring rules for REST tests: a rule made from a fresh invoice of the account, and its paths.
import { expectStatus, type Invoice, type SteppedAccount } from "./invoices.ts";

/** A rule as the API returns it; the fields tests read most are typed. */
export type Rule = Record<string, any> & { id: string; status: string; next_date: string | null; issued_count: number; failures: number; last_error: string | null };

export const rulePath = (id: string, suffix = ""): string => `/api/recurring/${id}${suffix}`;

/** A rule over a new invoice of the account (monthly from `start_date`, default the test clock's 2026-11-21), and that invoice. */
export async function createRule(account: SteppedAccount, choices: Record<string, unknown> = {}, invoiceFields: Record<string, unknown> = {}): Promise<{ rule: Rule; source: Invoice }> {
  const source = await account.steps.create(invoiceFields);
  const rule = expectStatus(await account.client.post("/api/recurring", { invoice_id: source.id, frequency: "monthly", start_date: "2026-11-21", ...choices }), 201);
  return { rule, source };
}
