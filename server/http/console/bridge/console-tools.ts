// The console's page tools as data: which page offers which tool, with its schema and whether the
// person must confirm it. Pages register them with behaviour attached (`{...consoleTool(name),
// execute}`); /.well-known/webmcp.json lists them from here, so the manifest and the pages agree.
// Rules kept here: a tool that approves (or sends, which approves a draft and e-mails a customer)
// always needs the person's click, and so does anything the page's own buttons ask the person to
// confirm (void, delete, revoke) or that hands out access (a new key, an invite).
import { INVOICE_STATUSES } from "../../../domain/lifecycle.ts";
import { SCOPES } from "../../../domain/scopes.ts";
import { NO_INPUT, type InputSchema, type JsonSchema, type PageToolDefinition } from "./tool.ts";

export type ConsolePage = { path: string; description: string; tools: readonly PageToolDefinition[] };

const text = (description: string, maxLength = 500): JsonSchema => ({ type: "string", description, maxLength });
const id = (description: string): JsonSchema => ({ type: "string", description, minLength: 1, maxLength: 100 });
const input = (properties: Record<string, JsonSchema>, required: string[] = []): InputSchema => ({ type: "object", properties, required, additionalProperties: false });
const readOnly = { readOnlyHint: true } as const;
const destructive = { readOnlyHint: false, destructiveHint: true } as const;
const writes = { readOnlyHint: false, destructiveHint: false } as const;

const EXPORT_FORMATS = ["pdf", "png", "svg", "html", "json", "csv", "xlsx", "docx", "md", "dsl", "ubl", "cii", "facturx", "xrechnung"] as const;

const clientFields = input(
  {
    name: text("The client's name"),
    email: text("E-mail address", 320),
    phone: text("Phone number", 50),
    tax_id: text("VAT or tax id", 100),
    currency: text("ISO 4217 code, e.g. EUR", 3),
    line1: text("Street and number"),
    postal_code: text("Postal code", 50),
    city: text("City", 200),
    country: text("ISO 3166 two-letter country code", 2),
  },
  ["name"],
);

const productFields = input(
  {
    name: text("The product's name"),
    rate: text("Unit price as written, e.g. 120.00", 30),
    currency: text("ISO 4217 code; empty for the account's currency", 3),
    unit: text("Unit code, e.g. h or pcs", 3),
    sku: text("Stock keeping unit", 100),
    description: text("Longer description", 5000),
  },
  ["name", "rate"],
);

