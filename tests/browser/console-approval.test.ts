// An approver and a clerk in two browsers, through roles and labels only: the approver reads an
// invoice's lines on its card and sends it back with a note; the clerk reads the note, fixes the
// draft in the editor and submits it again; the approver approves. Then the clerk edits the approved
// invoice: it is back in review, and the approver's card shows what differs from what was approved.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { launchChromium, skipChromium } from "../../scripts/chromium.ts";
import { personIn, type SignedInPage } from "../helpers/browser.ts";
import { expectStatus, invoicePath, steppedAccount, type SteppedAccount } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let owner: SteppedAccount;
let browser: Browser;
let approver: SignedInPage;
let clerk: SignedInPage;

beforeAll(async () => {
  if (skipChromium) return;
  server = await startTestServer();
  owner = await steppedAccount(server);
  expectStatus(await owner.client.put("/api/account", { legal_name: "Bäckerei Test GmbH", currency: "EUR", locale: "en-GB" }), 200);
  browser = await launchChromium();
  approver = await personIn(browser, server, { accountId: owner.accountId, role: "owner", name: "Olga Owner", canApprove: true });
  clerk = await personIn(browser, server, { accountId: owner.accountId, role: "member", name: "Mia Member" });
}, 60_000);
afterAll(async () => {
  if (skipChromium) return;
  await browser.close();
  await server.close();
});

const stored = async (id: string) => expectStatus(await owner.client.get(invoicePath(id)), 200);
const saved = (page: Page) => page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();
const cardOf = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text });

describe.skipIf(skipChromium)("an approver and the person who drafted", () => {
  test("sent back with a note, fixed in the editor, submitted again and approved; an approved invoice edited comes back showing what differs", async () => {
    const draft = await owner.steps.create({ bill_to_name: "Café Morgenrot", items: [{ description: "Croissants", quantity: 40, rate: 120 }, { description: "Delivery", quantity: 1, rate: 1_500 }] });
    const inReview = await owner.steps.transition(draft, "review");

    // The approver reads the lines on the card and asks for a change.
    await approver.page.goto(`${server.url}/app/approvals`);
    const card = cardOf(approver.page, "Café Morgenrot");
    const lines = card.getByRole("region", { name: /^Lines · / });
    expect(await lines.innerText()).toContain("Croissants");
    expect(await lines.innerText()).toContain("€15.00");
    expect(await card.getByRole("region", { name: /What differs/ }).count()).toBe(0);
    await card.getByRole("button", { name: "Request changes" }).click();
    await card.getByRole("textbox", { name: "What should change?" }).fill("Add our PO number 4711 as buyer reference");
    await card.getByRole("button", { name: "Send back to draft" }).click();
    await card.waitFor({ state: "detached" });
    expect((await stored(inReview.id)).status).toBe("draft");

    // The clerk reads the note on the invoice, fixes the draft in the editor and submits it again.
    const { page } = clerk;
    await page.goto(`${server.url}/app/invoices/${draft.id}`);
    await page.getByRole("table", { name: "History" }).getByText("Add our PO number 4711 as buyer reference").waitFor();
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await page.getByLabel("Buyer reference", { exact: false }).fill("PO 4711");
    await saved(page);
    await page.getByRole("link", { name: "Done" }).click();
    await page.getByRole("button", { name: "Move to In review" }).click();
    await page.getByRole("status").filter({ hasText: "Moved to In review" }).waitFor();
    expect(await stored(draft.id)).toMatchObject({ status: "review", buyer_reference: "PO 4711" });

    // Approved; then the clerk edits the approved invoice: it is back in review.
    await approver.page.goto(`${server.url}/app/approvals`);
    await cardOf(approver.page, "Café Morgenrot").getByRole("button", { name: "Approve" }).click();
    await cardOf(approver.page, "Café Morgenrot").waitFor({ state: "detached" });
    const approved = await stored(draft.id);
    expect(approved.status).toBe("approved");

    await page.goto(`${server.url}/app/invoices/${draft.id}/edit`);
    const croissants = page.getByRole("listitem", { name: "Line 1", exact: true });
    await croissants.getByLabel("Quantity").fill("50");
    await saved(page);
    // 50 × €1.20 + €15.00 delivery, with the account's 19 % VAT.
    expect(await stored(draft.id)).toMatchObject({ status: "review", total: 8_925 });

    // The approver sees exactly what changed since the approval, and approves again.
    await approver.page.goto(`${server.url}/app/approvals`);
    const again = cardOf(approver.page, "Café Morgenrot");
    const differs = again.getByRole("region", { name: `What differs from approved revision ${approved.revision} · Café Morgenrot` });
    const total = differs.getByRole("row", { name: /^Total/ });
    expect(await total.innerText()).toContain("€74.97");
    expect(await total.innerText()).toContain("€89.25");
    const line = differs.getByRole("row", { name: /^Line changed/ });
    expect(await line.innerText()).toContain("Croissants · 40 × €1.20 = €48.00");
    expect(await line.innerText()).toContain("Croissants · 50 × €1.20 = €60.00");
    await again.getByRole("button", { name: "Approve" }).click();
    await again.waitFor({ state: "detached" });
    expect((await stored(draft.id)).status).toBe("approved");
    expect(approver.problems).toEqual([]);
    expect(clerk.problems).toEqual([]);
  });
});
