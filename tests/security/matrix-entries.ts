// The tenant matrix's table: one entry per procedure of the router, saying who may call it (checked
// against the procedure's own meta, so a procedure quietly made more open fails the matrix), what
// another account's call is about, and a valid input naming the owner's resources. A procedure the
// router gains without an entry here fails tests/security/tenant-matrix.test.ts by name.
import type { ErrorCode } from "../../server/domain/errors.ts";
import type { Scope } from "../../server/domain/scopes.ts";
import type { Owned } from "./matrix-world.ts";

/**
 * Who may call: "open" anyone (publicProcedure), "housekeeping" anyone, never counted, "priced"
 * anyone who pays or holds a credential (x402), "any-key" any credential whatever its scopes,
 * "session" only a signed-in person's session, or the scope a credential must hold.
 */
export type Guard = "open" | "housekeeping" | "priced" | "any-key" | "session" | Scope;

/**
 * What the input points at, which decides what another account gets:
 * "resource" one of the owner's stored things by id (refused: 403, or `foreign`);
 * "token" a secret the owner handed out (share or invite link): the token is the credential, so
 *   holding it is enough and the other-account case does not apply;
 * "account" nothing named: the caller's own account is read, and another account must see none of
 *   the owner's data;
 * "none" a self-contained input (an inline invoice, a create, a settings change): nothing of the
 *   owner's is reachable, so the other-account case does not apply.
 */
export type Tenancy = "resource" | "token" | "account" | "none";

export type MatrixEntry = {
  guard: Guard;
  tenancy: Tenancy;
  input(owned: Owned): Record<string, unknown>;
  /** Another account's answer on the owner's resource when it is not 403 FORBIDDEN. */
  foreign?: ErrorCode;
};

/** A revisioned write's precondition; the matrix never gets as far as the revision check. */
const revisioned = (): { base_revision: number; operation_id: string } => ({ base_revision: 1, operation_id: crypto.randomUUID() });

const INLINE_INVOICE = { from_name: "Inline Seller", bill_to_name: "Inline Buyer", currency: "EUR", locale: "en-IE", issue_date: "2026-11-21", items: [{ description: "Consulting", quantity: 2, rate: 12_000 }] };

const byId =
  (field: keyof Owned) =>
  (owned: Owned): Record<string, unknown> => ({ id: owned[field] });

const nothing = (): Record<string, unknown> => ({});

/**
 * members.update / members.remove name a person, and a person is no account's resource (one may
 * belong to several): someone who is not a member here is 404 "no member here" (the members suites
 * pin this), never 403 and never a change.
 */
const notAMemberHere: Pick<MatrixEntry, "foreign"> = { foreign: "NOT_FOUND" };

