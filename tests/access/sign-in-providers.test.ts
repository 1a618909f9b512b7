// Signing in with GitHub, Google and an OpenID Connect issuer, each against the local provider double
// (real HTTP, authorization code with PKCE, ID tokens signed with a key from its JWKS), with arctic
// as the client inside the service; and every way such a sign-in is refused.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions, userIdentities, users } from "../../db/schema/index.ts";
import { getAccount } from "../../db/queries/accounts.ts";
import { sendInvite } from "../../server/access/invites.ts";
import { api } from "../helpers/http.ts";
import { startOAuthProvider, type OAuthProviderDouble } from "../helpers/oauth-provider.ts";
import { signedIn } from "../helpers/people.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";
import { cookieJar, member, onServer, providerSignIn, type Jar } from "../helpers/sign-in.ts";

let server: TestServer;
let provider: OAuthProviderDouble;
let owner: TestAccount;

const CLIENTS = { "gh-client": "gh-secret", "google-client": "google-secret", "oidc-client": "oidc-secret" };

beforeAll(async () => {
  provider = await startOAuthProvider({ clients: CLIENTS, now: () => server.clock.now() });
  // One process: the sign-up policy tests switch SIGN_UP in this process's config.
  server = await startTestServer({
    topology: "single",
    env: {
      GITHUB_CLIENT_ID: "gh-client",
      GITHUB_CLIENT_SECRET: "gh-secret",
      GITHUB_URL: provider.url,
      GITHUB_API_URL: provider.url,
      GOOGLE_CLIENT_ID: "google-client",
      GOOGLE_CLIENT_SECRET: "google-secret",
      GOOGLE_ISSUER: provider.url,
      OIDC_CLIENT_ID: "oidc-client",
      OIDC_CLIENT_SECRET: "oidc-secret",
      OIDC_ISSUER: provider.url,
      OIDC_NAME: "Company SSO",
    },
  });
  owner = await server.account();
});
afterAll(async () => {
  await server.close();
  provider.close();
});
afterEach(() => {
  provider.idToken = {};
  provider.refuseWith = null;
  server.services.config.signIn.signUp = "invite";
});

let people = 0;
/** A fresh member of the owner's account, and the provider's user who is them. */
async function person(overrides: Partial<OAuthProviderDouble["user"]> = {}): Promise<{ userId: string; email: string }> {
  people += 1;
  const email = `person${people}@example.com`;
  const userId = await member(server, { accountId: owner.accountId, email, name: `Person ${people}` });
  provider.user = { sub: String(1000 + people), email, emailVerified: true, name: `Person ${people}`, login: `person${people}`, ...overrides };
  return { userId, email };
}

async function me(jar: Jar) {
  return api(server.url).raw("/api/me", { method: "GET", headers: { cookie: jar.header() } });
}

function refusal(response: Response): string | null {
  expect(response.status).toBe(303);
  const location = onServer(server, response.headers.get("location") as string);
  expect(location.pathname).toBe("/app/sign-in");
  return location.searchParams.get("error");
}

