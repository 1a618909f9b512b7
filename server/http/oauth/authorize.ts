// The authorization endpoint (RFC 6749 §4.1, OAuth 2.1): GET shows a signed-in person the consent
// page; POST (the page's form) records their decision. An unknown client or a redirect URI it did not
// register is shown on a page, never redirected to (§4.1.2.1); every other problem goes back to the
// agent as `error=…`. A person without a session signs in first and comes back here.
import { consentingUser, findClient, insertCode, saveGrant, type ClientRow } from "../../../db/queries/oauth.ts";
import { resourcesOf, scopesForRole, type Principal } from "../../domain/access.ts";
import { newId } from "../../domain/ids.ts";
import type { Scope } from "../../domain/scopes.ts";
import { newSecret, sha256Hex } from "../../domain/secrets.ts";
import { constantTimeEqual, hmac } from "../../domain/signing.ts";
import { presentedBy, type RequestInfo } from "../requests.ts";
import type { Services } from "../../services.ts";
import { consentPage, newNonce, pageHeaders, problemPage } from "./consent-page.ts";
import { languageOf, type ConsentLanguage } from "./consent-phrases/index.ts";
import { OAUTH_PATHS } from "./metadata.ts";
import { OAuthFailure, readForm } from "./responses.ts";
import { AUTHORIZATION_CODE_PREFIX, CODE_SECONDS, DEFAULT_AGENT_SCOPES, grantedScopes, isS256Challenge, parseScopes, resourceOf, scopeChoices } from "../../domain/oauth.ts";

const SIGN_IN_PATH = "/app/sign-in";

/** The authorization request's parameters: the consent forms carry them through unchanged. */
const CARRIED = ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method", "resource"] as const;

type AuthorizationRequest = {
  client: ClientRow;
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
  resource: string;
  scopes: Scope[];
  carried: Array<[string, string]>;
};

function problem(language: ConsentLanguage, status: number, which: Parameters<typeof problemPage>[1]): Response {
  const nonce = newNonce();
  return new Response(problemPage(language, which, nonce), { status, headers: pageHeaders(nonce, null) });
}

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}

/** Back to the agent with the outcome; `iss` names this server so a client talking to several can tell (RFC 9207). */
function backToAgent(services: Services, redirectUri: string, state: string | null, outcome: Record<string, string>): Response {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(outcome)) url.searchParams.set(name, value);
  if (state !== null) url.searchParams.set("state", state);
  url.searchParams.set("iss", services.config.publicUrl);
  return seeOther(url.href);
}

/** Validates an authorization request: the request itself, or the response that refuses it. */
async function check(services: Services, params: URLSearchParams, language: ConsentLanguage): Promise<AuthorizationRequest | Response> {
  const once = (name: string): string | null => (params.getAll(name).length > 1 ? null : params.get(name));
  const clientId = once("client_id");
  const client = clientId ? await findClient(services.database.db, clientId) : undefined;
  if (!client) return problem(language, 400, "unknownClient");
  const redirectUri = once("redirect_uri");
  if (redirectUri === null || !client.redirectUris.includes(redirectUri)) return problem(language, 400, "badRedirect");

  const state = once("state");
  const refuse = (error: string, description: string): Response => backToAgent(services, redirectUri, state, { error, error_description: description });
  const repeated = CARRIED.find((name) => params.getAll(name).length > 1);
  if (repeated) return refuse("invalid_request", `${repeated} is given more than once`);
  if (params.get("response_type") !== "code") return refuse("unsupported_response_type", "response_type must be code");
  const codeChallenge = params.get("code_challenge");
  if (params.get("code_challenge_method") !== "S256" || codeChallenge === null || !isS256Challenge(codeChallenge)) {
    return refuse("invalid_request", "PKCE is required: code_challenge (43 base64url characters) with code_challenge_method=S256");
  }
  const resource = resourceOf(params.get("resource"), services.config.publicUrl);
  if (resource === null) return refuse("invalid_target", `resource must be ${Object.values(resourcesOf(services.config.publicUrl)).join(" or ")}`);
  const asked = params.get("scope");
  const { scopes, unknown } = parseScopes(asked ?? "");
  if (unknown.length > 0) return refuse("invalid_scope", `Unknown scope ${unknown.join(", ")}`);
  if (asked !== null && scopes.length === 0) return refuse("invalid_scope", "scope names no scope");

  const carried = CARRIED.flatMap((name): Array<[string, string]> => {
    const value = params.get(name);
    return value === null ? [] : [[name, value]];
  });
  return { client, redirectUri, state, codeChallenge, resource, scopes: asked === null ? DEFAULT_AGENT_SCOPES : scopes, carried };
}

