// The editor's client: typed as a name, with the account's clients offered as the person types; a
// name that is a stored client's picks it (its e-mail, currency and language follow), any other name
// is billed as typed and can be saved as a new client in place.
import type { JSX } from "preact";
import { useEffect, useState } from "preact/hooks";
import { api, type Outputs } from "../api.ts";
import { ErrorNote, Field } from "../components.tsx";
import { useAction, useQuery } from "../hooks.ts";
import { t } from "../i18n/index.ts";
import type { EditorValues } from "./values.ts";

type Client = Outputs["clients"]["get"];

/** What picking a client changes on the invoice: its name and e-mail, and its currency and language when it has them. */
function billedTo(values: EditorValues, client: Client): EditorValues {
  return {
    ...values,
    client_id: client.id,
    bill_to_name: client.name,
    bill_to_email: client.email ?? values.bill_to_email,
    currency: client.currency ?? values.currency,
    locale: client.locale ?? values.locale,
  };
}

const sameName = (a: string, b: string): boolean => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export function ClientPicker({ values, onChange, writable }: { values: EditorValues; onChange(values: EditorValues | ((current: EditorValues) => EditorValues)): void; writable: boolean }): JSX.Element {
  // The offers follow what is typed, a moment after the typing stops.
  const [query, setQuery] = useState(values.bill_to_name);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(values.bill_to_name.trim()), 250);
    return () => clearTimeout(timer);
  }, [values.bill_to_name]);
  const offers = useQuery(() => api.clients.list.query({ ...(query ? { q: query } : {}), limit: 20 }), [query]);
  const clients = offers.data?.data ?? [];
  const create = useAction(
    () => api.clients.create.mutate({ name: values.bill_to_name.trim(), ...(values.bill_to_email.trim() ? { email: values.bill_to_email.trim() } : {}) }),
    (client) => t("editor.clientSaved", { name: client.name }),
  );

  // A name typed (or pasted) before the offers arrived picks its client once they do.
  useEffect(() => {
    const match = clients.find((client) => client.name === values.bill_to_name);
    if (match && !values.client_id) onChange((current) => (current.client_id || current.bill_to_name !== match.name ? current : billedTo(current, match)));
  }, [offers.data]);

  const typed = (name: string): void => {
    const match = clients.find((client) => client.name === name);
    if (match) onChange(billedTo({ ...values, bill_to_name: name }, match));
    else onChange({ ...values, bill_to_name: name, client_id: values.client_id && name === values.bill_to_name ? values.client_id : "" });
  };
  const saveAsClient = async (): Promise<void> => {
    const client = await create.run();
    // Applied to the form as it is by then: what was typed while the client was saved stays.
    if (client) onChange((current) => billedTo(current, client));
  };
  // One with this name exists already: picking it is offered instead of a second one.
  const namesake = !values.client_id ? clients.find((client) => sameName(client.name, values.bill_to_name)) : undefined;

  return (
    <fieldset class="grid-form wide">
      <legend>{t("editor.billTo")}</legend>
      <Field label={t("invoices.client")} hint={values.client_id ? t("editor.storedClient") : t("editor.newClientHint")}>
        <input id="editor-bill_to_name" required maxLength={500} list="client-options" autoComplete="off" value={values.bill_to_name} onInput={(event) => typed(event.currentTarget.value)} />
      </Field>
      <datalist id="client-options">
        {clients.map((client) => (
          <option key={client.id} value={client.name}>
            {client.email ?? ""}
          </option>
        ))}
      </datalist>
      <Field label={t("clients.email")}>
        <input id="editor-bill_to_email" type="email" maxLength={320} value={values.bill_to_email} onInput={(event) => onChange({ ...values, bill_to_email: event.currentTarget.value })} />
      </Field>
      {namesake && (
        <p class="notice wide" role="status">
          {t("editor.namesake", { name: namesake.name })}{" "}
          <button type="button" onClick={() => onChange(billedTo(values, namesake))}>
            {t("editor.useNamesake")}
          </button>
        </p>
      )}
      {writable && !values.client_id && !namesake && values.bill_to_name.trim() !== "" && (
        <div class="actions wide">
          <button type="button" disabled={create.busy} onClick={() => void saveAsClient()}>
            {t("editor.saveClient", { name: values.bill_to_name.trim() })}
          </button>
        </div>
      )}
      <ErrorNote error={create.error} />
    </fieldset>
  );
}
