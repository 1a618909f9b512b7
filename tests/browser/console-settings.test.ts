// The console's settings in Chromium, through roles and labels only, each outcome read back through
// the API: a template's logo picked, replaced by a drop and removed (the preview drawn again each
// time); an SVG carrying a script stored as a PNG drawn from its cleaned markup; a file over the
// service's limit refused at the field before anything is sent, and one the service refuses shown
// there in its words; a template made from a web site (the local sites of the brand tests, reached
// through OUTBOUND_ALLOW_ADDRESSES as they are) and what a site problem says; the account's country
// and locale picked by name, an unusual stored locale kept; a client's country picked by name.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { LOGO_MAX_BYTES } from "../../render/logo/limits.ts";
import { launchChromium, skipChromium } from "../../scripts/chromium.ts";
import { personIn, type SignedInPage, unprovoked } from "../helpers/browser.ts";
import { api } from "../helpers/http.ts";
import { expectStatus, invoiceSteps, type SteppedAccount } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { startBrandSites, type BrandSites } from "../routers/templates/brand-sites.ts";
import { pngLogo } from "../routers/templates/fixtures.ts";

let sites: BrandSites;
let server: TestServer;
let owner: SteppedAccount;
let browser: Browser;
let person: SignedInPage;

beforeAll(async () => {
  if (skipChromium) return;
  sites = await startBrandSites();
  server = await startTestServer({ env: { OUTBOUND_ALLOW_ADDRESSES: "127.0.0.1" } });
  // A plan with a monthly allowance of paid operations, which the brand form accounts for.
  const account = await server.account({ tier: "pro" });
  const client = api(server.url, account.key);
  owner = { ...account, client, steps: invoiceSteps(client) };
  expectStatus(await owner.client.put("/api/account", { legal_name: "Settings Test Ltd", currency: "EUR", locale: "en-IE" }), 200);
  // The preview renders the newest invoice with the template, so the logo has a page to be drawn on.
  await owner.steps.create({ bill_to_name: "Preview Client Ltd" });
  browser = await launchChromium();
}, 60_000);
// Each test in a browser of its own, signed in as the account's owner (en-GB).
beforeEach(async () => {
  if (skipChromium) return;
  person = await personIn(browser, server, { accountId: owner.accountId, role: "owner" });
});
afterEach(async () => {
  if (skipChromium) return;
  await person.context.close();
});
afterAll(async () => {
  if (skipChromium) return;
  await browser.close();
  await server.close();
  await sites.close();
});

type Template = { id: string; name: string; revision: number; logo: null | { content_type: string; width: number; height: number; size: number; sha256: string }; options: { colors: { accent: string } } };

const announced = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).waitFor();
const stored = async (id: string): Promise<Template> => expectStatus(await owner.client.get(`/api/templates/${id}`), 200);

async function customTemplate(name: string): Promise<Template> {
  return expectStatus(await owner.client.post("/api/templates", { name, base: "modern" }), 201);
}

/** Opens a template's page and waits for its preview to be drawn; the preview's address is returned. */
async function openTemplate(page: Page, template: Template): Promise<string> {
  await page.goto(`${server.url}/app/templates?template=${template.id}`);
  await page.getByRole("heading", { name: `Options of ${template.name}` }).waitFor();
  return previewDrawn(page, template, null);
}

/** Waits until the preview shows an image other than `before` (a new render), and returns its address. */
async function previewDrawn(page: Page, template: Template, before: string | null): Promise<string> {
  const preview = page.getByRole("img", { name: `An invoice rendered with ${template.name}` });
  await preview.waitFor();
  await page.waitForFunction(([name, old]) => {
    const image = [...document.images].find((candidate) => candidate.alt === `An invoice rendered with ${name}`);
    return image !== undefined && image.complete && image.naturalWidth > 0 && image.getAttribute("src") !== old;
  }, [template.name, before] as const);
  return (await preview.getAttribute("src")) ?? "";
}

/** A file dropped on an element, as a person drags one there from their desktop. */
async function dropFile(page: Page, label: string, file: { name: string; type: string; bytes: Uint8Array }): Promise<void> {
  const transfer = await page.evaluateHandle(({ name, type, bytes }) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], name, { type }));
    return data;
  }, { ...file, bytes: [...file.bytes] });
  await page.getByLabel(label).dispatchEvent("drop", { dataTransfer: transfer });
}

