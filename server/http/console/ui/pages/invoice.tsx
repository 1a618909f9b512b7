// One invoice: a preview (its PNG export), what it says, its history and payments, and what the
// person may do with it: move its status, e-mail it, record a payment, share, export, duplicate, void. Each action is also a
// tool for an agent in the browser; approving and voiding wait for the person's confirmation.
import type { JSX } from "preact";
import { useState } from "preact/hooks";
import { readAmount } from "../../../../domain/decimal-text.ts";
import { acceptsPayment, allowedMoves, type InvoiceStatus } from "../../../../domain/lifecycle.ts";
import { consoleTool, formToolAttributes, paramAttributes, toolAttributes } from "../../bridge/index.ts";
import { usePageTool } from "../../bridge/preact.ts";
import { api, newOperationId, type Inputs, type Invoice } from "../api.ts";
import { ConfirmButton, CopyField, ErrorNote, Field, Loading, PageTitle, StatusChip, Table } from "../components.tsx";
import { amountText, day, moment, money } from "../format.ts";
import { useAction, useQuery, type Action } from "../hooks.ts";
import { displayLocale, t, type PhraseKey } from "../i18n/index.ts";
import { Link, navigate } from "../router.ts";
import type { PageProps } from "../routes.ts";
import { can, useSession } from "../session.ts";
import { PartyName } from "./actor.tsx";

type Format = Inputs["invoices"]["export"]["format"];
const FORMATS = ["pdf", "png", "svg", "html", "json", "csv", "xlsx", "docx", "md", "dsl", "ubl", "cii", "facturx", "xrechnung"] as const satisfies readonly Format[];

const TOOLS = {
  read: consoleTool("invoice.read"),
  transition: consoleTool("invoice.transition"),
  approve: consoleTool("invoice.approve"),
  void: consoleTool("invoice.void"),
  share: consoleTool("invoice.share"),
  export: consoleTool("invoice.export"),
  duplicate: consoleTool("invoice.duplicate"),
  recordPayment: consoleTool("invoice.record_payment"),
  send: consoleTool("invoice.send"),
};
/** The moves the generic transition tool offers; approving and voiding have tools of their own. */
const PLAIN_MOVES = new Set((TOOLS.transition.inputSchema.properties.status?.enum ?? []).map(String));

const labelOf = (invoice: Invoice): string => invoice.number ?? t("invoices.draftNumber");
const describe = (invoice: Invoice): string => `${labelOf(invoice)} · ${invoice.bill_to_name} · ${money(invoice.total, invoice.currency)}`;

function transitioned(invoice: Invoice, status: InvoiceStatus, note?: string): Promise<Invoice> {
  return api.invoices.transition.mutate({ id: invoice.id, base_revision: invoice.revision, operation_id: newOperationId(), status, ...(note ? { note } : {}) });
}

function Preview({ invoice }: { invoice: Invoice }): JSX.Element {
  const preview = useQuery(() => api.invoices.export.mutate({ id: invoice.id, format: "png" }), [invoice.id, invoice.revision]);
  return (
    <section aria-labelledby="preview-title" class="preview">
      <h2 id="preview-title">{t("invoice.preview")}</h2>
      <ErrorNote error={preview.error} />
      {preview.data ? <img src={preview.data.url} alt={t("invoice.previewAlt", { number: labelOf(invoice) })} /> : !preview.error && <Loading />}
    </section>
  );
}

function moveAttributes(status: InvoiceStatus): Record<string, string> {
  if (status === "approved") return toolAttributes(TOOLS.approve);
  return PLAIN_MOVES.has(status) ? toolAttributes(TOOLS.transition, { status }) : {};
}

