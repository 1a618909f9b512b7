// The invitation landing page: what the one-time link offers (which account, which role), and
// accepting it, which needs the person signed in first: a visitor goes through sign-in and back.
import type { JSX } from "preact";
import { useContext } from "preact/hooks";
import { api } from "../api.ts";
import { ErrorNote, Loading, PageTitle } from "../components.tsx";
import { day } from "../format.ts";
import { useAction, useQuery } from "../hooks.ts";
import { t, type PhraseKey } from "../i18n/index.ts";
import { Link, navigate, withQuery } from "../router.ts";
import { type PageProps } from "../routes.ts";
import { HOME, SIGN_IN } from "../paths.ts";
import { SessionContext } from "../session.ts";

export function Page({ query }: PageProps): JSX.Element {
  const session = useContext(SessionContext);
  const token = query.get("token") ?? "";
  const preview = useQuery(() => api.invites.preview.query({ token }), [token]);
  const accept = useAction(() => api.invites.accept.mutate({ token }), (me) => t("invite.joined", { name: me.account.name }));
  if (preview.error) return <ErrorNote error={preview.error} />;
  if (!preview.data) return <Loading />;
  const offer = preview.data;
  return (
    <div class="narrow">
      <PageTitle>{t("invite.title", { name: offer.account.name })}</PageTitle>
      <p>{t("invite.offer", { name: offer.account.name, role: t(`role.${offer.role}` as PhraseKey), date: day(offer.expires_at.slice(0, 10)) })}</p>
      {session ? (
        <button
          type="button"
          class="primary"
          disabled={accept.busy}
          onClick={async () => {
            if (await accept.run()) {
              await session.refresh();
              navigate(HOME);
            }
          }}
        >
          {t("invite.accept")}
        </button>
      ) : (
        <Link class="button primary" href={withQuery(SIGN_IN, { next: withQuery("/app/invite", { token }) })}>
          {t("invite.signInFirst")}
        </Link>
      )}
      <ErrorNote error={accept.error} />
    </div>
  );
}
