// Every action of every tool, called from the listing alone (ADR 0035): each example line of each
// tool's description in tools/list is parsed and run over MCP, as an agent would run it after
// putting in its own values for the placeholders the text shows ("inv_…": an invoice it read; the
// zero UUID: a new one; "<share_token>": one it was given; example.com addresses: sites it owns).
// The base_revision it sends is the one it read. Nothing else is added: a call needing a field the
// example does not show fails here.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { renderPng } from "../../render/visual.ts";
import { layoutInvoice } from "../../render/templates/index.ts";
import { builtInTemplate } from "../../render/templates/template.ts";
import { invoice as sampleInvoice } from "../../scripts/samples/templates.ts";
import { api } from "../helpers/http.ts";
import { setProfile } from "../helpers/invoices.ts";
import { startTestSmtp, type TestSmtp } from "../helpers/mail.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { RECEIVER_ENV, startReceiver, type Receiver } from "../helpers/webhooks.ts";
import { BUYER_FIELDS, SELLER_PROFILE } from "../routers/invoices/export-helpers.ts";
import { startBrandSites, type BrandSites } from "../routers/templates/brand-sites.ts";

type Listed = { name: string; description: string };
type Args = Record<string, unknown>;

const ZERO_UUID = "00000000-0000-4000-8000-000000000000";

let server: TestServer;
let receiver: Receiver;
let smtp: TestSmtp;
let sites: BrandSites;
let key: string;
let listed: Listed[];
let pngBase64: string;

async function rpc(method: string, params: unknown): Promise<any> {
  const response = await fetch(`${server.url}/api/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return response.json();
}

/** A tool call that must succeed: its structured result. */
async function call(name: string, args: Args): Promise<any> {
  const reply = await rpc("tools/call", { name, arguments: args });
  if (reply.error || reply.result.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${JSON.stringify(reply.error ?? reply.result.content)}`);
  return reply.result.structuredContent;
}

beforeAll(async () => {
  receiver = await startReceiver();
  sites = await startBrandSites();
  // A mail server of our own: the retry example needs an e-mail it refused.
  smtp = await startTestSmtp();
  server = await startTestServer({ env: { ...RECEIVER_ENV, OUTBOUND_ALLOW_ADDRESSES: "127.0.0.1", SMTP_URL: smtp.url } });
  const account = await server.account();
  key = account.key;
  // The seller's details an e-invoice needs (the send example attaches XRechnung).
  await setProfile(api(server.url, key), SELLER_PROFILE);
  listed = (await rpc("tools/list", {})).result.tools;
  pngBase64 = Buffer.from(await renderPng(layoutInvoice(sampleInvoice("derived", { from_name: "Acme GmbH", bill_to_name: "Globex Corporation", currency: "EUR", locale: "en-US", issue_date: "2026-11-01", number: "INV-2026-0042", items: [{ description: "Consulting", quantity: 2, rate: 12_000 }] }), builtInTemplate("classic")))).toString("base64");
});
afterAll(async () => {
  await server.close();
  await receiver.stop();
  await sites.close();
  await smtp.close();
});

/** The example calls a description shows: the JSON lines after "Example:" or "Examples:". */
function examplesOf(tool: Listed): Args[] {
  const [, block = ""] = tool.description.split(/\nExamples?:\n/);
  return block.split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Args);
}

const revisioned = (invoice: { id: string; revision: number }): Args => ({ id: invoice.id, base_revision: invoice.revision, operation_id: crypto.randomUUID() });
const draft = async (): Promise<any> =>
  call("invoices.create", { ...BUYER_FIELDS, currency: "EUR", issue_date: "2026-11-21", due_date: "2026-12-21", tax_rate: 19, items: [{ description: "Consulting", quantity: 10, rate: 12_000 }] });
const finalized = async (): Promise<any> => call("invoices.finalize", revisioned(await draft()));
const sent = async (): Promise<any> => call("invoices.mutate", { action: "transition", ...revisioned(await finalized()), status: "sent" });
const paid = async (): Promise<any> => {
  const open = await sent();
  return call("invoices.mutate", { action: "record_payment", ...revisioned(open), amount: open.amount_due });
};

/** What an invoice must already be for the example's action: numbered to undo or to be an e-invoice, sent to be paid. */
async function invoiceFor(tool: string, action: unknown): Promise<{ id: string }> {
  if (tool === "invoices.mutate" && (action === "record_payment" || action === "remove_payment")) return sent();
  if ((tool === "invoices.finalize" && action === "undo") || tool === "invoices.export") return finalized();
  return draft();
}

