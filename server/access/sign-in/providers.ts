// The one shape every sign-in provider has (README "Signing in"; enabled.ts lists those configured): send the
// person to the provider, then turn the code it sends back into who they are. Each uses arctic's
// generic OAuth2Client with endpoints from the configuration (GitHub) or from the provider's
// discovery document (Google, any OpenID Connect issuer): arctic's GitHub and Google classes hard-code
// github.com and accounts.google.com, which would rule out GitHub Enterprise and the local provider
// double the tests run against.

export type ProviderId = "github" | "google" | "oidc";

/** One sign-in attempt's secrets, made at its start and checked on the provider's callback. */
export type Attempt = { state: string; codeVerifier: string; nonce: string };

/** Who signed in, as the provider vouches for them: its stable subject and an e-mail it has verified. */
export type Claim = { provider: ProviderId; subject: string; email: string; name: string | null };

export type SignInProvider = {
  id: ProviderId;
  /** The button's label. */
  label: string;
  /** Where to send the browser: the provider's authorization endpoint with PKCE (S256), state (and nonce). */
  authorizationUrl(attempt: Attempt, redirectUri: string): Promise<URL>;
  /** Exchanges the callback's code (with the PKCE verifier) and reads who signed in; throws SignInRefused. */
  identify(code: string, attempt: Attempt, redirectUri: string): Promise<Claim>;
};

/** Why a sign-in did not happen, as the sign-in page's `error` parameter names it. */
export type RefusalReason =
  | "denied"
  | "state_mismatch"
  | "provider_error"
  | "invalid_id_token"
  | "email_unverified"
  | "not_invited"
  | "no_account"
  | "link_expired"
  | "link_used";

/** A refused sign-in: the person sees the reason's code, the log gets the detail. */
export class SignInRefused extends Error {
  readonly reason: RefusalReason;

  constructor(reason: RefusalReason, detail?: string) {
    super(detail ?? reason);
    this.name = "SignInRefused";
    this.reason = reason;
  }
}

/** A provider's JSON answer, refused as provider_error when it fails or takes longer than 10 s. */
export async function providerJson(url: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new SignInRefused("provider_error", `${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new SignInRefused("provider_error", `${url} answered ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new SignInRefused("provider_error", `${url} did not answer JSON`);
  }
}

/** A JSON object's fields (an empty record for anything else), for reading a provider's answer defensively. */
export function fieldsOf(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