describe("GET /auth/providers", () => {
  test("lists the configured providers with labels and start URLs, and sign-in links", async () => {
    const reply = await api(server.url).get("/auth/providers");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      providers: [
        { id: "github", name: "GitHub", url: "/auth/github/start" },
        { id: "google", name: "Google", url: "/auth/google/start" },
        { id: "oidc", name: "Company SSO", url: "/auth/oidc/start" },
      ],
      sign_in_links: true,
    });
  });

  test("a provider that is not configured has no routes", async () => {
    const bare = await startTestServer();
    try {
      expect((await api(bare.url).get("/auth/providers")).body.providers).toEqual([]);
      expect((await fetch(`${bare.url}/auth/github/start`, { redirect: "manual" })).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe("each provider: happy path", () => {
  for (const id of ["github", "google", "oidc"]) {
    test(`${id}: start sends to the provider with PKCE S256 and state, and the callback signs the member in`, async () => {
      const { userId, email } = await person();
      const start = await fetch(`${server.url}/auth/${id}/start?next=${encodeURIComponent("/app/invoices?status=review")}`, { redirect: "manual" });
      const authorize = new URL(start.headers.get("location") as string);
      expect(authorize.origin).toBe(provider.url);
      expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
      expect(authorize.searchParams.get("redirect_uri")).toBe(`${server.url}/auth/${id}/callback`);
      expect(authorize.searchParams.get("state")).toBeTruthy();
      expect(authorize.searchParams.has("nonce")).toBe(id !== "github");
      expect(start.headers.getSetCookie()[0]).toMatch(/^svc_sign_in=.+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=600$/);

      const jar = cookieJar();
      const done = await providerSignIn(server, id, jar, { next: "/app/invoices?status=review" });
      expect(done.status).toBe(303);
      expect(done.headers.get("location")).toBe("/app/invoices?status=review");
      expect(jar.get("svc_sign_in")).toBeUndefined();
      const reply = await me(jar);
      expect(reply.status).toBe(200);
      expect(reply.body.user).toMatchObject({ id: userId, email });
      expect(reply.body.account.id).toBe(owner.accountId);
      const [session] = await server.services.database.db.select().from(sessions).where(eq(sessions.id, reply.body.session.id));
      expect(session).toMatchObject({ method: id, userAgent: "TestBrowser/1.0" });
    });
  }

  test("the identity is linked at the first sign-in: later the provider's subject finds the person even with a new e-mail", async () => {
    const { userId } = await person();
    expect((await providerSignIn(server, "github", cookieJar())).status).toBe(303);
    const identities = await server.services.database.db.select().from(userIdentities).where(eq(userIdentities.userId, userId));
    expect(identities).toEqual([expect.objectContaining({ provider: "github", subject: provider.user.sub })]);

    provider.user = { ...provider.user, email: "changed@example.com" };
    const jar = cookieJar();
    await providerSignIn(server, "github", jar);
    expect((await me(jar)).body.user.id).toBe(userId);
  });

  test("a user without a name takes the provider's", async () => {
    const { userId } = await person({ name: "Named By Google" });
    await server.services.database.write((tx) => tx.update(users).set({ name: null }).where(eq(users.id, userId)));
    const jar = cookieJar();
    await providerSignIn(server, "google", jar);
    expect((await me(jar)).body.user.name).toBe("Named By Google");
  });

  test("OIDC: an ID token without the e-mail makes the service ask userinfo", async () => {
    const { userId } = await person();
    provider.idToken = { withoutEmail: true };
    const jar = cookieJar();
    expect((await providerSignIn(server, "oidc", jar)).headers.get("location")).toBe("/app");
    expect((await me(jar)).body.user.id).toBe(userId);
  });

  test("next must stay on this origin", async () => {
    await person();
    for (const next of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      const jar = cookieJar();
      expect((await providerSignIn(server, "github", jar, { next })).headers.get("location")).toBe("/app");
    }
  });
});

describe("refused sign-ins land on the sign-in page with a reason", () => {
  test("a state that is not the one the browser started with", async () => {
    await person();
    const forged = await providerSignIn(server, "github", cookieJar(), { bend: (callback) => callback.searchParams.set("state", "forged") });
    expect(refusal(forged)).toBe("state_mismatch");
    // Another browser (no attempt cookie) cannot finish someone's sign-in either.
    const start = await fetch(`${server.url}/auth/oidc/start`, { redirect: "manual" });
    const consent = await fetch(start.headers.get("location") as string, { redirect: "manual" });
    const elsewhere = await fetch(onServer(server, consent.headers.get("location") as string), { redirect: "manual" });
    expect(refusal(elsewhere)).toBe("state_mismatch");
  });

  test("an attempt older than 10 minutes", async () => {
    await person();
    const jar = cookieJar();
    const response = await providerSignIn(server, "google", jar, {
      bend: () => server.clock.advance(11 * 60_000),
    });
    expect(refusal(response)).toBe("state_mismatch");
  });

  test("the provider's refusal (access_denied)", async () => {
    await person();
    provider.refuseWith = "access_denied";
    expect(refusal(await providerSignIn(server, "oidc", cookieJar()))).toBe("denied");
  });

  test("a wrong PKCE verifier is refused by the provider", async () => {
    await person();
    const jar = cookieJar();
    const response = await providerSignIn(server, "oidc", jar, {
      bend: () => {
        // The verifier travels in the attempt cookie: swap it for another.
        const cookie = JSON.parse(decodeURIComponent(jar.get("svc_sign_in") as string));
        cookie.codeVerifier = "x".repeat(43);
        jar.take(new Response(null, { headers: { "set-cookie": `svc_sign_in=${encodeURIComponent(JSON.stringify(cookie))}` } }));
      },
    });
    expect(refusal(response)).toBe("provider_error");
    expect(provider.tokenRefusals.at(-1)).toBe("invalid_grant");
  });

  const bentTokens: Array<[string, OAuthProviderDouble["idToken"]]> = [
    ["another audience", { audience: "someone-else" }],
    ["another issuer", { issuer: "https://issuer.example" }],
    ["another nonce", { nonce: "replayed" }],
    ["a signature by a key not in the JWKS", { foreignKey: true }],
    ["an expiry before the service's clock", { lifetimeSeconds: -60 }],
  ];
  for (const [what, bend] of bentTokens) {
    test(`an ID token with ${what}`, async () => {
      await person();
      provider.idToken = bend;
      expect(refusal(await providerSignIn(server, "oidc", cookieJar()))).toBe("invalid_id_token");
    });
  }

  test("an e-mail the provider has not verified (OIDC, Google, GitHub)", async () => {
    for (const id of ["oidc", "google", "github"]) {
      await person({ emailVerified: false });
      expect(refusal(await providerSignIn(server, id, cookieJar()))).toBe("email_unverified");
    }
  });

  test("a provider whose discovery fails or names another issuer: refused at the start", async () => {
    const misconfigured = await startTestServer({
      env: {
        GOOGLE_CLIENT_ID: "google-client",
        GOOGLE_CLIENT_SECRET: "google-secret",
        GOOGLE_ISSUER: `${provider.url}/nowhere`,
        OIDC_CLIENT_ID: "oidc-client",
        OIDC_CLIENT_SECRET: "oidc-secret",
        // The document says issuer without the slash: OIDC Discovery §4.3 wants them equal.
        OIDC_ISSUER: `${provider.url}/`,
      },
    });
    try {
      for (const id of ["google", "oidc"]) {
        const start = await fetch(`${misconfigured.url}/auth/${id}/start`, { redirect: "manual" });
        expect(start.status).toBe(303);
        expect(start.headers.get("location")).toBe("/app/sign-in?error=provider_error");
      }
    } finally {
      await misconfigured.close();
    }
  });

  test("nothing is left behind: no session, no user", async () => {
    const before = (await server.services.database.db.select().from(sessions)).length;
    provider.user = { sub: "9999", email: "nobody@example.com", emailVerified: true, name: null, login: "nobody" };
    provider.idToken = { foreignKey: true };
    await providerSignIn(server, "google", cookieJar());
    expect((await server.services.database.db.select().from(sessions)).length).toBe(before);
    expect(await server.services.database.db.select().from(users).where(eq(users.email, "nobody@example.com"))).toEqual([]);
  });
});

describe("sign-up policy", () => {
  test("SIGN_UP=invite (the default) refuses a stranger", async () => {
    provider.user = { sub: "5001", email: "stranger@example.com", emailVerified: true, name: "Stranger", login: "stranger" };
    expect(refusal(await providerSignIn(server, "github", cookieJar()))).toBe("not_invited");
    expect(await server.services.database.db.select().from(users).where(eq(users.email, "stranger@example.com"))).toEqual([]);
  });

  test("SIGN_UP=open lets a stranger in as the owner of a new account of their own", async () => {
    server.services.config.signIn.signUp = "open";
    provider.user = { sub: "5002", email: "Founder@Example.com", emailVerified: true, name: "Founder", login: "founder" };
    const jar = cookieJar();
    expect((await providerSignIn(server, "google", jar)).headers.get("location")).toBe("/app");
    const reply = await me(jar);
    expect(reply.body).toMatchObject({ user: { email: "founder@example.com", name: "Founder" }, account: { name: "Founder" }, role: "owner" });
    expect(reply.body.account.id).not.toBe(owner.accountId);
    expect((await getAccount(server.services.database.db, reply.body.account.id))?.profile.locale).toBe("en-US");
  });

  test("SIGN_UP=open: the new account's profile starts with the service's DEFAULT_LOCALE", async () => {
    server.services.config.signIn.signUp = "open";
    server.services.config.defaultLocale = "pt-PT";
    try {
      provider.user = { sub: "5003", email: "fundadora@example.com", emailVerified: true, name: "Fundadora", login: "fundadora" };
      const jar = cookieJar();
      expect((await providerSignIn(server, "google", jar)).headers.get("location")).toBe("/app");
      const { body } = await me(jar);
      expect((await getAccount(server.services.database.db, body.account.id))?.profile.locale).toBe("pt-PT");
    } finally {
      server.services.config.defaultLocale = "en-US";
    }
  });

  test("an open invite lets a stranger in, into the invite's account, even with SIGN_UP=invite", async () => {
    const admin = await signedIn(server, { accountId: owner.accountId, role: "owner" });
    const principal = { kind: "session" as const, id: admin.sessionId, accountId: owner.accountId, tier: "unlimited" as const, scopes: [], userId: admin.userId, role: "owner" as const };
    const invitePage = async (email: string | null): Promise<string> => {
      const { url } = await sendInvite(server.services, principal, { email, role: "admin", canApprove: false });
      return `${new URL(url).pathname}${new URL(url).search}`;
    };
    const stranger = (sub: string, email: string) => ({ sub, email, emailVerified: true, name: `Stranger ${sub}`, login: `s${sub}` });

    const open = await invitePage(null);
    provider.user = stranger("5003", "invited@example.com");
    const jar = cookieJar();
    // Accepted at sign-in already: the console's home, not the invite page.
    expect((await providerSignIn(server, "oidc", jar, { next: open })).headers.get("location")).toBe("/app");
    expect((await me(jar)).body).toMatchObject({ user: { email: "invited@example.com" }, account: { id: owner.accountId }, role: "admin" });

    // Used up: the next stranger with the same link is refused.
    provider.user = stranger("5004", "second@example.com");
    expect(refusal(await providerSignIn(server, "oidc", cookieJar(), { next: open }))).toBe("not_invited");

    // An invite made out to an address admits only that address.
    const named = await invitePage("named@example.com");
    provider.user = stranger("5005", "someone-else@example.com");
    expect(refusal(await providerSignIn(server, "github", cookieJar(), { next: named }))).toBe("not_invited");
    provider.user = stranger("5006", "Named@Example.com");
    expect((await providerSignIn(server, "github", cookieJar(), { next: named })).headers.get("location")).toBe("/app");
  });
});
