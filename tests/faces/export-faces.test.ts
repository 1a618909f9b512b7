// Export, share and templates on the two other faces: the tRPC client and the official MCP SDK
// client. invoices.export returns small text inline and binary files as a resource_link, exports an
// inline invoice without credentials, and invoices.query opens a shared invoice by its token.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import type { AppRouter } from "../../routers/index.ts";
import { invoiceInput } from "../helpers/factories.ts";
import { steppedAccount, type Invoice, type SteppedAccount } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { download, exportableInvoice, sha256 } from "../routers/invoices/export-helpers.ts";

type Content = { type: string; text?: string; uri?: string; name?: string; mimeType?: string; size?: number };
type CallResult = { content: Content[]; structuredContent?: Record<string, any>; isError?: boolean };

let server: TestServer;
let owner: SteppedAccount;
let invoice: Invoice;
const clients: Client[] = [];

async function mcp(key: string | null): Promise<Client> {
  const client = new Client({ name: "export-test", version: "1.0.0" });
  const headers: Record<string, string> = key ? { Authorization: `Bearer ${key}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallResult;

function trpc(key: string | null) {
  return createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: key ? { authorization: `Bearer ${key}` } : {} })] });
}

beforeAll(async () => {
  // Many anonymous calls from one address: the anonymous tier's burst must not be what a test meets.
  server = await startTestServer({ env: { RATE_LIMIT_ANONYMOUS: "1000,10000,100000" } });
  owner = await steppedAccount(server);
  invoice = await exportableInvoice(owner.client, owner.steps);
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await server.close();
});

describe("invoices.export over MCP", () => {
  test("a text format comes back inline, the link's details beside it", async () => {
    const client = await mcp(owner.key);
    const result = await call(client, "invoices.export", { id: invoice.id, format: "ubl" });
    expect(result.isError).toBeUndefined();
    expect(result.content[0]?.type).toBe("text");
    expect(result.content[0]?.text).toContain("<Invoice");
    expect(result.structuredContent?.text).toBe(result.content[0]?.text);
    expect(JSON.parse(result.content[1]?.text ?? "{}").url).toBe(result.structuredContent?.url);
  });

  test("a binary format is a resource_link to the same signed URL that downloads the file", async () => {
    const client = await mcp(owner.key);
    const result = await call(client, "invoices.export", { id: invoice.id, format: "pdf" });
    const link = result.content[0] as Content;
    expect(link).toMatchObject({ type: "resource_link", name: `${invoice.number}.pdf`, mimeType: "application/pdf" });
    expect(link.uri).toBe(result.structuredContent?.url);
    const file = await download(link.uri as string);
    expect(file.status).toBe(200);
    expect(sha256(file.bytes)).toBe(result.structuredContent?.sha256);
  });

  test("without credentials an inline invoice exports (a PDF or PNG is the paid render); a stored one answers HTTP 401", async () => {
    const client = await mcp(null);
    const inline = await call(client, "invoices.export", { invoice: invoiceInput({ number: "X-1" }), format: "md" });
    expect(inline.isError).toBeUndefined();
    expect(inline.content[0]?.text).toContain("X-1");
    const docx = await call(client, "invoices.export", { invoice: invoiceInput(), format: "docx" });
    expect(docx.content[0]?.type).toBe("resource_link");
    expect((await download(docx.content[0]?.uri as string)).status).toBe(200);
    const png = await call(client, "invoices.export", { invoice: invoiceInput(), format: "png" });
    expect(png.isError).toBe(true);
    expect(JSON.parse(png.content[0]?.text ?? "{}")).toMatchObject({ code: "PAYMENT_REQUIRED", details: { operation: "pdf_render", price_usd: "0.005" } });
    // 401, so an SDK client with an authProvider starts OAuth; this one has none and throws it.
    const stored = await call(client, "invoices.export", { id: invoice.id, format: "pdf" }).then(() => null, (error: unknown) => error);
    expect(stored).toBeInstanceOf(StreamableHTTPError);
    expect((stored as StreamableHTTPError).code).toBe(401);
  });

  test("an inline invoice cannot name stored things, nor a custom template", async () => {
    const client = await mcp(null);
    const withClient = await call(client, "invoices.export", { invoice: invoiceInput({ client_id: "cli_x" }) });
    expect(JSON.parse(withClient.content[0]?.text ?? "{}")).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "invoice.client_id" } });
    const custom = await call(client, "invoices.export", { invoice: invoiceInput(), template_id: "tpl_x" });
    expect(JSON.parse(custom.content[0]?.text ?? "{}")).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "template_id" } });
  });
});

describe("REST inline export", () => {
  test("POST /api/export without a key returns a link; an e-invoice needs the number (BT-1)", async () => {
    const reply = await fetch(`${server.url}/api/export`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ invoice: invoiceInput(), format: "csv" }) });
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as Record<string, any>;
    expect(body.text).toContain("Consulting");
    const einvoice = await fetch(`${server.url}/api/export`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ invoice: invoiceInput(), format: "ubl" }) });
    expect(einvoice.status).toBe(422);
    expect(((await einvoice.json()) as { error: string }).error).toContain("BT-1");
  });
});

describe("REST inline export of a credit note", () => {
  test("the invoice it corrects, named by number, stays on the exported record", async () => {
    const reply = await fetch(`${server.url}/api/export`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ invoice: invoiceInput({ type: "credit_note", preceding_invoice: { number: "INV-2025-0042", issue_date: "2025-12-01" } }), format: "json" }),
    });
    expect(reply.status).toBe(200);
    const exported = JSON.parse(((await reply.json()) as { text: string }).text);
    expect(exported.preceding_invoice).toEqual({ id: null, number: "INV-2025-0042", issue_date: "2025-12-01" });
  });
});

describe("tRPC", () => {
  test("invoices.export, templates.list and invoices.share/shared through the typed client", async () => {
    const client = trpc(owner.key);
    const exported = await client.invoices.export.mutate({ id: invoice.id, format: "json" });
    expect(JSON.parse(exported.text ?? "{}").id).toBe(invoice.id);
    const templates = await client.templates.list.query({});
    expect(templates.data.map((template) => template.id)).toContain("classic");
    const share = await client.invoices.share.mutate({ id: invoice.id });
    const opened = await trpc(null).invoices.shared.query({ share_token: share.token });
    expect(opened.id).toBe(invoice.id);
    const denied = await trpc(null).invoices.export.mutate({ id: invoice.id }).catch((error: unknown) => error);
    expect(denied).toBeInstanceOf(TRPCClientError);
  });
});

describe("share tokens on the tools", () => {
  test("invoices.query with a share token and no key returns that invoice; a bad token is NOT_FOUND", async () => {
    const share = await trpc(owner.key).invoices.share.mutate({ id: invoice.id });
    const client = await mcp(null);
    const result = await call(client, "invoices.query", { share_token: share.token });
    expect(result.structuredContent?.id).toBe(invoice.id);
    const tampered = share.token.slice(0, -1) + (share.token.endsWith("A") ? "B" : "A");
    const bad = await call(client, "invoices.query", { share_token: tampered });
    expect(JSON.parse(bad.content[0]?.text ?? "{}").code).toBe("NOT_FOUND");
  });

  test("templates.query lists without a key; templates.mutate needs one (HTTP 401)", async () => {
    const client = await mcp(null);
    const listed = await call(client, "templates.query", {});
    expect(listed.structuredContent?.data).toHaveLength(4);
    const schema = await call(client, "templates.query", { action: "schema", id: "minimal" });
    expect(schema.structuredContent?.properties).toBeDefined();
    const refused = await call(client, "templates.mutate", { action: "create", name: "X" }).then(() => null, (error: unknown) => error);
    expect((refused as StreamableHTTPError).code).toBe(401);
  });
});
