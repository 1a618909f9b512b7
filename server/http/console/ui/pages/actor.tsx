// Who acted, as history records it (`user:usr_…`, `key:key_…`, `agent:grt_…`, `system`), in words.
import type { JSX } from "preact";
import { t } from "../i18n/index.ts";

const KINDS = { user: "actor.user", key: "actor.key", agent: "actor.agent" } as const;

export function ActorName({ actor, name }: { actor: string; name?: string | null }): JSX.Element {
  const [kind, id] = actor.split(":") as [string, string | undefined];
  if (!id || !(kind in KINDS)) return <span>{t("actor.system")}</span>;
  return (
    <span>
      <span class={`actor actor-${kind}`}>{t(KINDS[kind as keyof typeof KINDS])}</span> {name ?? <code>{id}</code>}
    </span>
  );
}
