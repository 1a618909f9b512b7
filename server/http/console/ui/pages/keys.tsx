// API keys: create one with the scopes it needs (its token is shown once, with a copy button),
// see when each was last used, revoke. An agent in the browser may ask for either; both wait for the
// person's confirmation, and a new key's token is shown to the person, never returned to the agent.
import type { JSX } from "preact";
import { useState } from "preact/hooks";
import { SCOPES, type Scope } from "../../../../domain/scopes.ts";
import { consoleTool, formToolAttributes, paramAttributes, toolAttributes } from "../../bridge/index.ts";
import { usePageTool } from "../../bridge/preact.ts";
import { api } from "../api.ts";
import { ConfirmButton, CopyField, ErrorNote, Field, Loading, PageTitle, Table } from "../components.tsx";
import { moment } from "../format.ts";
import { useAction, useQuery } from "../hooks.ts";
import { t, type PhraseKey } from "../i18n/index.ts";
import type { PageProps } from "../routes.ts";

const TOOLS = { create: consoleTool("keys.create"), revoke: consoleTool("keys.revoke") };

function ScopeChecks({ checked }: { checked: readonly Scope[] }): JSX.Element {
  const { name, toolparamdescription } = paramAttributes(TOOLS.create, "scopes");
  return (
    <fieldset class="wide">
      <legend>{t("keys.scopes")}</legend>
      {SCOPES.map((scope) => (
        <label key={scope} class="check">
          <input type="checkbox" name={name} value={scope} defaultChecked={checked.includes(scope)} {...{ toolparamdescription }} />
          <code>{scope}</code> <span class="muted">{t(`scope.${scope}` as PhraseKey)}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function Page(_props: PageProps): JSX.Element {
  const keys = useQuery(() => api.keys.list.query({}), []);
  const [token, setToken] = useState<string | null>(null);
  const create = useAction(
    async (name: string, scopes: Scope[]) => {
      const { token: secret, ...created } = await api.keys.create.mutate({ name, scopes });
      setToken(secret);
      keys.reload();
      return created;
    },
    () => t("keys.created"),
  );
  const revoke = useAction(
    async (id: string, name: string) => {
      await api.keys.revoke.mutate({ id });
      keys.reload();
      return name;
    },
    (name) => t("keys.revoked", { name }),
  );

  const keyOf = (input: Record<string, unknown>) => keys.data?.data.find((key) => key.id === input.key_id && !key.revoked_at);
  usePageTool({
    ...TOOLS.create,
    describeCall: (input) => `${String(input.name)}: ${(input.scopes as string[]).join(", ")}`,
    execute: (input) => create.perform(String(input.name), input.scopes as Scope[]),
  });
  usePageTool({
    ...TOOLS.revoke,
    describeCall: (input) => keyOf(input)?.name ?? String(input.key_id),
    execute: (input) => {
      const key = keyOf(input);
      if (!key) throw new Error(`${String(input.key_id)} is not a live key on this page`);
      return revoke.perform(key.id, key.name);
    },
  });

  return (
    <>
      <PageTitle>{t("keys.title")}</PageTitle>
      <section class="card" aria-labelledby="new-key-title">
        <h2 id="new-key-title">{t("keys.new")}</h2>
        <form
          class="grid-form"
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            void create.run(String(form.get("name")).trim(), form.getAll("scopes") as Scope[]);
          }}
          {...formToolAttributes(TOOLS.create)}
        >
          <Field label={t("keys.name")}>
            <input required maxLength={100} {...paramAttributes(TOOLS.create, "name")} />
          </Field>
          <ScopeChecks checked={["invoices:read"]} />
          <div class="actions wide">
            <button type="submit" class="primary" disabled={create.busy}>
              {t("keys.create")}
            </button>
          </div>
          <ErrorNote error={create.error} />
        </form>
        {token && (
          <div class="once" role="group" aria-label={t("keys.tokenTitle")}>
            <p>
              <strong>{t("keys.tokenOnce")}</strong>
            </p>
            <CopyField label={t("keys.token")} value={token} />
          </div>
        )}
      </section>
      <ErrorNote error={keys.error ?? revoke.error} />
      {!keys.data && !keys.error && <Loading />}
      {keys.data && (
        <Table caption={t("keys.title")} head={[t("keys.name"), t("keys.hint"), t("keys.scopes"), t("keys.createdAt"), t("keys.lastUsed"), t("common.actions")]}>
          {keys.data.data.map((key) => (
            <tr key={key.id}>
              <th scope="row">{key.name}</th>
              <td>
                <code>{key.hint}</code>
              </td>
              <td>{key.scopes.join(", ")}</td>
              <td>{moment(key.created_at)}</td>
              <td>{key.last_used_at ? moment(key.last_used_at) : t("keys.never")}</td>
              <td class="row-actions">
                {key.revoked_at ? (
                  <span class="muted">{t("keys.revokedAt", { at: moment(key.revoked_at) })}</span>
                ) : (
                  <ConfirmButton
                    label={t("keys.revoke")}
                    question={t("keys.revokeQuestion", { name: key.name })}
                    busy={revoke.busy}
                    onConfirm={() => void revoke.run(key.id, key.name)}
                    tool={toolAttributes(TOOLS.revoke, { key_id: key.id })}
                  />
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}
