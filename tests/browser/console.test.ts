// The console as a person uses it, in headless Chromium under the pages' real CSP: they sign in with
// a one-time link printed by the accounts script, connect an agent through the real OAuth flow, and
// then approve an invoice the agent put in review, send another back with a note, create and revoke
// an API key, and disconnect the agent. Each outcome is read back through the API.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { accounts } from "../../db/schema/index.ts";
import { launchChromium, skipChromium } from "../../scripts/chromium.ts";
import { api, type Api } from "../helpers/http.ts";
import { expectStatus, invoiceSteps, type Invoice, type InvoiceSteps } from "../helpers/invoices.ts";
import { connectAgent } from "../helpers/oauth.ts";
import { caller } from "../helpers/members.ts";
import { signedIn } from "../helpers/people.ts";
import { signInLinkFor } from "../helpers/sign-in.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const EMAIL = "olivia@people.test";

let server: TestServer;
let owner: Api;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Script errors and CSP violations the console caused; every test ends expecting none. */
const problems: string[] = [];
let agentToken: string;
let agent: InvoiceSteps;

/** Chromium logs a refused request as a console error; a 401 is how the console learns nobody is signed in. */
const SIGNED_OUT_PROBE = /^Failed to load resource: the server responded with a status of 401/;

function watch(target: Page): Page {
  target.on("pageerror", (error) => problems.push(error.message));
  target.on("console", (message) => {
    if (message.type() === "error" && !SIGNED_OUT_PROBE.test(message.text())) problems.push(message.text());
  });
  return target;
}

/** Opens a console path and waits for its page heading (the route's chunk and data have arrived). */
async function open(path: string, heading: string | RegExp): Promise<void> {
  await page.goto(server.url + path);
  await page.getByRole("heading", { level: 1, name: heading }).waitFor();
}

async function sessionCookie(): Promise<string> {
  const cookie = (await context.cookies(server.url)).find((candidate) => candidate.name === "svc_session");
  if (!cookie) throw new Error("not signed in");
  return `${cookie.name}=${cookie.value}`;
}

beforeAll(async () => {
  if (skipChromium) return;
  server = await startTestServer();
  const account = await server.account();
  owner = api(server.url, account.key);
  await owner.put("/api/account", { legal_name: "Acme GmbH", currency: "EUR", locale: "en-IE" });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
  page = watch(await context.newPage());
  const link = await signInLinkFor(server, EMAIL, account.accountId);
  // The link opens a confirmation page (mail scanners that fetch links must not spend it).
  await page.goto(link);
  await page.getByRole("button").click();
  await page.waitForURL(`${server.url}/app/invoices`);
  await page.getByRole("heading", { level: 1, name: "Invoices" }).waitFor();

  const connected = await connectAgent(server, await sessionCookie(), { scope: "invoices:read invoices:write entities:read" });
  agentToken = connected.tokens.access_token;
  agent = invoiceSteps(api(server.url, agentToken));
}, 60_000);

afterAll(async () => {
  if (skipChromium) return;
  await browser.close();
  await server.close();
});

