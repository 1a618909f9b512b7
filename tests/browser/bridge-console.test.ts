// The console's tools for agents in the browser, in Chromium on the real approval inbox: an agent
// (an OAuth grant) puts invoices in review; a script in a cross-origin iframe of a trusted origin
// (WEBMCP_ORIGINS) and one in the page's own frame list the inbox's tools and call them with the
// page's session. An approval asked through the bridge waits for the person: the call stays
// pending while the page shows its confirmation dialog, the invoice is approved only after the
// click on Confirm, and Cancel answers a declined isError result. A window of an untrusted origin
// gets no answer and raises no dialog. With a navigator.modelContext stub injected before load,
// the page's tools are registered there, and a page change swaps them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Frame, Page } from "playwright-core";
import { webMcpManifestSchema } from "../../server/http/discovery.ts";
import { launchChromium, skipChromium } from "../../scripts/chromium.ts";
import { api } from "../helpers/http.ts";
import { invoiceSteps, type Invoice, type InvoiceSteps } from "../helpers/invoices.ts";
import { agentOf } from "../helpers/members.ts";
import { signedIn } from "../helpers/people.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { addFrame, received, recordEnvelopes, rpc, startAgentSite, type AgentSite } from "../helpers/webmcp.ts";

let server: TestServer;
let agentSite: AgentSite;
let stranger: AgentSite;
let owner: InvoiceSteps;
let agent: InvoiceSteps;
let browser: Browser;
let context: BrowserContext;
let inboxTools: string[];

beforeAll(async () => {
  if (skipChromium) return;
  agentSite = startAgentSite();
  stranger = startAgentSite();
  server = await startTestServer({ env: { WEBMCP_ORIGINS: agentSite.origin } });
  const { accountId, key } = await server.account();
  owner = invoiceSteps(api(server.url, key));
  const person = await signedIn(server, { accountId, role: "owner", name: "Olivia Owner" });
  // The agent drafts and submits for review; its grant holds no approval.
  const drafting = await agentOf(server, { accountId, userId: person.userId, scopes: ["invoices:read", "invoices:write", "entities:read"] });
  agent = invoiceSteps(api(server.url, drafting.token));
  const manifest = webMcpManifestSchema.parse(await (await fetch(`${server.url}/.well-known/webmcp.json`)).json());
  inboxTools = manifest.pages.find((page) => page.path === "/app/approvals")!.tools.map((tool) => tool.name).sort();

  browser = await launchChromium();
  context = await browser.newContext();
  const [name, value] = person.cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: server.url }]);
  await context.addInitScript(recordEnvelopes);
});
afterAll(async () => {
  if (skipChromium) return;
  await browser.close();
  await server.close();
  agentSite.close();
  stranger.close();
});

/** An invoice the agent created and put in review. */
async function inReview(name: string): Promise<Invoice> {
  return agent.transition(await agent.create({ bill_to_name: name }), "review");
}

/** The approval inbox with its tools registered, script errors collected. */
async function openInbox(on: BrowserContext = context): Promise<{ page: Page; problems: string[] }> {
  const page = await on.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  await page.goto(`${server.url}/app/approvals`);
  // The inbox's rows come after the page mounted, so its tools are registered by then.
  await page.locator('[data-tool-name="approvals.approve"]').first().waitFor();
  return { page, problems };
}

const toolNames = (reply: { result?: { tools: Array<{ name: string }> } }): string[] => reply.result!.tools.map((tool) => tool.name).sort();