/** The signed-in person (their session cookie, never a bearer credential: only a person consents). */
async function personOf(services: Services, request: Request, info: RequestInfo): Promise<Principal | null> {
  const { sessionToken } = presentedBy(services, request);
  const principal = await services.credentials.resolve({ authorization: null, sessionToken }, info.clientIp);
  return principal?.kind === "session" ? principal : null;
}

function signInFirst(authorization: AuthorizationRequest): Response {
  const back = `${OAUTH_PATHS.authorize}?${new URLSearchParams(authorization.carried)}`;
  return seeOther(`${SIGN_IN_PATH}?${new URLSearchParams({ next: back })}`);
}

/** Ties the consent form to the session that was shown it, so another site cannot post a consent for the person. */
function csrfTokenOf(services: Services, person: Principal): Promise<string> {
  return hmac(services.secretKey, `oauth-consent\n${person.id}`);
}

async function showConsent(services: Services, request: Request, url: URL, info: RequestInfo): Promise<Response> {
  const language = languageOf(request.headers.get("accept-language"));
  const authorization = await check(services, url.searchParams, language);
  if (authorization instanceof Response) return authorization;
  const person = await personOf(services, request, info);
  if (!person?.userId) return signInFirst(authorization);
  const { email, memberships } = await consentingUser(services.database.db, person.userId);
  const wanted = url.searchParams.get("account_id") ?? person.accountId;
  const membership = memberships.find((candidate) => candidate.accountId === wanted);
  if (!membership) return problem(language, 403, "notMember");
  const nonce = newNonce();
  const html = consentPage(
    {
      language,
      agentName: authorization.client.name,
      redirectUri: authorization.redirectUri,
      email,
      mcpOnly: authorization.resource === resourcesOf(services.config.publicUrl).mcp,
      accounts: memberships.map((candidate) => ({ id: candidate.accountId, name: candidate.accountName, role: candidate.role })),
      accountId: membership.accountId,
      choices: scopeChoices(authorization.scopes, scopesForRole(membership.role, membership.canApprove)),
      carried: authorization.carried,
      csrfToken: await csrfTokenOf(services, person),
    },
    nonce,
  );
  return new Response(html, { headers: pageHeaders(nonce, authorization.redirectUri) });
}

async function decide(services: Services, request: Request, info: RequestInfo): Promise<Response> {
  const language = languageOf(request.headers.get("accept-language"));
  let form: URLSearchParams;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof OAuthFailure) return problem(language, 400, "staleForm");
    throw error;
  }
  const authorization = await check(services, form, language);
  if (authorization instanceof Response) return authorization;
  const person = await personOf(services, request, info);
  if (!person?.userId) return signInFirst(authorization);
  const origin = request.headers.get("origin");
  const fromThisPage = (origin === null || origin === new URL(services.config.publicUrl).origin) && constantTimeEqual(form.get("csrf_token") ?? "", await csrfTokenOf(services, person));
  if (!fromThisPage) return problem(language, 403, "staleForm");
  const { redirectUri, state } = authorization;
  if (form.get("decision") !== "allow") return backToAgent(services, redirectUri, state, { error: "access_denied", error_description: "The person denied the request" });

  const { memberships } = await consentingUser(services.database.db, person.userId);
  const membership = memberships.find((candidate) => candidate.accountId === form.get("account_id"));
  if (!membership) return problem(language, 403, "notMember");
  const granted = grantedScopes(authorization.scopes, scopesForRole(membership.role, membership.canApprove), form.getAll("granted"));
  if (granted.length === 0) return backToAgent(services, redirectUri, state, { error: "access_denied", error_description: "The person allowed none of the scopes asked for" });

  const now = services.clock.now();
  const code = newSecret(AUTHORIZATION_CODE_PREFIX);
  const codeHash = await sha256Hex(code);
  const userId = person.userId;
  await services.database.write(async (tx) => {
    const grantId = await saveGrant(tx, { id: newId("grt", now.getTime()), accountId: membership.accountId, userId, clientId: authorization.client.id, resource: authorization.resource, scopes: granted, now });
    await insertCode(tx, {
      codeHash,
      grantId,
      clientId: authorization.client.id,
      redirectUri,
      codeChallenge: authorization.codeChallenge,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + CODE_SECONDS * 1000).toISOString(),
    });
  });
  return backToAgent(services, redirectUri, state, { code });
}

export function authorize(services: Services, request: Request, url: URL, info: RequestInfo): Promise<Response> {
  return request.method === "POST" ? decide(services, request, info) : showConsent(services, request, url, info);
}