export const MATRIX_ENTRIES: Record<string, MatrixEntry> = {
  "invoices.create": { guard: "invoices:write", tenancy: "resource", input: (owned) => ({ issue_date: "2026-11-21", from_name: "Seller", currency: "EUR", client_id: owned.clientId, items: [{ description: "Work", rate: 1_000 }] }) },
  "invoices.createFromDsl": { guard: "invoices:write", tenancy: "none", input: () => ({ dsl: "INVOICE\nFROM Acme GmbH\nTO Globex Corporation\nDATE 2026-11-21\nITEMS\n Consulting 1 x €120.00\n", dry_run: true }) },
  "invoices.list": { guard: "invoices:read", tenancy: "resource", input: (owned) => ({ client_id: owned.clientId }) },
  "invoices.get": { guard: "invoices:read", tenancy: "resource", input: byId("invoiceId") },
  "invoices.update": { guard: "invoices:write", tenancy: "resource", input: (owned) => ({ id: owned.invoiceId, ...revisioned(), notes: "taken over" }) },
  "invoices.delete": { guard: "invoices:write", tenancy: "resource", input: (owned) => ({ id: owned.invoiceId, ...revisioned() }) },
  "invoices.transition": { guard: "invoices:write", tenancy: "resource", input: (owned) => ({ id: owned.invoiceId, ...revisioned(), status: "review" }) },
  "invoices.recordPayment": { guard: "invoices:write", tenancy: "resource", input: (owned) => ({ id: owned.invoiceId, ...revisioned(), amount: 100 }) },
  "invoices.payments": { guard: "invoices:read", tenancy: "resource", input: byId("invoiceId") },
  // The invoice is checked before the payment or e-mail it names: another account's call stops at the invoice.
  "invoices.removePayment": { guard: "invoices:write", tenancy: "resource", input: (owned) => ({ id: owned.invoiceId, payment_id: "pay_01KB4Z2W9X6M3Q7R8T5V0C1NPE", ...revisioned() }) },
  "invoices.mail": { guard: "invoices:read", tenancy: "resource", input: byId("invoiceId") },
  "invoices.retryMail": { guard: "invoices:write", tenancy: "resource", input: (owned) => ({ id: owned.invoiceId, mail_id: "mail_unknown" }) },
  "invoices.accountMail": { guard: "invoices:read", tenancy: "account", input: nothing },
  "invoices.history": { guard: "invoices:read", tenancy: "resource", input: byId("invoiceId") },
  "invoices.finalize": { guard: "invoices:write", tenancy: "resource", input: (owned) => ({ id: owned.invoiceId, ...revisioned() }) },
  "invoices.undoFinalize": { guard: "invoices:write", tenancy: "resource", input: (owned) => ({ id: owned.invoiceId, ...revisioned() }) },
  "invoices.duplicate": { guard: "invoices:write", tenancy: "resource", input: byId("invoiceId") },
  "invoices.export": { guard: "invoices:read", tenancy: "resource", input: (owned) => ({ id: owned.invoiceId, format: "json" }) },
  "invoices.preview": { guard: "invoices:read", tenancy: "resource", input: byId("invoiceId") },
  "invoices.exportInline": { guard: "priced", tenancy: "none", input: () => ({ invoice: INLINE_INVOICE, format: "pdf" }) },
  "invoices.render": { guard: "priced", tenancy: "none", input: () => ({ invoice: INLINE_INVOICE, format: "png" }) },
  "invoices.exportFormats": { guard: "invoices:read", tenancy: "resource", input: (owned) => ({ id: owned.invoiceId, formats: ["json"] }) },
  "invoices.exportBulk": { guard: "invoices:read", tenancy: "resource", input: (owned) => ({ ids: [owned.invoiceId], format: "json" }) },
  "invoices.send": { guard: "invoices:write", tenancy: "resource", input: (owned) => ({ id: owned.invoiceId, ...revisioned() }) },
  "invoices.share": { guard: "invoices:write", tenancy: "resource", input: byId("invoiceId") },
  "invoices.unshare": { guard: "invoices:write", tenancy: "resource", input: byId("invoiceId") },
  "invoices.shared": { guard: "open", tenancy: "token", input: (owned) => ({ share_token: owned.shareToken }) },
  "invoices.summarize": { guard: "invoices:read", tenancy: "resource", input: byId("invoiceId") },
  "invoices.summarizeShared": { guard: "open", tenancy: "token", input: (owned) => ({ share_token: owned.shareToken }) },
  "invoices.summarizeInline": { guard: "open", tenancy: "none", input: () => ({ invoice: INLINE_INVOICE }) },
  "invoices.summarizeSet": { guard: "invoices:read", tenancy: "resource", input: (owned) => ({ client_id: owned.clientId }) },
  "invoices.suggest": { guard: "invoices:read", tenancy: "resource", input: (owned) => ({ client: owned.clientId }) },

  "clients.list": { guard: "entities:read", tenancy: "account", input: nothing },
  "clients.get": { guard: "entities:read", tenancy: "resource", input: byId("clientId") },
  "clients.create": { guard: "entities:write", tenancy: "none", input: () => ({ name: "New client" }) },
  "clients.update": { guard: "entities:write", tenancy: "resource", input: (owned) => ({ id: owned.clientId, name: "Taken over" }) },
  "clients.delete": { guard: "entities:write", tenancy: "resource", input: byId("clientId") },
  "products.list": { guard: "entities:read", tenancy: "account", input: nothing },
  "products.get": { guard: "entities:read", tenancy: "resource", input: byId("productId") },
  "products.create": { guard: "entities:write", tenancy: "none", input: () => ({ name: "New product", rate: 500 }) },
  "products.update": { guard: "entities:write", tenancy: "resource", input: (owned) => ({ id: owned.productId, rate: 1 }) },
  "products.delete": { guard: "entities:write", tenancy: "resource", input: byId("productId") },

  "templates.list": { guard: "open", tenancy: "account", input: nothing },
  "templates.get": { guard: "open", tenancy: "resource", input: byId("templateId") },
  "templates.schema": { guard: "open", tenancy: "resource", input: byId("templateId") },
  "templates.create": { guard: "templates:write", tenancy: "none", input: () => ({ name: "New template" }) },
  "templates.update": { guard: "templates:write", tenancy: "resource", input: (owned) => ({ id: owned.templateId, name: "Taken over" }) },
  "templates.delete": { guard: "templates:write", tenancy: "resource", input: byId("templateId") },
  "templates.applyToInvoice": { guard: "invoices:write", tenancy: "resource", input: (owned) => ({ id: owned.invoiceId, ...revisioned(), template_id: owned.templateId }) },
  "templates.extractBrand": { guard: "priced", tenancy: "none", input: () => ({ url: "https://example.com" }) },

  "account.get": { guard: "any-key", tenancy: "account", input: nothing },
  "account.update": { guard: "account:admin", tenancy: "none", input: () => ({ legal_name: "Own account" }) },
  "dashboard.get": { guard: "invoices:read", tenancy: "account", input: nothing },
  "analytics.get": { guard: "invoices:read", tenancy: "account", input: nothing },
  "events.list": { guard: "invoices:read", tenancy: "account", input: nothing },
  "events.get": { guard: "invoices:read", tenancy: "resource", input: byId("eventId") },

  "recurring.list": { guard: "invoices:read", tenancy: "account", input: nothing },
  "recurring.get": { guard: "invoices:read", tenancy: "resource", input: byId("recurringId") },
  "recurring.create": { guard: "invoices:write", tenancy: "resource", input: (owned) => ({ invoice_id: owned.invoiceId, frequency: "monthly", start_date: "2027-01-01" }) },
  "recurring.update": { guard: "invoices:write", tenancy: "resource", input: (owned) => ({ id: owned.recurringId, frequency: "quarterly" }) },
  "recurring.delete": { guard: "invoices:write", tenancy: "resource", input: byId("recurringId") },
  "recurring.pause": { guard: "invoices:write", tenancy: "resource", input: byId("recurringId") },
  "recurring.resume": { guard: "invoices:write", tenancy: "resource", input: byId("recurringId") },
  "recurring.skip": { guard: "invoices:write", tenancy: "resource", input: byId("recurringId") },
  "recurring.preview": { guard: "invoices:read", tenancy: "resource", input: byId("recurringId") },
  "reminders.get": { guard: "invoices:read", tenancy: "account", input: nothing },
  "reminders.set": { guard: "account:admin", tenancy: "none", input: () => ({ enabled: true, offsets: [1, 7] }) },

  "webhooks.list": { guard: "account:admin", tenancy: "account", input: nothing },
  "webhooks.get": { guard: "account:admin", tenancy: "resource", input: byId("webhookId") },
  "webhooks.create": { guard: "account:admin", tenancy: "none", input: () => ({ url: "http://127.0.0.1:59999/new" }) },
  "webhooks.update": { guard: "account:admin", tenancy: "resource", input: (owned) => ({ id: owned.webhookId, enabled: false }) },
  "webhooks.delete": { guard: "account:admin", tenancy: "resource", input: byId("webhookId") },
  "webhooks.rotateSecret": { guard: "account:admin", tenancy: "resource", input: byId("webhookId") },
  "webhooks.test": { guard: "account:admin", tenancy: "resource", input: byId("webhookId") },
  "webhooks.deliveries": { guard: "account:admin", tenancy: "resource", input: byId("webhookId") },
  "webhooks.redeliver": { guard: "account:admin", tenancy: "resource", input: (owned) => ({ id: owned.webhookId, delivery_id: owned.deliveryId }) },

  "platform.health": { guard: "housekeeping", tenancy: "none", input: nothing },
  "platform.capabilities": { guard: "housekeeping", tenancy: "none", input: nothing },
  "platform.feedback": { guard: "open", tenancy: "none", input: () => ({ message: "The matrix says hello" }) },

  "me.get": { guard: "session", tenancy: "account", input: nothing },
  "me.update": { guard: "session", tenancy: "account", input: () => ({ interface_language: "de" }) },
  "me.switchAccount": { guard: "session", tenancy: "resource", input: (owned) => ({ account_id: owned.accountId }) },
  "me.sessions": { guard: "session", tenancy: "account", input: nothing },
  "me.revokeSession": { guard: "session", tenancy: "resource", input: byId("sessionId") },
  "keys.list": { guard: "account:admin", tenancy: "account", input: nothing },
  "keys.create": { guard: "account:admin", tenancy: "none", input: () => ({ name: "New key", scopes: ["invoices:read"] }) },
  "keys.revoke": { guard: "account:admin", tenancy: "resource", input: byId("keyId") },
  "members.list": { guard: "account:admin", tenancy: "account", input: nothing },
  "members.update": { guard: "account:admin", tenancy: "resource", input: (owned) => ({ user_id: owned.memberUserId, role: "admin" }), ...notAMemberHere },
  "members.remove": { guard: "account:admin", tenancy: "resource", input: (owned) => ({ user_id: owned.memberUserId }), ...notAMemberHere },
  "invites.list": { guard: "account:admin", tenancy: "account", input: nothing },
  "invites.create": { guard: "account:admin", tenancy: "none", input: () => ({ role: "member" }) },
  "invites.revoke": { guard: "account:admin", tenancy: "resource", input: byId("inviteId") },
  "invites.preview": { guard: "open", tenancy: "token", input: (owned) => ({ token: owned.inviteToken }) },
  "invites.accept": { guard: "session", tenancy: "token", input: (owned) => ({ token: owned.inviteToken }) },
  "approvals.list": { guard: "invoices:read", tenancy: "account", input: nothing },
  "grants.list": { guard: "session", tenancy: "account", input: nothing },
  "grants.revoke": { guard: "session", tenancy: "resource", input: byId("grantId") },
  "usage.get": { guard: "any-key", tenancy: "account", input: nothing },

  "imports.import": { guard: "invoices:write", tenancy: "none", input: () => ({ content: "bill_to_name,description,quantity,unit_price\nGlobex,Consulting,1,10.00\n", encoding: "text", format: "csv", options: { dry_run: true } }) },
  "imports.get": { guard: "invoices:read", tenancy: "resource", input: byId("importId") },
  "imports.cancel": { guard: "invoices:write", tenancy: "resource", input: byId("importId") },
  "imports.ocr": { guard: "priced", tenancy: "none", input: () => ({ content: "iVBORw0KGgo=" }) },
  "imports.extract": { guard: "priced", tenancy: "none", input: () => ({ content: "Invoice INV-7\nDate 2026-11-01\nTotal 10.00 EUR", encoding: "text" }) },
};
