// Every console page in Chromium, at a desktop's and a phone's width: axe-core finds no serious or
// critical violation, nothing scrolls sideways, the keyboard reaches the skip link first, and a
// screenshot of each is kept under test-artifacts/console/. Also: the first load of /app stays
// within 150 kB of compressed JavaScript, and a member sees only what their role allows.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium, skipChromium } from "../../scripts/chromium.ts";
import { seriousViolations } from "../helpers/axe.ts";
import { api, type Api } from "../helpers/http.ts";
import { expectStatus, invoiceSteps } from "../helpers/invoices.ts";
import { agentOf, caller, inviteTokenOf } from "../helpers/members.ts";
import { signedIn, type SignedIn } from "../helpers/people.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { dataUrl, pngLogo } from "../routers/templates/fixtures.ts";

const ROOT = join(import.meta.dir, "../..");
const ARTIFACTS = join(process.env.ARTIFACTS_DIR ?? join(ROOT, "test-artifacts"), "console");
const BUDGET_BYTES = 150 * 1024;

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 }, narrowest: { width: 360, height: 740 } } as const;
type Viewport = keyof typeof VIEWPORTS;
/** Where the axe runs and screenshots are made; the narrowest width is only checked for sideways scrolling. */
const SCREENSHOT_VIEWPORTS: Viewport[] = ["desktop", "phone"];

let server: TestServer;
let owner: Api;
let person: SignedIn;
let browser: Browser;
/** The pages to visit, filled in once the fixtures exist (some paths name them). */
let pages: Array<{ name: string; path: string; signedIn: boolean }>;

async function contextFor(viewport: Viewport, who: SignedIn | null): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], locale: "en-US" });
  if (who) {
    const [name, value] = who.cookie.split("=") as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
  }
  return context;
}

/** Opens a path and waits until its data and images are in: no "Loading…" left, every image decoded. */
async function settled(page: Page, path: string): Promise<void> {
  await page.goto(server.url + path);
  await page.getByRole("heading", { level: 1 }).waitFor();
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]') && [...document.images].every((image) => image.complete));
}

