// The share page as a person sees it: headless Chromium (Debian's, driven by playwright-core) opens
// the link under the page's real CSP, reads what is on screen, downloads the PDF, and its beacon
// turns the sent invoice viewed. A screenshot is kept in test-artifacts/ for a human to look at.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { formatMoney } from "../../render/format.ts";
import { launchChromium, skipChromium } from "../../scripts/chromium.ts";
import { expectStatus, invoicePath, steppedAccount, type SteppedAccount } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { exportableInvoice } from "../routers/invoices/export-helpers.ts";

const ARTIFACTS = join(import.meta.dir, "../../test-artifacts");

let server: TestServer;
let owner: SteppedAccount;
let browser: Browser;

beforeAll(async () => {
  if (skipChromium) return;
  server = await startTestServer();
  owner = await steppedAccount(server);
  browser = await launchChromium();
});
afterAll(async () => {
  if (skipChromium) return;
  await browser.close();
  await server.close();
});

describe.skipIf(skipChromium)("the share page in Chromium", () => {
  test("shows the invoice accessibly, violates no CSP, offers the PDF, and its beacon marks the invoice viewed", async () => {
    const invoice = await exportableInvoice(owner.client, owner.steps, { notes: "Vielen Dank für Ihren Auftrag." });
    const sent = await owner.steps.through(invoice, "sent");
    const link = expectStatus(await owner.client.post(invoicePath(sent.id, "/share"), {}), 200);

    const page = await browser.newPage({ viewport: { width: 1000, height: 1400 } });
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    const beacon = page.waitForRequest((request) => request.url().endsWith(`/share/${link.token}/viewed`) && request.method() === "POST");
    await page.goto(link.url);
    await beacon;

    expect(problems).toEqual([]);
    expect(await page.getAttribute("html", "lang")).toBe("de-DE");
    expect(await page.title()).toContain(String(sent.number));
    const heading = page.getByRole("heading", { level: 1 });
    expect(await heading.innerText()).toContain(String(sent.number));
    const lines = page.getByRole("table").first();
    expect(await lines.isVisible()).toBe(true);
    const text = await page.locator("body").innerText();
    expect(text).toContain("Consulting");
    expect(text).toContain("Beispiel AG");
    expect(text).toContain(formatMoney(sent.total, "EUR", "de-DE"));
    expect(text).toContain("Vielen Dank für Ihren Auftrag.");
    const download = page.getByRole("link", { name: /PDF/ });
    expect(await download.getAttribute("href")).toBe(`/share/${link.token}/pdf`);

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "share-page.png"), fullPage: true });

    // The beacon's POST has landed once the server answered it; read the invoice after that.
    const viewed = await owner.steps.get(sent.id);
    expect(viewed.status).toBe("viewed");

    const pdf = await page.request.get(`${server.url}/share/${link.token}/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    await page.close();
  }, 60_000);
});
