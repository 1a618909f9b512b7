// The webhooks page in Chromium, through roles and labels only, against a receiver on 127.0.0.1 in
// the test (allowed by the test-only settings the delivery suites use): a URL the service refuses is
// shown at the field; an endpoint made in the form shows its secret once, copied with its button; an
// event made through the API reaches the receiver, is listed, and "Redeliver" sends it again, both
// signatures valid under the copied secret; rotating shows a new secret that signs from then on;
// disabling, enabling and deleting (confirmed) by keyboard; a member is not offered the page.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Locator, Page } from "playwright-core";
import { launchChromium, skipChromium } from "../../scripts/chromium.ts";
import { personIn, type SignedInPage, unprovoked } from "../helpers/browser.ts";
import { expectStatus, steppedAccount, type SteppedAccount } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { createWebhook, RECEIVER_ENV, startReceiver, verifyDelivery, type Receiver } from "../helpers/webhooks.ts";

let server: TestServer;
let receiver: Receiver;
let owner: SteppedAccount;
let browser: Browser;
let person: SignedInPage;

beforeAll(async () => {
  if (skipChromium) return;
  server = await startTestServer({ env: RECEIVER_ENV });
  receiver = await startReceiver();
  owner = await steppedAccount(server);
  browser = await launchChromium();
  person = await personIn(browser, server, { accountId: owner.accountId, role: "owner" });
  await person.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
}, 60_000);
afterAll(async () => {
  if (skipChromium) return;
  await browser.close();
  await server.close();
  await receiver.stop();
});

const announced = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).waitFor();
const endpointCard = (page: Page, url: string): Locator => page.getByRole("article", { name: url, exact: true });
const endpoints = async () => expectStatus(await owner.client.get("/api/webhooks"), 200).data as Array<Record<string, any>>;

async function deliver(): Promise<void> {
  expect(await server.scheduler.run("deliver-webhooks")).toBe(true);
}

/** Opens the page afresh and waits for its endpoints to be read. */
async function openPage(page: Page): Promise<void> {
  await page.goto(`${server.url}/app/webhooks`);
  await page.getByRole("heading", { name: "Endpoints" }).waitFor();
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
}

