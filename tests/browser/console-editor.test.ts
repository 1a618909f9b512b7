// The invoice editor in Chromium, through roles and labels only: a new invoice written from nothing
// (a new client saved in place, a product line, lines reordered and removed) saves itself, and its
// totals and preview are the service's; what is typed survives a reload while the service is
// unreachable; someone else's save meets a conflict view with both versions; bad values are refused
// naming the field; a finalized invoice is not editable; a credit note is one click from an invoice.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { launchChromium, skipChromium } from "../../scripts/chromium.ts";
import { personIn, type SignedInPage, unprovoked } from "../helpers/browser.ts";
import { operation } from "../helpers/factories.ts";
import { api } from "../helpers/http.ts";
import { expectStatus, invoicePath, steppedAccount, type SteppedAccount } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let owner: SteppedAccount;
let browser: Browser;
let person: SignedInPage;

beforeAll(async () => {
  if (skipChromium) return;
  server = await startTestServer();
  owner = await steppedAccount(server);
  expectStatus(await owner.client.put("/api/account", { legal_name: "Bäckerei Test GmbH", currency: "EUR", locale: "de-DE" }), 200);
  browser = await launchChromium();
}, 60_000);
// Each test in a browser of its own: what one leaves in localStorage (a kept draft) is no other's.
beforeEach(async () => {
  if (skipChromium) return;
  person = await personIn(browser, server, { accountId: owner.accountId, role: "owner", canApprove: true });
});
afterEach(async () => {
  if (skipChromium) return;
  await person.context.close();
});
afterAll(async () => {
  if (skipChromium) return;
  await browser.close();
  await server.close();
});

const saved = (page: Page) => page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();
const line = (page: Page, number: number) => page.getByRole("listitem", { name: `Line ${number}`, exact: true });
const invoiceIdIn = (url: string): string => /\/app\/invoices\/(inv_[^/]+)\/edit/.exec(url)?.[1] ?? "";
const stored = async (id: string) => expectStatus(await owner.client.get(invoicePath(id)), 200);

/** Presses Tab (forward only, at most `limit` times) until the control with `id` has focus: it is reachable, in order. */
async function tabTo(page: Page, id: string, limit = 40): Promise<void> {
  for (let press = 0; press < limit; press++) {
    if ((await page.evaluate(() => document.activeElement?.id)) === id) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`#${id} was not reached with ${limit} presses of Tab`);
}

/** Waits until the focused control is the one named `label` (focus moves after the page has drawn the change). */
const focusOn = (page: Page, label: string) => page.waitForFunction((wanted) => document.activeElement?.getAttribute("aria-label") === wanted, label);

