// An invoice's e-mails on its console page, over a real SMTP sink: a send the mail server refuses for
// good reads "Failed" with the server's answer, and "Send again" queues it once more, delivered on the
// outbox's next run.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { launchChromium, skipChromium } from "../../scripts/chromium.ts";
import { personIn, type SignedInPage } from "../helpers/browser.ts";
import { operation } from "../helpers/factories.ts";
import { expectStatus, invoicePath, steppedAccount, type SteppedAccount } from "../helpers/invoices.ts";
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
  person = await personIn(browser, server, { accountId: owner.accountId, role: "owner", canApprove: true });
}, 60_000);
afterAll(async () => {
  if (skipChromium) return;
  await browser.close();
  await server.close();
  await smtp.close();
});

describe.skipIf(skipChromium)("an invoice's e-mails in the console", () => {
  test("a send refused for good reads Failed with the server's answer; Send again queues it, and it is delivered", async () => {
    const draft = await owner.steps.create({ bill_to_email: "ap@refusing.example" });
    const { invoice } = expectStatus(await owner.client.post(invoicePath(draft.id, "/send"), operation(draft.revision)), 200);
    smtp.refuse(550);
    await deliverMail(server);
    const { page, problems } = person;
    await page.goto(`${server.url}/app/invoices/${invoice.id}`);
    const mails = page.getByRole("table", { name: "E-mails" });
    await mails.getByText("Failed", { exact: true }).waitFor();
    expect(await mails.innerText()).toContain("550");
    await mails.getByRole("button", { name: "Send again" }).click();
    await page.getByText("Queued again.").first().waitFor();
    await mails.getByText("Queued", { exact: true }).waitFor();
    const before = smtp.received.length;
    await deliverMail(server);
    await page.reload();
    await page.getByRole("table", { name: "E-mails" }).getByText("Delivered", { exact: true }).waitFor();
    expect(smtp.received.length).toBe(before + 1);
    expect(await page.getByRole("button", { name: "Send again" }).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
