// The outbox: every invoice e-mail and payment reminder of the account, newest first, and how each
// delivery went (queued, delivered, or failed and why), with "Send again" on a failed one. The
// filters live in the URL, as the invoice list's do, so a view of the failures can be bookmarked.
import type { JSX } from "preact";
import { api, type Inputs, type Outputs } from "../api.ts";
import { ErrorNote, Loading, PageTitle, Pager, Table } from "../components.tsx";
import { moment, numberText } from "../format.ts";
import { useAction, useQuery } from "../hooks.ts";
import { t, type PhraseKey } from "../i18n/index.ts";
import { Link, navigate, withQuery } from "../router.ts";
import type { PageProps } from "../routes.ts";
import { can, useSession } from "../session.ts";

type Mail = Outputs["invoices"]["accountMail"]["data"][number];
type Filters = Inputs["invoices"]["accountMail"] & { offset: number };
type Status = NonNullable<Filters["status"]>;
type Kind = NonNullable<Filters["kind"]>;

const PAGE_SIZE = 20;
const STATUSES: readonly Status[] = ["pending", "sent", "failed"];
const KINDS: readonly Kind[] = ["send", "reminder"];

function filtersOf(query: URLSearchParams): Filters {
  const status = query.get("status");
  const kind = query.get("kind");
  return {
    status: STATUSES.find((known) => known === status),
    kind: KINDS.find((known) => known === kind),
    limit: PAGE_SIZE,
    offset: Number(query.get("offset") ?? 0) || 0,
  };
}

function show(filters: Filters): void {
  navigate(withQuery("/app/outbox", { status: filters.status, kind: filters.kind, offset: filters.offset || undefined }));
}

/** One row of filter buttons: "all" and each choice, the one in force pressed. */
function ChoiceChips<Choice extends string>({
  label,
  all,
  choices,
  chosen,
  nameOf,
  onChoose,
}: {
  label: string;
  all: string;
  choices: readonly Choice[];
  chosen: Choice | undefined;
  nameOf(choice: Choice): string;
  onChoose(choice: Choice | undefined): void;
}): JSX.Element {
  return (
    <div class="chips" role="group" aria-label={label}>
      <button type="button" aria-pressed={!chosen} onClick={() => onChoose(undefined)}>
        {all}
      </button>
      {choices.map((choice) => (
        <button key={choice} type="button" aria-pressed={chosen === choice} onClick={() => onChoose(choice)}>
          {nameOf(choice)}
        </button>
      ))}
    </div>
  );
}

const statusName = (status: Mail["status"]): string => t(`invoice.mail${status}` as PhraseKey);

function Delivery({ mail }: { mail: Mail }): JSX.Element {
  return (
    <>
      <span class={`chip mail-${mail.status}`}>{statusName(mail.status)}</span>
      {mail.status === "sent" && <span class="muted"> {moment(mail.sent_at)}</span>}
      {mail.status !== "sent" && mail.last_error && <span> {mail.last_error}</span>}
    </>
  );
}

export function Page({ query }: PageProps): JSX.Element {
  const { me } = useSession();
  const filters = filtersOf(query);
  const list = useQuery(() => api.invoices.accountMail.query(filters), [query.toString()]);
  const retry = useAction(
    async (mail: Mail) => {
      const queued = await api.invoices.retryMail.mutate({ id: mail.invoice_id, mail_id: mail.id });
      list.reload();
      return queued;
    },
    () => t("invoice.mailRetried"),
  );
  const writable = can(me, "invoices:write");
  return (
    <>
      <PageTitle>{t("outbox.title")}</PageTitle>
      <p>{t("outbox.intro")}</p>
      <ChoiceChips<Status> label={t("outbox.byStatus")} all={t("outbox.allStatuses")} choices={STATUSES} chosen={filters.status} nameOf={statusName} onChoose={(status) => show({ ...filters, status, offset: 0 })} />
      <ChoiceChips
        label={t("outbox.byKind")}
        all={t("outbox.allKinds")}
        choices={KINDS}
        chosen={filters.kind}
        nameOf={(kind) => t(`outbox.kind${kind}` as PhraseKey)}
        onChoose={(kind) => show({ ...filters, kind, offset: 0 })}
      />
      <ErrorNote error={list.error ?? retry.error} />
      {list.loading && !list.data && <Loading />}
      {list.data?.total === 0 && <p>{t("outbox.none")}</p>}
      {list.data && list.data.total > 0 && (
        <>
          <Table
            caption={t("outbox.title")}
            head={[t("outbox.queuedAt"), t("outbox.to"), t("outbox.subject"), t("outbox.invoice"), t("outbox.kind"), t("outbox.delivery"), t("outbox.attempts"), ...(writable ? [t("common.actions")] : [])]}
          >
            {list.data.data.map((mail) => (
              <tr key={mail.id}>
                <td>{moment(mail.queued_at)}</td>
                <td>{[...mail.to, ...mail.cc].join(", ")}</td>
                <th scope="row">{mail.subject}</th>
                <td>
                  <Link href={`/app/invoices/${mail.invoice_id}`}>{mail.invoice_number ?? t("invoices.draftNumber")}</Link>
                </td>
                <td>{t(`outbox.kind${mail.kind}` as PhraseKey)}</td>
                <td>
                  <Delivery mail={mail} />
                </td>
                <td class="number">{numberText(mail.attempts)}</td>
                {writable && (
                  <td class="row-actions">
                    {mail.status === "failed" && (
                      <button type="button" disabled={retry.busy} onClick={() => void retry.run(mail)}>
                        {t("invoice.mailRetry")}
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </Table>
          <Pager total={list.data.total} limit={PAGE_SIZE} offset={filters.offset} onPage={(offset) => show({ ...filters, offset })} />
        </>
      )}
    </>
  );
}