describe.skipIf(skipChromium)("the invoice editor", () => {
  test("keyboard only: every control is reached with Tab in reading order, and lines are added and moved without a pointer", async () => {
    const { page, problems } = person;
    await page.goto(`${server.url}/app/invoices/new`);
    await page.getByRole("heading", { name: "New Invoice" }).waitFor();
    await tabTo(page, "editor-type");
    await tabTo(page, "editor-bill_to_name");
    await page.keyboard.type("Keyboard Kunde KG");
    await tabTo(page, "editor-bill_to_email");
    await page.keyboard.type("ap@keyboard.example");
    await tabTo(page, "editor-currency");
    const first = await page.evaluate(() => document.querySelector<HTMLInputElement>(".line input")?.id ?? "");
    await tabTo(page, first);
    await page.keyboard.type("Tastaturkurs");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.type("250");
    await tabTo(page, "editor-add-line");
    await page.keyboard.press("Enter");
    // The new line's description takes focus.
    await page.waitForFunction(() => document.activeElement?.closest("li")?.getAttribute("aria-label") === "Line 2");
    await page.keyboard.type("Handbuch");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.type("30");
    // Line 2's "up" button: Tab past its VAT and discount fields.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await focusOn(page, "Move line 2 up");
    await page.keyboard.press("Enter");
    // At the top its "up" is disabled: focus rests on its "down" instead.
    await focusOn(page, "Move line 1 down");
    await saved(page);
    const invoice = await stored(invoiceIdIn(page.url()));
    expect(invoice.items.map((item: { description: string }) => item.description)).toEqual(["Handbuch", "Tastaturkurs"]);
    await tabTo(page, "editor-notes", 60);
    expect(problems).toEqual([]);
  });

  test("a new invoice from nothing: a client saved in place, lines typed, one from a product, reordered and removed; totals and preview are the service's", async () => {
    expectStatus(await owner.client.post("/api/products", { name: "Sourdough loaf", rate: 450, unit: "H87", tax_rate: 7 }), 201);
    const { page, problems } = person;
    await page.goto(`${server.url}/app/invoices`);
    await page.getByRole("link", { name: "New invoice" }).click();
    await page.getByRole("heading", { name: "New Invoice" }).waitFor();

    await page.getByLabel("Client", { exact: false }).first().fill("Café Morgenrot");
    await page.getByRole("button", { name: "Save “Café Morgenrot” as a client" }).click();
    await page.getByText("Café Morgenrot is saved as a client.").first().waitFor();
    await page.getByLabel("E-mail", { exact: true }).fill("einkauf@morgenrot.example");

    await line(page, 1).getByLabel("Description").fill("Croissants");
    await line(page, 1).getByLabel("Quantity").fill("40");
    await line(page, 1).getByLabel("Unit price").fill("1.20");
    // The first save creates the draft and the address becomes its own; the same form goes on
    // (a page opened afresh at the new address would drop what is typed next).
    await saved(page);
    expect(invoiceIdIn(page.url())).toMatch(/^inv_/);
    expect(await page.evaluate(() => document.activeElement?.closest("li")?.getAttribute("aria-label"))).toBe("Line 1");
    await page.getByRole("button", { name: "Add a line" }).click();
    await line(page, 2).getByLabel("Description").fill("Delivery");
    await line(page, 2).getByLabel("Unit price").fill("15");
    await line(page, 2).getByLabel("VAT %").fill("19");
    await page.getByLabel("Product").selectOption({ label: "Sourdough loaf" });
    await page.getByRole("button", { name: "Add as a line" }).click();
    await line(page, 3).getByLabel("Quantity").fill("10");
    await page.getByLabel("VAT % for all lines").fill("7");
    await saved(page);

    const id = invoiceIdIn(page.url());
    expect(id).toMatch(/^inv_/);
    let invoice = await stored(id);
    expect(invoice).toMatchObject({ type: "invoice", bill_to_name: "Café Morgenrot", bill_to_email: "einkauf@morgenrot.example", currency: "EUR", tax_rate: 7 });
    expect(invoice.client_id).toMatch(/^cli_/);
    expect(invoice.items.map((item: { description: string; quantity: number; rate: number; unit: string }) => [item.description, item.quantity, item.rate, item.unit])).toEqual([
      ["Croissants", 40, 120, "C62"],
      ["Delivery", 1, 1500, "C62"],
      ["Sourdough loaf", 10, 450, "H87"],
    ]);
    // The totals shown are the service's own, formatted for the person (en-GB).
    const totals = page.getByRole("region", { name: "Totals" });
    await totals.getByText("€117.36").waitFor();
    expect(invoice.total).toBe(11_736);
    const preview = page.getByRole("img", { name: `The invoice as saved in revision ${invoice.revision}` });
    await preview.waitFor();
    expect(await preview.getAttribute("src")).toStartWith("data:image/png;base64,");

    // The product line moves up; the delivery line goes.
    await page.getByRole("button", { name: "Move line 3 up" }).click();
    await focusOn(page, "Move line 2 up");
    await page.getByRole("button", { name: "Remove line 3" }).click();
    await saved(page);
    invoice = await stored(id);
    expect(invoice.items.map((item: { description: string }) => item.description)).toEqual(["Croissants", "Sourdough loaf"]);
    await totals.getByText("€99.51").waitFor();
    expect(invoice.total).toBe(9951);

    // 10 % off the croissants: 43.20 + 45.00 at 7 %.
    await line(page, 1).getByLabel("Discount %").fill("10");
    await saved(page);
    invoice = await stored(id);
    expect(invoice.items[0]).toMatchObject({ description: "Croissants", discount_percent: 10, amount: 4_320 });
    await totals.getByText("€94.37").waitFor();
    expect(invoice.total).toBe(9437);
    expect(problems).toEqual([]);
  });

  test("a fresh account with no profile: the editor asks for the business's name, and the invoice saves with it", async () => {
    const fresh = await server.account();
    const newcomer = await personIn(browser, server, { accountId: fresh.accountId, role: "owner", canApprove: true });
    try {
      const { page, problems } = newcomer;
      await page.goto(`${server.url}/app/invoices/new`);
      await page.getByRole("heading", { name: "New Invoice" }).waitFor();
      await page.getByLabel("Client", { exact: false }).first().fill("Globex");
      await line(page, 1).getByLabel("Description").fill("Consulting");
      await line(page, 1).getByLabel("Unit price").fill("120");
      // Without a seller the service refuses the draft, and says where the name goes.
      const seller = page.getByLabel("Your business name", { exact: false });
      await page.getByRole("alert").filter({ hasText: "from_name" }).waitFor();
      expect(await seller.getAttribute("aria-invalid")).toBe("true");
      await seller.fill("Newcomer Studio");
      await saved(page);
      const invoice = expectStatus(await api(server.url, fresh.key).get(invoicePath(invoiceIdIn(page.url()))), 200);
      expect(invoice).toMatchObject({ from_name: "Newcomer Studio", bill_to_name: "Globex", total: 12_000 });
      expect(unprovoked(problems, [422])).toEqual([]);
    } finally {
      await newcomer.context.close();
    }
  });

  test("typed while the service cannot be reached, kept through a reload, and saved once it can", async () => {
    const draft = await owner.steps.create();
    const { page, problems } = person;
    await page.goto(`${server.url}/app/invoices/${draft.id}/edit`);
    await page.getByLabel("Notes").waitFor();
    await page.route("**/trpc/invoices.update**", (route) => route.abort());
    await page.getByLabel("Notes").fill("Please pay within 14 days");
    await page.getByRole("status").filter({ hasText: "Not saved" }).waitFor();
    await page.unroute("**/trpc/invoices.update**");
    await page.reload();
    await saved(page);
    expect(await page.getByLabel("Notes").inputValue()).toBe("Please pay within 14 days");
    expect((await stored(draft.id)).notes).toBe("Please pay within 14 days");
    // The aborted request is the only problem the page reported.
    expect(problems.filter((problem) => !problem.includes("Failed to fetch") && !problem.includes("ERR_FAILED"))).toEqual([]);
  });

  test("someone else's save meets a conflict: both versions are shown, and the person's choice is saved", async () => {
    const draft = await owner.steps.create({ notes: "original" });
    const { page, problems } = person;
    await page.goto(`${server.url}/app/invoices/${draft.id}/edit`);
    await page.getByLabel("Notes").waitFor();
    const theirs = expectStatus(await owner.client.put(invoicePath(draft.id), { ...operation(draft.revision), notes: "from the API" }), 200);
    await page.getByLabel("Notes").fill("from the editor");
    const conflict = page.getByRole("region", { name: "Changed elsewhere" });
    await conflict.waitFor();
    const row = conflict.getByRole("row", { name: /Notes/ });
    expect(await row.innerText()).toContain("from the editor");
    expect(await row.innerText()).toContain("from the API");
    expect((await stored(draft.id)).revision).toBe(theirs.revision);
    await conflict.getByRole("button", { name: "Keep mine" }).click();
    await saved(page);
    expect(await stored(draft.id)).toMatchObject({ notes: "from the editor", revision: theirs.revision + 1 });

    // The other choice: the saved version replaces what was typed.
    const again = await stored(draft.id);
    expectStatus(await owner.client.put(invoicePath(draft.id), { ...operation(again.revision), notes: "second API save" }), 200);
    await page.getByLabel("Notes").fill("typed again");
    await page.getByRole("region", { name: "Changed elsewhere" }).getByRole("button", { name: "Use the saved version" }).click();
    await page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();
    expect(await page.getByLabel("Notes").inputValue()).toBe("second API save");
    expect(unprovoked(problems, [409, 422])).toEqual([]);
  });

  test("an amount that does not read, and a language the service refuses, each name and mark their field", async () => {
    const draft = await owner.steps.create();
    const { page, problems } = person;
    await page.goto(`${server.url}/app/invoices/${draft.id}/edit`);
    const rate = line(page, 1).getByLabel("Unit price");
    await rate.fill("12,3,4");
    await page.getByRole("alert").filter({ hasText: "cannot be read as a price" }).waitFor();
    expect(await rate.getAttribute("aria-invalid")).toBe("true");
    await rate.fill("12.34");
    await saved(page);
    expect(await rate.getAttribute("aria-invalid")).toBeNull();

    const locale = page.getByLabel("Document language");
    await locale.fill("klingon");
    await page.getByRole("alert").filter({ hasText: "locale" }).waitFor();
    expect(await locale.getAttribute("aria-invalid")).toBe("true");
    await page.getByRole("button", { name: "Go to the field" }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("editor-locale");
    expect((await stored(draft.id)).locale).not.toBe("klingon");
    await locale.fill("fr-FR");
    await saved(page);
    expect((await stored(draft.id)).locale).toBe("fr-FR");
    expect(unprovoked(problems, [409, 422])).toEqual([]);
  });

  test("a finalized invoice is not editable; “Credit note for this invoice” writes one referring to it in one step", async () => {
    const draft = await owner.steps.create();
    const final = await owner.steps.finalize(draft);
    const { page, problems } = person;
    await page.goto(`${server.url}/app/invoices/${final.id}/edit`);
    await page.getByRole("heading", { name: "This invoice can no longer be edited" }).waitFor();
    await page.getByRole("link", { name: "Back to the invoice" }).click();
    expect(await page.getByRole("link", { name: "Edit", exact: true }).count()).toBe(0);
    await page.getByRole("link", { name: "Credit note for this invoice" }).click();
    await saved(page);
    const credit = await stored(invoiceIdIn(page.url()));
    expect(credit).toMatchObject({ type: "credit_note", preceding_invoice: { id: final.id, number: final.number }, total: final.total, client_id: final.client_id });
    expect(problems).toEqual([]);
  });
});
