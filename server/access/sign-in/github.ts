// GitHub (or GitHub Enterprise: GITHUB_URL, GITHUB_API_URL): authorization code with PKCE and state,
// then the API's /user (the stable numeric id and name) and /user/emails (the primary address, which
// must be verified). GitHub issues no ID token, so the API is what vouches for the person.
import { CodeChallengeMethod, OAuth2Client } from "arctic";
import type { SignInConfig } from "../../platform/config.ts";
import { fieldsOf, providerJson, SignInRefused, type SignInProvider } from "./providers.ts";

type GitHubConfig = NonNullable<SignInConfig["github"]>;

export function githubProvider(config: GitHubConfig): SignInProvider {
  const client = (redirectUri: string) => new OAuth2Client(config.clientId, config.clientSecret, redirectUri);
  const api = (path: string, accessToken: string) =>
    providerJson(`${config.apiUrl}${path}`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/vnd.github+json", "user-agent": "invoicing-service" },
    });

  return {
    id: "github",
    label: "GitHub",
    async authorizationUrl(attempt, redirectUri) {
      return client(redirectUri).createAuthorizationURLWithPKCE(`${config.url}/login/oauth/authorize`, attempt.state, CodeChallengeMethod.S256, attempt.codeVerifier, ["read:user", "user:email"]);
    },
    async identify(code, attempt, redirectUri) {
      let accessToken: string;
      try {
        // GitHub answers a refused code with 200 and an `error` field: no access token then.
        accessToken = (await client(redirectUri).validateAuthorizationCode(`${config.url}/login/oauth/access_token`, code, attempt.codeVerifier)).accessToken();
      } catch (error) {
        throw new SignInRefused("provider_error", `GitHub's token endpoint: ${error instanceof Error ? error.message : String(error)}`);
      }
      const [user, emails] = await Promise.all([api("/user", accessToken).then(fieldsOf), api("/user/emails", accessToken)]);
      const primary = (Array.isArray(emails) ? emails.map(fieldsOf) : []).find((entry) => entry.primary === true);
      if (typeof user.id !== "number" || typeof primary?.email !== "string") throw new SignInRefused("provider_error", "GitHub's /user or /user/emails lacked the id or a primary e-mail");
      if (primary.verified !== true) throw new SignInRefused("email_unverified", "GitHub's primary e-mail is not verified");
      const name = typeof user.name === "string" && user.name ? user.name : typeof user.login === "string" ? user.login : null;
      return { provider: "github", subject: String(user.id), email: primary.email, name };
    },
  };
}