function StatusActions({ moves, move }: { moves: InvoiceStatus[]; move: Action<[InvoiceStatus, string?], Invoice> }): JSX.Element | null {
  const [note, setNote] = useState("");
  if (moves.length === 0) return null;
  const run = async (status: InvoiceStatus): Promise<void> => {
    if (await move.run(status, note)) setNote("");
  };
  return (
    <section aria-labelledby="status-title">
      <h2 id="status-title">{t("invoice.status")}</h2>
      <Field label={t("invoice.note")} wide>
        <input value={note} maxLength={1000} onInput={(event) => setNote(event.currentTarget.value)} {...paramAttributes(TOOLS.transition, "note")} />
      </Field>
      <div class="actions">
        {moves.map((status) =>
          status === "void" ? (
            <ConfirmButton key={status} label={t("invoice.void")} question={t("invoice.voidQuestion")} busy={move.busy} onConfirm={() => void run(status)} tool={toolAttributes(TOOLS.void)} />
          ) : (
            <button key={status} type="button" class={status === "approved" ? "primary" : undefined} disabled={move.busy} onClick={() => void run(status)} {...moveAttributes(status)}>
              {t("invoice.moveTo", { status: t(`status.${status}` as PhraseKey) })}
            </button>
          ),
        )}
      </div>
      <ErrorNote error={move.error} />
    </section>
  );
}

function Share({ invoice, share }: { invoice: Invoice; share: Action<[], unknown> }): JSX.Element {
  return (
    <section aria-labelledby="share-title">
      <h2 id="share-title">{t("invoice.share")}</h2>
      {invoice.share_url ? (
        <CopyField label={t("invoice.shareLink")} value={invoice.share_url} />
      ) : (
        <button type="button" disabled={share.busy} onClick={() => void share.run()} {...toolAttributes(TOOLS.share)}>
          {t("invoice.createShare")}
        </button>
      )}
      <ErrorNote error={share.error} />
    </section>
  );
}

