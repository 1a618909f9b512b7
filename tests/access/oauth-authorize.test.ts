// GET/POST /oauth/authorize: what is refused on a page, what goes back to the agent as an error, and
// the consent itself (who asks, in which account, for what; approval only when ticked).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { memberships } from "../../db/schema/users.ts";
import { api } from "../helpers/http.ts";
import { answerConsent, authorizeUrl, consentFormOf, consentPage, MANY_AGENTS, pkcePair, REDIRECT_URI, registerClient, tokenRequest, type RegisteredClient } from "../helpers/oauth.ts";
import { signedIn, type SignedIn } from "../helpers/people.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;
let person: SignedIn;
let client: RegisteredClient;
let challenge: string;

beforeAll(async () => {
  server = await startTestServer({ env: MANY_AGENTS });
  owner = await server.account();
  person = await signedIn(server, { accountId: owner.accountId, role: "owner", email: "owner@people.test" });
  client = await registerClient(server, { client_name: "<b>Ledger & Co</b>" });
  challenge = (await pkcePair()).challenge;
});
afterAll(() => server.close());

const urlFor = (params: Record<string, string> = {}): string => authorizeUrl(server, { client_id: client.client_id, code_challenge: challenge, ...params });

/** The agent's redirect after a refusal: its error, with state and iss. */
async function refusal(params: Record<string, string>): Promise<URLSearchParams> {
  const response = await consentPage(urlFor(params), person.cookie);
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get("location") as string);
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  expect(location.searchParams.get("state")).toBe("st-1");
  expect(location.searchParams.get("iss")).toBe(server.url);
  return location.searchParams;
}

describe("refused on a page, never redirected", () => {
  test("an unregistered client", async () => {
    const response = await consentPage(authorizeUrl(server, { client_id: "cid_01UNKNOWN", code_challenge: challenge }), person.cookie);
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toContain("not registered");
  });

  test("a redirect URI the client did not register, or none", async () => {
    for (const redirect of ["http://127.0.0.1:8976/elsewhere", "https://evil.example/callback"]) {
      const response = await consentPage(urlFor({ redirect_uri: redirect }), person.cookie);
      expect(response.status).toBe(400);
      expect(response.headers.get("location")).toBeNull();
    }
    const url = new URL(urlFor());
    url.searchParams.delete("redirect_uri");
    expect((await consentPage(url.href, person.cookie)).status).toBe(400);
  });

  test("in the person's language", async () => {
    const response = await consentPage(authorizeUrl(server, { client_id: "cid_01UNKNOWN", code_challenge: challenge }), person.cookie, "de-AT, en;q=0.5");
    const html = await response.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain("nicht registriert");
  });
});

describe("refused back to the agent", () => {
  test("plain or missing PKCE: invalid_request", async () => {
    expect((await refusal({ code_challenge_method: "plain" })).get("error")).toBe("invalid_request");
    expect((await refusal({ code_challenge: "" })).get("error")).toBe("invalid_request");
    expect((await refusal({ code_challenge: "too-short" })).get("error")).toBe("invalid_request");
  });

  test("another response type", async () => {
    expect((await refusal({ response_type: "token" })).get("error")).toBe("unsupported_response_type");
  });

  test("a resource that is not ours: invalid_target", async () => {
    const params = await refusal({ resource: "https://other.example" });
    expect(params.get("error")).toBe("invalid_target");
    expect(params.get("error_description")).toContain(`${server.url}/api/mcp`);
  });

  test("an unknown scope: invalid_scope", async () => {
    expect((await refusal({ scope: "invoices:read invoices:delete" })).get("error")).toBe("invalid_scope");
  });

  test("a repeated parameter: invalid_request", async () => {
    const response = await consentPage(`${urlFor()}&scope=invoices:read&scope=invoices:write`, person.cookie);
    expect(new URL(response.headers.get("location") as string).searchParams.get("error")).toBe("invalid_request");
  });
});

