// The console's automation pages in Chromium, through roles and labels only, each result read back
// through the API: a recurring rule that sends, created from an invoice's page (a bad address refused
// at its field first), its next dates as the preview procedure answers them; pause and resume,
// skipping the next date and deleting, each confirmed where it asks; an edit whose end comes before
// its first date, refused, named and marked; the payment reminder schedule set with its plain-words
// plan and read back; and what a member whose role lacks the right sees.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import type { Browser, Locator, Page } from "playwright-core";
import { formatDate } from "../../render/format.ts";
import { launchChromium, skipChromium } from "../../scripts/chromium.ts";
import { personIn, type SignedInPage, unprovoked } from "../helpers/browser.ts";
import { expectStatus, steppedAccount, type SteppedAccount } from "../helpers/invoices.ts";
import { createRule, rulePath } from "../helpers/recurring.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let owner: SteppedAccount;
let browser: Browser;
let person: SignedInPage;

beforeAll(async () => {
  if (skipChromium) return;
  server = await startTestServer();
  owner = await steppedAccount(server);
  expectStatus(await owner.client.put("/api/account", { legal_name: "Acme GmbH", currency: "EUR", locale: "en-IE", timezone: "Europe/Berlin" }), 200);
  browser = await launchChromium();
}, 60_000);
// Each test in a browser of its own, signed in as an owner who may approve.
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

/** A date as the person's browser (en-GB) shows it. */
const shown = (date: string): string => formatDate(date, "en-GB", "short");
const announced = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).waitFor();
const ruleCard = (page: Page, client: string): Locator => page.getByRole("article", { name: client });
const storedRule = async (id: string) => expectStatus(await owner.client.get(rulePath(id)), 200);

