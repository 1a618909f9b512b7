// The dashboard in Chromium, through roles and labels only: for an account with invoices in EUR and
// USD (finalized, sent, paid by recorded payments, one long overdue), each currency's revenue,
// outstanding, overdue and DSO read what GET /api/analytics answers for the same period, formatted as
// the person's locale formats them; both charts are named figures whose tables hold the same numbers;
// the period and grouping survive a reload; a payment recorded meanwhile shows after a reload. An
// account without documents is pointed to a new invoice, and the entry is listed only for a role
// that may read invoices.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Locator, Page } from "playwright-core";
import { formatDate, formatMoney, formatQuantity } from "../../render/format.ts";
import { launchChromium, skipChromium } from "../../scripts/chromium.ts";
import { addDays } from "../../server/domain/clock.ts";
import { en } from "../../server/http/console/ui/i18n/en.ts";
import { personIn, type SignedInPage } from "../helpers/browser.ts";
import { expectStatus, setProfile, steppedAccount, type Invoice, type SteppedAccount } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

/** The browser's locale (signedInPage), so the amounts read as the console shows them. */
const LOCALE = "en-GB";
const TODAY = "2026-11-21";

let server: TestServer;
let owner: SteppedAccount;
let browser: Browser;
let person: SignedInPage;
/** The overdue EUR invoice, paid in the last test. */
let late: Invoice;

/** One line without VAT: the total is `amount`. */
const oneLine = (amount: number, fields: Record<string, unknown>): Record<string, unknown> => ({ tax_rate: 0, items: [{ description: "Work", quantity: 1, rate: amount }], ...fields });
const shown = (minor: number, currency: string): string => formatMoney(minor, currency, LOCALE);
const shownDay = (date: string): string => formatDate(date, LOCALE, "short");

async function sent(fields: Record<string, unknown>): Promise<Invoice> {
  const finalized = await owner.steps.finalize(await owner.steps.create(fields));
  return owner.steps.transition(finalized, "sent");
}

/** Sent, then paid in full by a recorded payment (which moves it to paid). */
async function paid(fields: Record<string, unknown>): Promise<Invoice> {
  const invoice = await sent(fields);
  return owner.steps.pay(invoice, invoice.amount_due);
}

async function analytics(query = ""): Promise<any> {
  return expectStatus(await owner.client.get(`/api/analytics${query}`), 200);
}

const currencySection = (page: Page, currency: string): Locator => page.getByRole("region", { name: new RegExp(`\\(${currency}\\)$`) });

/** The key figures of a currency's section, term → the figure itself (the line under it left out). */
async function keyFigures(section: Locator): Promise<Record<string, string>> {
  const terms = await section.getByRole("term").allInnerTexts();
  const definitions = await section.getByRole("definition").allInnerTexts();
  return Object.fromEntries(terms.map((term, index) => [term, definitions[index]?.split("\n")[0] ?? ""]));
}

/** What the key figures should read for one currency of an analytics answer. */
function expectedFigures(figures: any): Record<string, string> {
  const { currency } = figures;
  return {
    Revenue: shown(figures.revenue.total, currency),
    Outstanding: shown(figures.aging.outstanding.amount, currency),
    Overdue: shown(figures.aging.overdue.amount, currency),
    "Days sales outstanding": figures.dso === null ? "Nothing invoiced" : `${formatQuantity(figures.dso, LOCALE)} days`,
  };
}

/** A table's body rows as their cells' text, the row header first. */
async function rowsOf(table: Locator): Promise<string[][]> {
  const rows = await table.getByRole("row").all();
  return Promise.all(rows.slice(1).map(async (row) => [...(await row.getByRole("rowheader").allInnerTexts()), ...(await row.getByRole("cell").allInnerTexts())]));
}

/** Opens a chart's "Show the figures" and returns its table. */
async function figuresOf(figure: Locator, tableName: string): Promise<Locator> {
  await figure.getByText("Show the figures", { exact: true }).click();
  const table = figure.getByRole("table", { name: tableName });
  await table.waitFor();
  return table;
}

beforeAll(async () => {
  if (skipChromium) return;
  server = await startTestServer({ now: `${TODAY}T10:00:00Z` });
  owner = await steppedAccount(server);
  await setProfile(owner.client, { currency: "EUR", timezone: "Europe/Berlin" });
  const globex = expectStatus(await owner.client.post("/api/clients", { name: "Globex Corporation" }), 201);
  // EUR over the last 12 months (2025-12-01…2026-11-21): 162 000 paid, 30 000 late, 20 000 not yet due.
  await paid(oneLine(100_000, { client_id: globex.id, bill_to_name: "Globex Corporation", issue_date: "2026-06-10", due_date: "2026-07-10" }));
  await paid(oneLine(50_000, { bill_to_name: "Umbrella Corp", issue_date: "2026-10-05", due_date: "2026-11-05" }));
  await paid(oneLine(12_000, { bill_to_name: "Umbrella Corp", issue_date: "2026-11-15", due_date: "2026-12-15" }));
  late = await sent(oneLine(30_000, { client_id: globex.id, bill_to_name: "Globex Corporation", issue_date: "2026-09-01", due_date: "2026-10-01" }));
  await sent(oneLine(20_000, { bill_to_name: "Hooli", issue_date: "2026-11-10", due_date: "2026-12-10" }));
  // The 12 months before, for the change.
  await paid(oneLine(40_000, { bill_to_name: "Hooli", issue_date: "2025-06-01", due_date: "2025-07-01" }));
  // USD: 25 000 paid, 40 000 more than 90 days late.
  await paid(oneLine(25_000, { currency: "USD", locale: "en-US", bill_to_name: "Initech", issue_date: "2026-10-12", due_date: "2026-11-12" }));
  await sent(oneLine(40_000, { currency: "USD", locale: "en-US", bill_to_name: "Initech", issue_date: "2026-07-01", due_date: "2026-08-01" }));
  browser = await launchChromium();
  person = await personIn(browser, server, { accountId: owner.accountId, role: "owner" });
}, 60_000);
afterAll(async () => {
  if (skipChromium) return;
  await browser.close();
  await server.close();
});

