// The share page's tools for agents in the browser, in Chromium under the page's real CSP: a script
// in the page's own frame and one in a cross-origin iframe of a trusted origin (WEBMCP_ORIGINS) list
// and call them over the postMessage bridge; a window of an untrusted origin gets no answer at all;
// and where the browser has navigator.modelContext (a stub injected before load), the tools are
// registered there too. The page has no session: the tools read only what the share token opens.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium, skipChromium } from "../../scripts/chromium.ts";
import { expectStatus, invoicePath, steppedAccount, type Invoice, type SteppedAccount } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { addFrame, received, recordEnvelopes, rpc, startAgentSite, type AgentSite } from "../helpers/webmcp.ts";
import { exportableInvoice } from "../routers/invoices/export-helpers.ts";

const SHARE_TOOLS = ["invoice.download_pdf", "invoice.payment_details", "invoice.read", "invoice.summarize"];

let server: TestServer;
let agent: AgentSite;
let stranger: AgentSite;
let owner: SteppedAccount;
let browser: Browser;
let context: BrowserContext;
let invoice: Invoice;
let shareUrl: string;

beforeAll(async () => {
  if (skipChromium) return;
  agent = startAgentSite();
  stranger = startAgentSite();
  // Every page load and tool call is an anonymous visitor on 127.0.0.1: room for all of them.
  server = await startTestServer({ env: { WEBMCP_ORIGINS: agent.origin, RATE_LIMIT_ANONYMOUS: "1000,10000,100000" } });
  owner = await steppedAccount(server);
  invoice = await owner.steps.transition(await exportableInvoice(owner.client, owner.steps), "sent");
  shareUrl = expectStatus(await owner.client.post(invoicePath(invoice.id, "/share"), {}), 200).url;
  browser = await launchChromium();
  context = await browser.newContext();
  await context.addInitScript(recordEnvelopes);
});
afterAll(async () => {
  if (skipChromium) return;
  await browser.close();
  await server.close();
  agent.close();
  stranger.close();
});

/** The share page, with CSP violations and script errors collected. */
async function openSharePage(on: BrowserContext = context): Promise<{ page: Page; problems: string[] }> {
  const page = await on.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.goto(shareUrl);
  await page.waitForFunction(() => document.readyState === "complete");
  return { page, problems };
}

