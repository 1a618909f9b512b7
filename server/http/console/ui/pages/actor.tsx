// Who acted (a history entry's `by`, an approval's drafter or submitter), in words: its kind, then
// its name, or its id when it has none (a key since deleted).
import type { JSX } from "preact";
import type { Outputs } from "../api.ts";
import { t, type PhraseKey } from "../i18n/index.ts";

export type Party = Outputs["approvals"]["list"]["data"][number]["drafted_by"];

export function PartyName({ party }: { party: Party }): JSX.Element {
  if (party.kind === "system") return <span>{t("actor.system")}</span>;
  return (
    <span>
      <span class={`actor actor-${party.kind}`}>{t(`actor.${party.kind}` as PhraseKey)}</span> {party.name ?? <code>{party.id}</code>}
    </span>
  );
}
