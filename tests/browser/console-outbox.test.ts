// The outbox page in Chromium, through roles and labels only, over a real SMTP sink: invoice e-mails
// newest first, a delivered one and one the mail server refused for good (its answer shown), each
// linking to its invoice; the delivery filter in the URL; "Send again" on the failed one queues it
// and the outbox's next run delivers it; the kind filter finds a payment reminder. Checked against
// GET /api/mail and what the sink received.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Locator, Page } from "playwright-core";
import { launchChromium, skipChromium } from "../../scripts/chromium.ts";
import { personIn, type SignedInPage } from "../helpers/browser.ts";
import { operation } from "../helpers/factories.ts";
import { expectStatus, invoicePath, steppedAccount, type Invoice, type SteppedAccount } from "../helpers/invoices.ts";
import { deliverMail, startTestSmtp, type TestSmtp } from "../helpers/mail.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let smtp: TestSmtp;
let server: TestServer;
let owner: SteppedAccount;
let browser: Browser;
let person: SignedInPage;

beforeAll(async () => {
  if (skipChromium) return;
  smtp = await startTestSmtp();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
  owner = await steppedAccount(server);
  browser = await launchChromium();
  person = await personIn(browser, server, { accountId: owner.accountId, role: "owner" });
}, 60_000);
afterAll(async () => {
  if (skipChromium) return;
  await browser.close();
  await server.close();
  await smtp.close();
});

/** E-mails a new invoice to `email` a minute after the last send. */
async function mailed(email: string): Promise<Invoice> {
  server.clock.advance(60_000);
  const draft = await owner.steps.create({ bill_to_email: email });
  return expectStatus(await owner.client.post(invoicePath(draft.id, "/send"), operation(draft.revision)), 200).invoice;
}

const outbox = (page: Page): Locator => page.getByRole("table", { name: "Outbox" });
const rowTo = (page: Page, email: string): Locator => outbox(page).getByRole("row").filter({ hasText: email });
const announced = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).waitFor();
const listed = async (query = "") => expectStatus(await owner.client.get(`/api/mail${query}`), 200);

describe.skipIf(skipChromium)("the outbox", () => {
  test("a delivered and a refused e-mail, newest first; filtered to the failure, sent again and delivered", async () => {
    const delivered = await mailed("ap@delivered.example");
    await deliverMail(server);
    const refused = await mailed("ap@refusing.example");
    smtp.refuse(550);
    await deliverMail(server);

    const { page, problems } = person;
    await page.goto(`${server.url}/app/outbox`);
    await outbox(page).waitFor();
    const rows = outbox(page).getByRole("row");
    // The header row, then the newest first.
    expect(await rows.nth(1).innerText()).toContain("ap@refusing.example");
    expect(await rows.nth(2).innerText()).toContain("ap@delivered.example");
    const failedRow = rowTo(page, "ap@refusing.example");
    expect(await failedRow.getByText("Failed", { exact: true }).count()).toBe(1);
    expect(await failedRow.innerText()).toContain("550");
    expect(await rowTo(page, "ap@delivered.example").getByText("Delivered", { exact: true }).count()).toBe(1);
    expect(await rowTo(page, "ap@delivered.example").getByRole("button", { name: "Send again" }).count()).toBe(0);

    // The number links to the invoice's own page.
    await rowTo(page, "ap@delivered.example").getByRole("link", { name: delivered.number! }).click();
    await page.getByRole("heading", { level: 1, name: new RegExp(delivered.number!) }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/app/invoices/${delivered.id}`);
    await page.goBack();

    const byDelivery = page.getByRole("group", { name: "Filter by delivery" });
    await byDelivery.getByRole("button", { name: "Failed" }).click();
    await page.waitForURL(/\/app\/outbox\?status=failed$/);
    await rowTo(page, "ap@delivered.example").waitFor({ state: "detached" });
    expect(await byDelivery.getByRole("button", { name: "Failed" }).getAttribute("aria-pressed")).toBe("true");
    expect(await rows.count()).toBe(2);

    await rowTo(page, "ap@refusing.example").getByRole("button", { name: "Send again" }).click();
    await announced(page, "Queued again.");
    // No longer failed: gone from this view, and queued in the API's.
    await page.getByText("No e-mails match.").waitFor();
    const [queued] = (await listed("?status=pending")).data;
    expect(queued).toMatchObject({ invoice_id: refused.id, invoice_number: refused.number, status: "pending", attempts: 0 });

    const before = smtp.received.length;
    await deliverMail(server);
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received.at(-1)!.envelope.to).toEqual(["ap@refusing.example"]);
    await byDelivery.getByRole("button", { name: "Delivered" }).click();
    await page.waitForURL(/status=sent$/);
    await rowTo(page, "ap@refusing.example").getByText("Delivered", { exact: true }).waitFor();
    expect(await rows.count()).toBe(3);
    expect((await listed("?status=sent")).total).toBe(2);
    expect(problems).toEqual([]);
  });

  test("the kind filter finds a payment reminder, which links to its invoice", async () => {
    expectStatus(await owner.client.put("/api/reminders", { enabled: true, offsets: [-3] }), 200);
    // Three days before this invoice's due date, and before the first test's invoices' reminders are due.
    server.clock.set("2026-11-22T10:00:00Z");
    const due = await owner.steps.sent({ bill_to_email: "ap@reminded.example", due_date: "2026-11-25" });
    expect(await server.scheduler.run("queue-reminders")).toBe(true);

    const { page, problems } = person;
    await page.goto(`${server.url}/app/outbox`);
    await outbox(page).waitFor();
    await page.getByRole("group", { name: "Filter by kind" }).getByRole("button", { name: "Payment reminder" }).click();
    await page.waitForURL(/kind=reminder$/);
    // The sends of the first test leave the list once the filtered page is in.
    await rowTo(page, "ap@delivered.example").waitFor({ state: "detached" });
    expect(await outbox(page).getByRole("row").count()).toBe(2);
    const row = rowTo(page, "ap@reminded.example");
    expect(await row.innerText()).toContain("Payment reminder");
    expect(await row.getByText("Queued", { exact: true }).count()).toBe(1);
    expect(await row.getByRole("link", { name: due.number! }).getAttribute("href")).toBe(`/app/invoices/${due.id}`);
    expect((await listed("?kind=reminder")).data.map((mail: { invoice_id: string }) => mail.invoice_id)).toEqual([due.id]);
    expect(problems).toEqual([]);
  });
});
