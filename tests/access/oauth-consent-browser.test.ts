// The consent page in headless Chromium, under its real CSP: axe-core finds no serious or critical
// violation, it fits a phone's width, and a person answers it with the keyboard alone — ticking
// approval themselves — after which the browser lands on the agent's redirect URI with a code.
// Screenshots at desktop and phone width are kept in test-artifacts/.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { launchChromium, skipChromium } from "../../scripts/chromium.ts";
import { seriousViolations } from "../helpers/axe.ts";
import { authorizeUrl, MANY_AGENTS, pkcePair, registerClient, tokenRequest } from "../helpers/oauth.ts";
import { signedInPage, type SignedInPage } from "../helpers/browser.ts";
import { signedIn, type SignedIn } from "../helpers/people.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const ARTIFACTS = join(import.meta.dir, "../../test-artifacts");

let server: TestServer;
let person: SignedIn;
let browser: Browser;
/** The agent's redirect listener: a loopback server, as a native agent runs one (RFC 8252 §7.3). */
let agent: ReturnType<typeof Bun.serve>;

beforeAll(async () => {
  if (skipChromium) return;
  server = await startTestServer({ env: MANY_AGENTS });
  const owner = await server.account();
  person = await signedIn(server, { accountId: owner.accountId, role: "owner" });
  browser = await launchChromium();
  agent = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("agent received the code") });
  mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(async () => {
  if (skipChromium) return;
  await browser.close();
  await agent.stop(true);
  await server.close();
});

function signedInContext(width: number, height: number): Promise<SignedInPage> {
  return signedInPage(browser, server.url, person, { width, height });
}


describe.skipIf(skipChromium)("the consent page in Chromium", () => {
  test("accessible, fits a phone, and answered with the keyboard alone", async () => {
    const redirectUri = `http://127.0.0.1:${agent.port}/callback`;
    const client = await registerClient(server, { client_name: "Keyboard agent", redirect_uris: [redirectUri] });
    const { verifier, challenge } = await pkcePair();
    const url = authorizeUrl(server, { client_id: client.client_id, redirect_uri: redirectUri, code_challenge: challenge, scope: "invoices:read invoices:write invoices:approve" });

    const phone = await signedInContext(360, 740);
    await phone.page.goto(url);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await phone.page.screenshot({ path: join(ARTIFACTS, "oauth-consent-phone.png"), fullPage: true });
    await phone.context.close();

    const { context, page, problems } = await signedInContext(1280, 900);
    await page.goto(url);
    expect(await page.title()).toBe("Allow an agent access");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Allow Keyboard agent to act for you?");
    await page.screenshot({ path: join(ARTIFACTS, "oauth-consent-desktop.png"), fullPage: true });

    expect(await seriousViolations(page)).toEqual([]);

    const approve = page.getByRole("checkbox", { name: /Approve invoices/ });
    expect(await approve.isChecked()).toBe(false);
    expect(await page.getByRole("checkbox", { name: /Read invoices/ }).isChecked()).toBe(true);
    // Tab to the approval box, tick it with Space, then on to Allow and press Enter.
    for (let step = 0; step < 10 && !(await approve.evaluate((element) => element === document.activeElement)); step++) await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    expect(await approve.isChecked()).toBe(true);
    const allow = page.getByRole("button", { name: "Allow" });
    for (let step = 0; step < 10 && !(await allow.evaluate((element) => element === document.activeElement)); step++) await page.keyboard.press("Tab");
    await Promise.all([page.waitForURL(`${redirectUri}?**`), page.keyboard.press("Enter")]);

    const landed = new URL(page.url());
    expect(landed.searchParams.get("state")).toBe("st-1");
    const tokens = await tokenRequest(server, { grant_type: "authorization_code", client_id: client.client_id, code: landed.searchParams.get("code") as string, code_verifier: verifier, redirect_uri: redirectUri });
    expect(tokens.body.scope).toBe("invoices:read invoices:write invoices:approve");
    expect(problems).toEqual([]);
    await context.close();
  });
});
