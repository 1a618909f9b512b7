// The sign-in providers the configuration enables, built once per app from SIGN_IN settings: GitHub
// by its OAuth app, Google and any OpenID Connect issuer by their discovery documents.
import type { SignInConfig } from "../../platform/config.ts";
import type { Clock } from "../../domain/clock.ts";
import { githubProvider } from "./github.ts";
import { oidcProvider } from "./oidc.ts";
import type { ProviderId, SignInProvider } from "./providers.ts";

/** The enabled providers, in the order the sign-in page shows them. */
export function enabledProviders(config: SignInConfig, clock: Clock): Map<ProviderId, SignInProvider> {
  const providers: SignInProvider[] = [];
  if (config.github) providers.push(githubProvider(config.github));
  // Google's ID tokens name their issuer with or without the scheme.
  if (config.google) providers.push(oidcProvider({ id: "google", label: "Google", ...config.google, alsoIssuer: "accounts.google.com" }, clock));
  if (config.oidc) providers.push(oidcProvider({ id: "oidc", label: config.oidc.name, ...config.oidc }, clock));
  return new Map(providers.map((provider) => [provider.id, provider]));
}
