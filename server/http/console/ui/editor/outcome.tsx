// What the saved revision comes to: the service's own totals (never added up here) and its real
// render, the PNG the export would give, painted again after each save.
import { Fragment, type JSX } from "preact";
import { api, type Invoice } from "../api.ts";
import { ErrorNote, Loading } from "../components.tsx";
import { money, numberText } from "../format.ts";
import { useQuery } from "../hooks.ts";
import { t } from "../i18n/index.ts";

export function Totals({ saved, current }: { saved: Invoice; current: boolean }): JSX.Element {
  return (
    <section aria-labelledby="totals-title" class="card">
      <h2 id="totals-title">{t("editor.totals")}</h2>
      {!current && <p class="muted">{t("editor.totalsLastSave")}</p>}
      <dl class="facts" aria-live="polite">
        <dt>{t("editor.subtotal")}</dt>
        <dd>{money(saved.subtotal, saved.currency)}</dd>
        {saved.tax_breakdown.map((part) => (
          <Fragment key={`${part.category}${part.rate}`}>
            <dt>{t("editor.taxAt", { rate: numberText(part.rate) })}</dt>
            <dd>{money(part.tax, saved.currency)}</dd>
          </Fragment>
        ))}
        <dt>{t("invoices.total")}</dt>
        <dd>
          <strong>{money(saved.total, saved.currency)}</strong>
        </dd>
      </dl>
    </section>
  );
}

export function LivePreview({ saved }: { saved: Invoice }): JSX.Element {
  const preview = useQuery(() => api.invoices.preview.query({ id: saved.id }), [saved.id, saved.revision]);
  return (
    <section aria-labelledby="preview-title" class="preview" aria-busy={preview.loading}>
      <h2 id="preview-title">{t("invoice.preview")}</h2>
      <ErrorNote error={preview.error} />
      {preview.data ? (
        <img src={`data:${preview.data.media_type};base64,${preview.data.data}`} alt={t("editor.previewAlt", { revision: preview.data.revision })} />
      ) : (
        !preview.error && <Loading />
      )}
    </section>
  );
}
