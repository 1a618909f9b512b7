// A local stand-in for the sign-in providers (GitHub, Google, any OpenID Connect issuer): a real HTTP
// server on 127.0.0.1 speaking the authorization code flow with PKCE as they do. OIDC: discovery,
// /authorize (consents at once for `user`), /token (checks the code, the client's credentials, the
// redirect URI and the PKCE verifier; answers an ID token signed RS256 with a key from /jwks, by the
// test's clock), /userinfo. GitHub: /login/oauth/authorize, /login/oauth/access_token (refusals as
// 200 with `error`, as GitHub does), and the API's /user and /user/emails. `idToken` bends the next
// ID tokens (another audience, issuer, nonce, key, no e-mail, expired) for the negative tests.
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { createHash } from "node:crypto";

export type ProviderUser = { sub: string; email: string; emailVerified: boolean; name: string | null; login: string };

export type IdTokenBending = {
  audience?: string;
  issuer?: string;
  nonce?: string;
  /** Signs with a key that is not in /jwks (same kid). */
  foreignKey?: boolean;
  /** Leaves email and email_verified out: the service must ask /userinfo. */
  withoutEmail?: boolean;
  /** Seconds the token lives (negative: expired already). */
  lifetimeSeconds?: number;
};

export type OAuthProviderDouble = {
  /** The issuer, and the base of GitHub's site and API paths. */
  url: string;
  /** Who consents at /authorize; tests change it between sign-ins. */
  user: ProviderUser;
  idToken: IdTokenBending;
  /** When set, /authorize answers with this error (access_denied) instead of a code. */
  refuseWith: string | null;
  /** What the token endpoint refused, newest last (the OAuth error codes). */
  tokenRefusals: string[];
  close(): void;
};

type Grant = { clientId: string; redirectUri: string; challenge: string; nonce: string | null; user: ProviderUser; used: boolean };

const KID = "double-key-1";

