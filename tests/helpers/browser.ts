// A person's browser for the page tests: a Chromium context holding their session cookie, one page,
// and the console errors and script errors that page shows (a test expects none).
import type { Browser, BrowserContext, Page } from "playwright-core";
import { signedIn, type SignedIn } from "./people.ts";
import type { TestServer } from "./server.ts";

export type SignedInPage = { context: BrowserContext; page: Page; problems: string[] };

export async function signedInPage(browser: Browser, serverUrl: string, person: SignedIn, options: { width?: number; height?: number } = {}): Promise<SignedInPage> {
  const viewport = options.width && options.height ? { viewport: { width: options.width, height: options.height } } : {};
  const context = await browser.newContext({ ...viewport, locale: "en-GB" });
  await context.addCookies([{ name: person.cookie.split("=")[0] as string, value: person.token, url: serverUrl }]);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { context, page, problems };
}

/** A new person of the account, signed in, in a browser context of their own. */
export async function personIn(browser: Browser, server: TestServer, person: Parameters<typeof signedIn>[1], options: { width?: number; height?: number } = {}): Promise<SignedInPage> {
  return signedInPage(browser, server.url, await signedIn(server, person), options);
}

/**
 * What a page reported, less the refusals a test provoked on purpose: Chromium logs each answer with
 * one of these statuses as "the server responded with a status of N".
 */
export function unprovoked(problems: readonly string[], statuses: readonly number[]): string[] {
  return problems.filter((problem) => !statuses.some((status) => problem.includes(`status of ${status}`)));
}