describe.skipIf(skipChromium)("recurring invoices in the console", () => {
  test("a rule made from an invoice's page through the form; its next dates are the preview procedure's", async () => {
    const invoice = await owner.steps.create({ bill_to_name: "Globex Monthly" });
    const { page, problems } = person;
    await page.goto(`${server.url}/app/invoices/${invoice.id}`);
    await page.getByRole("link", { name: "Repeat this invoice" }).click();
    await page.getByRole("heading", { name: "New recurring rule" }).waitFor();
    // The invoice the page was opened for is the one picked.
    const picker = page.getByLabel("Invoice to copy");
    await page.waitForFunction((id) => (document.querySelector("select[name=invoice_id]") as HTMLSelectElement | null)?.value === id, invoice.id);
    expect(await picker.locator("option:checked").innerText()).toContain("Globex Monthly");

    await page.getByLabel("Frequency").selectOption({ label: "Monthly" });
    await page.getByLabel("Day of the month").fill("31");
    await page.getByLabel(/^Start date/).fill("2026-12-01");
    await page.getByText("Every month, on day 31").waitFor();
    await page.getByRole("radio", { name: "After a number of invoices" }).check();
    await page.getByRole("spinbutton", { name: "Number of invoices" }).fill("12");
    await page.getByRole("radio", { name: "Finalized and sent to the client" }).check();
    const to = page.getByRole("textbox", { name: /^To\b/ });
    await to.fill("ap@globex.example, not-an-address");
    await page.getByRole("checkbox", { name: "UBL" }).check();
    // An address the service cannot read is refused at the To field.
    await page.getByRole("button", { name: "Create rule" }).click();
    await page.getByRole("alert").filter({ hasText: "To:" }).waitFor();
    expect(await to.getAttribute("aria-invalid")).toBe("true");
    await to.fill("ap@globex.example, billing@globex.example");
    await page.getByRole("button", { name: "Create rule" }).click();
    await announced(page, `Rule created: the first invoice for Globex Monthly is issued on ${shown("2026-12-31")}.`);

    const { data } = expectStatus(await owner.client.get("/api/recurring"), 200);
    const rule = data.find((each: { template: { invoice_id: string } }) => each.template.invoice_id === invoice.id);
    expect(rule).toMatchObject({ frequency: "monthly", interval: 1, day_of_month: 31, start_date: "2026-12-01", count: 12, end_date: null, on_issue: "send", missed: "issue", status: "active", next_date: "2026-12-31" });
    expect(rule.send).toEqual({ via: "email", to: ["ap@globex.example", "billing@globex.example"], attach: ["pdf", "ubl"] });
    // The form is gone, the address is the list's own, and the new rule's card has focus.
    expect(new URL(page.url()).search).toBe("");
    const card = ruleCard(page, "Globex Monthly");
    await page.waitForFunction(() => document.activeElement?.tagName === "H2" && document.activeElement.textContent?.includes("Globex Monthly"));
    expect(await card.innerText()).toContain("After 12 invoices");

    await card.getByRole("button", { name: "Preview next dates" }).click();
    const dates = card.getByRole("region", { name: "Next dates" }).getByRole("listitem");
    await dates.first().waitFor();
    const preview = expectStatus(await owner.client.get(`${rulePath(rule.id, "/preview")}?count=6`), 200);
    expect(preview.dates[0]).toBe("2026-12-31");
    // 31 January, then the end of February: the day of the month is clamped, never drifts.
    expect(preview.dates.slice(0, 3)).toEqual(["2026-12-31", "2027-01-31", "2027-02-28"]);
    expect(await dates.allInnerTexts()).toEqual(preview.dates.map(shown));
    expect(unprovoked(problems, [422])).toEqual([]);
  });

  test("pause and resume, skip the next date and delete, each read back through the API", async () => {
    const { rule } = await createRule(owner, { start_date: "2026-12-05" }, { bill_to_name: "Initech Services" });
    const { page, problems } = person;
    await page.goto(`${server.url}/app/recurring`);
    const card = ruleCard(page, "Initech Services");

    await card.getByRole("button", { name: "Pause" }).click();
    await announced(page, "Rule for Initech Services paused.");
    expect((await storedRule(rule.id)).status).toBe("paused");
    await card.getByRole("button", { name: "Resume" }).click();
    await announced(page, "Rule for Initech Services resumed.");
    expect((await storedRule(rule.id)).status).toBe("active");
    await card.getByRole("button", { name: "Pause" }).waitFor();

    // Skipping asks once more, naming the date; the keyboard confirms it (the confirm button has focus).
    await card.getByRole("button", { name: "Skip next date" }).click();
    await card.getByRole("group", { name: `Skip the invoice of ${shown("2026-12-05")}? None is issued for that date.` }).waitFor();
    await page.waitForFunction((label) => document.activeElement?.textContent === label, `Skip ${shown("2026-12-05")}`);
    await page.keyboard.press("Enter");
    await announced(page, `${shown("2026-12-05")} skipped.`);
    const skipped = await storedRule(rule.id);
    expect({ next_date: skipped.next_date, issued_count: skipped.issued_count }).toEqual({ next_date: "2027-01-05", issued_count: 0 });
    // The card is read again after the skip: wait for it rather than read it at once.
    await card.getByText(shown("2027-01-05"), { exact: true }).first().waitFor();

    await card.getByRole("button", { name: "Delete" }).click();
    await card.getByRole("group", { name: "Delete the rule for Initech Services? The invoices it issued stay." }).getByRole("button", { name: "Delete" }).click();
    await announced(page, "Rule for Initech Services deleted.");
    await card.waitFor({ state: "detached" });
    expect((await owner.client.get(rulePath(rule.id))).status).toBe(404);
    expect(problems).toEqual([]);
  });

  test("an edit goes through the same form; an end before the first date is refused, named and marked", async () => {
    const { rule, source } = await createRule(owner, { start_date: "2026-12-10" }, { bill_to_name: "Umbrella Quarterly" });
    const { page, problems } = person;
    await page.goto(`${server.url}/app/recurring`);
    await ruleCard(page, "Umbrella Quarterly").getByRole("button", { name: "Edit" }).click();
    await page.getByRole("heading", { name: "Edit the rule for Umbrella Quarterly" }).waitFor();
    await page.getByLabel("Frequency").selectOption({ label: "Quarterly" });
    await page.getByRole("radio", { name: "On a date" }).check();
    await page.getByLabel("End date").fill("2026-12-01");
    await page.getByRole("button", { name: "Save" }).click();

    const alert = page.getByRole("alert").filter({ hasText: "End date:" });
    await alert.waitFor();
    expect(await alert.innerText()).toContain("end_date");
    const end = page.getByLabel("End date");
    expect(await end.getAttribute("aria-invalid")).toBe("true");
    expect(await end.evaluate((element) => element === document.activeElement)).toBe(true);
    expect((await storedRule(rule.id)).frequency).toBe("monthly");

    await end.fill("2027-12-31");
    await page.getByRole("button", { name: "Save" }).click();
    await announced(page, "Rule for Umbrella Quarterly saved.");
    expect(await storedRule(rule.id)).toMatchObject({ frequency: "quarterly", end_date: "2027-12-31", count: null, template: { invoice_id: source.id } });
    // The list is read again after the save: wait for the card to say it.
    await ruleCard(page, "Umbrella Quarterly").getByText("Every 3 months, on day 10").waitFor();

    // A new rule starting before today (the account's) is refused at its start date.
    await page.getByRole("button", { name: "New recurring rule" }).click();
    await page.getByLabel("Invoice to copy").selectOption(source.id);
    await page.getByLabel(/^Start date/).fill("2026-11-01");
    await page.getByRole("button", { name: "Create rule" }).click();
    await page.getByRole("alert").filter({ hasText: "Start date:" }).waitFor();
    expect(await page.getByLabel(/^Start date/).getAttribute("aria-invalid")).toBe("true");
    expect(unprovoked(problems, [422])).toEqual([]);
  });
});