beforeAll(async () => {
  if (skipChromium) return;
  server = await startTestServer();
  const account = await server.account();
  owner = api(server.url, account.key);
  expectStatus(await owner.put("/api/account", { legal_name: "Acme GmbH", currency: "EUR", locale: "en-IE", timezone: "Europe/Berlin" }), 200);
  person = await signedIn(server, { accountId: account.accountId, role: "owner", name: "Olivia Owner" });

  const client = expectStatus(await owner.post("/api/clients", { name: "Globex Corporation", email: "ap@globex.example", address: { line1: "1 Main St", city: "Springfield", country: "US" } }), 201);
  expectStatus(await owner.post("/api/products", { name: "Consulting hour", rate: 12_000, unit: "HUR", sku: "CONS-1" }), 201);
  // The templates page opens on a custom template with a logo too: its options, logo field and preview.
  const brand = expectStatus(await owner.post("/api/templates", { name: "Brand", base: "modern", options: { colors: { accent: "#0b5fff" } }, logo: dataUrl(pngLogo(40, 20), "image/png") }), 201);
  const steps = invoiceSteps(owner);
  const invoice = await steps.transition(await steps.create({ client_id: client.id, bill_to_name: "Globex Corporation" }), "review");
  await steps.transition(invoice, "approved");
  const draft = await steps.create({ client_id: client.id, bill_to_name: "Globex Corporation", notes: "Thank you" });
  const drafting = await agentOf(server, { accountId: account.accountId, userId: person.userId, scopes: ["invoices:read", "invoices:write"], clientName: "Drafting agent" });
  const agentSteps = invoiceSteps(api(server.url, drafting.token));
  await agentSteps.transition(await agentSteps.create({ bill_to_name: "Initech" }), "review");
  const asPerson = caller(server.url, { cookie: person.cookie });
  expectStatus(await asPerson.post("/api/keys", { name: "Bookkeeping", scopes: ["invoices:read"] }), 201);
  const invite = expectStatus(await asPerson.post("/api/invites", { email: "new@people.test", role: "member" }), 201);
  // The recurring page lists a rule that sends and a paused one; the reminders page a schedule before, on and after the due date.
  expectStatus(await owner.post("/api/recurring", { invoice_id: invoice.id, frequency: "monthly", day_of_month: 31, start_date: "2026-12-01", count: 12, on_issue: "send" }), 201);
  const paused = expectStatus(await owner.post("/api/recurring", { invoice_id: draft.id, frequency: "every_two_weeks", start_date: "2026-12-07", end_date: "2027-06-30" }), 201);
  expectStatus(await owner.post(`/api/recurring/${paused.id}/pause`, {}), 200);
  expectStatus(await owner.put("/api/reminders", { enabled: true, offsets: [-3, 0, 7, 14] }), 200);
  // The outbox lists an e-mailed invoice (queued: no job runs here); the webhooks page an endpoint with a test event waiting.
  const mailed = await steps.create({ client_id: client.id, bill_to_name: "Globex Corporation" });
  expectStatus(await owner.post(`/api/invoices/${mailed.id}/send`, { base_revision: mailed.revision, operation_id: crypto.randomUUID() }), 200);
  const endpoint = expectStatus(await owner.post("/api/webhooks", { url: "https://203.0.113.10/hooks", event_types: ["invoice.paid"], description: "Bookkeeping" }), 201);
  expectStatus(await owner.post(`/api/webhooks/${endpoint.id}/test`, {}), 200);

  // The dashboard charts revenue (a paid invoice) and what is owed by lateness (a USD invoice long overdue).
  const paidInvoice = await steps.sent({ client_id: client.id, bill_to_name: "Globex Corporation", issue_date: "2026-10-01", due_date: "2026-10-31" });
  await steps.pay(paidInvoice, paidInvoice.amount_due);
  await steps.sent({ bill_to_name: "Initech", currency: "USD", locale: "en-US", issue_date: "2026-07-01", due_date: "2026-08-01" });

  pages = [
    { name: "sign-in", path: "/app/sign-in", signedIn: false },
    { name: "invite", path: `/app/invite?token=${inviteTokenOf(invite.url)}`, signedIn: false },
    { name: "dashboard", path: "/app/dashboard", signedIn: true },
    { name: "invoices", path: "/app/invoices", signedIn: true },
    { name: "invoice", path: `/app/invoices/${invoice.id}`, signedIn: true },
    { name: "invoice-new", path: "/app/invoices/new", signedIn: true },
    { name: "invoice-edit", path: `/app/invoices/${draft.id}/edit`, signedIn: true },
    { name: "approvals", path: "/app/approvals", signedIn: true },
    { name: "recurring", path: "/app/recurring", signedIn: true },
    { name: "recurring-new", path: `/app/recurring?from=${invoice.id}`, signedIn: true },
    { name: "reminders", path: "/app/reminders", signedIn: true },
    { name: "clients", path: "/app/clients", signedIn: true },
    { name: "products", path: "/app/products", signedIn: true },
    { name: "templates", path: "/app/templates", signedIn: true },
    { name: "template-custom", path: `/app/templates?template=${brand.id}`, signedIn: true },
    { name: "import", path: "/app/import", signedIn: true },
    { name: "outbox", path: "/app/outbox", signedIn: true },
    { name: "webhooks", path: "/app/webhooks", signedIn: true },
    { name: "keys", path: "/app/keys", signedIn: true },
    { name: "agents", path: "/app/agents", signedIn: true },
    { name: "account", path: "/app/account", signedIn: true },
    { name: "sessions", path: "/app/sessions", signedIn: true },
  ];
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  if (skipChromium) return;
  await browser.close();
  await server.close();
});

