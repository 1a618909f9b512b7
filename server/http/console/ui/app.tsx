// The shell: who is signed in, the navigation their role allows, the account and language switchers,
// the live region, and the page the path names. A visitor who is not signed in is sent to sign-in
// with the path to come back to.
import type { JSX } from "preact";
import { useEffect, useState } from "preact/hooks";
import { setConfirmationLabels } from "../bridge/index.ts";
import { api, appCodeOf, type Me } from "./api.ts";
import { ErrorNote, Loading } from "./components.tsx";
import { applyLanguage, currentLanguage, LANGUAGES, t, type Language } from "./i18n/index.ts";
import { useMessage } from "./messages.ts";
import { ROUTES, type PageModule, type Route } from "./routes.ts";
import { HOME, SIGN_IN } from "./paths.ts";
import { Link, matchPath, navigate, usePlace, withQuery } from "./router.ts";
import { can, SessionContext } from "./session.ts";

type Who = { state: "loading" } | { state: "signed-out" } | { state: "signed-in"; me: Me } | { state: "failed"; error: unknown };

/** Who is signed in. The console speaks the person's language (their pick, else their browser's: main.tsx), not the account's invoice locale. */
async function whoIsSignedIn(): Promise<Who> {
  try {
    const me = await api.me.get.query({});
    // The person's own pick, kept with them, wins over what this browser guessed before sign-in.
    const picked = me.user.interface_language;
    if (picked && picked !== currentLanguage()) await applyLanguage(picked, { remember: true });
    return { state: "signed-in", me };
  } catch (error) {
    return appCodeOf(error) === "UNAUTHORIZED" ? { state: "signed-out" } : { state: "failed", error };
  }
}

// By loader, not by route: two paths of one page (new, then the draft's own address) share it, so
// moving between them keeps the page mounted with what the person is typing.
const loaded = new Map<Route["load"], PageModule>();

/** The route's page, loaded once; null while its chunk is on the way. */
function usePage(route: Route | undefined): PageModule | null {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (route && !loaded.has(route.load)) {
      void route.load().then((module) => {
        loaded.set(route.load, module);
        setLoaded((count) => count + 1);
      });
    }
  }, [route]);
  return route ? (loaded.get(route.load) ?? null) : null;
}

function LanguagePicker({ signedIn, onChange }: { signedIn: boolean; onChange(): void }): JSX.Element {
  return (
    <label class="picker">
      <span class="visually-hidden">{t("shell.language")}</span>
      <select
        value={currentLanguage()}
        onChange={async (event) => {
          const picked = event.currentTarget.value as Language;
          await applyLanguage(picked, { remember: true });
          onChange();
          // Kept with the person too, for their other browsers; if that fails, this browser still remembers it.
          if (signedIn) await api.me.update.mutate({ interface_language: picked }).catch(() => undefined);
        }}
      >
        {Object.entries(LANGUAGES).map(([code, name]) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}

function AccountPicker({ me, onSwitched }: { me: Me; onSwitched(me: Me): void }): JSX.Element {
  if (me.accounts.length < 2) return <span class="account-name">{me.account.name}</span>;
  return (
    <label class="picker">
      <span class="visually-hidden">{t("shell.account")}</span>
      <select
        value={me.account.id}
        onChange={async (event) => {
          onSwitched(await api.me.switchAccount.mutate({ account_id: event.currentTarget.value }));
          navigate(HOME);
        }}
      >
        {me.accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function Navigation({ me, path }: { me: Me; path: string }): JSX.Element {
  const listed = ROUTES.filter((route) => route.nav && (!route.scope || can(me, route.scope)));
  return (
    <nav class="main-nav" aria-label={t("shell.navigation")}>
      <ul>
        {listed.map((route) => (
          <li key={route.pattern}>
            <Link href={route.pattern} aria-current={path.startsWith(route.pattern) ? "page" : undefined}>
              {t(route.nav!)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function LiveRegion(): JSX.Element {
  const message = useMessage();
  return (
    <div class={message?.kind === "error" ? "live error-text" : "live"} role="status" aria-live="polite">
      {message?.text}
    </div>
  );
}

export function App(): JSX.Element {
  const place = usePlace();
  const [who, setWho] = useState<Who>({ state: "loading" });
  const [, setLanguageRound] = useState(0);
  const refresh = async (): Promise<void> => setWho(await whoIsSignedIn());
  useEffect(() => void refresh(), []);

  // The bridge's confirmation dialog speaks the page's language.
  const language = currentLanguage();
  useEffect(() => setConfirmationLabels({ heading: t("bridge.heading"), intro: t("bridge.intro"), confirm: t("bridge.confirm"), cancel: t("bridge.cancel") }), [language]);

  const path = place.path === "/app" ? HOME : place.path;
  const route = ROUTES.find((candidate) => matchPath(candidate.pattern, path));
  const page = usePage(route);

  useEffect(() => {
    if (place.path === "/app") navigate(HOME, { replace: true });
    else if (who.state === "signed-out" && route && !route.open) navigate(withQuery(SIGN_IN, { next: path + location.search }), { replace: true });
    else if (who.state === "signed-in" && route?.pattern === SIGN_IN) navigate(place.query.get("next")?.startsWith("/app") ? place.query.get("next")! : HOME, { replace: true });
  }, [who.state, path]);

  const me = who.state === "signed-in" ? who.me : null;
  const allowed = route && (route.open || (me && (!route.scope || can(me, route.scope))));
  let body: JSX.Element;
  if (who.state === "loading") body = <Loading />;
  else if (who.state === "failed") body = <ErrorNote error={who.error} />;
  else if (!route) body = <h1>{t("shell.notFound")}</h1>;
  else if (!allowed) body = me ? <h1>{t("shell.notAllowed")}</h1> : <Loading />;
  else if (!page) body = <Loading />;
  // Keyed by the account: after a switch, the page loads again in the account the person now acts in.
  else body = <page.Page key={me?.account.id ?? "visitor"} params={matchPath(route.pattern, path) ?? {}} query={place.query} />;

  return (
    <SessionContext.Provider value={me ? { me, refresh } : null}>
      <a class="skip" href="#main">
        {t("shell.skip")}
      </a>
      <header class="top">
        <Link class="brand" href={HOME}>
          {t("shell.brand")}
        </Link>
        {me && <AccountPicker me={me} onSwitched={(switched) => setWho({ state: "signed-in", me: switched })} />}
        <div class="top-tools">
          <LanguagePicker signedIn={me !== null} onChange={() => setLanguageRound((round) => round + 1)} />
          {me && (
            <>
              <Link href="/app/sessions" class="who">
                {me.user.name ?? me.user.email}
              </Link>
              <form method="post" action="/auth/sign-out">
                <button type="submit" class="link-button">
                  {t("shell.signOut")}
                </button>
              </form>
            </>
          )}
        </div>
        {me && <Navigation me={me} path={path} />}
      </header>
      <main id="main" tabIndex={-1}>
        {body}
      </main>
      <LiveRegion />
    </SessionContext.Provider>
  );
}
