// Recurring invoices: the account's rules, each issuing a copy of an invoice on its calendar, with
// their next dates, status and actions; a form that creates one (from any invoice, or the one the
// page was opened for: /app/recurring?from=inv_…) or edits one. Changing rules needs invoices:write.
import type { JSX } from "preact";
import { useState } from "preact/hooks";
import { dateInZone } from "../../../../domain/clock.ts";
import { api } from "../api.ts";
import { ErrorNote, Loading, PageTitle, Pager } from "../components.tsx";
import { useQuery } from "../hooks.ts";
import { t } from "../i18n/index.ts";
import { RuleCard } from "../recurring/rule-card.tsx";
import { RuleForm } from "../recurring/rule-form.tsx";
import type { Rule } from "../recurring/values.ts";
import { hasNavigated, navigate } from "../router.ts";
import type { PageProps } from "../routes.ts";
import { can, useSession } from "../session.ts";

const PAGE_SIZE = 20;
const STATUSES = ["active", "paused", "ended"] as const satisfies ReadonlyArray<Rule["status"]>;
type Status = (typeof STATUSES)[number];

/** What the form is doing: nothing (closed), a new rule, or editing one; `takeFocus` when the person opened it here. */
type Editing = { rule: Rule | null; takeFocus: boolean } | null;

function StatusFilter({ status, onChange }: { status: Status | null; onChange(status: Status | null): void }): JSX.Element {
  return (
    <div class="chips" role="group" aria-label={t("recurring.byStatus")}>
      <button type="button" aria-pressed={status === null} onClick={() => onChange(null)}>
        {t("recurring.all")}
      </button>
      {STATUSES.map((each) => (
        <button key={each} type="button" aria-pressed={status === each} onClick={() => onChange(each)}>
          {t(`recurring.status.${each}`)}
        </button>
      ))}
    </div>
  );
}

export function Page({ query }: PageProps): JSX.Element {
  const { me } = useSession();
  const writable = can(me, "invoices:write");
  const from = query.get("from");
  const [filter, setFilter] = useState<{ status: Status | null; offset: number }>({ status: null, offset: 0 });
  const list = useQuery(() => api.recurring.list.query({ ...(filter.status ? { status: filter.status } : {}), limit: PAGE_SIZE, offset: filter.offset }), [filter.status, filter.offset]);
  // Today where the account keeps its books: a new rule's start date unless the person picks another.
  const account = useQuery(() => api.account.get.query({}), []);
  const [editing, setEditing] = useState<Editing>(writable && from ? { rule: null, takeFocus: hasNavigated() } : null);
  const [saved, setSaved] = useState<string | null>(null);

  const closeForm = (): void => {
    setEditing(null);
    // The invoice the page was opened for is used: a reload shows the list, not a new form for it again.
    if (from) navigate("/app/recurring", { replace: true });
  };
  const onSaved = (rule: Rule): void => {
    closeForm();
    setSaved(rule.id);
    list.reload();
  };

  const failed = list.error ?? account.error;
  const rules = list.data?.data ?? [];
  return (
    <>
      <PageTitle>{t("recurring.title")}</PageTitle>
      <p class="muted">{t("recurring.intro")}</p>
      {writable && !editing && (
        <div class="actions">
          <button type="button" class="primary" onClick={() => setEditing({ rule: null, takeFocus: true })}>
            {t("recurring.new")}
          </button>
        </div>
      )}
      {editing && account.data && (
        <RuleForm
          key={editing.rule?.id ?? "new"}
          editing={editing.rule}
          from={editing.rule ? null : from}
          today={dateInZone(new Date(), account.data.timezone)}
          canApprove={can(me, "invoices:approve")}
          takeFocus={editing.takeFocus}
          onSaved={onSaved}
          onCancel={closeForm}
        />
      )}
      <StatusFilter
        status={filter.status}
        onChange={(status) => {
          setFilter({ status, offset: 0 });
          setSaved(null);
        }}
      />
      <ErrorNote error={failed} />
      {list.loading && !list.data && <Loading />}
      {list.data?.total === 0 && <p>{t(filter.status ? "recurring.noneWithStatus" : "recurring.none")}</p>}
      {rules.length > 0 && (
        <ul class="rules">
          {rules.map((rule) => (
            <RuleCard key={rule.id} rule={rule} writable={writable} focused={saved === rule.id} onChanged={list.reload} onEdit={(chosen) => setEditing({ rule: chosen, takeFocus: true })} />
          ))}
        </ul>
      )}
      {list.data && <Pager total={list.data.total} limit={PAGE_SIZE} offset={filter.offset} onPage={(offset) => setFilter({ ...filter, offset })} />}
    </>
  );
}