describe.skipIf(skipChromium)("payment reminders in the console", () => {
  test("the schedule set step by step, said in plain words, refused naming the step, and read back", async () => {
    const { page, problems } = person;
    await page.goto(`${server.url}/app/reminders`);
    await page.getByRole("heading", { name: "Payment reminders", level: 1 }).waitFor();
    await page.getByText("Reminders are off: nothing is sent.").waitFor();
    await page.getByRole("checkbox", { name: "Send payment reminders" }).check();

    await page.getByRole("button", { name: "Add a step" }).click();
    const first = page.getByRole("group", { name: "Step 1" });
    await first.getByLabel("Days").fill("3");
    await first.getByLabel("When").selectOption({ label: "before the due date" });
    await page.getByRole("button", { name: "Add a step" }).click();
    // The new step's days take focus, a week after the last step.
    const second = page.getByRole("group", { name: "Step 2" });
    await page.waitForFunction(() => document.activeElement?.closest("fieldset")?.querySelector("legend")?.textContent === "Step 2");
    expect(await second.getByLabel("Days").inputValue()).toBe("7");
    await page.getByRole("button", { name: "Add a step" }).click();
    await page.getByRole("group", { name: "Step 3" }).getByLabel("Days").fill("14");

    const plan = page.getByRole("region", { name: "What will happen" });
    expect(await plan.getByRole("listitem").allInnerTexts()).toEqual([
      "3 days before the due date, the client gets the e-mail “Reminder: Invoice [number] is due on [due date]”.",
      "7 days after the due date, the client gets the e-mail “Overdue: Invoice [number] was due on [due date]”.",
      "14 days after the due date, the client gets the e-mail “Overdue: Invoice [number] was due on [due date]”.",
    ]);
    const mails = await page.getByRole("region", { name: "The e-mails" }).innerText();
    expect(mails).toContain("This is a friendly reminder that our invoice [number] for [amount] is due on [due date].");
    // Signed as the invoices are: with the seller's legal name.
    expect(mails).toContain("Kind regards,\nAcme GmbH");

    // Forty days before the due date is further ahead than the service allows: refused at step 1.
    await first.getByLabel("Days").fill("40");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("alert").filter({ hasText: "Step 1:" }).waitFor();
    const days = first.getByLabel("Days");
    expect(await days.getAttribute("aria-invalid")).toBe("true");
    expect(await days.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(expectStatus(await owner.client.get("/api/reminders"), 200)).toEqual({ enabled: false, offsets: [] });

    await days.fill("3");
    await page.getByRole("button", { name: "Save" }).click();
    await announced(page, "Reminders saved: they are on.");
    expect(expectStatus(await owner.client.get("/api/reminders"), 200)).toEqual({ enabled: true, offsets: [-3, 7, 14] });
    expect(await days.getAttribute("aria-invalid")).toBeNull();
    expect(unprovoked(problems, [422])).toEqual([]);
  });
});

describe.skipIf(skipChromium)("what a member sees", () => {
  test("without account:admin the reminders are shown but not editable; without approval a rule can only leave drafts", async () => {
    expectStatus(await owner.client.put("/api/reminders", { enabled: true, offsets: [1] }), 200);
    const member = await personIn(browser, server, { accountId: owner.accountId, role: "member", canApprove: false });
    const { page, problems } = member;
    await page.goto(`${server.url}/app/reminders`);
    await page.getByText("Only an owner or an admin of the account can change the reminders.").waitFor();
    expect(await page.getByRole("region", { name: "What will happen" }).getByRole("listitem").allInnerTexts()).toEqual([
      "1 day after the due date, the client gets the e-mail “Overdue: Invoice [number] was due on [due date]”.",
    ]);
    for (const control of ["button", "checkbox", "spinbutton", "combobox"] as const) expect(await page.getByRole("main").getByRole(control).count()).toBe(0);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Recurring", exact: true }).click();
    await page.getByRole("button", { name: "New recurring rule" }).click();
    expect(await page.getByRole("radio", { name: "Left as a draft to review" }).isDisabled()).toBe(false);
    expect(await page.getByRole("radio", { name: "Finalized (numbered)" }).isDisabled()).toBe(true);
    expect(await page.getByRole("radio", { name: "Finalized and sent to the client" }).isDisabled()).toBe(true);
    await page.getByText("Finalizing and sending need the right to approve invoices.").waitFor();
    expect(problems).toEqual([]);
    await member.context.close();
  });
});
