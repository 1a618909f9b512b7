// Webhooks: the account's endpoints, each with what it hears, whether it is on and how its last
// delivery went; adding one (its signing secret shown this once), rotating the secret, switching it
// off and on, a test event, deleting; and per endpoint its deliveries with their attempts, each sent
// again on request. The service checks every URL (no private networks): a refusal shows at the field.
import type { JSX } from "preact";
import { useRef, useState } from "preact/hooks";
import { EVENT_TYPES, type EventType } from "../../../../domain/events.ts";
import { MAX_ENDPOINTS_PER_ACCOUNT } from "../../../../domain/webhooks.ts";
import { api, type Outputs } from "../api.ts";
import { ConfirmButton, CopyField, ErrorNote, Field, Loading, PageTitle, Pager, Table } from "../components.tsx";
import { fieldOf } from "../errors.ts";
import { moment, numberText } from "../format.ts";
import { useAction, useQuery } from "../hooks.ts";
import { t, type PhraseKey } from "../i18n/index.ts";
import { useInvalidField } from "../invalid-field.ts";
import type { PageProps } from "../routes.ts";

type Endpoint = Outputs["webhooks"]["list"]["data"][number];
type Delivery = Outputs["webhooks"]["deliveries"]["data"][number];
type NewEndpointFields = { url: string; description: string; allEvents: boolean; eventTypes: string[] };

const DELIVERIES_PER_PAGE = 20;
const URL_ERROR_ID = "new-webhook-url-error";

/** A secret shown this once, with the sentence that says so. */
function OnceSecret({ title, label, secret }: { title: string; label: string; secret: string }): JSX.Element {
  return (
    <div class="once" role="group" aria-label={title}>
      <p>
        <strong>{t("webhooks.secretOnce")}</strong>
      </p>
      <CopyField label={label} value={secret} />
    </div>
  );
}