/** An id of each kind, made as the example's action needs it (a draft to finalize, a finalized one to pay or undo…). */
async function realId(kind: string, tool: string, action: unknown, args: Args): Promise<string> {
  switch (kind) {
    case "inv":
      return (await invoiceFor(tool, action)).id;
    case "cli":
      return (await call("entities.mutate", { entity: "client", action: "create", name: `Client ${crypto.randomUUID()}` })).id;
    case "prd":
      return (await call("entities.mutate", { entity: "product", action: "create", name: `Product ${crypto.randomUUID()}`, rate: 1_000 })).id;
    case "tpl":
      return (await call("templates.mutate", { action: "create", name: "Derived", base: "modern" })).id;
    case "whk":
      return (await call("invoices.automate", { action: "create_webhook", url: `${receiver.url}/derived` })).id;
    case "rec": {
      const rule = await call("invoices.automate", { action: "create_recurring", invoice_id: (await draft()).id, frequency: "monthly", start_date: "2027-01-15" });
      // Only a paused rule resumes.
      if (action === "resume_recurring") await call("invoices.automate", { action: "pause_recurring", id: rule.id });
      return rule.id;
    }
    case "evt":
      return (await call("invoices.automate", { action: "list_events", limit: 1 })).data[0].id;
    case "pay": {
      // A payment belongs to its invoice: part of the example's invoice is paid, to be removed.
      const invoice = await call("invoices.query", { action: "get", id: args.id });
      await call("invoices.mutate", { action: "record_payment", ...revisioned(invoice), amount: 1_000 });
      return (await call("invoices.query", { action: "payments", id: args.id })).data[0].id;
    }
    case "imp":
      return (await call("import", { content: "name,email\nDerived Ltd,derived@example.com\n", options: { entity: "clients" } })).id;
    case "dlv": {
      // A delivery belongs to its endpoint: the example's webhook id becomes this delivery's.
      const webhook = args.id as string;
      const { delivery_id } = await call("invoices.automate", { action: "test_webhook", id: webhook });
      await server.scheduler.run("deliver-webhooks");
      return delivery_id;
    }
    default:
      throw new Error(`no way to make a ${kind}_ id`);
  }
}

/** An e-mail of the invoice that the mail server refused for good (550), as the outbox recorded it. */
async function failedMailOf(invoiceId: string): Promise<string> {
  const invoice = await call("invoices.query", { action: "get", id: invoiceId });
  const { mail } = await call("invoices.send", { ...revisioned(invoice), to: ["ap@globex.example"] });
  smtp.refuse(550);
  await server.scheduler.run("deliver-mail");
  return mail.id;
}

/** The example with the agent's own values in place of the placeholders. */
async function derived(tool: string, example: Args): Promise<Args> {
  const args: Args = structuredClone(example);
  const action = args.action;
  const fill = async (value: unknown): Promise<unknown> => {
    if (typeof value === "string") {
      const placeholder = /^([a-z]{3})_…$/.exec(value);
      if (placeholder?.[1] && placeholder[1] !== "dlv") return realId(placeholder[1], tool, action, args);
      if (value === ZERO_UUID) return crypto.randomUUID();
      if (value === "<share_token>") return (await call("invoices.mutate", { action: "share", id: (await finalized()).id })).token;
      if (value.startsWith("<base64 of")) return pngBase64;
      if (value === "https://hooks.example.com/invoices") return `${receiver.url}/derived`;
      if (value === "https://example.com") return `${sites.origin}/plain/`;
      return value;
    }
    if (Array.isArray(value)) return Promise.all(value.map(fill));
    if (value !== null && typeof value === "object") return Object.fromEntries(await Promise.all(Object.entries(value).map(async ([field, inner]) => [field, await fill(inner)])));
    return value;
  };
  for (const [field, value] of Object.entries(args)) args[field] = await fill(value);
  for (const [field, value] of Object.entries(args)) if (value === "dlv_…") args[field] = await realId("dlv", tool, action, args);
  // An e-mail belongs to its invoice: the example's invoice is e-mailed, and the mail server refuses it for good.
  for (const [field, value] of Object.entries(args)) if (value === "mail_…") args[field] = await failedMailOf(args.id as string);
  // A bulk export by the list's filters needs invoices they choose: a paid one this year.
  if (tool === "invoices.export" && action === "bulk") await paid();
  // The revision sent is the one the agent read.
  if (typeof args.base_revision === "number" && typeof args.id === "string" && args.id.startsWith("inv_")) {
    args.base_revision = (await call("invoices.query", { action: "get", id: args.id })).revision;
  }
  return args;
}

describe("every example in tools/list runs as an agent would run it", () => {
  test("the listing shows one example per action of every tool", () => {
    expect(listed).toHaveLength(20);
    const withExamples = listed.map((tool) => [tool.name, examplesOf(tool).length]);
    for (const [name, count] of withExamples) expect({ name, count: Number(count) > 0 }).toEqual({ name, count: true });
    expect(listed.reduce((sum, tool) => sum + examplesOf(tool).length, 0)).toBeGreaterThanOrEqual(70);
  });

  test("each example call succeeds", async () => {
    const failures: string[] = [];
    let ran = 0;
    for (const tool of listed) {
      for (const example of examplesOf(tool)) {
        const args = await derived(tool.name, example);
        const reply = await rpc("tools/call", { name: tool.name, arguments: args });
        ran += 1;
        if (reply.error || reply.result.isError) failures.push(`${tool.name} ${JSON.stringify(example)} → ${JSON.stringify(reply.error ?? reply.result.content[0].text)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(ran).toBeGreaterThanOrEqual(70);
  }, 120_000);
});
