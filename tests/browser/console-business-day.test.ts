// A business owner's day in the console, in Chromium, through accessible roles and labels only: signed
// in with the operator's sign-in link, they save a client and a product, write an invoice of three
// lines (one from the product) whose totals are the service's, finalize it, e-mail it (the PDF reaches
// a local SMTP sink), record part of the payment and then the rest, and watch the dashboard's revenue
// and aging follow; they repeat the invoice monthly, add a webhook and see its delivery, and import last
// year's invoices from a CSV after reading its preview.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { formatMoney } from "../../render/format.ts";
import { launchChromium, skipChromium } from "../../scripts/chromium.ts";
import { api, type Api } from "../helpers/http.ts";
import { expectStatus } from "../helpers/invoices.ts";
import { startTestSmtp, type TestSmtp } from "../helpers/mail.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { signInLinkFor } from "../helpers/sign-in.ts";
import { RECEIVER_ENV, startReceiver, type Receiver } from "../helpers/webhooks.ts";

const LOCALE = "en-GB";
const EMAIL = "lena@baeckerei.example";
const LAST_YEAR = [
  "Invoice no,Date,Customer,Description,Qty,Unit price,VAT %",
  "2025-101,2025-03-04,Hotel Adler,Brötchen,400,0.45,7",
  "2025-102,2025-07-19,Hotel Adler,Torten,6,32.00,7",
  "2025-103,2025-11-28,Kita Sonnenschein,Brot,40,3.80,7",
].join("\n");

let smtp: TestSmtp;
let receiver: Receiver;
let server: TestServer;
let owner: Api;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

const euros = (minor: number): string => formatMoney(minor, "EUR", LOCALE);
const announced = (text: string | RegExp) => page.getByRole("status").filter({ hasText: text }).first().waitFor();

async function open(path: string, heading: string | RegExp): Promise<void> {
  await page.goto(server.url + path);
  await page.getByRole("heading", { level: 1, name: heading }).waitFor();
}

/** The EUR section's key figures on the dashboard, term → figure. */
async function dashboardFigures(): Promise<Record<string, string>> {
  await open("/app/dashboard", "Dashboard");
  const section: Locator = page.getByRole("region", { name: /\(EUR\)$/ });
  await section.getByRole("term").filter({ hasText: "Revenue" }).waitFor();
  const terms = await section.getByRole("term").allInnerTexts();
  const definitions = await section.getByRole("definition").allInnerTexts();
  return Object.fromEntries(terms.map((term, index) => [term, definitions[index]?.split("\n")[0] ?? ""]));
}

beforeAll(async () => {
  if (skipChromium) return;
  smtp = await startTestSmtp();
  receiver = await startReceiver();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, ...RECEIVER_ENV } });
  const account = await server.account();
  owner = api(server.url, account.key);
  expectStatus(await owner.put("/api/account", { legal_name: "Bäckerei Lena GmbH", currency: "EUR", locale: "de-DE", address: { line1: "Hauptstr. 1", postal_code: "10115", city: "Berlin", country: "DE" }, tax_id: "DE123456789", payment: { iban: "DE89370400440532013000" } }), 200);
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: LOCALE });
  page = await context.newPage();
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  // Signed in as the README says: the operator's sign-in link, opened and confirmed.
  await page.goto(await signInLinkFor(server, EMAIL, account.accountId));
  await page.getByRole("button").click();
  await page.waitForURL(/\/app\//);
}, 60_000);
afterAll(async () => {
  if (skipChromium) return;
  await browser.close();
  await server.close();
  await receiver.stop();
  await smtp.close();
});

