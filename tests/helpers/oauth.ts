// OAuth in tests: registering an agent, PKCE pairs, a signed-in person answering the consent page
// the way a browser would (GET the page with the session cookie, POST its form from our origin), and
// the MCP SDK's client provider whose "browser" is whatever answers the consent: that helper or Chromium.
import { expect } from "bun:test";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { TestServer } from "./server.ts";

export type RegisteredClient = { client_id: string; client_secret?: string; redirect_uris: string[]; [field: string]: unknown };

export const REDIRECT_URI = "http://127.0.0.1:8976/callback";

/** Every registration counts against the anonymous tier of 127.0.0.1: suites that register many agents lift it. */
export const MANY_AGENTS = { RATE_LIMIT_ANONYMOUS: "1000,10000,100000" };

export async function registerClient(server: TestServer, metadata: Record<string, unknown> = {}): Promise<RegisteredClient> {
  const response = await fetch(`${server.url}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "Test agent", redirect_uris: [REDIRECT_URI], ...metadata }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as RegisteredClient;
}

export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return { verifier, challenge: Buffer.from(digest).toString("base64url") };
}

export function authorizeUrl(server: TestServer, params: Record<string, string>): string {
  return `${server.url}/oauth/authorize?${new URLSearchParams({ response_type: "code", redirect_uri: REDIRECT_URI, code_challenge_method: "S256", state: "st-1", ...params })}`;
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
const unescape = (value: string): string => value.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] as string);

export type ConsentForm = { hidden: Array<[string, string]>; checked: string[]; disabled: string[]; offered: string[] };

/** The consent page's POST form: its hidden fields and which scope checkboxes are ticked or disabled. */
export function consentFormOf(html: string): ConsentForm {
  const form = /<form method="post"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? "";
  const hidden = [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match): [string, string] => [match[1] as string, unescape(match[2] as string)]);
  const boxes = [...form.matchAll(/<input type="checkbox"[^>]*>/g)].map((match) => match[0]);
  const valueOf = (box: string): string => unescape(/value="([^"]*)"/.exec(box)?.[1] ?? "");
  return {
    hidden,
    offered: boxes.map(valueOf),
    checked: boxes.filter((box) => / checked[ >]/.test(box)).map(valueOf),
    disabled: boxes.filter((box) => / disabled[ >]/.test(box)).map(valueOf),
  };
}

export async function consentPage(url: string, cookie: string, language = "en"): Promise<Response> {
  return fetch(url, { headers: { cookie, "accept-language": language }, redirect: "manual" });
}

export type ConsentAnswer = { decision?: "allow" | "deny"; granted?: string[]; accountId?: string; origin?: string };

/** Answers the consent page as its person: `granted` replaces the ticked boxes. Returns where the agent is sent. */
export async function answerConsent(server: TestServer, url: string, cookie: string, answer: ConsentAnswer = {}): Promise<URL> {
  const page = await consentPage(url, cookie);
  expect(page.status).toBe(200);
  const form = consentFormOf(await page.text());
  const body = new URLSearchParams(form.hidden.map(([name, value]): [string, string] => [name, name === "account_id" && answer.accountId ? answer.accountId : value]));
  for (const scope of answer.granted ?? form.checked) body.append("granted", scope);
  body.set("decision", answer.decision ?? "allow");
  const reply = await fetch(`${server.url}/oauth/authorize`, {
    method: "POST",
    headers: { cookie, origin: answer.origin ?? server.url, "content-type": "application/x-www-form-urlencoded" },
    body,
    redirect: "manual",
  });
  expect(reply.status).toBe(303);
  return new URL(reply.headers.get("location") as string);
}

export async function tokenRequest(server: TestServer, params: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${server.url}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(params) });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** A client registered, consented to by `cookie`'s person and exchanged: the token response. */
export async function connectAgent(
  server: TestServer,
  cookie: string,
  options: { scope?: string; resource?: string; granted?: string[] } = {},
): Promise<{ client: RegisteredClient; tokens: { access_token: string; refresh_token: string; scope: string; expires_in: number } }> {
  const client = await registerClient(server);
  const { verifier, challenge } = await pkcePair();
  const params: Record<string, string> = { client_id: client.client_id, code_challenge: challenge };
  if (options.scope) params.scope = options.scope;
  if (options.resource) params.resource = options.resource;
  const back = await answerConsent(server, authorizeUrl(server, params), cookie, { granted: options.granted });
  const code = back.searchParams.get("code");
  expect(code).toBeString();
  const reply = await tokenRequest(server, { grant_type: "authorization_code", client_id: client.client_id, code: code as string, code_verifier: verifier, redirect_uri: REDIRECT_URI });
  expect(reply.status).toBe(200);
  return { client, tokens: reply.body };
}

/**
 * An MCP SDK OAuthClientProvider kept in memory. `answer` is its "browser": it is sent to the
 * authorization URL and returns where the consent sent it back (our redirect URI with a code or an error).
 */
export class SessionDrivenProvider implements OAuthClientProvider {
  private information: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = "";
  /** Where the last consent sent the browser back to. */
  landed: URL | null = null;
  /** The code the last consent sent back to our redirect URI. */
  code: string | null = null;

  constructor(private readonly answer: (url: URL) => Promise<URL>) {}

  get redirectUrl(): string {
    return REDIRECT_URI;
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: "MCP SDK agent", redirect_uris: [REDIRECT_URI], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" };
  }
  state(): string {
    return "mcp-state";
  }
  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.information = information;
  }
  tokens(): OAuthTokens | undefined {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }
  async redirectToAuthorization(url: URL): Promise<void> {
    const back = await this.answer(url);
    expect(back.searchParams.get("state")).toBe("mcp-state");
    this.landed = back;
    this.code = back.searchParams.get("code");
  }
  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }
  codeVerifier(): string {
    return this.verifier;
  }
}