describe("the consent page", () => {
  test("without a session: sign in first, then back here", async () => {
    const response = await fetch(urlFor(), { redirect: "manual" });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location") as string, server.url);
    expect(location.pathname).toBe("/app/sign-in");
    const next = location.searchParams.get("next") as string;
    expect(next.startsWith("/oauth/authorize?")).toBe(true);
    expect(new URLSearchParams(next.split("?")[1]).get("client_id")).toBe(client.client_id);
  });

  test("who asks, where it returns, in which account, for what; never framed or cached", async () => {
    const response = await consentPage(urlFor(), person.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const html = await response.text();
    expect(html).toContain("&lt;b&gt;Ledger &amp; Co&lt;/b&gt;");
    expect(html).not.toContain("<b>Ledger");
    expect(html).toContain("127.0.0.1:8976");
    expect(html).toContain("owner@people.test");
    expect(html).toContain("Test account (owner)");
    expect(html).toMatch(/<label for="scope-invoices-read">/);
    // Without a scope parameter an agent asks for everything but approving and managing the account.
    const form = consentFormOf(html);
    expect(form.offered).toEqual(["invoices:read", "invoices:write", "entities:read", "entities:write", "templates:read", "templates:write"]);
    expect(form.checked).toEqual(form.offered);
  });

  test("invoices:approve is offered unticked; beyond a member's role a scope is shown disabled", async () => {
    const asked = "invoices:read invoices:approve account:admin";
    const ownerForm = consentFormOf(await (await consentPage(urlFor({ scope: asked }), person.cookie)).text());
    expect(ownerForm.offered).toEqual(["invoices:read", "invoices:approve", "account:admin"]);
    expect(ownerForm.checked).toEqual(["invoices:read", "account:admin"]);
    expect(ownerForm.disabled).toEqual([]);
    const member = await signedIn(server, { accountId: owner.accountId, role: "member" });
    const memberForm = consentFormOf(await (await consentPage(urlFor({ scope: asked }), member.cookie)).text());
    expect(memberForm.checked).toEqual(["invoices:read"]);
    expect(memberForm.disabled).toEqual(["invoices:approve", "account:admin"]);
  });

  test("in the person's language by Accept-Language", async () => {
    const html = await (await consentPage(urlFor(), person.cookie, "ja")).text();
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain("許可");
  });
});

describe("the decision", () => {
  async function exchange(back: URL, verifier: string): Promise<{ status: number; body: any }> {
    return tokenRequest(server, { grant_type: "authorization_code", client_id: client.client_id, code: back.searchParams.get("code") as string, code_verifier: verifier, redirect_uri: REDIRECT_URI });
  }

  test("allow: a code back to the agent with state and iss; approval only when ticked", async () => {
    const pair = await pkcePair();
    const url = urlFor({ code_challenge: pair.challenge, scope: "invoices:read invoices:write invoices:approve" });
    const back = await answerConsent(server, url, person.cookie);
    expect(back.searchParams.get("code")).toMatch(/^sac_/);
    expect(back.searchParams.get("state")).toBe("st-1");
    expect(back.searchParams.get("iss")).toBe(server.url);
    expect((await exchange(back, pair.verifier)).body.scope).toBe("invoices:read invoices:write");

    const ticked = await pkcePair();
    const approving = await answerConsent(server, urlFor({ code_challenge: ticked.challenge, scope: "invoices:read invoices:write invoices:approve" }), person.cookie, {
      granted: ["invoices:read", "invoices:write", "invoices:approve"],
    });
    expect((await exchange(approving, ticked.verifier)).body.scope).toBe("invoices:read invoices:write invoices:approve");
  });

  test("a member cannot grant beyond their role, even by posting it", async () => {
    const member = await signedIn(server, { accountId: owner.accountId, role: "member" });
    const pair = await pkcePair();
    const back = await answerConsent(server, urlFor({ code_challenge: pair.challenge, scope: "invoices:read invoices:approve account:admin" }), member.cookie, {
      granted: ["invoices:read", "invoices:approve", "account:admin"],
    });
    expect((await exchange(back, pair.verifier)).body.scope).toBe("invoices:read");
  });

  test("deny, or nothing ticked: access_denied", async () => {
    expect((await answerConsent(server, urlFor(), person.cookie, { decision: "deny" })).searchParams.get("error")).toBe("access_denied");
    expect((await answerConsent(server, urlFor(), person.cookie, { granted: [] })).searchParams.get("error")).toBe("access_denied");
  });

  test("a consent again updates the same grant", async () => {
    const agent = await registerClient(server);
    const params = { client_id: agent.client_id, code_challenge: challenge };
    await answerConsent(server, authorizeUrl(server, { ...params, scope: "invoices:read" }), person.cookie);
    await answerConsent(server, authorizeUrl(server, { ...params, scope: "invoices:read entities:read" }), person.cookie);
    const grants = (await api(server.url).raw("/api/grants", { headers: { cookie: person.cookie } })).body.data.filter((grant: any) => grant.client.id === agent.client_id);
    expect(grants.map((grant: any) => grant.scopes)).toEqual([["invoices:read", "entities:read"]]);
  });

  test("a form not from this page: no CSRF token, another session's token, another origin", async () => {
    const form = consentFormOf(await (await consentPage(urlFor(), person.cookie)).text());
    const post = (body: URLSearchParams, cookie: string, origin = server.url) =>
      fetch(`${server.url}/oauth/authorize`, { method: "POST", headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" }, body, redirect: "manual" });
    const withoutToken = new URLSearchParams(form.hidden.filter(([name]) => name !== "csrf_token"));
    withoutToken.set("decision", "allow");
    withoutToken.append("granted", "invoices:read");
    expect((await post(withoutToken, person.cookie)).status).toBe(403);
    const other = await signedIn(server, { accountId: owner.accountId });
    const stolen = new URLSearchParams(form.hidden);
    stolen.set("decision", "allow");
    stolen.append("granted", "invoices:read");
    expect((await post(stolen, other.cookie)).status).toBe(403);
    expect((await post(stolen, person.cookie, "https://evil.example")).status).toBe(403);
    expect((await post(stolen, person.cookie)).status).toBe(303);
  });
});

describe("acting in another of the person's accounts", () => {
  test("the select lists their accounts; the grant goes to the one chosen", async () => {
    const second = await server.account();
    const at = server.clock.now().toISOString();
    await server.services.database.write((tx) => tx.insert(memberships).values({ accountId: second.accountId, userId: person.userId, role: "member", canApprove: false, createdAt: at, updatedAt: at }));
    const html = await (await consentPage(urlFor({ scope: "invoices:read account:admin" }), person.cookie)).text();
    expect(html).toContain(`<option value="${second.accountId}">`);
    const switched = consentFormOf(await (await consentPage(`${urlFor({ scope: "invoices:read account:admin" })}&account_id=${second.accountId}`, person.cookie)).text());
    expect(switched.hidden).toContainEqual(["account_id", second.accountId]);
    expect(switched.disabled).toEqual(["account:admin"]);

    const pair = await pkcePair();
    const back = await answerConsent(server, urlFor({ code_challenge: pair.challenge, scope: "invoices:read" }), person.cookie, { accountId: second.accountId });
    const tokens = (await tokenRequest(server, { grant_type: "authorization_code", client_id: client.client_id, code: back.searchParams.get("code") as string, code_verifier: pair.verifier, redirect_uri: REDIRECT_URI })).body;
    expect((await api(server.url, tokens.access_token).get("/api/invoices")).status).toBe(200);
    const granted = await server.services.database.client.execute({ sql: "select scopes from oauth_grants where user_id = ? and client_id = ? and account_id = ?", args: [person.userId, client.client_id, second.accountId] });
    expect(granted.rows.map((row) => row.scopes)).toEqual(['["invoices:read"]']);

    const stranger = await server.account();
    const outsider = await answerConsentStatus(urlFor(), stranger.accountId);
    expect(outsider).toBe(403);
  });

  async function answerConsentStatus(url: string, accountId: string): Promise<number> {
    const form = consentFormOf(await (await consentPage(url, person.cookie)).text());
    const body = new URLSearchParams(form.hidden.map(([name, value]): [string, string] => [name, name === "account_id" ? accountId : value]));
    body.set("decision", "allow");
    body.append("granted", "invoices:read");
    const response = await fetch(`${server.url}/oauth/authorize`, { method: "POST", headers: { cookie: person.cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" }, body, redirect: "manual" });
    return response.status;
  }
});