describe.skipIf(skipChromium)("a business owner's day", () => {
  let invoiceId = "";
  let total = 0;

  test("a client and a product saved; an invoice of three lines written, its totals the service's; finalized and e-mailed with its PDF", async () => {
    await open("/app/clients", "Clients");
    const clientForm = page.getByRole("region", { name: "New" });
    await clientForm.getByRole("textbox", { name: "Name" }).fill("Café Morgenrot");
    await clientForm.getByRole("textbox", { name: "E-mail" }).fill("einkauf@morgenrot.example");
    await clientForm.getByRole("textbox", { name: "Street" }).fill("Kastanienallee 5");
    await clientForm.getByRole("textbox", { name: "Postal code" }).fill("10435");
    await clientForm.getByRole("textbox", { name: "City" }).fill("Berlin");
    await clientForm.getByRole("combobox", { name: "Country" }).selectOption("DE");
    await clientForm.getByRole("button", { name: "Create" }).click();
    await page.getByRole("row").filter({ hasText: "Café Morgenrot" }).waitFor();

    await open("/app/products", "Products");
    const productForm = page.getByRole("region", { name: "New" });
    await productForm.getByRole("textbox", { name: "Name" }).fill("Sourdough loaf");
    await productForm.getByRole("textbox", { name: "Price" }).fill("4.50");
    await productForm.getByRole("textbox", { name: "VAT %" }).fill("7");
    await productForm.getByRole("button", { name: "Create" }).click();
    await page.getByRole("row").filter({ hasText: "Sourdough loaf" }).waitFor();

    await open("/app/invoices", "Invoices");
    await page.getByRole("link", { name: "New invoice" }).click();
    await page.getByRole("heading", { name: "New Invoice" }).waitFor();
    await page.getByLabel("Client", { exact: false }).first().fill("Café Morgenrot");
    // A stored client's name picks it: its e-mail follows.
    await page.waitForFunction(() => (document.getElementById("editor-bill_to_email") as HTMLInputElement | null)?.value === "einkauf@morgenrot.example");
    const line = (number: number) => page.getByRole("listitem", { name: `Line ${number}`, exact: true });
    await line(1).getByLabel("Description").fill("Croissants");
    await line(1).getByLabel("Quantity").fill("40");
    await line(1).getByLabel("Unit price").fill("1.20");
    await line(1).getByLabel("VAT %").fill("7");
    await page.getByRole("button", { name: "Add a line" }).click();
    await line(2).getByLabel("Description").fill("Delivery");
    await line(2).getByLabel("Unit price").fill("15");
    await line(2).getByLabel("VAT %").fill("19");
    await page.getByLabel("Product").selectOption({ label: "Sourdough loaf" });
    await page.getByRole("button", { name: "Add as a line" }).click();
    await line(3).getByLabel("Quantity").fill("10");
    await page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();
    invoiceId = /\/app\/invoices\/(inv_[^/]+)\/edit/.exec(page.url())?.[1] ?? "";
    const stored = expectStatus(await owner.get(`/api/invoices/${invoiceId}`), 200);
    total = stored.total;
    // 40 × 1.20 and 10 × 4.50 at 7 %, 15.00 at 19 %.
    expect(total).toBe(11_736);
    expect(stored.client_id).toMatch(/^cli_/);
    const totals = page.getByRole("region", { name: "Totals" });
    await totals.getByText(euros(total)).waitFor();
    await page.getByRole("img", { name: `The invoice as saved in revision ${stored.revision}` }).waitFor();

    await page.getByRole("link", { name: "Done" }).click();
    await page.getByRole("button", { name: "Finalize" }).click();
    await page.getByRole("group", { name: /Give it its number for good/ }).getByRole("button", { name: "Finalize" }).click();
    await announced(/^Finalized as /);
    const final = expectStatus(await owner.get(`/api/invoices/${invoiceId}`), 200);
    expect(final).toMatchObject({ locked: true, number: expect.stringMatching(/\d/) });
    await page.getByRole("heading", { level: 1, name: new RegExp(final.number) }).waitFor();

    const mail = page.getByRole("region", { name: "E-mail", exact: true });
    expect(await mail.getByLabel("To").inputValue()).toBe("einkauf@morgenrot.example");
    await mail.getByLabel("Message").fill("Vielen Dank für Ihre Bestellung!");
    await mail.getByRole("button", { name: "Send by e-mail" }).click();
    await announced("Queued for e-mail to einkauf@morgenrot.example.");
    expect(await server.scheduler.run("deliver-mail")).toBe(true);
    const [received] = smtp.received;
    expect(received?.envelope.to).toEqual(["einkauf@morgenrot.example"]);
    expect(received?.parsed.text).toContain("Vielen Dank für Ihre Bestellung!");
    expect(received?.parsed.attachments.map((file) => file.contentType)).toContain("application/pdf");
    await page.reload();
    await page.getByRole("table", { name: "E-mails" }).getByText("Delivered", { exact: true }).waitFor();
    expect(problems).toEqual([]);
  });

  test("paid in two parts: the dashboard's revenue and aging follow each", async () => {
    const before = await dashboardFigures();
    expect(before).toMatchObject({ Revenue: euros(0), Outstanding: euros(total) });
    const aging = page.getByRole("region", { name: /\(EUR\)$/ }).getByRole("figure", { name: "Owed, by how late" });
    await aging.getByRole("img", { name: new RegExp(euros(total).replace(/[.]/g, "\\.")) }).waitFor();

    await open(`/app/invoices/${invoiceId}`, /Invoice/);
    const form = page.getByRole("form", { name: "Record a payment" });
    await form.getByLabel("Amount").fill("50.00");
    await form.getByLabel("Method").fill("Bank transfer");
    await form.getByRole("button", { name: "Record payment" }).click();
    await announced(`Payment recorded; ${euros(total - 5_000)} still due.`);
    const partly = await dashboardFigures();
    expect(partly).toMatchObject({ Revenue: euros(0), Outstanding: euros(total - 5_000) });

    await open(`/app/invoices/${invoiceId}`, /Invoice/);
    // The amount offered is what is still due.
    await page.getByRole("form", { name: "Record a payment" }).getByRole("button", { name: "Record payment" }).click();
    await announced("Payment recorded; the invoice is paid.");
    const paid = await dashboardFigures();
    expect(paid).toMatchObject({ Revenue: euros(total), Outstanding: euros(0) });
    expect(expectStatus(await owner.get(`/api/invoices/${invoiceId}`), 200)).toMatchObject({ status: "paid", amount_due: 0 });
    expect(problems).toEqual([]);
  });

  test("the invoice repeated monthly; a webhook added and its delivery seen", async () => {
    await open(`/app/invoices/${invoiceId}`, /Invoice/);
    await page.getByRole("link", { name: "Repeat this invoice" }).click();
    await page.getByRole("heading", { name: "New recurring rule" }).waitFor();
    await page.getByLabel("Frequency").selectOption({ label: "Monthly" });
    await page.getByLabel(/^Start date/).fill("2026-12-01");
    await page.getByRole("button", { name: "Create rule" }).click();
    await page.getByRole("article", { name: /Café Morgenrot/ }).waitFor();
    const rules = expectStatus(await owner.get("/api/recurring"), 200);
    expect(rules.data).toEqual([expect.objectContaining({ template: expect.objectContaining({ invoice_id: invoiceId, total }), frequency: "monthly", start_date: "2026-12-01", status: "active" })]);

    await open("/app/webhooks", "Webhooks");
    const form = page.getByRole("region", { name: "New endpoint" });
    const hookUrl = `${receiver.url}/bakery`;
    await form.getByRole("textbox", { name: "URL" }).fill(hookUrl);
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await form.getByRole("group", { name: "The new endpoint's signing secret" }).waitFor();
    // Something happens: a client is added in the console, and the endpoint hears of it.
    await open("/app/clients", "Clients");
    await page.getByRole("region", { name: "New" }).getByRole("textbox", { name: "Name" }).fill("Hotel Adler");
    await page.getByRole("region", { name: "New" }).getByRole("button", { name: "Create" }).click();
    await page.getByRole("row").filter({ hasText: "Hotel Adler" }).waitFor();
    expect(await server.scheduler.run("deliver-webhooks")).toBe(true);
    await receiver.arrived(1);
    await open("/app/webhooks", "Webhooks");
    const card = page.getByRole("article", { name: hookUrl, exact: true });
    await card.getByRole("button", { name: "Deliveries" }).click();
    await card.getByRole("table", { name: `Deliveries to ${hookUrl}` }).getByRole("row").filter({ hasText: "client.created" }).getByText("Delivered", { exact: true }).waitFor();
    expect(problems).toEqual([]);
  });

  test("last year's invoices imported from a CSV after reading its preview", async () => {
    await open("/app/import", "Import");
    await page.getByLabel("Files to import").setInputFiles({ name: "2025.csv", mimeType: "text/csv", buffer: Buffer.from(LAST_YEAR) });
    await page.getByRole("heading", { name: "Preview" }).waitFor();
    const preview = page.getByRole("table", { name: "Invoices", exact: true });
    expect(await preview.innerText()).toContain("2025-102");
    expect(await page.getByRole("table", { name: "Problems" }).count()).toBe(0);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.getByRole("heading", { name: "Imported" }).waitFor();
    const imported = expectStatus(await owner.get("/api/invoices?from_date=2025-01-01&to_date=2025-12-31&limit=10"), 200);
    expect(imported.data.map((invoice: { number: string }) => invoice.number).sort()).toEqual(["2025-101", "2025-102", "2025-103"]);
    // 400 × 0.45 at 7 %.
    expect(imported.data.find((invoice: { number: string }) => invoice.number === "2025-101").total).toBe(19_260);
    expect(problems).toEqual([]);
  });
});