function NewEndpoint({ onCreated }: { onCreated(): void }): JSX.Element {
  const [allEvents, setAllEvents] = useState(true);
  const [secret, setSecret] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const create = useAction(
    async (fields: NewEndpointFields) => {
      if (!fields.allEvents && fields.eventTypes.length === 0) throw new Error(t("webhooks.noEvents"));
      const { secret: shown, ...created } = await api.webhooks.create.mutate({
        url: fields.url,
        event_types: fields.allEvents ? ["*"] : (fields.eventTypes as EventType[]),
        ...(fields.description ? { description: fields.description } : {}),
      });
      setSecret(shown);
      onCreated();
      return created;
    },
    () => t("webhooks.created"),
  );
  useInvalidField(form, create.failure);
  const urlRefused = fieldOf(create.failure) === "url";
  const submit = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const element = event.currentTarget as HTMLFormElement;
    const values = new FormData(element);
    const created = await create.run({
      url: String(values.get("url") ?? "").trim(),
      description: String(values.get("description") ?? "").trim(),
      allEvents,
      eventTypes: values.getAll("event_types").map(String),
    });
    if (created) {
      element.reset();
      setAllEvents(true);
    }
  };
  return (
    <section class="card" aria-labelledby="new-webhook-title">
      <h2 id="new-webhook-title">{t("webhooks.new")}</h2>
      <form ref={form} class="grid-form" onSubmit={submit}>
        <Field label={t("webhooks.url")} hint={t("webhooks.urlHint")} wide>
          <input name="url" type="url" required maxLength={2048} placeholder="https://" aria-describedby={urlRefused ? URL_ERROR_ID : undefined} />
        </Field>
        {urlRefused && (
          <div id={URL_ERROR_ID} class="wide">
            <ErrorNote error={create.failure} />
          </div>
        )}
        <Field label={t("webhooks.description")} wide>
          <input name="description" maxLength={500} />
        </Field>
        <fieldset class="wide">
          <legend>{t("webhooks.events")}</legend>
          <label class="check">
            <input type="checkbox" checked={allEvents} onChange={(event) => setAllEvents(event.currentTarget.checked)} /> {t("webhooks.allEvents")}
          </label>
          {/* The types to pick from appear once "all" is unticked: the usual choice keeps the form short. */}
          {!allEvents && (
            <div>
              {EVENT_TYPES.map((type) => (
                <label key={type} class="check">
                  <input type="checkbox" name="event_types" value={type} /> <code>{type}</code> <span class="muted">{t(`webhooks.event.${type}` as PhraseKey)}</span>
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <div class="actions wide">
          <button type="submit" class="primary" disabled={create.busy}>
            {t("webhooks.create")}
          </button>
        </div>
        {!urlRefused && <ErrorNote error={create.error} />}
      </form>
      {secret && <OnceSecret title={t("webhooks.secretTitle")} label={t("webhooks.secret")} secret={secret} />}
    </section>
  );
}

function DeliveryStatus({ delivery }: { delivery: Delivery }): JSX.Element {
  return (
    <>
      <span class={`chip delivery-${delivery.status}`}>{t(`webhooks.delivery${delivery.status}` as PhraseKey)}</span>
      {delivery.last_error && delivery.status !== "delivered" && <span> {delivery.last_error}</span>}
    </>
  );
}

/** Each attempt's time, answer and duration, folded away behind its count. */
function Attempts({ delivery }: { delivery: Delivery }): JSX.Element {
  if (delivery.attempts.length === 0) return <>{numberText(0)}</>;
  return (
    <details>
      <summary>{numberText(delivery.attempts.length)}</summary>
      <ol class="attempts">
        {delivery.attempts.map((attempt) => (
          <li key={attempt.id}>
            {t("webhooks.attemptLine", { at: moment(attempt.at), answer: attempt.status ?? attempt.error ?? "—", duration: numberText(attempt.duration_ms) })}
            {attempt.response_excerpt && <code class="excerpt">{attempt.response_excerpt}</code>}
          </li>
        ))}
      </ol>
    </details>
  );
}

/**
 * The type of each delivery's event, from the event log. An event past its 30 days is gone from
 * there (and its deliveries with it soon after): its row shows the id alone.
 */
async function eventTypesOf(deliveries: Delivery[]): Promise<Map<string, string>> {
  const ids = [...new Set(deliveries.map((delivery) => delivery.event_id))];
  const found = await Promise.allSettled(ids.map((id) => api.events.get.query({ id })));
  return new Map(found.flatMap((result) => (result.status === "fulfilled" ? [[result.value.id, result.value.type] as const] : [])));
}

function Deliveries({ endpoint, round, onRedelivered }: { endpoint: Endpoint; round: number; onRedelivered(): void }): JSX.Element {
  const [offset, setOffset] = useState(0);
  const list = useQuery(() => api.webhooks.deliveries.query({ id: endpoint.id, limit: DELIVERIES_PER_PAGE, offset }), [endpoint.id, offset, round]);
  const types = useQuery(() => eventTypesOf(list.data?.data ?? []), [list.data]);
  const redeliver = useAction(
    async (delivery: Delivery) => {
      const pending = await api.webhooks.redeliver.mutate({ id: endpoint.id, delivery_id: delivery.id });
      onRedelivered();
      return pending;
    },
    () => t("webhooks.redelivered"),
  );
  const caption = t("webhooks.deliveriesOf", { url: endpoint.url });
  return (
    <div id={`deliveries-${endpoint.id}`}>
      <ErrorNote error={list.error ?? redeliver.error} />
      {!list.data && !list.error && <Loading />}
      {list.data?.total === 0 && <p class="muted">{t("webhooks.noDeliveries")}</p>}
      {list.data && list.data.total > 0 && (
        <>
          <Table
            caption={caption}
            head={[t("webhooks.event"), t("webhooks.status"), t("webhooks.statusCode"), t("webhooks.attempts"), t("webhooks.nextAttempt"), t("webhooks.when"), t("common.actions")]}
          >
            {list.data.data.map((delivery) => (
              <tr key={delivery.id}>
                <th scope="row">
                  {types.data?.get(delivery.event_id) ?? ""} <code class="muted">{delivery.event_id}</code>
                </th>
                <td>
                  <DeliveryStatus delivery={delivery} />
                </td>
                <td class="number">{delivery.last_status ?? "—"}</td>
                <td>
                  <Attempts delivery={delivery} />
                </td>
                <td>{moment(delivery.next_attempt_at)}</td>
                <td>{moment(delivery.created_at)}</td>
                <td class="row-actions">
                  {/* A pending one is on its way already; a disabled endpoint is sent nothing. */}
                  {endpoint.enabled && delivery.status !== "pending" && (
                    <button type="button" disabled={redeliver.busy} onClick={() => void redeliver.run(delivery)}>
                      {t("webhooks.redeliver")}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </Table>
          <Pager total={list.data.total} limit={DELIVERIES_PER_PAGE} offset={offset} onPage={setOffset} />
        </>
      )}
    </div>
  );
}

function LastDelivery({ endpoint, round }: { endpoint: Endpoint; round: number }): JSX.Element {
  const last = useQuery(() => api.webhooks.deliveries.query({ id: endpoint.id, limit: 1 }), [endpoint.id, round]);
  if (last.error) return <ErrorNote error={last.error} />;
  if (!last.data) return <Loading />;
  const [delivery] = last.data.data;
  if (!delivery) return <>{t("webhooks.noDeliveries")}</>;
  return (
    <>
      <DeliveryStatus delivery={delivery} />
      {delivery.last_status !== null && <span> ({delivery.last_status})</span>}
      <span class="muted"> {moment(delivery.last_attempt_at ?? delivery.created_at)}</span>
    </>
  );
}

function EndpointCard({ endpoint, onChanged, onDeleted }: { endpoint: Endpoint; onChanged(): void; onDeleted(): void }): JSX.Element {
  const { id, url } = endpoint;
  const [round, setRound] = useState(0);
  const [showing, setShowing] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = (): void => setRound((value) => value + 1);
  // Opening the list reads the last delivery afresh too: both say the same.
  const toggleDeliveries = (): void => {
    if (!showing) refresh();
    setShowing(!showing);
  };
  const switched = useAction(
    async (enabled: boolean) => {
      const changed = await api.webhooks.update.mutate({ id, enabled });
      onChanged();
      return changed;
    },
    (changed) => t(changed.enabled ? "webhooks.enabledNow" : "webhooks.disabledNow", { url }),
  );
  const rotate = useAction(
    async () => {
      const rotated = await api.webhooks.rotateSecret.mutate({ id });
      setSecret(rotated.secret);
      onChanged();
      return rotated;
    },
    () => t("webhooks.rotated"),
  );
  const test = useAction(
    async () => {
      const sent = await api.webhooks.test.mutate({ id });
      refresh();
      return sent;
    },
    () => t("webhooks.testSent", { url }),
  );
  const remove = useAction(
    async () => {
      await api.webhooks.delete.mutate({ id });
      onDeleted();
    },
    () => t("webhooks.deleted", { url }),
  );
  const headingId = `endpoint-${id}`;
  return (
    <article class="card endpoint" aria-labelledby={headingId}>
      <h3 id={headingId}>{url}</h3>
      <dl class="facts">
        {endpoint.description && (
          <>
            <dt>{t("webhooks.description")}</dt>
            <dd>{endpoint.description}</dd>
          </>
        )}
        <dt>{t("webhooks.events")}</dt>
        <dd>{endpoint.event_types.includes("*") ? t("webhooks.allEvents") : <code>{endpoint.event_types.join(", ")}</code>}</dd>
        <dt>{t("webhooks.status")}</dt>
        <dd>
          <span class={endpoint.enabled ? "chip endpoint-enabled" : "chip endpoint-disabled"}>{t(endpoint.enabled ? "webhooks.enabled" : "webhooks.disabled")}</span>
          {!endpoint.enabled && endpoint.disabled_reason && <span> {endpoint.disabled_reason}</span>}
          {endpoint.failing_since && <span class="error-text"> {t("webhooks.failingSince", { at: moment(endpoint.failing_since) })}</span>}
        </dd>
        <dt>{t("webhooks.lastDelivery")}</dt>
        <dd>
          <LastDelivery endpoint={endpoint} round={round} />
        </dd>
        <dt>{t("webhooks.added")}</dt>
        <dd>{moment(endpoint.created_at)}</dd>
      </dl>
      <div class="actions">
        {endpoint.enabled && (
          <button type="button" disabled={test.busy} onClick={() => void test.run()}>
            {t("webhooks.test")}
          </button>
        )}
        <button type="button" disabled={switched.busy} onClick={() => void switched.run(!endpoint.enabled)}>
          {t(endpoint.enabled ? "webhooks.disable" : "webhooks.enable")}
        </button>
        <button type="button" aria-expanded={showing} aria-controls={showing ? `deliveries-${id}` : undefined} onClick={toggleDeliveries}>
          {t("webhooks.deliveries")}
        </button>
        {showing && (
          <button type="button" onClick={refresh}>
            {t("webhooks.refresh")}
          </button>
        )}
        <ConfirmButton label={t("webhooks.rotate")} question={t("webhooks.rotateQuestion")} busy={rotate.busy} onConfirm={() => void rotate.run()} />
        <ConfirmButton label={t("common.delete")} question={t("webhooks.deleteQuestion", { url })} busy={remove.busy} onConfirm={() => void remove.run()} />
      </div>
      <ErrorNote error={switched.error ?? rotate.error ?? test.error ?? remove.error} />
      {secret && <OnceSecret title={t("webhooks.newSecretTitle")} label={t("webhooks.newSecret")} secret={secret} />}
      {showing && <Deliveries endpoint={endpoint} round={round} onRedelivered={refresh} />}
    </article>
  );
}

export function Page(_props: PageProps): JSX.Element {
  const endpoints = useQuery(() => api.webhooks.list.query({ limit: MAX_ENDPOINTS_PER_ACCOUNT }), []);
  const listHeading = useRef<HTMLHeadingElement>(null);
  // The deleted card took the focused button with it: the list's heading takes focus instead.
  const deleted = (): void => {
    endpoints.reload();
    listHeading.current?.focus();
  };
  return (
    <>
      <PageTitle>{t("webhooks.title")}</PageTitle>
      <p>{t("webhooks.intro")}</p>
      <NewEndpoint onCreated={endpoints.reload} />
      <h2 ref={listHeading} tabIndex={-1}>
        {t("webhooks.endpoints")}
      </h2>
      <ErrorNote error={endpoints.error} />
      {!endpoints.data && !endpoints.error && <Loading />}
      {endpoints.data?.total === 0 && <p>{t("webhooks.none")}</p>}
      {endpoints.data?.data.map((endpoint) => <EndpointCard key={endpoint.id} endpoint={endpoint} onChanged={endpoints.reload} onDeleted={deleted} />)}
    </>
  );
}
