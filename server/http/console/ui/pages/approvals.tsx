// The approval inbox: every invoice in review, who drafted and submitted it (a person, a key or an
// agent), its lines, how its content differs from what was last approved and the history since, and
// the two answers: approve, or send it back to draft with a note saying what to change. An agent in
// the browser may ask for either; an approval it asks for waits for the person's click in the
// bridge's confirmation.
import type { JSX } from "preact";
import { useState } from "preact/hooks";
import { consoleTool, formToolAttributes, paramAttributes, toolAttributes } from "../../bridge/index.ts";
import { usePageTool } from "../../bridge/preact.ts";
import { api, newOperationId, type Invoice, type Outputs } from "../api.ts";
import { InvoiceLines, SinceApproval } from "../approvals/content.tsx";
import { ErrorNote, Field, Loading, PageTitle, Pager } from "../components.tsx";
import { moment, money } from "../format.ts";
import { useAction, useQuery, type Action } from "../hooks.ts";
import { t, type PhraseKey } from "../i18n/index.ts";
import { Link } from "../router.ts";
import { PartyName } from "./actor.tsx";
import type { PageProps } from "../routes.ts";
import { can, useSession } from "../session.ts";

type Pending = Outputs["approvals"]["list"]["data"][number];
type Answer = "approved" | "draft";
type Decide = Action<[Pending, Answer, string?], Invoice>;

const PAGE_SIZE = 20;
const TOOLS = { list: consoleTool("approvals.list"), approve: consoleTool("approvals.approve"), requestChanges: consoleTool("approvals.request_changes") };

const labelOf = ({ invoice }: Pending): string => invoice.number ?? invoice.bill_to_name;

/** A move in words ("Moved from Draft to In review"), rather than which fields it changed. */
function movedText(change: Pending["changes"][number]): string | null {
  if (change.action !== "transitioned" || !change.from_status || !change.to_status) return null;
  return t("approvals.moved", { from: t(`status.${change.from_status}` as PhraseKey), to: t(`status.${change.to_status}` as PhraseKey) });
}

