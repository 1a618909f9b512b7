// Invoice workflow steps for REST tests: each step makes one real request, fails loudly (with the
// reply's body) when the service refuses it, and returns the invoice as the service answered.
import { expect } from "bun:test";
import { invoiceInput, operation } from "./factories.ts";
import { api, type Api, type Reply } from "./http.ts";
import type { TestAccount, TestServer } from "./server.ts";
import type { Scope } from "../../server/domain/scopes.ts";

/** An invoice as the API returns it; the fields tests read most are typed. */
export type Invoice = Record<string, any> & {
  id: string;
  type: string;
  status: string;
  number: string | null;
  locked: boolean;
  revision: number;
  total: number;
  amount_paid: number;
  amount_due: number;
};

/** The body of a reply with this status; otherwise throws with what the service said. */
export function expectStatus<T = any>(reply: Reply<T>, status: number): T {
  if (reply.status !== status) throw new Error(`expected HTTP ${status}, got ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** Asserts an error reply's status and code together, so a failure shows both. */
export function expectError(reply: Reply, status: number, code: string): void {
  expect({ status: reply.status, code: reply.body?.code }).toEqual({ status, code });
}

export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export const invoicePath = (id: string, suffix = ""): string => `/api/invoices/${id}${suffix}`;

export type InvoiceSteps = {
  create(overrides?: Record<string, unknown>): Promise<Invoice>;
  get(id: string): Promise<Invoice>;
  update(invoice: Invoice, fields: Record<string, unknown>): Promise<Invoice>;
  transition(invoice: Invoice, status: string, note?: string): Promise<Invoice>;
  /** Moves through each status in turn. */
  through(invoice: Invoice, ...statuses: string[]): Promise<Invoice>;
  /** A new invoice moved straight to sent (the key needs invoices:approve). */
  sent(overrides?: Record<string, unknown>): Promise<Invoice>;
  finalize(invoice: Invoice, number?: string): Promise<Invoice>;
  undoFinalize(invoice: Invoice): Promise<Invoice>;
  pay(invoice: Invoice, amount: number, extra?: Record<string, unknown>): Promise<Invoice>;
  payments(id: string): Promise<Array<Record<string, any>>>;
  history(id: string): Promise<Array<Record<string, any>>>;
};

export function invoiceSteps(client: Api): InvoiceSteps {
  const steps: InvoiceSteps = {
    create: async (overrides = {}) => expectStatus(await client.post("/api/invoices", invoiceInput(overrides)), 201),
    get: async (id) => expectStatus(await client.get(invoicePath(id)), 200),
    update: async (invoice, fields) => expectStatus(await client.put(invoicePath(invoice.id), { ...operation(invoice.revision), ...fields }), 200),
    transition: async (invoice, status, note) =>
      expectStatus(await client.post(invoicePath(invoice.id, "/transition"), { ...operation(invoice.revision), status, ...(note ? { note } : {}) }), 200),
    async through(invoice, ...statuses) {
      let current = invoice;
      for (const status of statuses) current = await steps.transition(current, status);
      return current;
    },
    sent: async (overrides) => steps.transition(await steps.create(overrides), "sent"),
    finalize: async (invoice, number) =>
      expectStatus(await client.post(invoicePath(invoice.id, "/finalize"), { ...operation(invoice.revision), ...(number ? { number } : {}) }), 200),
    undoFinalize: async (invoice) => expectStatus(await client.delete(withQuery(invoicePath(invoice.id, "/finalize"), operation(invoice.revision))), 200),
    pay: async (invoice, amount, extra = {}) =>
      expectStatus(await client.post(invoicePath(invoice.id, "/payments"), { ...operation(invoice.revision), amount, ...extra }), 200),
    payments: async (id) => expectStatus(await client.get(invoicePath(id, "/payments")), 200).data,
    history: async (id) => expectStatus(await client.get(invoicePath(id, "/history")), 200).data,
  };
  return steps;
}

export type SteppedAccount = TestAccount & { client: Api; steps: InvoiceSteps };

/** A fresh account (its own numbering, dashboard and lists) with a client and steps on its key. */
export async function steppedAccount(server: TestServer, options: { scopes?: readonly Scope[] } = {}): Promise<SteppedAccount> {
  const account = await server.account(options);
  const client = api(server.url, account.key);
  return { ...account, client, steps: invoiceSteps(client) };
}

/** Sets the account's profile (time zone, numbering prefixes, …) through PUT /api/account. */
export async function setProfile(client: Api, profile: Record<string, unknown>): Promise<void> {
  expectStatus(await client.put("/api/account", profile), 200);
}
