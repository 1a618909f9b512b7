// Sign-in: the providers the service has configured (GitHub, Google, OpenID Connect), and a one-time
// link by e-mail, which also works on the embedded default with no provider at all. Both are plain
// HTTP routes under /auth (not procedures): the browser navigates there and comes back signed in.
import type { JSX } from "preact";
import { ErrorNote, Field, PageTitle } from "../components.tsx";
import { useQuery } from "../hooks.ts";
import { t, type PhraseKey } from "../i18n/index.ts";
import type { PageProps } from "../routes.ts";
import { withQuery } from "../router.ts";
import { safeNext } from "../../../../domain/access.ts";

/** GET /auth/providers, an HTTP route (not a procedure): `{providers: [{id, name, url}], sign_in_links}`. */
type Provider = { id: string; name: string; url: string };

async function providers(): Promise<Provider[]> {
  const response = await fetch("/auth/providers", { credentials: "same-origin" });
  if (!response.ok) throw new Error(t("error.generic"));
  return ((await response.json()) as { providers: Provider[] }).providers;
}

/** The reasons /auth gives a refused sign-in (?error=…) that a person can act on; others read "failed". */
const ERRORS: Record<string, PhraseKey> = {
  link_expired: "signIn.linkExpired",
  link_used: "signIn.linkExpired",
  denied: "signIn.denied",
  not_invited: "signIn.notInvited",
  no_account: "signIn.noAccount",
  email_unverified: "signIn.unverified",
  invalid_email: "signIn.invalidEmail",
};

export function Page({ query }: PageProps): JSX.Element {
  const list = useQuery(providers, []);
  // The server applies the same rule; keeping any same-origin path lets the OAuth consent page send people back to it.
  const next = safeNext(query.get("next"));
  const error = query.get("error");
  return (
    <div class="narrow">
      <PageTitle>{t("signIn.title")}</PageTitle>
      {error && <ErrorNote error={`${t(ERRORS[error] ?? "signIn.failed")} (${error})`} />}
      {query.get("sent") && (
        <p class="notice" role="status">
          {t("signIn.sent")}
        </p>
      )}
      <ErrorNote error={list.error} />
      {list.data && list.data.length > 0 && (
        <ul class="providers">
          {list.data.map((provider) => (
            <li key={provider.id}>
              <a class="button" href={withQuery(provider.url, { next })}>
                {t("signIn.with", { provider: provider.name })}
              </a>
            </li>
          ))}
        </ul>
      )}
      <form method="post" action="/auth/link/request" class="card">
        <h2>{t("signIn.byEmail")}</h2>
        <input type="hidden" name="next" value={next} />
        <Field label={t("signIn.email")}>
          <input type="email" name="email" required autoComplete="email" maxLength={320} />
        </Field>
        <button type="submit" class="primary">
          {t("signIn.sendLink")}
        </button>
      </form>
      <p class="muted">{t("signIn.scriptHint")}</p>
    </div>
  );
}
