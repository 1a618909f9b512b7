// The sign-in routes (HTTP, outside the procedures: the browser navigates through them):
//   GET  /auth/providers             the enabled providers, their labels and start URLs
//   GET  /auth/{provider}/start      → the provider, with state, PKCE and nonce in a 10-minute cookie
//   GET  /auth/{provider}/callback   ← the provider; signs in and goes on to `next`
//   GET  /auth/link?token=           the sign-in link's confirmation page   } link-routes.ts
//   POST /auth/link                  spends the link and signs in           }
//   POST /auth/link/request          e-mails a link; the same 202 for anyone }
//   POST /auth/sign-out              revokes the session and clears its cookie
// A refused sign-in lands on /app/sign-in?error=<reason>. Cookie-carrying requests from untrusted
// origins never get here (cors.ts); a POST here from another site without cookies is refused too, so
// no page elsewhere can sign a visitor in as someone else (login CSRF).
import { generateCodeVerifier, generateState } from "arctic";
import type { Executor } from "../../../db/client.ts";
import { corsPolicy } from "../cors.ts";
import { AppError } from "../../domain/errors.ts";
import { errorResponse, jsonResponse, presentedBy, type RequestInfo } from "../requests.ts";
import type { Services } from "../../services.ts";
import { endSession, startSession, type Arrival, type SignInMethod } from "../../access/sessions.ts";
import { clearedSessionCookie, sessionCookie } from "./cookies.ts";
import { admit, type Person } from "../../access/sign-in/admission.ts";
import { attemptCookie, clearedAttemptCookie, pendingAttempt } from "./attempt-cookie.ts";
import { redirect, SIGN_IN_PAGE, signInPage, wantsPage } from "./navigation.ts";
import { inviteTokenOf } from "../../access/sign-in/invite-ticket.ts";
import { linkRoutes } from "./link-routes.ts";
import { DEFAULT_NEXT, safeNext } from "../../domain/access.ts";
import { enabledProviders } from "../../access/sign-in/enabled.ts";
import { SignInRefused, type SignInProvider } from "../../access/sign-in/providers.ts";

