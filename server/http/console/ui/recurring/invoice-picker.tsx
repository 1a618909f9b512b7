// The invoice a new rule copies: the account's invoices found by number or client as the person
// types, picked from a list that names each by type, number, client, total and issue date. An
// invoice the page was opened for (/app/recurring?from=inv_…) is picked from the start.
import type { JSX } from "preact";
import { useEffect, useState } from "preact/hooks";
import { api, type Invoice } from "../api.ts";
import { ErrorNote, Field } from "../components.tsx";
import { day, money } from "../format.ts";
import { useQuery } from "../hooks.ts";
import { t, type PhraseKey } from "../i18n/index.ts";

const OFFERED = 50;

const described = (invoice: Invoice): string =>
  [`${t(`type.${invoice.type}` as PhraseKey)} ${invoice.number ?? t("invoices.draftNumber")}`, invoice.bill_to_name, money(invoice.total, invoice.currency), day(invoice.issue_date)].join(" · ");

export function InvoicePicker({ value, onChange, from }: { value: string; onChange(id: string): void; from: string | null }): JSX.Element {
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  // The list follows what is typed, a moment after the typing stops.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery(() => api.invoices.list.query({ ...(search ? { q: search } : {}), limit: OFFERED }), [search]);
  const opened = useQuery(() => (from ? api.invoices.get.query({ id: from }) : Promise.resolve(null)), [from]);
  // The picked invoice stays offered when a new search no longer finds it.
  const [picked, setPicked] = useState<Invoice | null>(null);
  const chosen = picked ?? opened.data ?? null;
  const results = found.data?.data ?? [];
  const offered = chosen && !results.some((invoice) => invoice.id === chosen.id) ? [chosen, ...results] : results;

  return (
    <div class="wide invoice-pick">
      <Field label={t("recurring.findInvoice")} hint={t("recurring.findInvoiceHint")}>
        <input
          type="search"
          maxLength={200}
          value={typed}
          onInput={(event) => setTyped(event.currentTarget.value)}
          // Enter searches as typing does; it must not submit the rule.
          onKeyDown={(event) => event.key === "Enter" && event.preventDefault()}
        />
      </Field>
      <Field label={t("recurring.invoice")} hint={t("recurring.invoiceHint")}>
        <select
          name="invoice_id"
          required
          value={value}
          onChange={(event) => {
            const id = event.currentTarget.value;
            setPicked(offered.find((invoice) => invoice.id === id) ?? null);
            onChange(id);
          }}
        >
          <option value="">{t("recurring.chooseInvoice")}</option>
          {offered.map((invoice) => (
            <option key={invoice.id} value={invoice.id}>
              {described(invoice)}
            </option>
          ))}
        </select>
      </Field>
      {found.data?.total === 0 && <p class="muted">{t("recurring.noInvoiceFound")}</p>}
      <ErrorNote error={found.error ?? opened.error} />
    </div>
  );
}