function Decision({ pending, decide }: { pending: Pending; decide: Decide }): JSX.Element {
  const [note, setNote] = useState("");
  const [asking, setAsking] = useState(false);
  const invoiceId = pending.invoice.id;
  return (
    <div class="decision">
      <div class="actions">
        <button type="button" class="primary" disabled={decide.busy} onClick={() => void decide.run(pending, "approved")} {...toolAttributes(TOOLS.approve, { invoice_id: invoiceId })}>
          {t("approvals.approve")}
        </button>
        {!asking && (
          <button type="button" disabled={decide.busy} onClick={() => setAsking(true)}>
            {t("approvals.requestChanges")}
          </button>
        )}
      </div>
      {asking && (
        <form
          class="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            void decide.run(pending, "draft", note);
          }}
          {...formToolAttributes(TOOLS.requestChanges)}
          {...toolAttributes(TOOLS.requestChanges, { invoice_id: invoiceId })}
        >
          <Field label={t("approvals.note")} wide>
            <textarea required maxLength={1000} value={note} onInput={(event) => setNote(event.currentTarget.value)} {...paramAttributes(TOOLS.requestChanges, "note")} />
          </Field>
          <div class="actions">
            <button type="submit" disabled={decide.busy || !note.trim()}>
              {t("approvals.sendBack")}
            </button>
            <button type="button" onClick={() => setAsking(false)}>
              {t("common.cancel")}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

function PendingCard({ pending, decide, mayApprove }: { pending: Pending; decide: Decide; mayApprove: boolean }): JSX.Element {
  const { invoice } = pending;
  const headingId = `pending-${invoice.id}`;
  return (
    <article class="card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Link href={`/app/invoices/${invoice.id}`}>
          {invoice.number ?? t("invoices.draftNumber")} · {invoice.bill_to_name}
        </Link>{" "}
        <span class="amount">{money(invoice.total, invoice.currency)}</span>
      </h2>
      <dl class="facts">
        <dt>{t("approvals.draftedBy")}</dt>
        <dd>
          <PartyName party={pending.drafted_by} />
        </dd>
        <dt>{t("approvals.submittedBy")}</dt>
        <dd>
          <PartyName party={pending.submitted_by} /> · {moment(pending.submitted_at)}
        </dd>
      </dl>
      <InvoiceLines invoice={invoice} label={labelOf(pending)} />
      {pending.since_approval && (
        <>
          <h3>{t("approvals.sinceApproval")}</h3>
          <SinceApproval since={pending.since_approval} currency={invoice.currency} label={labelOf(pending)} />
        </>
      )}
      <h3>{t("approvals.changes")}</h3>
      {pending.changes.length === 0 ? (
        <p class="muted">{t("approvals.noChanges")}</p>
      ) : (
        <ul class="changes">
          {pending.changes.map((change) => (
            <li key={change.id}>
              {moment(change.at)}: {movedText(change) ?? t(`history.${change.action}` as PhraseKey)}
              {!movedText(change) && change.changes.length > 0 && ` (${change.changes.join(", ")})`}
              {change.note && <q>{change.note}</q>}
            </li>
          ))}
        </ul>
      )}
      {mayApprove ? <Decision pending={pending} decide={decide} /> : <p class="muted">{t("approvals.cannotApprove")}</p>}
    </article>
  );
}

export function Page(_props: PageProps): JSX.Element {
  const { me } = useSession();
  const mayApprove = can(me, "invoices:approve");
  const [offset, setOffset] = useState(0);
  const inbox = useQuery(() => api.approvals.list.query({ limit: PAGE_SIZE, offset }), [offset]);
  const decide: Decide = useAction(
    async (pending: Pending, status: Answer, note?: string) => {
      const { invoice } = pending;
      const moved = await api.invoices.transition.mutate({ id: invoice.id, base_revision: invoice.revision, operation_id: newOperationId(), status, ...(note ? { note } : {}) });
      inbox.reload();
      return moved;
    },
    (moved) => t(moved.status === "approved" ? "approvals.approved" : "approvals.sentBack", { invoice: moved.number ?? moved.bill_to_name }),
  );

  // The inbox as an agent in the browser sees it; it acts only on invoices this page shows.
  const find = (input: Record<string, unknown>): Pending | undefined => inbox.data?.data.find((candidate) => candidate.invoice.id === input.invoice_id);
  const shown = (input: Record<string, unknown>): Pending => {
    const pending = find(input);
    if (!pending) throw new Error(`${String(input.invoice_id)} is not in the inbox on this page`);
    return pending;
  };
  const describe = (input: Record<string, unknown>): string => {
    const pending = find(input);
    return pending ? `${labelOf(pending)} · ${pending.invoice.bill_to_name} · ${money(pending.invoice.total, pending.invoice.currency)}` : String(input.invoice_id);
  };
  usePageTool({ ...TOOLS.list, execute: () => inbox.data ?? api.approvals.list.query({ limit: PAGE_SIZE, offset }) });
  usePageTool(mayApprove && { ...TOOLS.approve, describeCall: describe, execute: (input) => decide.perform(shown(input), "approved") });
  usePageTool(mayApprove && { ...TOOLS.requestChanges, execute: (input) => decide.perform(shown(input), "draft", input.note as string) });

  return (
    <>
      <PageTitle>{t("approvals.title")}</PageTitle>
      <ErrorNote error={inbox.error ?? decide.error} />
      {inbox.loading && !inbox.data && <Loading />}
      {inbox.data?.total === 0 && <p>{t("approvals.empty")}</p>}
      {inbox.data?.data.map((pending) => <PendingCard key={pending.invoice.id} pending={pending} decide={decide} mayApprove={mayApprove} />)}
      {inbox.data && <Pager total={inbox.data.total} limit={PAGE_SIZE} offset={offset} onPage={setOffset} />}
    </>
  );
}