describe.skipIf(skipChromium)("the webhooks page", () => {
  test("a refused URL at its field; a new endpoint's secret once; an event delivered, redelivered and verified; the secret rotated", async () => {
    const { page, problems } = person;
    await openPage(page);
    const form = page.getByRole("region", { name: "New endpoint" });
    const url = form.getByRole("textbox", { name: "URL" });

    // Port 22 is refused whatever the settings: the service's answer is read out beside the URL field.
    await url.fill("http://127.0.0.1:22/hooks");
    await form.getByRole("button", { name: "Add endpoint" }).click();
    const refusal = form.getByRole("alert");
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain("port 22: only 80, 443 or 1024 and above");
    expect(await url.getAttribute("aria-invalid")).toBe("true");
    expect(await url.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await url.getAttribute("aria-describedby")).toBe(await refusal.evaluate((element) => element.parentElement?.id ?? ""));
    expect(await endpoints()).toEqual([]);

    const hookUrl = `${receiver.url}/hooks`;
    await url.fill(hookUrl);
    await form.getByRole("textbox", { name: "Description" }).fill("Bookkeeping sync");
    await form.getByRole("checkbox", { name: "All events" }).uncheck();
    await form.getByRole("checkbox", { name: "client.created" }).check();
    await form.getByRole("button", { name: "Add endpoint" }).click();
    const once = form.getByRole("group", { name: "The new endpoint's signing secret" });
    await once.waitFor();
    expect(await once.innerText()).toContain("This signing secret is shown only now and will not be shown again.");
    expect(await url.getAttribute("aria-invalid")).toBeNull();
    const secret = await once.getByRole("textbox", { name: "Signing secret" }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await once.getByRole("button", { name: "Copy" }).click();
    await once.getByRole("button", { name: "Copied" }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(secret);
    const [stored] = await endpoints();
    expect(stored).toMatchObject({ url: hookUrl, description: "Bookkeeping sync", event_types: ["client.created"], enabled: true });
    expect(stored!.secret).toBeUndefined();

    const card = endpointCard(page, hookUrl);
    await card.getByText("No deliveries yet.").waitFor();
    expect(await card.innerText()).toContain("client.created");

    // An event made through the API reaches the receiver, signed with the secret the page showed.
    const client = expectStatus(await owner.client.post("/api/clients", { name: "Globex Corporation" }), 201);
    await deliver();
    await receiver.arrived(1);
    const [first] = receiver.received;
    expect(verifyDelivery(copied, first!, server.clock.now())).toMatchObject({ type: "client.created", resource: { type: "client", id: client.id } });

    const show = card.getByRole("button", { name: "Deliveries" });
    await show.click();
    expect(await show.getAttribute("aria-expanded")).toBe("true");
    const table = card.getByRole("table", { name: `Deliveries to ${hookUrl}` });
    const row = table.getByRole("row").filter({ hasText: "client.created" });
    await row.getByText("Delivered", { exact: true }).waitFor();
    expect(await row.getByRole("cell").nth(1).innerText()).toBe("200");
    await card.getByText("Delivered (200)", { exact: false }).waitFor();

    // Redeliver: the same event again, with the same webhook-id, valid under the same secret.
    await row.getByRole("button", { name: "Redeliver" }).click();
    await announced(page, "Queued for delivery again.");
    await row.getByText("Pending", { exact: true }).waitFor();
    await deliver();
    await receiver.arrived(2);
    const again = receiver.received[1]!;
    expect(again.headers["webhook-id"]).toBe(first!.headers["webhook-id"]!);
    expect(verifyDelivery(copied, again, server.clock.now())).toMatchObject({ type: "client.created" });
    await card.getByRole("button", { name: "Refresh" }).click();
    await row.getByText("Delivered", { exact: true }).waitFor();
    // Two attempts, each listed with its answer once the count is opened.
    const attempts = row.getByRole("cell").nth(2);
    expect(await attempts.innerText()).toBe("2");
    await attempts.getByText("2", { exact: true }).click();
    expect(await attempts.getByRole("listitem").allInnerTexts()).toEqual([expect.stringContaining(": 200 in "), expect.stringContaining(": 200 in ")]);
    const [delivery] = expectStatus(await owner.client.get(`/api/webhooks/${stored!.id}/deliveries`), 200).data;
    expect(delivery.attempts.map((attempt: { status: number }) => attempt.status)).toEqual([200, 200]);

    // Rotating asks first, then shows the new secret once; deliveries from then on verify with it.
    await card.getByRole("button", { name: "Rotate secret" }).click();
    await card.getByRole("group", { name: /^Make a new signing secret\?/ }).getByRole("button", { name: "Rotate secret" }).click();
    const rotated = card.getByRole("group", { name: "The endpoint's new signing secret" });
    await rotated.waitFor();
    const newSecret = await rotated.getByRole("textbox", { name: "New signing secret" }).inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await card.getByRole("button", { name: "Send test event" }).click();
    await announced(page, `Test event queued for ${hookUrl}.`);
    await deliver();
    await receiver.arrived(3);
    const test = receiver.received[2]!;
    expect(verifyDelivery(newSecret, test, server.clock.now())).toMatchObject({ type: "webhook.test" });
    // For a day the old secret signs beside the new one, so a receiver can switch without losing any.
    expect(test.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    await table.getByRole("row").filter({ hasText: "webhook.test" }).waitFor();
    expect(unprovoked(problems, [422])).toEqual([]);
  });

  test("disable, enable and delete by keyboard alone, the delete confirmed; the list's heading takes focus", async () => {
    const { page, problems } = person;
    const hookUrl = `${receiver.url}/keyboard`;
    const endpoint = await createWebhook(owner.client, { url: hookUrl });
    await openPage(page);
    const card = endpointCard(page, hookUrl);
    expect(await card.innerText()).toContain("All events, including types added later");

    await card.getByRole("button", { name: "Disable" }).focus();
    await page.keyboard.press("Enter");
    await announced(page, `${hookUrl} is disabled`);
    await card.getByText("disabled by the account").waitFor();
    expect(await card.getByRole("button", { name: "Send test event" }).count()).toBe(0);
    expect(expectStatus(await owner.client.get(`/api/webhooks/${endpoint.id}`), 200)).toMatchObject({ enabled: false, disabled_reason: "disabled by the account" });

    await card.getByRole("button", { name: "Enable" }).focus();
    await page.keyboard.press("Enter");
    await announced(page, `${hookUrl} is enabled.`);
    await card.getByRole("button", { name: "Send test event" }).waitFor();
    expect(expectStatus(await owner.client.get(`/api/webhooks/${endpoint.id}`), 200)).toMatchObject({ enabled: true, disabled_reason: null });

    await card.getByRole("button", { name: "Delete" }).focus();
    await page.keyboard.press("Enter");
    const question = card.getByRole("group", { name: `Delete ${hookUrl} and its deliveries?` });
    await question.waitFor();
    // The confirmation takes focus: Enter confirms.
    const confirm = await question.getByRole("button", { name: "Delete" }).elementHandle();
    await page.waitForFunction((element) => element === document.activeElement, confirm);
    await page.keyboard.press("Enter");
    await announced(page, `${hookUrl} deleted.`);
    await card.waitFor({ state: "detached" });
    expect(await page.getByRole("heading", { name: "Endpoints" }).evaluate((element) => element === document.activeElement)).toBe(true);
    expect((await endpoints()).map((each) => each.id)).not.toContain(endpoint.id);
    expect(unprovoked(problems, [422])).toEqual([]);
  });

  test("a member is offered neither the page nor its link", async () => {
    const member = await personIn(browser, server, { accountId: owner.accountId, role: "member" });
    await member.page.goto(`${server.url}/app/webhooks`);
    await member.page.getByRole("heading", { name: "Your role in this account cannot open this page" }).waitFor();
    expect(await member.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" }).count()).toBe(0);
    await member.context.close();
  });
});