function Export({ exported }: { exported: Action<[Format], { url: string; file_name: string }> }): JSX.Element {
  const [format, setFormat] = useState<Format>("pdf");
  const [file, setFile] = useState<{ url: string; file_name: string } | null>(null);
  return (
    <section aria-labelledby="export-title">
      <h2 id="export-title">{t("invoice.export")}</h2>
      <form
        class="inline-form"
        onSubmit={async (event) => {
          event.preventDefault();
          setFile((await exported.run(format)) ?? null);
        }}
        {...formToolAttributes(TOOLS.export)}
      >
        <Field label={t("invoice.format")}>
          <select value={format} onChange={(event) => setFormat(event.currentTarget.value as Format)} {...paramAttributes(TOOLS.export, "format")}>
            {FORMATS.map((code) => (
              <option key={code} value={code}>
                {code.toUpperCase()}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" disabled={exported.busy}>
          {t("invoice.exportButton")}
        </button>
      </form>
      {file && (
        <p>
          <a href={file.url} download={file.file_name}>
            {t("invoice.download", { file: file.file_name })}
          </a>
        </p>
      )}
      <ErrorNote error={exported.error} />
    </section>
  );
}

function Summary({ invoice }: { invoice: Invoice }): JSX.Element {
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title">{t("invoice.details")}</h2>
      <dl class="facts">
        <dt>{t("invoices.client")}</dt>
        <dd>{invoice.bill_to_name}</dd>
        <dt>{t("invoices.issued")}</dt>
        <dd>{day(invoice.issue_date)}</dd>
        <dt>{t("invoices.due")}</dt>
        <dd>{day(invoice.due_date)}</dd>
        <dt>{t("invoices.total")}</dt>
        <dd>{money(invoice.total, invoice.currency)}</dd>
        <dt>{t("invoice.amountDue")}</dt>
        <dd>{money(invoice.amount_due, invoice.currency)}</dd>
      </dl>
      <Table caption={t("invoice.items")} head={[t("invoice.description"), t("invoice.quantity"), t("invoice.rate"), t("invoice.amount")]}>
        {invoice.items.map((item) => (
          <tr key={item.id}>
            <td>{item.description}</td>
            <td class="number">{item.quantity}</td>
            <td class="number">{money(item.rate, invoice.currency)}</td>
            <td class="number">{money(item.amount, invoice.currency)}</td>
          </tr>
        ))}
      </Table>
    </section>
  );
}

function History({ invoice }: { invoice: Invoice }): JSX.Element {
  const history = useQuery(() => api.invoices.history.query({ id: invoice.id }), [invoice.id, invoice.revision]);
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">{t("invoice.history")}</h2>
      <ErrorNote error={history.error} />
      {history.data && (
        <Table caption={t("invoice.history")} head={[t("invoice.when"), t("invoice.who"), t("invoice.what"), t("invoice.note")]}>
          {history.data.data.map((entry) => (
            <tr key={entry.id}>
              <td>{moment(entry.at)}</td>
              <td>
                <PartyName party={entry.by} />
              </td>
              <td>
                {t(`history.${entry.action}` as PhraseKey)}
                {entry.to_status && <> → {t(`status.${entry.to_status}` as PhraseKey)}</>}
                {entry.changes.length > 0 && <span class="muted"> ({entry.changes.join(", ")})</span>}
              </td>
              <td>{entry.note ?? ""}</td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

type Attachment = Inputs["invoices"]["send"]["attach"] extends Array<infer Each> | undefined ? Each : never;
const ATTACHMENTS = ["pdf", "facturx", "ubl", "cii", "xrechnung"] as const satisfies readonly Attachment[];
type SendFields = { to: string; cc: string; message: string; attach: Attachment[] };

/** Addresses as people type them: separated by commas, semicolons or spaces. */
const addressesIn = (text: string): string[] => text.split(/[\s,;]+/).filter(Boolean);

/**
 * E-mails the invoice with the service's own upfront checks: an attachment the invoice cannot be
 * (an e-invoice missing the buyer's country, say) is refused before anything changes, naming why.
 */
function sentInvoice(invoice: Invoice, fields: SendFields): Promise<{ invoice: Invoice; mail: { to: string[] } | null }> {
  const to = addressesIn(fields.to);
  const cc = addressesIn(fields.cc);
  return api.invoices.send.mutate({
    id: invoice.id,
    base_revision: invoice.revision,
    operation_id: newOperationId(),
    via: "email",
    ...(to.length ? { to } : {}),
    ...(cc.length ? { cc } : {}),
    ...(fields.message.trim() ? { message: fields.message.trim() } : {}),
    attach: fields.attach,
  });
}

function Send({ invoice, send }: { invoice: Invoice; send: Action<[SendFields], unknown> }): JSX.Element {
  return (
    <section aria-labelledby="send-title">
      <h2 id="send-title">{t("invoice.send")}</h2>
      <form
        class="grid-form"
        onSubmit={async (event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const value = (name: string): string => String(form.get(name) ?? "");
          await send.run({ to: value("to"), cc: value("cc"), message: value("message"), attach: form.getAll("attach").map(String) as Attachment[] });
        }}
        {...formToolAttributes(TOOLS.send)}
      >
        <Field label={t("invoice.sendTo")} hint={t("invoice.sendToHint")}>
          <input type="text" inputMode="email" defaultValue={invoice.bill_to_email ?? ""} maxLength={2000} {...paramAttributes(TOOLS.send, "to")} />
        </Field>
        <Field label={t("invoice.sendCc")}>
          <input type="text" inputMode="email" maxLength={2000} {...paramAttributes(TOOLS.send, "cc")} />
        </Field>
        <Field label={t("invoice.sendMessage")} wide>
          <textarea maxLength={5000} rows={3} {...paramAttributes(TOOLS.send, "message")} />
        </Field>
        <fieldset class="wide">
          <legend>{t("invoice.sendAttach")}</legend>
          {ATTACHMENTS.map((format) => (
            <label key={format} class="check">
              <input type="checkbox" name="attach" value={format} defaultChecked={format === "pdf"} /> {format === "facturx" ? "Factur-X" : format.toUpperCase()}
            </label>
          ))}
        </fieldset>
        <div class="actions wide">
          <button type="submit" class="primary" disabled={send.busy}>
            {t("invoice.sendButton")}
          </button>
        </div>
        <ErrorNote error={send.error} />
      </form>
    </section>
  );
}

type PaymentFields = { amount: string; date?: string; method?: string; reference?: string };

/**
 * Money received, typed as people write it ("1.200,50" in German) and read exactly into minor units;
 * the date is today in the account's time zone when left empty. Part of what is due keeps the
 * invoice's status; reaching the total marks it paid.
 */
async function recordedPayment(invoice: Invoice, fields: PaymentFields): Promise<Invoice> {
  const amount = readAmount(fields.amount, { currency: invoice.currency, locale: displayLocale() });
  if (!amount.ok) throw new Error(t("invoice.amountUnreadable", { amount: fields.amount }));
  const optional = (value: string | undefined): string | undefined => value?.trim() || undefined;
  return api.invoices.recordPayment.mutate({
    id: invoice.id,
    base_revision: invoice.revision,
    operation_id: newOperationId(),
    amount: amount.value,
    date: optional(fields.date),
    method: optional(fields.method),
    reference: optional(fields.reference),
  });
}

function RecordPayment({ invoice, record }: { invoice: Invoice; record: Action<[PaymentFields], Invoice> }): JSX.Element {
  const due = amountText(invoice.amount_due, invoice.currency);
  return (
    <form
      class="grid-form"
      aria-labelledby="record-payment-title"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const value = (name: string): string => String(form.get(name) ?? "");
        await record.run({ amount: value("amount"), date: value("date"), method: value("method"), reference: value("reference") });
      }}
      {...formToolAttributes(TOOLS.recordPayment)}
    >
      <h3 id="record-payment-title" class="wide">
        {t("invoice.recordPayment")}
      </h3>
      <Field label={t("invoice.amount")} hint={t("invoice.amountDueHint", { due: money(invoice.amount_due, invoice.currency) })}>
        <input required defaultValue={due} inputMode="decimal" {...paramAttributes(TOOLS.recordPayment, "amount")} />
      </Field>
      <Field label={t("invoice.paidOn")} hint={t("invoice.paidOnHint")}>
        <input type="date" {...paramAttributes(TOOLS.recordPayment, "date")} />
      </Field>
      <Field label={t("invoice.method")}>
        <input maxLength={100} list="payment-methods" {...paramAttributes(TOOLS.recordPayment, "method")} />
      </Field>
      <datalist id="payment-methods">
        {(["invoice.methodTransfer", "invoice.methodCard", "invoice.methodCash", "invoice.methodDebit"] as const).map((key) => (
          <option key={key} value={t(key)} />
        ))}
      </datalist>
      <Field label={t("invoice.reference")}>
        <input maxLength={200} {...paramAttributes(TOOLS.recordPayment, "reference")} />
      </Field>
      <div class="actions wide">
        <button type="submit" class="primary" disabled={record.busy}>
          {t("invoice.recordPaymentButton")}
        </button>
      </div>
      <ErrorNote error={record.error} />
    </form>
  );
}

function Payments({ invoice, record, remove }: { invoice: Invoice; record: Action<[PaymentFields], Invoice> | null; remove: Action<[string], Invoice> | null }): JSX.Element {
  const payments = useQuery(() => api.invoices.payments.query({ id: invoice.id }), [invoice.id, invoice.revision]);
  return (
    <section aria-labelledby="payments-title">
      <h2 id="payments-title">{t("invoice.payments")}</h2>
      <ErrorNote error={payments.error} />
      {payments.data?.data.length === 0 && <p class="muted">{t("invoice.noPayments")}</p>}
      {payments.data && payments.data.data.length > 0 && (
        <Table caption={t("invoice.payments")} head={[t("invoice.paidOn"), t("invoice.amount"), t("invoice.method"), t("invoice.reference"), ...(remove ? [""] : [])]}>
          {payments.data.data.map((payment) => (
            <tr key={payment.id}>
              <td>{day(payment.date)}</td>
              <td class="number">{money(payment.amount, invoice.currency)}</td>
              <td>{payment.method ?? ""}</td>
              <td>{payment.reference ?? ""}</td>
              {remove && (
                <td>
                  <ConfirmButton label={t("invoice.removePayment")} question={t("invoice.removePaymentQuestion")} busy={remove.busy} onConfirm={() => void remove.run(payment.id)} />
                </td>
              )}
            </tr>
          ))}
        </Table>
      )}
      {remove && <ErrorNote error={remove.error} />}
      {/* A new revision remounts the form: it offers what is still due, with the other fields cleared. */}
      {record && <RecordPayment key={invoice.revision} invoice={invoice} record={record} />}
    </section>
  );
}

/** What was e-mailed and how each delivery went, from the outbox itself: queued, delivered, or failed and why. */
function Mails({ invoice, writable }: { invoice: Invoice; writable: boolean }): JSX.Element {
  const mails = useQuery(() => api.invoices.mail.query({ id: invoice.id }), [invoice.id, invoice.revision]);
  const retry = useAction(
    async (mailId: string) => {
      const queued = await api.invoices.retryMail.mutate({ id: invoice.id, mail_id: mailId });
      mails.reload();
      return queued;
    },
    () => t("invoice.mailRetried"),
  );
  return (
    <section aria-labelledby="mails-title">
      <h2 id="mails-title">{t("invoice.mails")}</h2>
      <ErrorNote error={mails.error} />
      {mails.data?.data.length === 0 && <p class="muted">{t("invoice.noMails")}</p>}
      {mails.data && mails.data.data.length > 0 && (
        <Table caption={t("invoice.mails")} head={[t("invoice.when"), t("invoice.sendTo"), t("invoice.mailSubject"), t("invoice.mailStatus")]}>
          {mails.data.data.map((mail) => (
            <tr key={mail.id}>
              <td>{moment(mail.queued_at)}</td>
              <td>{[...mail.to, ...mail.cc].join(", ")}</td>
              <td>{mail.subject}</td>
              <td>
                <span class={`chip mail-${mail.status}`}>{t(`invoice.mail${mail.status}` as PhraseKey)}</span>
                {mail.status === "sent" && mail.sent_at && <span class="muted"> {moment(mail.sent_at)}</span>}
                {mail.last_error && mail.status !== "sent" && <span> {mail.last_error}</span>}
                {writable && mail.status === "failed" && (
                  <button type="button" disabled={retry.busy} onClick={() => void retry.run(mail.id)}>
                    {t("invoice.mailRetry")}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
      <ErrorNote error={retry.error} />
    </section>
  );
}

function InvoiceView({ invoice, onChanged }: { invoice: Invoice; onChanged(invoice: Invoice): void }): JSX.Element {
  const { me } = useSession();
  const writable = can(me, "invoices:write");
  const moves = writable ? allowedMoves(invoice.type, invoice.status, { kind: "user", canApprove: can(me, "invoices:approve") }) : [];

  const move = useAction(
    async (status: InvoiceStatus, note?: string) => {
      const moved = await transitioned(invoice, status, note);
      onChanged(moved);
      return moved;
    },
    (moved) => t("invoice.moved", { status: t(`status.${moved.status}` as PhraseKey) }),
  );
  const share = useAction(
    async () => {
      const link = await api.invoices.share.mutate({ id: invoice.id });
      onChanged(await api.invoices.get.query({ id: invoice.id }));
      return link;
    },
    () => t("invoice.shared"),
  );
  const exported = useAction((format: Format) => api.invoices.export.mutate({ id: invoice.id, format }), (file) => t("invoice.exported", { file: file.file_name }));
  const duplicate = useAction(
    async () => {
      const copy = await api.invoices.duplicate.mutate({ id: invoice.id });
      navigate(`/app/invoices/${copy.id}`);
      return copy;
    },
    () => t("invoice.duplicated"),
  );

  // Finalizing spends a number: offered to whoever the service lets do it (ADR 0038).
  const finalizable = writable && !invoice.locked && !["paid", "void"].includes(invoice.status) && (invoice.status === "approved" || can(me, "invoices:approve"));
  const finalize = useAction(
    async () => {
      const final = await api.invoices.finalize.mutate({ id: invoice.id, base_revision: invoice.revision, operation_id: newOperationId() });
      onChanged(final);
      return final;
    },
    (final) => t("invoice.finalizedAs", { number: final.number ?? "" }),
  );
  const sendable = writable && !["paid", "void"].includes(invoice.status);
  const editable = writable && !invoice.locked && !["paid", "void"].includes(invoice.status);
  const send = useAction(
    async (fields: SendFields) => {
      const result = await sentInvoice(invoice, fields);
      onChanged(result.invoice);
      return result;
    },
    (result) => t("invoice.sendQueued", { to: result.mail?.to.join(", ") ?? "" }),
  );
  const payable = writable && acceptsPayment(invoice.type, invoice.status);
  const removePayment = useAction(
    async (paymentId: string) => {
      const owed = await api.invoices.removePayment.mutate({ id: invoice.id, payment_id: paymentId, base_revision: invoice.revision, operation_id: newOperationId() });
      onChanged(owed);
      return owed;
    },
    (owed) => t("invoice.paymentRemoved", { due: money(owed.amount_due, owed.currency) }),
  );
  const record = useAction(
    async (fields: PaymentFields) => {
      const paid = await recordedPayment(invoice, fields);
      onChanged(paid);
      return paid;
    },
    (paid) => t(paid.status === "paid" ? "invoice.paymentSettles" : "invoice.paymentRecorded", { due: money(paid.amount_due, paid.currency) }),
  );

  // The same actions for an agent in the browser, offered only while the person could click them.
  const offers = (status: InvoiceStatus): boolean => moves.includes(status);
  usePageTool({ ...TOOLS.read, execute: () => invoice });
  usePageTool([...PLAIN_MOVES].some((status) => offers(status as InvoiceStatus)) && {
    ...TOOLS.transition,
    execute: ({ status, note }) => move.perform(status as InvoiceStatus, note as string | undefined),
  });
  usePageTool(offers("approved") && { ...TOOLS.approve, describeCall: () => describe(invoice), execute: () => move.perform("approved") });
  usePageTool(offers("void") && { ...TOOLS.void, describeCall: () => describe(invoice), execute: () => move.perform("void") });
  usePageTool(writable && { ...TOOLS.share, execute: () => share.perform() });
  usePageTool({ ...TOOLS.export, execute: ({ format }) => exported.perform(format as Format) });
  usePageTool(writable && { ...TOOLS.duplicate, execute: () => duplicate.perform() });
  usePageTool(sendable && {
    ...TOOLS.send,
    describeCall: () => describe(invoice),
    execute: ({ to, cc, message, attach }) =>
      send.perform({ to: String(to ?? ""), cc: String(cc ?? ""), message: String(message ?? ""), attach: Array.isArray(attach) && attach.length ? (attach as Attachment[]) : ["pdf"] }),
  });
  // Offered while the person may write, as share is: before the invoice is sent the service refuses it and says why.
  usePageTool(writable && {
    ...TOOLS.recordPayment,
    execute: ({ amount, date, method, reference }) => record.perform({ amount: String(amount), date: date as string | undefined, method: method as string | undefined, reference: reference as string | undefined }),
  });

  return (
    <>
      <PageTitle>
        {t(`type.${invoice.type}` as PhraseKey)} {labelOf(invoice)} <StatusChip status={invoice.status} locked={invoice.locked} />
      </PageTitle>
      {writable && (
        <div class="actions">
          {editable && (
            <Link href={`/app/invoices/${invoice.id}/edit`} class="button primary">
              {t("editor.edit")}
            </Link>
          )}
          {finalizable && <ConfirmButton label={t("invoice.finalize")} question={t("invoice.finalizeQuestion")} busy={finalize.busy} onConfirm={() => void finalize.run()} />}
          <button type="button" disabled={duplicate.busy} onClick={() => void duplicate.run()} {...toolAttributes(TOOLS.duplicate)}>
            {t("invoice.duplicate")}
          </button>
          <Link href={`/app/recurring?from=${invoice.id}`} class="button">
            {t("recurring.repeatInvoice")}
          </Link>
          {invoice.type === "invoice" && invoice.number && (
            <Link href={`/app/invoices/new?credit_for=${invoice.id}`} class="button">
              {t("editor.creditNote")}
            </Link>
          )}
        </div>
      )}
      <ErrorNote error={duplicate.error ?? finalize.error} />
      <div class="columns">
        <div>
          <Summary invoice={invoice} />
          <StatusActions moves={moves} move={move} />
          {sendable && <Send invoice={invoice} send={send} />}
          {writable && <Share invoice={invoice} share={share} />}
          <Export exported={exported} />
        </div>
        <Preview invoice={invoice} />
      </div>
      <History invoice={invoice} />
      <Mails invoice={invoice} writable={writable} />
      <Payments invoice={invoice} record={payable ? record : null} remove={writable && invoice.status !== "void" ? removePayment : null} />
    </>
  );
}

export function Page({ params }: PageProps): JSX.Element {
  const loaded = useQuery(() => api.invoices.get.query({ id: params.id! }), [params.id]);
  const [changed, setChanged] = useState<Invoice | null>(null);
  const invoice = changed?.id === params.id ? changed : loaded.data;
  if (loaded.error) return <ErrorNote error={loaded.error} />;
  if (!invoice) return <Loading />;
  return <InvoiceView key={invoice.id} invoice={invoice} onChanged={setChanged} />;
}