describe.skipIf(skipChromium)("a template's logo", () => {
  test("picked in the file field, then replaced by a file dropped on it, then removed: stored each time, described, and drawn in the preview", async () => {
    const template = await customTemplate("Logo Picked");
    const { page, problems } = person;
    let preview = await openTemplate(page, template);
    const logo = page.getByRole("region", { name: "Logo" });
    await logo.getByText("No logo yet.").waitFor();

    const square = pngLogo(8, 8, [11, 95, 255]);
    await page.getByLabel("Logo file").setInputFiles({ name: "square.png", mimeType: "image/png", buffer: Buffer.from(square) });
    await announced(page, "Logo saved.");
    expect((await stored(template.id)).logo).toMatchObject({ content_type: "image/png", width: 8, height: 8, size: square.length });
    await logo.getByText("Current logo: PNG, 8 × 8 pixels, 1 kB.").waitFor();
    preview = await previewDrawn(page, template, preview);

    const wide = pngLogo(32, 8, [228, 87, 46]);
    await dropFile(page, "Logo file", { name: "wide.png", type: "image/png", bytes: wide });
    await logo.getByText("Current logo: PNG, 32 × 8 pixels, 1 kB.").waitFor();
    expect((await stored(template.id)).logo).toMatchObject({ content_type: "image/png", width: 32, height: 8, size: wide.length });
    preview = await previewDrawn(page, template, preview);

    await logo.getByRole("button", { name: "Remove logo" }).click();
    await logo.getByRole("group", { name: "Remove the logo from Logo Picked?" }).getByRole("button", { name: "Remove logo" }).click();
    await announced(page, "Logo removed.");
    await logo.getByText("No logo yet.").waitFor();
    expect((await stored(template.id)).logo).toBeNull();
    await previewDrawn(page, template, preview);
    expect(problems).toEqual([]);
  });

  test("an SVG carrying a script is stored as a PNG, drawn from its cleaned markup", async () => {
    const template = await customTemplate("Logo Vector");
    const { page, problems } = person;
    await openTemplate(page, template);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><script>alert(document.cookie)</script><rect width="120" height="40" fill="#0b5fff"/></svg>`;
    await page.getByLabel("Logo file").setInputFiles({ name: "mark.svg", mimeType: "image/svg+xml", buffer: Buffer.from(svg) });
    await announced(page, "Logo saved.");
    const { logo } = await stored(template.id);
    expect(logo?.content_type).toBe("image/png");
    // Drawn at the SVG's proportions, 3 : 1.
    expect(logo!.width / logo!.height).toBeCloseTo(3, 1);
    await page.getByRole("region", { name: "Logo" }).getByText(/^Current logo: PNG, /).waitFor();
    expect(problems).toEqual([]);
  });

  test("refused at the field, the template unchanged: over the service's limit before anything is sent, a type it does not take, and a file the service refuses in its own words", async () => {
    const template = await customTemplate("Logo Refused");
    const { page, problems } = person;
    await openTemplate(page, template);
    const updates: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("templates.update")) updates.push(request.url());
    });
    const field = page.getByLabel("Logo file");
    const logo = page.getByRole("region", { name: "Logo" });
    const invalid = () => field.getAttribute("aria-invalid");

    await field.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(LOGO_MAX_BYTES + 1) });
    await logo.getByRole("alert").filter({ hasText: "huge.png is 513 kB; a logo may be at most 512 kB." }).waitFor();
    expect(await invalid()).toBe("true");

    await field.setInputFiles({ name: "anim.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
    await logo.getByRole("alert").filter({ hasText: "anim.gif is not a PNG, JPEG or SVG file." }).waitFor();
    expect(await invalid()).toBe("true");
    expect(updates).toEqual([]);

    // Named .png but not one: only the service, reading the bytes, can tell.
    await field.setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("this is not a picture") });
    await logo.getByRole("alert").filter({ hasText: "The logo is declared as PNG but its bytes are neither a PNG nor a JPEG" }).waitFor();
    expect(await invalid()).toBe("true");
    expect(updates.length).toBe(1);
    expect(await stored(template.id)).toMatchObject({ revision: template.revision, logo: null });
    await logo.getByText("No logo yet.").waitFor();
    expect(unprovoked(problems, [413, 422])).toEqual([]);
  });
});

describe.skipIf(skipChromium)("a template from a website", () => {
  test("the site's palette (with roles and hex codes), fonts and logo are shown; Create template makes it and selects it", async () => {
    const { page, problems } = person;
    await page.goto(`${server.url}/app/templates`);
    const brand = page.getByRole("region", { name: "Make a template from a website" });
    await brand.getByText("Each reading counts as one of the 2,000 paid operations your plan includes each month; 0 used so far.").waitFor();
    await brand.getByRole("textbox", { name: "Website address" }).fill(`${sites.origin}/plain/`);
    await brand.getByRole("button", { name: "Read the website" }).click();
    const found = brand.getByRole("region", { name: "What Plain Co & Sons uses" });
    await found.waitFor();
    await announced(page, "Read the brand of Plain Co & Sons.");

    const colours = found.getByRole("list");
    expect(await colours.getByRole("listitem").filter({ hasText: "#0b5fff" }).innerText()).toMatch(/#0b5fff\s*Primary/);
    expect(await colours.getByRole("listitem").filter({ hasText: "#e4572e" }).innerText()).toMatch(/#e4572e\s*Accent/);
    await found.getByText("Georgia (in the template: Serif)").waitFor();
    await found.getByText("Playfair Display (in the template: Serif)").waitFor();
    const logo = found.getByRole("img", { name: "The logo of Plain Co & Sons" });
    await page.waitForFunction(() => [...document.images].some((image) => image.alt === "The logo of Plain Co & Sons" && image.complete && image.naturalWidth === 64));
    expect(await logo.isVisible()).toBe(true);
    await found.getByText(`64 × 64 pixels, 1 kB, from ${sites.origin}/plain/icon.png`).waitFor();
    await brand.getByText("1 used so far").waitFor();

    await found.getByRole("button", { name: "Create template" }).click();
    await announced(page, "Plain Co & Sons created.");
    await page.getByRole("heading", { name: "Options of Plain Co & Sons" }).waitFor();
    await page.getByRole("button", { name: "Plain Co & Sons (classic)", pressed: true }).waitFor();
    const listed = expectStatus(await owner.client.get("/api/templates?limit=100"), 200).data as Template[];
    const created = listed.find((template) => template.name === "Plain Co & Sons");
    expect(created).toMatchObject({ options: { colors: { accent: "#0b5fff" } }, logo: { content_type: "image/png", width: 64, height: 64 } });
    expect(new URL(page.url()).searchParams.get("template")).toBe(created!.id);
    await page.getByRole("region", { name: "Logo" }).getByText("Current logo: PNG, 64 × 64 pixels, 1 kB.").waitFor();
    expect(problems).toEqual([]);
  });

  test("what a site problem says is shown as the service words it: a redirect into a private network at the address field, a page over the budget", async () => {
    const { page, problems } = person;
    await page.goto(`${server.url}/app/templates`);
    const brand = page.getByRole("region", { name: "Make a template from a website" });
    const address = brand.getByRole("textbox", { name: "Website address" });
    await address.fill(`${sites.origin}/to-private/1`);
    await brand.getByRole("button", { name: "Read the website" }).click();
    await brand.getByRole("alert").filter({ hasText: "10.0.0.1 is a refused address (private network)" }).waitFor();
    expect(await address.evaluate((input) => ({ invalid: input.getAttribute("aria-invalid"), focused: document.activeElement === input }))).toEqual({ invalid: "true", focused: true });

    await address.fill(`${sites.origin}/over-budget/`);
    await brand.getByRole("button", { name: "Read the website" }).click();
    await brand.getByRole("alert").filter({ hasText: `${sites.origin}/over-budget/` }).waitFor();
    expect(await brand.getByRole("region").count()).toBe(0);
    expect(unprovoked(problems, [413, 422])).toEqual([]);
  });
});

describe.skipIf(skipChromium)("countries and locales picked by name", () => {
  test("the account's country Germany saves DE; its unusual locale de-JP is kept, and German (Germany) saves de-DE", async () => {
    expectStatus(await owner.client.put("/api/account", { locale: "de-JP" }), 200);
    const { page, problems } = person;
    await page.goto(`${server.url}/app/account`);
    const country = page.getByRole("combobox", { name: "Country" });
    const locale = page.getByRole("combobox", { name: "Locale" });
    const chosen = (select: typeof country) => select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.textContent ?? "");
    expect(await chosen(locale)).toBe("German (Japan)");

    await country.selectOption({ label: "Germany" });
    await page.getByRole("button", { name: "Save" }).first().click();
    await announced(page, "Profile saved.");
    expect(expectStatus(await owner.client.get("/api/account"), 200)).toMatchObject({ address: { country: "DE" }, locale: "de-JP" });

    await locale.selectOption({ label: "German (Germany)" });
    // The live region says "Profile saved." already: the save's answer is what is waited for.
    const answered = page.waitForResponse((response) => response.url().includes("account.update"));
    await page.getByRole("button", { name: "Save" }).first().click();
    expect((await answered).status()).toBe(200);
    expect(expectStatus(await owner.client.get("/api/account"), 200).locale).toBe("de-DE");

    await page.reload();
    expect(await chosen(page.getByRole("combobox", { name: "Country" }))).toBe("Germany");
    expect(await chosen(page.getByRole("combobox", { name: "Locale" }))).toBe("German (Germany)");
    expect(problems).toEqual([]);
  });

  test("a client's country is picked by name in the clients form, and shown picked when it is edited", async () => {
    const { page, problems } = person;
    await page.goto(`${server.url}/app/clients`);
    const form = page.getByRole("region", { name: "New" });
    await form.getByRole("textbox", { name: "Name" }).fill("Wiener Kunde GmbH");
    await form.getByRole("combobox", { name: "Country" }).selectOption({ label: "Austria" });
    await form.getByRole("button", { name: "Create" }).click();
    const row = page.getByRole("row").filter({ hasText: "Wiener Kunde GmbH" });
    await row.waitFor();
    const [client] = expectStatus(await owner.client.get("/api/clients?q=wiener"), 200).data;
    expect(client.address).toMatchObject({ country: "AT" });

    await row.getByRole("button", { name: "Edit Wiener Kunde GmbH" }).click();
    const editing = page.getByRole("region", { name: "Edit Wiener Kunde GmbH" });
    expect(await editing.getByRole("combobox", { name: "Country" }).inputValue()).toBe("AT");
    expect(problems).toEqual([]);
  });
});