function base64Url(bytes: Buffer): string {
  return bytes.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function startOAuthProvider(options: { clients: Record<string, string>; now: () => Date }): Promise<OAuthProviderDouble> {
  const signing = await generateKeyPair("RS256", { extractable: true });
  const foreign = await generateKeyPair("RS256");
  const publicJwk: JWK = { ...(await exportJWK(signing.publicKey)), kid: KID, alg: "RS256", use: "sig" };
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, ProviderUser>();
  let url = "";

  const double: OAuthProviderDouble = {
    url: "",
    user: { sub: "subject-1", email: "person@example.com", emailVerified: true, name: "Pat Person", login: "pat" },
    idToken: {},
    refuseWith: null,
    tokenRefusals: [],
    close: () => server.stop(true),
  };

  function authorize(request: URL): Response {
    const query = request.searchParams;
    const redirectUri = query.get("redirect_uri") ?? "";
    const state = query.get("state") ?? "";
    const clientId = query.get("client_id") ?? "";
    if (!(clientId in options.clients) || !redirectUri) return Response.json({ error: "invalid_request" }, { status: 400 });
    const back = new URL(redirectUri);
    back.searchParams.set("state", state);
    if (double.refuseWith) {
      back.searchParams.set("error", double.refuseWith);
      return Response.redirect(back.toString(), 302);
    }
    if (query.get("code_challenge_method") !== "S256" || !query.get("code_challenge")) return Response.json({ error: "invalid_request", error_description: "PKCE S256 required" }, { status: 400 });
    const code = crypto.randomUUID();
    grants.set(code, { clientId, redirectUri, challenge: query.get("code_challenge") as string, nonce: query.get("nonce"), user: { ...double.user }, used: false });
    back.searchParams.set("code", code);
    return Response.redirect(back.toString(), 302);
  }

  /** The client's credentials from HTTP Basic or the form (client_secret_post). */
  function clientOf(request: Request, form: URLSearchParams): { id: string; secret: string } {
    const basic = /^Basic (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
    if (basic) {
      const [id = "", secret = ""] = atob(basic).split(":").map(decodeURIComponent);
      return { id, secret };
    }
    return { id: form.get("client_id") ?? "", secret: form.get("client_secret") ?? "" };
  }

  async function idTokenFor(grant: Grant): Promise<string> {
    const bend = double.idToken;
    const now = options.now();
    const claims: Record<string, unknown> = { name: grant.user.name, ...(grant.nonce !== null ? { nonce: bend.nonce ?? grant.nonce } : {}) };
    if (!bend.withoutEmail) Object.assign(claims, { email: grant.user.email, email_verified: grant.user.emailVerified });
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: KID, typ: "JWT" })
      .setIssuer(bend.issuer ?? url)
      .setAudience(bend.audience ?? grant.clientId)
      .setSubject(grant.user.sub)
      .setIssuedAt(now)
      .setExpirationTime(new Date(now.getTime() + (bend.lifetimeSeconds ?? 3600) * 1000))
      .sign((bend.foreignKey ? foreign.privateKey : signing.privateKey) as CryptoKey);
  }

  /** The code exchange; `github` answers refusals the way GitHub does (200 with an error field). */
  async function token(request: Request, github: boolean): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    const refuse = (error: string): Response => {
      double.tokenRefusals.push(error);
      return github ? Response.json({ error }) : Response.json({ error }, { status: error === "invalid_client" ? 401 : 400 });
    };
    const client = clientOf(request, form);
    if (options.clients[client.id] !== client.secret) return refuse("invalid_client");
    if (form.get("grant_type") !== "authorization_code") return refuse("unsupported_grant_type");
    const grant = grants.get(form.get("code") ?? "");
    if (!grant || grant.used || grant.clientId !== client.id) return refuse(github ? "bad_verification_code" : "invalid_grant");
    grant.used = true;
    if (form.get("redirect_uri") !== grant.redirectUri) return refuse(github ? "redirect_uri_mismatch" : "invalid_grant");
    const verifier = form.get("code_verifier") ?? "";
    if (base64Url(createHash("sha256").update(verifier).digest()) !== grant.challenge) return refuse(github ? "bad_verification_code" : "invalid_grant");
    const accessToken = `at_${crypto.randomUUID()}`;
    accessTokens.set(accessToken, grant.user);
    if (github) return Response.json({ access_token: accessToken, token_type: "bearer", scope: "read:user,user:email" });
    return Response.json({ access_token: accessToken, token_type: "Bearer", expires_in: 3600, id_token: await idTokenFor(grant), scope: "openid email profile" });
  }

  function bearer(request: Request): ProviderUser | undefined {
    const token = /^(?:Bearer|token) (.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
    return token ? accessTokens.get(token) : undefined;
  }

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const at = new URL(request.url);
      const route = `${request.method} ${at.pathname}`;
      switch (route) {
        case "GET /.well-known/openid-configuration":
          return Response.json({
            issuer: url,
            authorization_endpoint: `${url}/authorize`,
            token_endpoint: `${url}/token`,
            userinfo_endpoint: `${url}/userinfo`,
            jwks_uri: `${url}/jwks`,
            response_types_supported: ["code"],
            subject_types_supported: ["public"],
            id_token_signing_alg_values_supported: ["RS256"],
            code_challenge_methods_supported: ["S256"],
          });
        case "GET /jwks":
          return Response.json({ keys: [publicJwk] });
        case "GET /authorize":
        case "GET /login/oauth/authorize":
          return authorize(at);
        case "POST /token":
          return token(request, false);
        case "POST /login/oauth/access_token":
          return token(request, true);
      }
      const user = bearer(request);
      if (!user) return Response.json({ message: "Requires authentication" }, { status: 401 });
      switch (route) {
        case "GET /userinfo":
          return Response.json({ sub: user.sub, email: user.email, email_verified: user.emailVerified, name: user.name });
        case "GET /user":
          return Response.json({ id: Number(user.sub.replace(/\D/g, "")) || 4242, login: user.login, name: user.name });
        case "GET /user/emails":
          return Response.json([
            { email: `${user.login}@users.noreply.example`, primary: false, verified: true, visibility: null },
            { email: user.email, primary: true, verified: user.emailVerified, visibility: "private" },
          ]);
      }
      return Response.json({ error: "not_found" }, { status: 404 });
    },
  });
  url = `http://127.0.0.1:${server.port}`;
  double.url = url;
  return double;
}