describe.skipIf(skipChromium)("the console in Chromium", () => {
  test("the sign-in link's page looks like the console: its type and button, its inline styles allowed by their hash", async () => {
    const visitor = await browser.newContext({ viewport: { width: 390, height: 800 }, locale: "en-US" });
    try {
      const visit = await visitor.newPage();
      const refused: string[] = [];
      visit.on("console", (message) => message.type() === "error" && refused.push(message.text()));
      const account = expectStatus(await owner.get("/api/account"), 200);
      await visit.goto(await signInLinkFor(server, "styled@acme.example", account.id));
      const button = visit.getByRole("button");
      await button.waitFor();
      const looks = await visit.evaluate(() => ({
        font: getComputedStyle(document.body).fontFamily,
        button: getComputedStyle(document.querySelector("button")!).backgroundColor,
        card: getComputedStyle(document.querySelector("main")!).borderRadius,
      }));
      expect(looks).toEqual({ font: expect.stringContaining("system-ui"), button: "rgb(10, 85, 196)", card: "6px" });
      expect(refused).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  test("signed in by the link, the person sees the invoice list, their account and role, and no errors", async () => {
    expect(await page.getAttribute("html", "lang")).toBe("en");
    const navigation = page.getByRole("navigation", { name: "Main" });
    for (const item of ["Invoices", "Approvals", "Clients", "Products", "Templates", "API keys", "Connected agents", "Account"]) {
      expect(await navigation.getByRole("link", { name: item }).count()).toBe(1);
    }
    await open("/app/account", /^Account/);
    expect(await page.locator("main").innerText()).toContain("Your role: Owner");
    expect(problems).toEqual([]);
  });

  test("approves an invoice the agent put in review: the inbox names the agent as drafter", async () => {
    const drafted: Invoice = await agent.transition(await agent.create({ bill_to_name: "Globex Approve" }), "review");
    await open("/app/approvals", "Approvals");
    const card = page.getByRole("article").filter({ hasText: "Globex Approve" });
    expect(await card.innerText()).toMatch(/Drafted by\s+Agent\s+Test agent/);
    await card.getByRole("button", { name: "Approve" }).click();
    await page.getByRole("status").filter({ hasText: "approved" }).waitFor();
    await card.waitFor({ state: "detached" });

    const approved = await agent.get(drafted.id);
    expect(approved.status).toBe("approved");
    const history = await agent.history(drafted.id);
    expect(history.at(-1)).toMatchObject({ to_status: "approved", actor: expect.stringMatching(/^user:usr_/) });
    expect(history.find((entry) => entry.to_status === "review")?.actor).toMatch(/^agent:grt_/);
    expect(problems).toEqual([]);
  });

  test("requests changes on another: it goes back to draft with the note in its history", async () => {
    const drafted = await agent.transition(await agent.create({ bill_to_name: "Initech Changes" }), "review");
    await open("/app/approvals", "Approvals");
    const card = page.getByRole("article").filter({ hasText: "Initech Changes" });
    await card.getByRole("button", { name: "Request changes" }).click();
    await card.getByRole("textbox", { name: "What should change?" }).fill("Use the PO number 4711 as buyer reference");
    await card.getByRole("button", { name: "Send back to draft" }).click();
    await card.waitFor({ state: "detached" });

    const back = await agent.get(drafted.id);
    expect(back.status).toBe("draft");
    expect((await agent.history(drafted.id)).at(-1)).toMatchObject({ to_status: "draft", note: "Use the PO number 4711 as buyer reference" });
    expect(problems).toEqual([]);
  });

  test("creates an API key with chosen scopes, its token shown once and working, then revokes it", async () => {
    await open("/app/keys", "API keys");
    await page.getByRole("textbox", { name: "Name" }).fill("Bookkeeping export");
    await page.getByRole("checkbox", { name: /entities:read/ }).check();
    await page.getByRole("button", { name: "Create key" }).click();
    const token = await page.getByRole("textbox", { name: "Token" }).inputValue();
    expect(token).toMatch(/^svc_/);
    expect((await api(server.url, token).get("/api/invoices")).status).toBe(200);
    expect((await api(server.url, token).post("/api/clients", { name: "Not allowed" })).status).toBe(403);

    const row = page.getByRole("row").filter({ hasText: "Bookkeeping export" });
    expect(await row.innerText()).toContain("invoices:read, entities:read");
    await row.getByRole("button", { name: "Revoke" }).click();
    await row.getByRole("group").getByRole("button", { name: "Revoke" }).click();
    await row.getByText(/^Revoked/).waitFor();
    expect((await api(server.url, token).get("/api/invoices")).status).toBe(401);
    // Reloaded, the token is gone for good: it was shown once.
    await open("/app/keys", "API keys");
    expect(await page.getByRole("textbox", { name: "Token" }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  test("an invoice's page previews it, shows its history, exports it and voids it after a second click", async () => {
    const invoice = await agent.create({ bill_to_name: "Umbrella Void" });
    await open(`/app/invoices/${invoice.id}`, /Invoice/);
    const preview = page.getByRole("img", { name: /Page one of invoice/ });
    await preview.waitFor();
    expect(await preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await page.getByRole("table", { name: "History" }).innerText()).toContain("Agent");

    await page.getByRole("button", { name: "Export" }).click();
    const download = page.getByRole("link", { name: /Download .*\.pdf/ });
    const pdf = await page.request.get(new URL((await download.getAttribute("href"))!, server.url).toString());
    expect(pdf.headers()["content-type"]).toBe("application/pdf");

    await page.getByRole("button", { name: "Void" }).click();
    await page.getByRole("group", { name: "Void this invoice for good?" }).getByRole("button", { name: "Void" }).click();
    await page.getByRole("heading", { level: 1, name: /Void$/ }).waitFor();
    expect((await agent.get(invoice.id)).status).toBe("void");
    expect(problems).toEqual([]);
  });

  test("the invoice list filters by status chip and search, and keeps the filters in the address", async () => {
    await open("/app/invoices", "Invoices");
    await page.getByRole("group", { name: "Filter by status" }).getByRole("button", { name: "Approved" }).click();
    await page.waitForURL(/status=approved/);
    const rows = page.getByRole("table", { name: "Invoices" }).getByRole("row");
    await rows.filter({ hasText: "Globex Approve" }).waitFor();
    // The unfiltered list holds that row too: wait for the filtered answer to replace it (header + one row).
    await page.waitForFunction(() => [...document.querySelectorAll("table")].find((table) => table.caption?.textContent === "Invoices")?.rows.length === 2);
    expect(await rows.count()).toBe(2);
    await page.getByRole("searchbox", { name: "Search" }).fill("initech");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("No invoices match.").waitFor();
    expect(page.url()).toContain("q=initech");
    expect(problems).toEqual([]);
  });

  test("dates out of order are refused at the field, focused, with a sentence; the list keeps its filters", async () => {
    await open("/app/invoices", "Invoices");
    const before = page.url();
    await page.getByLabel("Issued from").fill("2026-05-01");
    await page.getByLabel("Issued until").fill("2026-04-01");
    await page.getByRole("button", { name: "Apply filters" }).click();
    const until = page.getByLabel("Issued until");
    expect(await until.evaluate((input: HTMLInputElement) => ({ message: input.validationMessage, focused: document.activeElement === input }))).toEqual({
      message: "“Issued until” is before “Issued from”: choose an end on or after the start.",
      focused: true,
    });
    expect(page.url()).toBe(before);
    await until.fill("2026-06-01");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/to=2026-06-01|to_date=2026-06-01/);
    expect(problems).toEqual([]);
  });

  test("the account is renamed on its page, and the shell shows the new name after a reload", async () => {
    const original = expectStatus(await owner.get("/api/account"), 200).name as string;
    await page.goto(`${server.url}/app/account`);
    const name = page.getByLabel("Account name");
    await name.fill("Acme Renamed");
    await page.getByRole("button", { name: "Save" }).first().click();
    await page.getByText("Profile saved.").first().waitFor();
    await page.reload();
    await page.getByText("Acme Renamed").first().waitFor();
    expect(expectStatus(await owner.get("/api/account"), 200).name).toBe("Acme Renamed");
    expectStatus(await owner.put("/api/account", { name: original }), 200);
    expect(problems).toEqual([]);
  });

  test("send by e-mail: an attachment the invoice cannot be is refused before anything changes; then it is queued and the invoice is sent", async () => {
    const steps = invoiceSteps(owner);
    const approved = await steps.transition(await steps.transition(await steps.create({ bill_to_name: "Mail Receiver GmbH", bill_to_email: "ap@receiver.example" }), "review"), "approved");
    await open(`/app/invoices/${approved.id}`, /Invoice/);
    const form = page.getByRole("region", { name: "E-mail", exact: true });
    expect(await form.getByLabel("To").inputValue()).toBe("ap@receiver.example");
    await form.getByLabel("UBL").check();
    await form.getByRole("button", { name: "Send by e-mail" }).click();
    await page.getByText(/The ubl attachment cannot be made/).first().waitFor();
    expect(expectStatus(await owner.get(`/api/invoices/${approved.id}`), 200)).toMatchObject({ status: "approved", revision: approved.revision });
    await form.getByLabel("UBL").uncheck();
    await form.getByLabel("Message").fill("Thank you for your order.");
    await form.getByRole("button", { name: "Send by e-mail" }).click();
    await page.getByText("Queued for e-mail to ap@receiver.example.").first().waitFor();
    await page.getByRole("heading", { level: 1, name: /Sent/ }).waitFor();
    expect(expectStatus(await owner.get(`/api/invoices/${approved.id}`), 200).status).toBe("sent");
    // The delivery itself says how it went: queued now, delivered once the outbox has run.
    const mails = page.getByRole("table", { name: "E-mails" });
    await mails.getByText("Queued").waitFor();
    expect(await mails.innerText()).toContain("ap@receiver.example");
    expect(await server.scheduler.run("deliver-mail")).toBe(true);
    await page.reload();
    await page.getByRole("table", { name: "E-mails" }).getByText("Delivered").waitFor();
    expect(problems.splice(0).filter((problem) => !/status of 422/.test(problem))).toEqual([]);
  });

  test("payments: part of what is due, typed as people write it, then the rest; the invoice is paid and its payments listed", async () => {
    const steps = invoiceSteps(owner);
    const sent = await steps.transition(await steps.create({ bill_to_name: "Paying Customer AG", tax_rate: 0, items: [{ description: "Work", quantity: 1, rate: 150_000 }] }), "sent");
    await open(`/app/invoices/${sent.id}`, new RegExp(String(sent.number)));
    const form = page.getByRole("form", { name: "Record a payment" });
    await form.getByLabel("Amount").fill("1,000.50");
    await form.getByLabel("Method").fill("Bank transfer");
    await form.getByLabel("Reference").fill("BANK-4711");
    await form.getByRole("button", { name: "Record payment" }).click();
    await page.getByText(/Payment recorded; .*499\.50 still due\./).first().waitFor();
    expect(expectStatus(await owner.get(`/api/invoices/${sent.id}`), 200)).toMatchObject({ amount_paid: 100_050, amount_due: 49_950, status: "sent" });
    // The amount field offers what is still due. The rest is paid a second later: payments of one
    // date list in the order recorded, and the same millisecond in two processes has none.
    expect(await form.getByLabel("Amount").inputValue()).toBe("499.50");
    server.clock.advance(1_000);
    await form.getByRole("button", { name: "Record payment" }).click();
    await page.getByText("Payment recorded; the invoice is paid.").first().waitFor();
    await page.getByRole("heading", { level: 1, name: /Paid/ }).waitFor();
    // The payments are read again after the second: wait for its row (header, then two payments).
    await page.getByRole("table", { name: "Payments" }).getByRole("row").nth(2).waitFor();
    const rows = await page.getByRole("table", { name: "Payments" }).getByRole("row").allInnerTexts();
    expect(rows.slice(1).map((row) => row.replace(/\s+/g, " ").trim())).toEqual([expect.stringMatching(/1,000\.50 Bank transfer BANK-4711 Remove$/), expect.stringMatching(/499\.50 Remove$/)]);
    // Paid: nothing is left to record.
    expect(await page.getByRole("form", { name: "Record a payment" }).count()).toBe(0);
    // The second was a mistake: removed after a second click, the invoice is owed again.
    const second = page.getByRole("table", { name: "Payments" }).getByRole("row").nth(2);
    await second.getByRole("button", { name: "Remove" }).click();
    await page.getByRole("button", { name: /Yes|Confirm|Remove/ }).last().click();
    await page.getByText(/Payment removed; .*499\.50 due\./).first().waitFor();
    await page.getByRole("heading", { level: 1, name: /Sent/ }).waitFor();
    expect(expectStatus(await owner.get(`/api/invoices/${sent.id}`), 200)).toMatchObject({ status: "sent", amount_due: 49_950 });
    expect(problems).toEqual([]);
  });

  test("a refused field is marked and focused: the account's currency ZZZ, a client's currency ZZZ", async () => {
    await page.goto(`${server.url}/app/account`);
    const accountCurrency = page.getByLabel("Currency", { exact: true });
    await accountCurrency.fill("ZZZ");
    await page.getByRole("button", { name: "Save" }).first().click();
    await page.getByText(/Please check the form\..*not an ISO 4217 currency code/).first().waitFor();
    expect(await accountCurrency.evaluate((input) => ({ invalid: input.getAttribute("aria-invalid"), focused: document.activeElement === input }))).toEqual({ invalid: "true", focused: true });
    expect(expectStatus(await owner.get("/api/account"), 200).currency).toBe("EUR");

    await page.goto(`${server.url}/app/clients`);
    await page.getByLabel("Name").first().fill("Nowhere Ltd");
    const currency = page.getByRole("textbox", { name: "Currency" });
    await currency.fill("ZZZ");
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByText(/not an ISO 4217 currency code/).first().waitFor();
    expect(await currency.evaluate((input) => ({ invalid: input.getAttribute("aria-invalid"), focused: document.activeElement === input }))).toEqual({ invalid: "true", focused: true });
    // Fixed, the mark goes with the next attempt.
    await currency.fill("EUR");
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByText(/Nowhere Ltd/).first().waitFor();
    expect(await page.locator("[aria-invalid='true']").count()).toBe(0);
    // The browser logs each refused request; those two are this test's own, and nothing else is.
    expect(problems.splice(0).filter((problem) => !/status of 422/.test(problem))).toEqual([]);
  });

  test("a finalized invoice not yet sent reads Finalized, in the list and on its page, not Draft", async () => {
    const steps = invoiceSteps(owner);
    const finalized = await steps.finalize(await steps.create({ bill_to_name: "Finalized Chip GmbH" }));
    await open(`/app/invoices?q=${encodeURIComponent("Finalized Chip")}`, "Invoices");
    const row = page.getByRole("table", { name: "Invoices" }).getByRole("row").filter({ hasText: "Finalized Chip GmbH" });
    await row.waitFor();
    const text = await row.innerText();
    expect({ finalized: text.includes("Finalized"), draft: text.includes("Draft") }).toEqual({ finalized: true, draft: false });
    await open(`/app/invoices/${finalized.id}`, new RegExp(String(finalized.number)));
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toContain("Finalized");
    expect(problems).toEqual([]);
  });

  test("clients: create one through the form, edit it, delete it after a second click", async () => {
    await open("/app/clients", "Clients");
    const form = page.getByRole("region", { name: "New" });
    await form.getByRole("textbox", { name: "Name" }).fill("Hooli Inc.");
    await form.getByRole("textbox", { name: "E-mail" }).fill("ap@hooli.example");
    await form.getByRole("combobox", { name: "Country" }).selectOption("US");
    await form.getByRole("button", { name: "Create" }).click();
    const row = page.getByRole("row").filter({ hasText: "Hooli Inc." });
    await row.waitFor();
    const [created] = (await owner.get("/api/clients?q=hooli")).body.data;
    expect(created).toMatchObject({ name: "Hooli Inc.", email: "ap@hooli.example", address: { country: "US" } });

    await row.getByRole("button", { name: "Edit Hooli Inc." }).click();
    const editing = page.getByRole("region", { name: "Edit Hooli Inc." });
    await editing.getByRole("textbox", { name: "City" }).fill("Palo Alto");
    await editing.getByRole("button", { name: "Save" }).click();
    await page.getByRole("region", { name: "New" }).waitFor();
    expect((await owner.get(`/api/clients/${created.id}`)).body.address.city).toBe("Palo Alto");

    // The same client again (another spelling of its name): held, and the person says which they meant.
    await form.getByRole("textbox", { name: "Name" }).fill("hooli inc.");
    await form.getByRole("button", { name: "Create" }).click();
    const alike = form.getByRole("alert").filter({ hasText: "This looks like one you already have: Hooli Inc." });
    await alike.waitFor();
    expect((await owner.get("/api/clients?q=hooli")).body.total).toBe(1);
    await alike.getByRole("button", { name: "Edit Hooli Inc." }).click();
    await page.getByRole("region", { name: "Edit Hooli Inc." }).getByRole("button", { name: "Cancel" }).click();
    await form.getByRole("textbox", { name: "Name" }).fill("Hooli Inc.");
    await form.getByRole("button", { name: "Create" }).click();
    await form.getByRole("alert").getByRole("button", { name: "Create anyway" }).click();
    await page.getByRole("row").filter({ hasText: "Hooli Inc." }).nth(1).waitFor();
    const both = (await owner.get("/api/clients?q=hooli")).body.data;
    expect(both).toHaveLength(2);
    const second = both.find((client: { id: string }) => client.id !== created.id);
    expect((await owner.delete(`/api/clients/${second.id}`)).status).toBe(200);
    await open("/app/clients", "Clients");

    await row.getByRole("button", { name: "Delete" }).click();
    await row.getByRole("group").getByRole("button", { name: "Delete" }).click();
    await row.waitFor({ state: "detached" });
    expect((await owner.get(`/api/clients/${created.id}`)).status).toBe(404);
    expect(problems).toEqual([]);
  });

  test("products: a price typed as people write it is stored exactly in minor units", async () => {
    await open("/app/products", "Products");
    const form = page.getByRole("region", { name: "New" });
    await form.getByRole("textbox", { name: "Name" }).fill("Workshop day");
    await form.getByRole("textbox", { name: "Price" }).fill("1,200.50");
    await form.getByRole("textbox", { name: "Unit" }).fill("day");
    await form.getByRole("textbox", { name: "VAT %" }).fill("7.5");
    await form.getByRole("button", { name: "Create" }).click();
    await page.getByRole("row").filter({ hasText: "Workshop day" }).waitFor();
    const [product] = (await owner.get("/api/products?q=workshop")).body.data;
    expect(product).toMatchObject({ rate: 120_050, unit: "DAY", currency: null, tax_rate: 7.5 });
    expect(problems).toEqual([]);
  });

  test("templates: a new template's options are saved as they change, and the preview follows", async () => {
    await open("/app/templates", "Templates");
    await page.getByRole("textbox", { name: "Name" }).fill("Brand");
    await page.getByRole("combobox", { name: "Based on" }).selectOption("modern");
    await page.getByRole("button", { name: "Create template" }).click();
    await page.getByRole("heading", { name: "Options of Brand" }).waitFor();
    const preview = page.getByRole("img", { name: "An invoice rendered with Brand" });
    const before = await preview.getAttribute("src");
    await page.getByRole("textbox", { name: "Footer" }).fill("Thank you for your business");
    await page.getByRole("status").filter({ hasText: "Template saved." }).waitFor();
    await page.waitForFunction((old) => document.querySelector<HTMLImageElement>('img[alt="An invoice rendered with Brand"]')?.src !== old, new URL(before!, server.url).toString());
    const [template] = (await owner.get("/api/templates")).body.data.filter((candidate: { name: string }) => candidate.name === "Brand");
    expect(template.options.footer).toBe("Thank you for your business");
    expect(template.base).toBe("modern");
    expect(problems).toEqual([]);
  });

  test("an invitation's link: a signed-in person of another account accepts it and switches between the two", async () => {
    const invite = (await page.request.post(`${server.url}/api/invites`, { data: { role: "member" }, headers: { cookie: await sessionCookie() } })).json();
    const stranger = await server.account();
    await server.services.database.write((tx) => tx.update(accounts).set({ name: "Gina's studio" }).where(eq(accounts.id, stranger.accountId)));
    const guest = await signedIn(server, { accountId: stranger.accountId, role: "owner", name: "Gina Guest" });
    const guestContext = await browser.newContext({ locale: "en-US" });
    const [name, value] = guest.cookie.split("=") as [string, string];
    await guestContext.addCookies([{ name, value, url: server.url }]);
    const guestPage = watch(await guestContext.newPage());
    await guestPage.goto((await invite).url);
    await guestPage.getByRole("heading", { level: 1, name: "Join Test account" }).waitFor();
    expect(await guestPage.locator("main").innerText()).toContain("as Member");
    await guestPage.getByRole("button", { name: "Accept the invitation" }).click();
    await guestPage.waitForURL(`${server.url}/app/invoices`);
    const switcher = guestPage.getByRole("combobox", { name: "Account" });
    expect((await switcher.locator("option").allInnerTexts()).sort()).toEqual(["Gina's studio", "Test account"]);
    // Each switch shows the other account's invoices at once.
    await switcher.selectOption({ label: "Gina's studio" });
    await guestPage.getByText("No invoices match.").waitFor();
    await switcher.selectOption({ label: "Test account" });
    await guestPage.getByRole("row").filter({ hasText: "Globex Approve" }).waitFor();
    await guestPage.goto(`${server.url}/app/account`);
    await guestPage.getByText("Your role: Member").waitFor();
    await guestContext.close();
    expect(problems).toEqual([]);
  });

  test("disconnects the agent: its grant is listed with its client and scopes, and its token stops working", async () => {
    await open("/app/agents", "Connected agents");
    const row = page.getByRole("row").filter({ hasText: "Test agent" });
    expect(await row.innerText()).toContain("invoices:read, invoices:write, entities:read");
    await row.getByRole("button", { name: "Revoke" }).click();
    await row.getByRole("group").getByRole("button", { name: "Revoke" }).click();
    await page.getByText("No agent is connected.").waitFor();
    expect((await api(server.url, agentToken).get("/api/invoices")).status).toBe(401);
    expect(problems).toEqual([]);
  });

  test("switches to German: phrases, the page language and amounts follow, and the pick is kept, in this browser and the person's others", async () => {
    await open("/app/invoices", "Invoices");
    await page.getByRole("combobox", { name: "Language" }).selectOption("de");
    await page.getByRole("heading", { level: 1, name: "Rechnungen" }).waitFor();
    expect(await page.getAttribute("html", "lang")).toBe("de");
    expect(await page.getByRole("navigation", { name: "Hauptnavigation" }).innerText()).toContain("Freigaben");
    // German amounts: a decimal comma and the sign after the number ("1.482,15 €").
    expect(await page.getByRole("table", { name: "Rechnungen" }).innerText()).toMatch(/\d,\d\d\s€/);
    // The pick is kept for the next visit.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Rechnungen" }).waitFor();
    // It is the person's: another browser of theirs (English, nothing stored) opens in German.
    await caller(server.url, { cookie: await sessionCookie() }).get("/api/me").then((reply) => expect(reply.body.user.interface_language).toBe("de"));
    const other = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-GB" });
    try {
      await other.addCookies(await context.cookies(server.url));
      const otherPage = await other.newPage();
      await otherPage.goto(`${server.url}/app/invoices`);
      await otherPage.getByRole("heading", { level: 1, name: "Rechnungen" }).waitFor();
    } finally {
      await other.close();
    }
    // The pick is kept with the person after the page has changed language: wait for that save, so
    // the clearing below comes after it.
    const keptWithThePerson = page.waitForResponse((response) => response.url().includes("/trpc/me.update"));
    await page.getByRole("combobox", { name: "Sprache" }).selectOption("en");
    await page.getByRole("heading", { level: 1, name: "Invoices" }).waitFor();
    await keptWithThePerson;
    // Back to no pick of their own, for the next test's browser to decide.
    expect((await caller(server.url, { cookie: await sessionCookie() }).patch("/api/me", { interface_language: null })).status).toBe(200);
    expect(problems).toEqual([]);
  });

  test("the console speaks the person's language, from their browser, not the account's invoice locale", async () => {
    expectStatus(await owner.put("/api/account", { locale: "de-DE" }), 200);
    // The same person in a French browser with no pick of their own.
    const french = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "fr-FR" });
    try {
      await french.addCookies(await context.cookies(server.url));
      const frenchPage = await french.newPage();
      await frenchPage.goto(`${server.url}/app/invoices`);
      await frenchPage.getByRole("heading", { level: 1, name: "Factures" }).waitFor();
      expect(await frenchPage.getAttribute("html", "lang")).toBe("fr");
      // French amounts: a decimal comma and a narrow no-break space before the euro sign.
      expect(await frenchPage.getByRole("table", { name: "Factures" }).innerText()).toMatch(/\d,\d\d\s€/);
    } finally {
      await french.close();
      expectStatus(await owner.put("/api/account", { locale: "en-IE" }), 200);
    }
  });

  test("sign-out ends the session: the console sends the visitor to sign-in, keeping where they were", async () => {
    const cookie = await sessionCookie();
    await open("/app/sessions", "Your sessions");
    await page.getByRole("row").filter({ hasText: "this one" }).waitFor();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
    expect((await api(server.url).raw("/api/me", { headers: { cookie } })).status).toBe(401);
    await page.goto(`${server.url}/app/clients`);
    await page.waitForURL(/\/app\/sign-in\?next=%2Fapp%2Fclients/);
    expect(problems).toEqual([]);
  });
});