describe.skipIf(skipChromium)("the dashboard", () => {
  test("each currency's figures, charts and tables read what GET /api/analytics answers for the last 12 months", async () => {
    const { page, problems } = person;
    await page.goto(`${server.url}/app/dashboard`);
    const body = await analytics();
    expect(body.currencies.map((figures: any) => figures.currency)).toEqual(["EUR", "USD"]);
    // The fixtures did what they meant to: the comparison below is not between two empty answers.
    const [eur, usd] = body.currencies;
    expect({ revenue: eur.revenue.total, before: eur.revenue.previous_total, overdue: eur.aging.overdue.amount, usdOverdue: usd.aging.overdue.amount }).toEqual({ revenue: 162_000, before: 40_000, overdue: 30_000, usdOverdue: 40_000 });

    await page.getByRole("status").filter({ hasText: `Documents issued from ${shownDay(body.from_date)} to ${shownDay(body.to_date)}` }).waitFor();
    const navigation = page.getByRole("navigation", { name: "Main" });
    expect((await navigation.getByRole("link").allInnerTexts())[0]).toBe("Dashboard");
    expect(await navigation.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");

    for (const figures of body.currencies) {
      const { currency } = figures;
      const section = currencySection(page, currency);
      await section.waitFor();
      expect(await keyFigures(section)).toEqual(expectedFigures(figures));

      const revenue = section.getByRole("figure", { name: "Revenue by month" });
      await revenue.getByRole("img", { name: shown(figures.revenue.total, currency) }).waitFor();
      const series = await rowsOf(await figuresOf(revenue, `Revenue by month in ${currency}`));
      expect(series.map((row) => row[1])).toEqual(figures.revenue.series.map((point: any) => shown(point.revenue, currency)));
      expect(series.map((row) => row[2])).toEqual(figures.revenue.series.map((point: any) => String(point.count)));
      expect(series).toHaveLength(12);

      const aging = section.getByRole("figure", { name: "Owed, by how late" });
      await aging.getByRole("img", { name: shown(figures.aging.outstanding.amount, currency) }).waitFor();
      const buckets = await rowsOf(await figuresOf(aging, `Owed, by how late in ${currency}`));
      expect(buckets.map((row) => row.slice(1))).toEqual(figures.aging.buckets.map((bucket: any) => [shown(bucket.amount, currency), String(bucket.count)]));

      const clients = await rowsOf(section.getByRole("table", { name: `Top clients in ${currency}` }));
      expect(clients).toEqual(figures.top_clients.map((client: any) => [client.name, shown(client.revenue, currency), String(client.count)]));
    }
    // A top client links to their invoices over the same period.
    const globex = currencySection(page, "EUR").getByRole("table", { name: "Top clients in EUR" }).getByRole("link", { name: "Globex Corporation" });
    expect(await globex.getAttribute("href")).toBe(`/app/invoices?client_id=${eur.top_clients[0].client_id}&from_date=${body.from_date}&to_date=${body.to_date}`);
    const statuses = await rowsOf(currencySection(page, "EUR").getByRole("table", { name: "Invoices by status in EUR" }));
    expect(statuses).toEqual(eur.breakdown.by_status.map((entry: any) => [en[`status.${entry.status}` as keyof typeof en], String(entry.count), shown(entry.total, "EUR")]));
    expect(problems).toEqual([]);
  });

  test("the period and its grouping are chosen by keyboard, kept in the address, and survive a reload", async () => {
    const { page, problems } = person;
    await page.goto(`${server.url}/app/dashboard`);
    const periods = page.getByRole("group", { name: "Period" });
    await periods.getByRole("button", { name: "Last 12 months", pressed: true }).waitFor();
    await periods.getByRole("button", { name: "Last 30 days" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/app\/dashboard\?range=30d$/);
    const from = addDays(TODAY, -29);
    await page.getByRole("status").filter({ hasText: `Documents issued from ${shownDay(from)} to ${shownDay(TODAY)}` }).waitFor();
    const weeks = await analytics(`?from_date=${from}&to_date=${TODAY}&granularity=week`);
    for (const figures of weeks.currencies) expect(await keyFigures(currencySection(page, figures.currency))).toEqual(expectedFigures(figures));
    await currencySection(page, "EUR").getByRole("figure", { name: "Revenue by week" }).waitFor();

    const grouping = page.getByRole("group", { name: "Group by" });
    await grouping.getByRole("button", { name: "Day" }).focus();
    await page.keyboard.press("Space");
    await page.waitForURL(/\/app\/dashboard\?range=30d&by=day$/);
    await page.reload();
    await page.getByRole("group", { name: "Period" }).getByRole("button", { name: "Last 30 days", pressed: true }).waitFor();
    await page.getByRole("group", { name: "Group by" }).getByRole("button", { name: "Day", pressed: true }).waitFor();
    const days = await analytics(`?from_date=${from}&to_date=${TODAY}&granularity=day`);
    const eur = days.currencies.find((figures: any) => figures.currency === "EUR");
    const revenue = currencySection(page, "EUR").getByRole("figure", { name: "Revenue by day" });
    const series = await rowsOf(await figuresOf(revenue, "Revenue by day in EUR"));
    expect(series.map((row) => row[1])).toEqual(eur.revenue.series.map((point: any) => shown(point.revenue, "EUR")));
    expect(series).toHaveLength(30);
    expect(problems).toEqual([]);
  });

  test("a payment recorded through the API shows after a reload: revenue up, nothing late any more", async () => {
    const { page, problems } = person;
    await page.goto(`${server.url}/app/dashboard`);
    const section = currencySection(page, "EUR");
    await section.waitFor();
    const before = await keyFigures(section);
    await owner.steps.pay(late, late.amount_due);
    await page.reload();
    await section.getByRole("figure", { name: "Revenue by month" }).waitFor();
    const after = await keyFigures(section);
    const eur = (await analytics()).currencies.find((figures: any) => figures.currency === "EUR");
    expect(after).toEqual(expectedFigures(eur));
    expect({ revenue: after.Revenue !== before.Revenue, overdue: after.Overdue }).toEqual({ revenue: true, overdue: shown(0, "EUR") });
    expect(after.Revenue).toBe(shown(192_000, "EUR"));
    const aging = section.getByRole("figure", { name: "Owed, by how late" });
    await aging.getByRole("img", { name: shown(20_000, "EUR") }).waitFor();
    const buckets = await rowsOf(await figuresOf(aging, "Owed, by how late in EUR"));
    expect(buckets.map((row) => row.slice(1))).toEqual(eur.aging.buckets.map((bucket: any) => [shown(bucket.amount, "EUR"), String(bucket.count)]));
    expect(buckets.find((row) => row[0] === "31–60 days late")?.[1]).toBe(shown(0, "EUR"));
    expect(problems).toEqual([]);
  });

  test("an account without documents is shown where to begin, not empty charts", async () => {
    const empty = await steppedAccount(server);
    const newcomer = await personIn(browser, server, { accountId: empty.accountId, role: "member" });
    const { page, problems } = newcomer;
    await page.goto(`${server.url}/app/dashboard`);
    await page.getByRole("heading", { name: "Nothing to show yet" }).waitFor();
    expect(await page.getByRole("figure").count()).toBe(0);
    expect(await page.getByRole("group", { name: "Period" }).count()).toBe(0);
    await page.getByRole("link", { name: "New invoice" }).click();
    await page.waitForURL(/\/app\/invoices\/new$/);
    expect(problems).toEqual([]);
    await newcomer.context.close();
  });

  test("the entry is listed first for a role that reads invoices, and neither listed nor opened without it", async () => {
    const member = await personIn(browser, server, { accountId: owner.accountId, role: "member" });
    await member.page.goto(`${server.url}/app/invoices`);
    const links = member.page.getByRole("navigation", { name: "Main" }).getByRole("link");
    await links.first().waitFor();
    expect((await links.allInnerTexts())[0]).toBe("Dashboard");
    await member.context.close();

    // Every role holds invoices:read today (scopesForRole), so the person's scopes are narrowed in the
    // answer the console reads about them: what is tested is the console's rule, a page listed and
    // opened only with the scope its route names.
    const reader = await personIn(browser, server, { accountId: owner.accountId, role: "member" });
    await reader.page.route(/\/trpc\/me\.get\?/, async (route) => {
      const response = await route.fetch();
      const answers = (await response.json()) as Array<{ result: { data: { scopes: string[] } } }>;
      for (const answer of answers) answer.result.data.scopes = answer.result.data.scopes.filter((scope) => scope !== "invoices:read");
      await route.fulfill({ response, json: answers });
    });
    await reader.page.goto(`${server.url}/app/clients`);
    const navigation = reader.page.getByRole("navigation", { name: "Main" });
    await navigation.getByRole("link", { name: "Clients" }).waitFor();
    expect(await navigation.getByRole("link", { name: "Dashboard" }).count()).toBe(0);
    await reader.page.goto(`${server.url}/app/dashboard`);
    await reader.page.getByRole("heading", { name: "Your role in this account cannot open this page" }).waitFor();
    expect(reader.problems).toEqual([]);
    await reader.context.close();
  });
});