export function createSignInRoutes(services: Services): (request: Request, url: URL, info: RequestInfo) => Promise<Response> {
  const providers = enabledProviders(services.config.signIn, services.clock);
  // PUBLIC_URL is read on each use: a test server learns its port only once it listens.
  const publicUrl = (): string => services.config.publicUrl;
  const callbackUrl = (provider: SignInProvider): string => `${publicUrl()}/auth/${provider.id}/callback`;

  function refused(refusal: SignInRefused, next: string, cookies: readonly string[] = []): Response {
    services.logger.warn("sign-in refused", { reason: refusal.reason, detail: refusal.message });
    return redirect(signInPage({ error: refusal.reason }, next), cookies);
  }

  const cors = corsPolicy(services.config);

  /** Same-origin (or CORS_ORIGINS) posts only, when the browser says where the post comes from. */
  function fromTrustedOrigin(request: Request): boolean {
    const origin = request.headers.get("origin");
    return origin === null || cors.trusts(origin);
  }

  /**
   * Signs a person in: admits them and starts their session in one transaction (revoking the one the
   * browser came with), then sends the browser on with the new cookie. `personIn` runs inside that
   * transaction, so a link is spent only by a sign-in that happens.
   */
  async function signIn(request: Request, info: RequestInfo, method: SignInMethod, next: string, personIn: (tx: Executor) => Promise<Person>, cookies: readonly string[] = []): Promise<Response> {
    const arrival: Arrival = { userAgent: request.headers.get("user-agent"), ip: info.clientIp, sessionToken: presentedBy(services, request).sessionToken };
    let started: { token: string; next: string };
    try {
      started = await services.database.write(async (tx) => {
        const admitted = await admit(services, tx, await personIn(tx), inviteTokenOf(next));
        const session = await startSession(services, tx, { userId: admitted.userId, accountId: admitted.accountId, method, arrival });
        // An invite taken at sign-in is accepted already: its page would only offer it again.
        return { token: session.token, next: admitted.acceptedInvite ? DEFAULT_NEXT : next };
      });
    } catch (error) {
      if (error instanceof SignInRefused) return refused(error, next, cookies);
      throw error;
    }
    return redirect(started.next, [...cookies, sessionCookie(publicUrl(), started.token)]);
  }

  const links = linkRoutes(services, signIn);

  async function start(provider: SignInProvider, url: URL): Promise<Response> {
    const attempt = { state: generateState(), codeVerifier: generateCodeVerifier(), nonce: generateState() };
    const next = safeNext(url.searchParams.get("next"));
    try {
      const location = await provider.authorizationUrl(attempt, callbackUrl(provider));
      return redirect(location.toString(), [attemptCookie(publicUrl(), { ...attempt, provider: provider.id, next }, services.clock.now())], 302);
    } catch (error) {
      if (error instanceof SignInRefused) return refused(error, next);
      throw error;
    }
  }

  async function callback(provider: SignInProvider, request: Request, url: URL, info: RequestInfo): Promise<Response> {
    const attempt = pendingAttempt(request, publicUrl(), services.clock.now());
    const next = attempt?.next ?? DEFAULT_NEXT;
    // The attempt is over either way: its cookie goes.
    const cleared = [clearedAttemptCookie(publicUrl())];
    const { searchParams } = url;
    try {
      if (searchParams.has("error")) throw new SignInRefused("denied", `${provider.id} answered ${searchParams.get("error")}`);
      const code = searchParams.get("code");
      if (!attempt || attempt.provider !== provider.id || searchParams.get("state") !== attempt.state || !code) {
        throw new SignInRefused("state_mismatch", `the callback's state is not the one this browser's ${provider.id} sign-in started with`);
      }
      const claim = await provider.identify(code, attempt, callbackUrl(provider));
      const person: Person = { email: claim.email, name: claim.name, identity: { provider: claim.provider, subject: claim.subject } };
      return await signIn(request, info, claim.provider, next, async () => person, cleared);
    } catch (error) {
      if (error instanceof SignInRefused) return refused(error, next, cleared);
      throw error;
    }
  }

  async function signOut(request: Request): Promise<Response> {
    const { sessionToken } = presentedBy(services, request);
    if (sessionToken) await endSession(services, sessionToken);
    const cleared = clearedSessionCookie(publicUrl());
    if (wantsPage(request)) return redirect(SIGN_IN_PAGE, [cleared]);
    return new Response(null, { status: 204, headers: { "cache-control": "no-store", "set-cookie": cleared } });
  }

  function listProviders(): Response {
    return jsonResponse({
      providers: [...providers.values()].map((provider) => ({ id: provider.id, name: provider.label, url: `/auth/${provider.id}/start` })),
      sign_in_links: true,
    });
  }

  return async (request, url, info) => {
    if (request.method === "POST" && !fromTrustedOrigin(request)) return errorResponse(new AppError("FORBIDDEN", "Sign-in forms are accepted only from this service's own pages"));
    switch (`${request.method} ${url.pathname}`) {
      case "GET /auth/providers":
        return listProviders();
      case "GET /auth/link":
        return links.confirm(request, url);
      case "POST /auth/link":
        return links.spend(request, info);
      case "POST /auth/link/request":
        return links.request(request, info);
      case "POST /auth/sign-out":
        return signOut(request);
    }
    const [, id = "", step = ""] = /^\/auth\/([a-z]+)\/(start|callback)$/.exec(url.pathname) ?? [];
    const provider = providers.get(id as SignInProvider["id"]);
    if (provider && request.method === "GET") return step === "start" ? start(provider, url) : callback(provider, request, url, info);
    return errorResponse(new AppError("NOT_FOUND", `No route ${request.method} ${url.pathname}`));
  };
}
