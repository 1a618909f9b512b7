// The person's sessions: where they are signed in, since when, and the way to end any of them.
import type { JSX } from "preact";
import { api } from "../api.ts";
import { ConfirmButton, ErrorNote, Loading, PageTitle, Table } from "../components.tsx";
import { moment } from "../format.ts";
import { useAction, useQuery } from "../hooks.ts";
import { t } from "../i18n/index.ts";
import type { PageProps } from "../routes.ts";

export function Page(_props: PageProps): JSX.Element {
  const sessions = useQuery(() => api.me.sessions.query({}), []);
  const revoke = useAction((id: string) => api.me.revokeSession.mutate({ id }), () => t("sessions.revoked"));
  return (
    <>
      <PageTitle>{t("sessions.title")}</PageTitle>
      <ErrorNote error={sessions.error ?? revoke.error} />
      {!sessions.data && !sessions.error && <Loading />}
      {sessions.data && (
        <Table caption={t("sessions.title")} head={[t("sessions.device"), t("sessions.method"), t("sessions.started"), t("sessions.lastSeen"), t("sessions.expires"), t("common.actions")]}>
          {sessions.data.data.map((session) => (
            <tr key={session.id}>
              <th scope="row">
                {session.user_agent ?? t("sessions.unknownDevice")} {session.current && <strong>({t("sessions.current")})</strong>}
              </th>
              <td>{session.method}</td>
              <td>{moment(session.created_at)}</td>
              <td>{moment(session.last_seen_at)}</td>
              <td>{moment(session.expires_at)}</td>
              <td class="row-actions">
                {!session.current && (
                  <ConfirmButton label={t("sessions.revoke")} question={t("sessions.revokeQuestion")} busy={revoke.busy} onConfirm={() => void revoke.run(session.id).then((done) => done && sessions.reload())} />
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}
