// Connected agents: the OAuth grants people gave agents in this account (a member sees their own,
// an owner or admin everyone's), with what each may do and when it last acted; revoking one ends
// its tokens at once.
import type { JSX } from "preact";
import { consoleTool, toolAttributes } from "../../bridge/index.ts";
import { usePageTool } from "../../bridge/preact.ts";
import { api } from "../api.ts";
import { ConfirmButton, ErrorNote, Loading, PageTitle, Table } from "../components.tsx";
import { moment } from "../format.ts";
import { useAction, useQuery } from "../hooks.ts";
import { t } from "../i18n/index.ts";
import type { PageProps } from "../routes.ts";

const REVOKE = consoleTool("agents.revoke");

export function Page(_props: PageProps): JSX.Element {
  const grants = useQuery(() => api.grants.list.query({}), []);
  const revoke = useAction(
    async (id: string, name: string) => {
      await api.grants.revoke.mutate({ id });
      grants.reload();
      return name;
    },
    (name) => t("agents.revoked", { name }),
  );
  const grantOf = (input: Record<string, unknown>) => grants.data?.data.find((grant) => grant.id === input.grant_id);
  usePageTool({
    ...REVOKE,
    describeCall: (input) => grantOf(input)?.client.name ?? String(input.grant_id),
    execute: (input) => {
      const grant = grantOf(input);
      if (!grant) throw new Error(`${String(input.grant_id)} is not a grant on this page`);
      return revoke.perform(grant.id, grant.client.name);
    },
  });
  return (
    <>
      <PageTitle>{t("agents.title")}</PageTitle>
      <p class="muted">{t("agents.intro")}</p>
      <ErrorNote error={grants.error ?? revoke.error} />
      {!grants.data && !grants.error && <Loading />}
      {grants.data?.data.length === 0 && <p>{t("agents.none")}</p>}
      {grants.data && grants.data.data.length > 0 && (
        <Table caption={t("agents.title")} head={[t("agents.agent"), t("agents.person"), t("keys.scopes"), t("agents.connected"), t("keys.lastUsed"), t("common.actions")]}>
          {grants.data.data.map((grant) => (
            <tr key={grant.id}>
              <th scope="row">
                {grant.client.name} <span class="muted">({grant.client.redirect_host})</span>
              </th>
              <td>{grant.user.name ?? grant.user.email}</td>
              <td>{grant.scopes.join(", ")}</td>
              <td>{moment(grant.created_at)}</td>
              <td>{grant.last_used_at ? moment(grant.last_used_at) : t("keys.never")}</td>
              <td class="row-actions">
                <ConfirmButton
                  label={t("agents.revoke")}
                  question={t("agents.revokeQuestion", { name: grant.client.name })}
                  busy={revoke.busy}
                  onConfirm={() => void revoke.run(grant.id, grant.client.name)}
                  tool={toolAttributes(REVOKE, { grant_id: grant.id })}
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}