export const CONSOLE_PAGES = [
  {
    path: "/app/invoices",
    description: "The invoice list with the spec's filters",
    tools: [
      {
        name: "invoices.search",
        title: "Search invoices",
        description: "Show the invoices matching these filters in the list and return that page of the list.",
        inputSchema: input({
          q: text("Words to find in number, client or notes", 200),
          status: { type: "string", description: "Only invoices in this status", enum: INVOICE_STATUSES },
          client_id: id("Only this client's invoices"),
          from: { type: "string", description: "Issued on or after (YYYY-MM-DD)", format: "date" },
          to: { type: "string", description: "Issued on or before (YYYY-MM-DD)", format: "date" },
          offset: { type: "integer", description: "How many invoices to skip", minimum: 0 },
        }),
        annotations: readOnly,
      },
    ],
  },
  {
    path: "/app/invoices/{id}",
    description: "One invoice: preview, history, payments, status moves, share, export, duplicate, void",
    tools: [
      { name: "invoice.read", title: "Read the invoice", description: "This invoice as the page shows it: parties, lines, totals, status and revision.", inputSchema: NO_INPUT, annotations: readOnly },
      {
        name: "invoice.transition",
        title: "Move the invoice",
        description: "Move this invoice to review, back to draft, or to paid. Approving and voiding are separate tools the person confirms.",
        inputSchema: input({ status: { type: "string", description: "The new status", enum: ["review", "draft", "paid"] }, note: text("Why, for the history", 1000) }, ["status"]),
        annotations: writes,
      },
      { name: "invoice.approve", title: "Approve the invoice", description: "Approve this invoice. The person confirms on the page first.", inputSchema: NO_INPUT, annotations: writes, needsConfirmation: true },
      { name: "invoice.void", title: "Void the invoice", description: "Void this invoice; it cannot be undone. The person confirms on the page first.", inputSchema: NO_INPUT, annotations: destructive, needsConfirmation: true },
      { name: "invoice.share", title: "Share the invoice", description: "Create the invoice's public share link (or return the existing one).", inputSchema: NO_INPUT, annotations: { readOnlyHint: false, idempotentHint: true } },
      {
        name: "invoice.export",
        title: "Export the invoice",
        description: "Export this invoice in a format and return a download link.",
        inputSchema: input({ format: { type: "string", description: "The file format", enum: EXPORT_FORMATS } }, ["format"]),
        annotations: { readOnlyHint: true, idempotentHint: true },
      },
      { name: "invoice.duplicate", title: "Duplicate the invoice", description: "Copy this invoice into a new draft and return the copy's id.", inputSchema: NO_INPUT, annotations: writes },
      {
        name: "invoice.send",
        title: "E-mail the invoice",
        description: "E-mail this invoice with its attachments and share link; sending a draft approves and numbers it. The person confirms on the page first.",
        inputSchema: input(
          {
            to: text("Recipients' e-mail addresses, separated by commas; the client's when left out", 2000),
            cc: text("Copy recipients, separated by commas", 2000),
            message: text("Your words, put before the standard text", 5000),
            attach: { type: "array", description: "Files to attach; a PDF when left out", items: { type: "string", enum: ["pdf", "facturx", "ubl", "cii", "xrechnung"] } },
          },
          [],
        ),
        annotations: writes,
        needsConfirmation: true,
      },
      {
        name: "invoice.record_payment",
        title: "Record a payment",
        description: "Record money received for this sent invoice: all of what is due or part of it. Reaching the total marks it paid.",
        inputSchema: input(
          {
            amount: text("The amount received as written, e.g. 500.00; at most what is due", 30),
            date: text("The day it arrived, YYYY-MM-DD; today when left out", 10),
            method: text("How it was paid, e.g. bank transfer", 100),
            reference: text("The payment's reference, e.g. the bank's transaction id", 200),
          },
          ["amount"],
        ),
        annotations: writes,
      },
    ],
  },
  {
    path: "/app/approvals",
    description: "The approval inbox: every invoice in review, what changed and who drafted it",
    tools: [
      { name: "approvals.list", title: "List invoices awaiting approval", description: "The invoices in review on this page, with who drafted them and what changed.", inputSchema: NO_INPUT, annotations: readOnly },
      {
        name: "approvals.approve",
        title: "Approve an invoice",
        description: "Approve one invoice of the inbox. The person confirms on the page first.",
        inputSchema: input({ invoice_id: id("The invoice to approve") }, ["invoice_id"]),
        annotations: writes,
        needsConfirmation: true,
      },
      {
        name: "approvals.request_changes",
        title: "Request changes",
        description: "Send one invoice of the inbox back to draft with a note saying what to change.",
        inputSchema: input({ invoice_id: id("The invoice to send back"), note: { type: "string", description: "What the drafter should change", minLength: 1, maxLength: 1000 } }, ["invoice_id", "note"]),
        annotations: writes,
      },
    ],
  },
  {
    path: "/app/clients",
    description: "Clients: list, create, edit, delete",
    tools: [
      { name: "clients.create", title: "Create a client", description: "Create a client from the form's fields.", inputSchema: clientFields, annotations: writes },
      { name: "clients.delete", title: "Delete a client", description: "Delete a client. The person confirms on the page first.", inputSchema: input({ client_id: id("The client to delete") }, ["client_id"]), annotations: destructive, needsConfirmation: true },
    ],
  },
  {
    path: "/app/products",
    description: "Products: list, create, edit, delete",
    tools: [
      { name: "products.create", title: "Create a product", description: "Create a product from the form's fields.", inputSchema: productFields, annotations: writes },
      { name: "products.delete", title: "Delete a product", description: "Delete a product. The person confirms on the page first.", inputSchema: input({ product_id: id("The product to delete") }, ["product_id"]), annotations: destructive, needsConfirmation: true },
    ],
  },
  {
    path: "/app/keys",
    description: "API keys: create with scopes, revoke, last used",
    tools: [
      {
        name: "keys.create",
        title: "Create an API key",
        description: "Create an API key with a name and scopes. The person confirms on the page first; the token is shown to the person, not returned.",
        inputSchema: input({ name: { type: "string", description: "What the key is for", minLength: 1, maxLength: 100 }, scopes: { type: "array", description: "The scopes it holds", items: { type: "string", enum: SCOPES } } }, ["name", "scopes"]),
        annotations: writes,
        needsConfirmation: true,
      },
      { name: "keys.revoke", title: "Revoke an API key", description: "Revoke an API key. The person confirms on the page first.", inputSchema: input({ key_id: id("The key to revoke") }, ["key_id"]), annotations: destructive, needsConfirmation: true },
    ],
  },
  {
    path: "/app/agents",
    description: "Connected agents: OAuth grants with client, scopes and last use",
    tools: [
      { name: "agents.revoke", title: "Disconnect an agent", description: "Revoke an agent's OAuth grant. The person confirms on the page first.", inputSchema: input({ grant_id: id("The grant to revoke") }, ["grant_id"]), annotations: destructive, needsConfirmation: true },
    ],
  },
] as const satisfies readonly ConsolePage[];

export type ConsoleToolName = (typeof CONSOLE_PAGES)[number]["tools"][number]["name"];

const BY_NAME = new Map<string, PageToolDefinition>(CONSOLE_PAGES.flatMap((page) => page.tools.map((tool): [string, PageToolDefinition] => [tool.name, tool])));

/** A console tool's definition, for `registerPageTool({...consoleTool(name), execute})` and the attribute helpers. */
export function consoleTool(name: ConsoleToolName): PageToolDefinition {
  return BY_NAME.get(name)!;
}
