// Google and any OpenID Connect issuer: the discovery document (`<issuer>/.well-known/openid-configuration`,
// fetched once and kept), authorization code with PKCE (S256), state and nonce, then the ID token
// verified with jose against the issuer's published keys: signature, issuer, audience, expiry (by
// the service's clock), and the nonce this attempt sent. The e-mail must be verified; when the ID
// token carries none, the userinfo endpoint is asked for the same subject.
import { CodeChallengeMethod, OAuth2Client } from "arctic";
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import type { Clock } from "../../domain/clock.ts";
import { fieldsOf, providerJson, SignInRefused, type Claim, type SignInProvider } from "./providers.ts";

export type OidcOptions = {
  id: "google" | "oidc";
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Another spelling of the issuer its ID tokens may carry. */
  alsoIssuer?: string;
};

type Discovered = {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string | null;
  keys: ReturnType<typeof createRemoteJWKSet>;
};

/** OpenID Connect Discovery §4: the issuer without a trailing slash, then the well-known path. */
export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
}

async function discover(issuer: string): Promise<Discovered> {
  const document = fieldsOf(await providerJson(discoveryUrl(issuer)));
  const { authorization_endpoint: authorize, token_endpoint: token, jwks_uri: jwks, userinfo_endpoint: userinfo } = document;
  // §4.3: the document must name exactly the issuer it was fetched for.
  if (document.issuer !== issuer) throw new SignInRefused("provider_error", `the discovery document names issuer ${String(document.issuer)}, not ${issuer}`);
  if (typeof authorize !== "string" || typeof token !== "string" || typeof jwks !== "string") {
    throw new SignInRefused("provider_error", "the discovery document lacks authorization_endpoint, token_endpoint or jwks_uri");
  }
  return {
    authorizationEndpoint: authorize,
    tokenEndpoint: token,
    userinfoEndpoint: typeof userinfo === "string" ? userinfo : null,
    keys: createRemoteJWKSet(new URL(jwks), { timeoutDuration: 10_000 }),
  };
}

/** Providers write email_verified as a boolean; a few send the string "true". */
function isVerified(value: unknown): boolean {
  return value === true || value === "true";
}

export function oidcProvider(options: OidcOptions, clock: Clock): SignInProvider {
  let discovered: Promise<Discovered> | null = null;
  // Kept once it worked; a failure is forgotten, so the next sign-in asks again.
  const discovery = (): Promise<Discovered> =>
    (discovered ??= discover(options.issuer).catch((error: unknown) => {
      discovered = null;
      throw error;
    }));
  const client = (redirectUri: string) => new OAuth2Client(options.clientId, options.clientSecret, redirectUri);

  async function verifiedIdToken(idToken: string, keys: Discovered["keys"], nonce: string): Promise<JWTPayload> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        issuer: options.alsoIssuer ? [options.issuer, options.alsoIssuer] : options.issuer,
        audience: options.clientId,
        currentDate: clock.now(),
        requiredClaims: ["sub", "exp", "iat"],
      }));
    } catch (error) {
      throw new SignInRefused("invalid_id_token", `the ID token did not verify: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (payload.nonce !== nonce) throw new SignInRefused("invalid_id_token", "the ID token's nonce is not this sign-in's");
    // Core §3.1.3.7: with several audiences, the token must have been issued to us (azp).
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== options.clientId) throw new SignInRefused("invalid_id_token", "the ID token was issued to another party (azp)");
    return payload;
  }

  /** The e-mail and name from the ID token, or else from userinfo for the same subject. */
  async function profileOf(payload: JWTPayload, accessToken: string, userinfoEndpoint: string | null): Promise<Record<string, unknown>> {
    if (typeof payload.email === "string" || !userinfoEndpoint) return payload;
    const userinfo = fieldsOf(await providerJson(userinfoEndpoint, { headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" } }));
    if (userinfo.sub !== payload.sub) throw new SignInRefused("invalid_id_token", "userinfo answered for another subject");
    return userinfo;
  }

  return {
    id: options.id,
    label: options.label,
    async authorizationUrl(attempt, redirectUri) {
      const { authorizationEndpoint } = await discovery();
      const url = client(redirectUri).createAuthorizationURLWithPKCE(authorizationEndpoint, attempt.state, CodeChallengeMethod.S256, attempt.codeVerifier, ["openid", "email", "profile"]);
      url.searchParams.set("nonce", attempt.nonce);
      return url;
    },
    async identify(code, attempt, redirectUri): Promise<Claim> {
      const { tokenEndpoint, userinfoEndpoint, keys } = await discovery();
      let idToken: string;
      let accessToken: string;
      try {
        const tokens = await client(redirectUri).validateAuthorizationCode(tokenEndpoint, code, attempt.codeVerifier);
        idToken = tokens.idToken();
        accessToken = tokens.accessToken();
      } catch (error) {
        throw new SignInRefused("provider_error", `the token endpoint: ${error instanceof Error ? error.message : String(error)}`);
      }
      const payload = await verifiedIdToken(idToken, keys, attempt.nonce);
      const profile = await profileOf(payload, accessToken, userinfoEndpoint);
      if (typeof profile.email !== "string") throw new SignInRefused("provider_error", "the provider named no e-mail address");
      if (!isVerified(profile.email_verified)) throw new SignInRefused("email_unverified", "the provider has not verified the e-mail address");
      const name = typeof profile.name === "string" && profile.name ? profile.name : null;
      return { provider: options.id, subject: payload.sub as string, email: profile.email, name };
    },
  };
}