describe.skipIf(skipChromium)("the console's bridge in Chromium", () => {
  test("an approval asked from a trusted cross-origin iframe waits for the person's Confirm; a request for changes needs none", async () => {
    const first = await inReview("Approve Me GmbH");
    const second = await inReview("Send Back AG");
    const { page, problems } = await openInbox();
    const frame: Frame = await addFrame(page, agentSite.url);

    const initialized = await rpc(frame, "parent", server.url, "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "panel", version: "1" } });
    expect(initialized.result.capabilities).toEqual({ tools: { listChanged: true } });
    const listed = await rpc(frame, "parent", server.url, "tools/list");
    expect(toolNames(listed)).toEqual(inboxTools);
    const approveTool = listed.result.tools.find((tool: { name: string }) => tool.name === "approvals.approve");
    expect(approveTool._meta).toEqual({ needsConfirmation: true });

    const inbox = await rpc(frame, "parent", server.url, "tools/call", { name: "approvals.list", arguments: {} });
    const pending = inbox.result.structuredContent.data as Array<{ invoice: { id: string }; drafted_by: { kind: string } }>;
    expect(pending.map((entry) => entry.invoice.id).sort()).toEqual([first.id, second.id].sort());
    expect(pending.every((entry) => entry.drafted_by.kind === "agent")).toBe(true);

    // The agent asks; the page asks the person; nothing happens until the click.
    let settled = false;
    const approval = rpc(frame, "parent", server.url, "tools/call", { name: "approvals.approve", arguments: { invoice_id: first.id } });
    void approval.then(() => (settled = true));
    const dialog = page.getByRole("dialog", { name: "An agent asks to act for you" });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("Approve Me GmbH");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    expect((await owner.get(first.id)).status).toBe("review");
    expect(settled).toBe(false);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    const approved = await approval;
    expect(approved.result.isError).toBeUndefined();
    expect(approved.result.structuredContent).toMatchObject({ id: first.id, status: "approved" });
    expect((await owner.get(first.id)).status).toBe("approved");
    expect(await dialog.count()).toBe(0);

    const sentBack = await rpc(frame, "parent", server.url, "tools/call", { name: "approvals.request_changes", arguments: { invoice_id: second.id, note: "Wrong VAT rate" } });
    expect(sentBack.result.structuredContent).toMatchObject({ id: second.id, status: "draft" });
    const history = await owner.history(second.id);
    expect(history.at(-1)).toMatchObject({ note: "Wrong VAT rate" });
    expect(problems).toEqual([]);
    await page.close();
  }, 90_000);

  test("Cancel in the dialog declines the call and the invoice stays in review; so does Escape", async () => {
    const invoice = await inReview("Declined Ltd");
    const { page } = await openInbox();
    const origin = server.url;
    for (const answer of ["Cancel", "Escape"] as const) {
      const call = rpc(page, "self", origin, "tools/call", { name: "approvals.approve", arguments: { invoice_id: invoice.id } });
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      if (answer === "Cancel") await dialog.getByRole("button", { name: "Cancel" }).click();
      else await page.keyboard.press("Escape");
      const declined = await call;
      expect(declined.result).toEqual({ isError: true, content: [{ type: "text", text: JSON.stringify({ error: "declined by the person", code: "DECLINED" }) }] });
      expect((await owner.get(invoice.id)).status).toBe("review");
    }
    await page.close();
  }, 90_000);

  test("a call for an invoice the page does not show fails, and bad arguments are refused before anything runs", async () => {
    await inReview("Shown GmbH");
    const { page } = await openInbox();
    const missing = await rpc(page, "self", server.url, "tools/call", { name: "approvals.request_changes", arguments: { invoice_id: "inv_not_here", note: "x" } });
    expect(missing.result.isError).toBe(true);
    const noNote = await rpc(page, "self", server.url, "tools/call", { name: "approvals.request_changes", arguments: { invoice_id: "inv_x" } });
    expect(JSON.parse(noNote.result.content[0].text)).toEqual({ error: "note is required", code: "VALIDATION_ERROR" });
    await page.close();
  }, 90_000);

  test("a window of an untrusted origin gets no answer and raises no dialog", async () => {
    const invoice = await inReview("Untouched SARL");
    const strangerPage = await context.newPage();
    await strangerPage.goto(stranger.url);
    const opened = context.waitForEvent("page");
    await strangerPage.evaluate((url) => {
      (window as unknown as { opened: Window | null }).opened = window.open(url);
    }, `${server.url}/app/approvals`);
    const inbox = await opened;
    await inbox.locator('[data-tool-name="approvals.approve"]').first().waitFor();

    // These never settle: their evaluate is cut off when the pages close.
    let answered = false;
    const settle = (): void => void (answered = true);
    rpc(strangerPage, "opened", server.url, "tools/list").then(settle, () => undefined);
    rpc(strangerPage, "opened", server.url, "tools/call", { name: "approvals.approve", arguments: { invoice_id: invoice.id } }).then(settle, () => undefined);
    await inbox.waitForFunction((origin) => (window as unknown as { envelopes: Array<{ origin: string }> }).envelopes.filter((entry) => entry.origin === origin).length === 2, stranger.origin);
    expect((await rpc(inbox, "self", server.url, "ping")).result).toEqual({});
    expect(answered).toBe(false);
    expect(await received(strangerPage)).toEqual([]);
    expect(await inbox.getByRole("dialog").count()).toBe(0);
    expect((await owner.get(invoice.id)).status).toBe("review");
    await inbox.close();
    await strangerPage.close();
  }, 90_000);

  test("each console page offers exactly the tools /.well-known/webmcp.json lists for it", async () => {
    const manifest = webMcpManifestSchema.parse(await (await fetch(`${server.url}/.well-known/webmcp.json`)).json());
    const draft = await owner.create();
    const page = await context.newPage();
    for (const listed of manifest.pages.filter((entry) => entry.signed_in)) {
      await page.goto(server.url + listed.path.replace("{id}", draft.id));
      const expected = listed.tools.map((tool) => tool.name).sort();
      // Tools register as the page's chunk loads and mounts: ask again each frame until they are there.
      let offered: string[] = [];
      for (let frame = 0; frame < 300 && JSON.stringify(offered) !== JSON.stringify(expected); frame++) {
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
        offered = toolNames(await rpc(page, "self", server.url, "tools/list"));
      }
      expect({ path: listed.path, tools: offered }).toEqual({ path: listed.path, tools: expected });
    }
    await page.close();
  }, 90_000);

  test("with navigator.modelContext, the page's tools are registered there, and a page change swaps them and tells bridge clients", async () => {
    await inReview("Model Context KG");
    const withContext = await browser.newContext();
    await withContext.addCookies(await context.cookies());
    await withContext.addInitScript(recordEnvelopes);
    await withContext.addInitScript(() => {
      const registered = new Map<string, { execute(input: unknown): Promise<unknown> }>();
      Object.defineProperty(navigator, "modelContext", {
        value: {
          registerTool: (tool: { name: string; execute(input: unknown): Promise<unknown> }) => void registered.set(tool.name, tool),
          unregisterTool: (name: string) => void registered.delete(name),
        },
      });
      (window as unknown as { registeredNames(): string[] }).registeredNames = () => [...registered.keys()].sort();
    });
    const { page, problems } = await openInbox(withContext);
    const names = (): Promise<string[]> => page.evaluate(() => (window as unknown as { registeredNames(): string[] }).registeredNames());
    await page.waitForFunction((count) => (window as unknown as { registeredNames(): string[] }).registeredNames().length === count, inboxTools.length);
    expect(await names()).toEqual(inboxTools);

    const frame = await addFrame(page, agentSite.url);
    await rpc(frame, "parent", server.url, "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "panel", version: "1" } });
    // The console routes in the page: the inbox's tools go, the invoice list's come.
    await page.getByRole("navigation").getByRole("link", { name: "Invoices" }).click();
    await page.waitForFunction(() => (window as unknown as { registeredNames(): string[] }).registeredNames().includes("invoices.search"));
    expect((await names()).filter((name) => name.startsWith("approvals."))).toEqual([]);
    await frame.waitForFunction(() => ((window as unknown as { received?: Array<{ method?: string }> }).received ?? []).some((message) => message.method === "notifications/tools/list_changed"));
    expect(toolNames(await rpc(frame, "parent", server.url, "tools/list"))).toContain("invoices.search");
    expect(problems).toEqual([]);
    await withContext.close();
  }, 90_000);
});