describe.skipIf(skipChromium)("the share page's bridge in Chromium", () => {
  test("a script in the page's own frame initializes, lists the four read-only tools and calls each", async () => {
    const { page, problems } = await openSharePage();
    const origin = server.url;
    const initialized = await rpc(page, "self", origin, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1" } });
    expect(initialized.result).toMatchObject({ protocolVersion: "2025-06-18", capabilities: { tools: { listChanged: true } }, serverInfo: { name: "invoicing-page" } });

    const listed = await rpc(page, "self", origin, "tools/list");
    const tools = listed.result.tools as Array<{ name: string; annotations: { readOnlyHint: boolean }; inputSchema: object; _meta: { needsConfirmation: boolean } }>;
    expect(tools.map((tool) => tool.name).sort()).toEqual(SHARE_TOOLS);
    for (const tool of tools) {
      expect(tool.annotations.readOnlyHint).toBe(true);
      expect(tool._meta.needsConfirmation).toBe(false);
      expect(tool.inputSchema).toEqual({ type: "object", properties: {}, additionalProperties: false });
    }

    const read = await rpc(page, "self", origin, "tools/call", { name: "invoice.read", arguments: {} });
    expect(read.result.isError).toBeUndefined();
    expect(read.result.structuredContent).toMatchObject({ id: invoice.id, number: invoice.number, total: invoice.total });
    expect(JSON.parse(read.result.content[0].text).id).toBe(invoice.id);

    const payment = await rpc(page, "self", origin, "tools/call", { name: "invoice.payment_details", arguments: {} });
    expect(payment.result.structuredContent).toEqual({
      number: invoice.number,
      payee: invoice.from_name,
      status: expect.any(String),
      currency: invoice.currency,
      amount_due: invoice.amount_due,
      due_date: invoice.due_date,
      payment_terms: invoice.payment_terms,
      payment: invoice.payment,
    });

    const summary = await rpc(page, "self", origin, "tools/call", { name: "invoice.summarize", arguments: {} });
    expect(JSON.stringify(summary.result.structuredContent)).toContain(String(invoice.number));

    const download = page.waitForEvent("download");
    const pdf = await rpc(page, "self", origin, "tools/call", { name: "invoice.download_pdf", arguments: {} });
    expect(pdf.result.structuredContent).toEqual({ url: `${shareUrl}/pdf` });
    expect((await download).url()).toContain("/files/");

    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  test("bad calls: an unknown tool is a JSON-RPC error, bad arguments an isError result, an unknown method −32601", async () => {
    const { page } = await openSharePage();
    const unknown = await rpc(page, "self", server.url, "tools/call", { name: "invoice.delete", arguments: {} });
    expect(unknown.error).toEqual({ code: -32602, message: "Unknown tool: invoice.delete" });
    const extra = await rpc(page, "self", server.url, "tools/call", { name: "invoice.read", arguments: { id: "inv_other" } });
    expect(extra.result).toEqual({ isError: true, content: [{ type: "text", text: JSON.stringify({ error: "id is not a parameter of this tool", code: "VALIDATION_ERROR" }) }] });
    const method = await rpc(page, "self", server.url, "resources/list");
    expect(method.error?.code).toBe(-32601);
    expect((await rpc(page, "self", server.url, "ping")).result).toEqual({});
    await page.close();
  }, 60_000);

  test("a script in a cross-origin iframe of a trusted origin lists and calls the tools", async () => {
    const { page, problems } = await openSharePage();
    const frame = await addFrame(page, agent.url);
    expect(await frame.evaluate(() => location.origin)).toBe(agent.origin);
    const listed = await rpc(frame, "parent", server.url, "tools/list");
    expect((listed.result.tools as Array<{ name: string }>).map((tool) => tool.name).sort()).toEqual(SHARE_TOOLS);
    const read = await rpc(frame, "parent", server.url, "tools/call", { name: "invoice.read", arguments: {} });
    expect(read.result.structuredContent.id).toBe(invoice.id);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  test("a window of an untrusted origin gets no answer at all, while the page's own script still does", async () => {
    // The stranger can neither be framed (the CSP's frame-src names only trusted origins) nor frame
    // the page (frame-ancestors 'none'), so it opens the page and posts to the window it got.
    const strangerPage = await context.newPage();
    await strangerPage.goto(stranger.url);
    const opened = context.waitForEvent("page");
    await strangerPage.evaluate((url) => {
      (window as unknown as { opened: Window | null }).opened = window.open(url);
    }, shareUrl);
    const sharePage = await opened;
    await sharePage.waitForFunction(() => document.readyState === "complete");

    // These never settle: their evaluate is cut off when the pages close.
    let answered = false;
    const settle = (): void => void (answered = true);
    rpc(strangerPage, "opened", server.url, "tools/list").then(settle, () => undefined);
    rpc(strangerPage, "opened", server.url, "tools/call", { name: "invoice.read", arguments: {} }).then(settle, () => undefined);
    // Both requests reached the page (its recorder saw them, in the same dispatch as the bridge)...
    await sharePage.waitForFunction((origin) => (window as unknown as { envelopes: Array<{ origin: string }> }).envelopes.filter((entry) => entry.origin === origin).length === 2, stranger.origin);
    // ...and a trusted round trip after them completes while they stay unanswered.
    const own = await rpc(sharePage, "self", server.url, "ping");
    expect(own.result).toEqual({});
    expect(answered).toBe(false);
    expect(await received(strangerPage)).toEqual([]);
    await sharePage.close();
    await strangerPage.close();
  }, 60_000);

  test("with navigator.modelContext present, the tools are registered there and run through the same bridge", async () => {
    const withContext = await browser.newContext();
    await withContext.addInitScript(() => {
      const registered: Array<{ name: string; execute(input: unknown): Promise<unknown> }> = [];
      Object.defineProperty(navigator, "modelContext", {
        value: {
          registerTool: (tool: (typeof registered)[number]) => void registered.push(tool),
          unregisterTool: (name: string) => registered.splice(registered.findIndex((tool) => tool.name === name), 1),
        },
      });
      (window as unknown as { registered: typeof registered }).registered = registered;
    });
    const { page, problems } = await openSharePage(withContext);
    await page.waitForFunction((count) => (window as unknown as { registered: unknown[] }).registered.length === count, SHARE_TOOLS.length);
    const names = await page.evaluate(() => (window as unknown as { registered: Array<{ name: string }> }).registered.map((tool) => tool.name).sort());
    expect(names).toEqual(SHARE_TOOLS);
    const result = await page.evaluate(() => (window as unknown as { registered: Array<{ name: string; execute(input: unknown): Promise<any> }> }).registered.find((tool) => tool.name === "invoice.read")!.execute({}));
    expect(result.structuredContent.id).toBe(invoice.id);
    expect(problems).toEqual([]);
    await withContext.close();
  }, 60_000);
});