describe.skipIf(skipChromium)("every console page", () => {
  for (const viewport of SCREENSHOT_VIEWPORTS) {
    test(`at ${viewport} width: no serious or critical axe violation, no sideways scroll, a screenshot each`, async () => {
      const signedInContext = await contextFor(viewport, person);
      const visitor = await contextFor(viewport, null);
      const problems: string[] = [];
      const tabs = { person: await signedInContext.newPage(), visitor: await visitor.newPage() };
      for (const [who, tab] of Object.entries(tabs)) tab.on("pageerror", (error) => problems.push(`${who}: ${error.message}`));
      const found: Record<string, Array<{ id: string; targets: string[] }>> = {};
      for (const { name, path, signedIn: needsSession } of pages) {
        const page = needsSession ? tabs.person : tabs.visitor;
        await settled(page, path);
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[name] = violations;
        expect({ name, width: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ name, width: VIEWPORTS[viewport].width });
        await page.screenshot({ path: join(ARTIFACTS, `${name}-${viewport}.png`), fullPage: true });
      }
      expect(found).toEqual({});
      expect(problems).toEqual([]);
      await signedInContext.close();
      await visitor.close();
    }, 120_000);
  }

  test("down to 360 px wide, no page scrolls sideways (wide tables scroll inside their own region)", async () => {
    const contexts = { person: await contextFor("narrowest", person), visitor: await contextFor("narrowest", null) };
    const tabs = { person: await contexts.person.newPage(), visitor: await contexts.visitor.newPage() };
    const widths: Record<string, number> = {};
    for (const { name, path, signedIn: needsSession } of pages) {
      const page = needsSession ? tabs.person : tabs.visitor;
      await settled(page, path);
      widths[name] = await page.evaluate(() => document.documentElement.scrollWidth);
    }
    expect(Object.entries(widths).filter(([, width]) => width > VIEWPORTS.narrowest.width)).toEqual([]);
    await contexts.person.close();
    await contexts.visitor.close();
  }, 120_000);

  test("the keyboard reaches the skip link first, and it leads to the page's content", async () => {
    const context = await contextFor("desktop", person);
    const page = await context.newPage();
    await settled(page, "/app/invoices");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
    await context.close();
  });

  test("the first load of /app is within 150 kB of compressed JavaScript", async () => {
    const context = await contextFor("desktop", person);
    const page = await context.newPage();
    const scripts: Array<{ url: string; bytes: number; encoding: string | undefined }> = [];
    page.on("response", async (response) => {
      if (!/\/app\/assets\/.+\.js$/.test(response.url())) return;
      const headers = await response.allHeaders();
      scripts.push({ url: response.url(), bytes: Number(headers["content-length"]), encoding: headers["content-encoding"] });
    });
    await settled(page, "/app");
    expect(page.url()).toBe(`${server.url}/app/invoices`);
    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    console.log(`first load of /app: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} kB compressed (budget ${BUDGET_BYTES / 1024} kB)`);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((script) => script.encoding === "br")).toBe(true);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
    await context.close();
  });

  test("a member sees only what their role allows: no keys or members, no approving", async () => {
    const accountId = (await owner.get("/api/account")).body.id as string;
    const member = await signedIn(server, { accountId, role: "member", name: "Max Member" });
    const context = await contextFor("desktop", member);
    const page = await context.newPage();
    await settled(page, "/app/approvals");
    const navigation = page.getByRole("navigation", { name: "Main" });
    expect(await navigation.getByRole("link", { name: "API keys" }).count()).toBe(0);
    expect(await navigation.getByRole("link", { name: "Approvals" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Approve" }).count()).toBe(0);
    expect(await page.locator("main").innerText()).toContain("Your role cannot approve invoices.");

    await settled(page, "/app/keys");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Your role in this account cannot open this page");
    await settled(page, "/app/account");
    expect(await page.getByRole("heading", { name: "Members" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Save" }).count()).toBe(0);
    await context.close();
  });
});
