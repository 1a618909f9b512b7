// The MCP SDK client's OAuth flow with no token, answered by a person in headless Chromium: a Key
// tool's 401 starts discovery, registration and PKCE by itself; the provider opens the authorization
// URL in a browser holding the person's session, the real consent page is read and its Allow or Deny
// button clicked, and the browser's redirect to the agent's URI hands the SDK its code (or the refusal).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Browser, Page } from "playwright-core";
import { launchChromium, skipChromium } from "../../scripts/chromium.ts";
import { api } from "../helpers/http.ts";
import { invoiceSteps } from "../helpers/invoices.ts";
import { MANY_AGENTS, REDIRECT_URI, SessionDrivenProvider } from "../helpers/oauth.ts";
import { signedInPage } from "../helpers/browser.ts";
import { signedIn, type SignedIn } from "../helpers/people.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;
let person: SignedIn;
let browser: Browser;
const clients: Client[] = [];

beforeAll(async () => {
  if (skipChromium) return;
  server = await startTestServer({ env: MANY_AGENTS });
  owner = await server.account();
  person = await signedIn(server, { accountId: owner.accountId, role: "owner" });
  browser = await launchChromium();
});
afterAll(async () => {
  if (skipChromium) return;
  for (const client of clients) await client.close();
  await browser.close();
  await server.close();
});

/** What the consent page showed the person: its headings, the details list, and the scope boxes. */
type Shown = {
  title: string;
  heading: string;
  details: Record<string, string>;
  scopes: Array<{ scope: string; label: string; checked: boolean; disabled: boolean }>;
  /** Script errors and CSP violations the page caused, up to the agent's redirect. */
  problems: string[];
};

async function readConsent(page: Page, problems: string[]): Promise<Shown> {
  const { details, scopes } = await page.evaluate(() => ({
    details: Object.fromEntries([...document.querySelectorAll("dt")].map((term) => [term.textContent, (term.nextElementSibling as HTMLElement).innerText])),
    scopes: [...document.querySelectorAll<HTMLInputElement>("input[type=checkbox]")].map((box) => ({
      scope: box.value,
      label: (box.labels?.[0] as HTMLElement).innerText,
      checked: box.checked,
      disabled: box.disabled,
    })),
  }));
  return { title: await page.title(), heading: await page.getByRole("heading", { level: 1 }).innerText(), details, scopes, problems };
}

/**
 * The SDK provider's browser: Chromium, signed in as the person, opens the authorization URL, notes
 * what the consent page shows in `shown`, clicks `button` as a person would, and returns the URL the
 * browser was sent on to: the agent's redirect URI. Nothing listens there (Playwright's routes do not
 * see a redirect's next hop), so the request itself is what the agent receives.
 */
function personInChromium(button: "Allow" | "Deny", shown: Shown[]): (url: URL) => Promise<URL> {
  return async (url) => {
    const { context, page, problems } = await signedInPage(browser, server.url, person);
    try {

      await page.goto(url.href);
      shown.push(await readConsent(page, problems));
      const [redirect] = await Promise.all([page.waitForRequest((request) => request.url().startsWith(`${REDIRECT_URI}?`)), page.getByRole("button", { name: button, exact: true }).click()]);
      return new URL(redirect.url());
    } finally {
      await context.close();
    }
  };
}

/** An MCP client on the endpoint whose transport has `provider` and no token. */
async function connect(provider: SessionDrivenProvider): Promise<{ mcp: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), { authProvider: provider });
  const mcp = new Client({ name: "browser-consent-test", version: "1.0.0" });
  clients.push(mcp);
  // initialize and tools/list are open: nothing asks for a credential yet.
  await mcp.connect(transport);
  expect((await mcp.listTools()).tools.length).toBeGreaterThan(0);
  expect(provider.tokens()).toBeUndefined();
  return { mcp, transport };
}

type CallResult = { isError?: boolean; structuredContent?: { data?: Array<{ id: string }> } };

const list = { name: "invoices.query", arguments: { action: "list" } };

describe.skipIf(skipChromium)("the MCP SDK client's OAuth, consent given in Chromium", () => {
  test("a Key tool's 401 starts the flow; the person reads the page and clicks Allow; the retried call lists the account's invoices", async () => {
    const invoice = await invoiceSteps(api(server.url, owner.key)).create();
    const shown: Shown[] = [];
    const provider = new SessionDrivenProvider(personInChromium("Allow", shown));
    const { mcp, transport } = await connect(provider);

    const refused = await mcp.callTool(list).then(() => null, (error: unknown) => error);
    expect(refused).toBeInstanceOf(UnauthorizedError);

    // The page names the agent as it registered itself, the person, their account, the MCP endpoint
    // as what the token reaches, and the one scope the 401 asked for, ticked.
    expect(shown).toHaveLength(1);
    const [consent] = shown as [Shown];
    expect(consent.title).toBe("Allow an agent access");
    expect(consent.heading).toBe("Allow MCP SDK agent to act for you?");
    expect(consent.details).toEqual({
      Agent: "MCP SDK agent",
      "Returns to": new URL(REDIRECT_URI).host,
      "Signed in as": person.email,
      Account: "Test account (owner)",
      Reaches: "The MCP endpoint only",
    });
    expect(consent.scopes).toEqual([{ scope: "invoices:read", label: "Read invoices, their history and payments invoices:read", checked: true, disabled: false }]);
    expect(consent.problems).toEqual([]);

    // The browser came back to the agent with a code, the provider's state and this server as issuer.
    const landed = provider.landed as URL;
    expect(landed.searchParams.get("code")).toMatch(/^sac_/);
    expect(landed.searchParams.get("iss")).toBe(server.services.config.publicUrl);
    expect(provider.tokens()).toBeUndefined();

    await transport.finishAuth(provider.code as string);
    expect(provider.tokens()?.access_token).toMatch(/^sat_/);
    expect(provider.tokens()?.scope).toBe("invoices:read");
    const listed = (await mcp.callTool(list)) as CallResult;
    expect(listed.isError).toBeUndefined();
    expect(listed.structuredContent?.data?.map((row) => row.id)).toContain(invoice.id);
  });

  test("the person clicks Deny: the agent is sent access_denied, no token is saved, and the call stays refused", async () => {
    const shown: Shown[] = [];
    const provider = new SessionDrivenProvider(personInChromium("Deny", shown));
    const { mcp } = await connect(provider);

    const refused = await mcp.callTool(list).then(() => null, (error: unknown) => error);
    expect(refused).toBeInstanceOf(UnauthorizedError);
    expect(shown.map((consent) => consent.heading)).toEqual(["Allow MCP SDK agent to act for you?"]);
    const landed = provider.landed as URL;
    expect(landed.searchParams.get("error")).toBe("access_denied");
    expect(landed.searchParams.get("code")).toBeNull();
    expect(provider.code).toBeNull();
    expect(provider.tokens()).toBeUndefined();

    // Asked again, the SDK (already registered) sends the person back to the page; denied again, it stays refused.
    const again = await mcp.callTool(list).then(() => null, (error: unknown) => error);
    expect(again).toBeInstanceOf(UnauthorizedError);
    expect(shown).toHaveLength(2);
    expect(shown.flatMap((consent) => consent.problems)).toEqual([]);
    expect(provider.tokens()).toBeUndefined();
  });
});
