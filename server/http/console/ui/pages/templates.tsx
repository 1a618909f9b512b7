// Templates: the four built-in designs and the account's own. A custom template's options are
// edited in place and saved as they change, its logo uploaded or removed; the preview beside them
// renders the account's newest invoice with them (or a sample invoice in the base design while the
// account has none). A new template starts from a design, or from a web site's brand.
import type { JSX } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { api, type Inputs, type Outputs } from "../api.ts";
import { ConfirmButton, ErrorNote, Field, Loading, PageTitle } from "../components.tsx";
import { useAction, useQuery } from "../hooks.ts";
import { t, type PhraseKey } from "../i18n/index.ts";
import type { PageProps } from "../routes.ts";
import { navigate, withQuery } from "../router.ts";
import { can, useSession } from "../session.ts";
import { BrandFromWebsite } from "../templates/brand.tsx";
import { LogoSection } from "../templates/logo.tsx";

type Template = Outputs["templates"]["get"];
type Options = Template["options"];
type Base = Template["base"];

const BASES = ["classic", "modern", "minimal", "bold"] as const satisfies readonly Base[];
const FONTS = ["sans", "serif", "mono"] as const satisfies readonly Options["fonts"]["body"][];
const PAPERS = ["A4", "Letter"] as const satisfies readonly Options["paper"][];
const SHOWN = ["logo", "tax_ids", "delivery_date", "tax_breakdown", "payment", "qr_code", "notes", "page_numbers", "tax_rate_column"] as const satisfies ReadonlyArray<keyof Options["show"]>;
const PATH = "/app/templates";
/** Waits for typing to pause before saving and rendering again. */
const SAVE_DELAY_MS = 700;

function sampleInvoice(): Inputs["invoices"]["exportInline"]["invoice"] {
  return {
    from_name: "Example GmbH",
    bill_to_name: t("templates.sampleClient"),
    currency: "EUR",
    locale: "en-IE",
    issue_date: new Date().toISOString().slice(0, 10),
    items: [{ description: t("templates.sampleLine"), quantity: 2, rate: 12_000 }],
  };
}

/** A PNG of the template at work: the newest invoice rendered with it, else a sample in its base design (a built-in template is its own base). */
async function previewUrl(template: Template): Promise<string> {
  const newest = await api.invoices.list.query({ limit: 1 });
  const invoice = newest.data[0];
  if (invoice) return (await api.invoices.export.mutate({ id: invoice.id, format: "png", template_id: template.id })).url;
  return (await api.invoices.exportInline.mutate({ invoice: sampleInvoice(), format: "png", template_id: template.base })).url;
}

function Preview({ template }: { template: Template }): JSX.Element {
  const preview = useQuery(() => previewUrl(template), [template.id, template.revision]);
  return (
    <section class="preview" aria-labelledby="template-preview-title" aria-busy={preview.loading}>
      <h2 id="template-preview-title">{t("templates.preview")}</h2>
      <ErrorNote error={preview.error} />
      {preview.data && <img src={preview.data} alt={t("templates.previewAlt", { name: template.name })} />}
    </section>
  );
}

function FontSelect({ label, value, onChange }: { label: string; value: string; onChange(font: string): void }): JSX.Element {
  return (
    <Field label={label}>
      <select value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {FONTS.map((font) => (
          <option key={font} value={font}>
            {t(`font.${font}` as PhraseKey)}
          </option>
        ))}
      </select>
    </Field>
  );
}

function OptionsEditor({ template, onSaved }: { template: Template; onSaved(template: Template): void }): JSX.Element {
  const save = useAction((changes: Record<string, unknown>) => api.templates.update.mutate({ id: template.id, options: changes }), () => t("templates.saved"));
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (pending.current && clearTimeout(pending.current)), []);
  const change = (changes: Record<string, unknown>): void => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(async () => {
      const saved = await save.run(changes);
      if (saved) onSaved(saved);
    }, SAVE_DELAY_MS);
  };
  const { options } = template;
  return (
    <form class="grid-form" onSubmit={(event) => event.preventDefault()} aria-describedby="options-note">
      <p id="options-note" class="muted wide">
        {t("templates.autosave")}
      </p>
      <Field label={t("templates.accent")}>
        <input type="color" value={options.colors.accent} onInput={(event) => change({ colors: { accent: event.currentTarget.value } })} />
      </Field>
      <Field label={t("templates.text")}>
        <input type="color" value={options.colors.text} onInput={(event) => change({ colors: { text: event.currentTarget.value } })} />
      </Field>
      <FontSelect label={t("templates.bodyFont")} value={options.fonts.body} onChange={(body) => change({ fonts: { body } })} />
      <FontSelect label={t("templates.headingFont")} value={options.fonts.heading} onChange={(heading) => change({ fonts: { heading } })} />
      <Field label={t("templates.paper")}>
        <select value={options.paper} onChange={(event) => change({ paper: event.currentTarget.value })}>
          {PAPERS.map((paper) => (
            <option key={paper} value={paper}>
              {paper}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("templates.footer")} wide>
        <textarea maxLength={500} defaultValue={options.footer ?? ""} onInput={(event) => change({ footer: event.currentTarget.value || null })} />
      </Field>
      <fieldset class="wide">
        <legend>{t("templates.show")}</legend>
        {SHOWN.map((block) => (
          <label key={block} class="check">
            <input type="checkbox" checked={options.show[block]} onChange={(event) => change({ show: { [block]: event.currentTarget.checked } })} />
            {t(`show.${block}` as PhraseKey)}
          </label>
        ))}
      </fieldset>
      <ErrorNote error={save.error} />
    </form>
  );
}

function NewTemplate({ onCreated }: { onCreated(template: Template): void }): JSX.Element {
  const create = useAction((name: string, base: Base) => api.templates.create.mutate({ name, base }), (template) => t("entities.created", { name: template.name }));
  return (
    <form
      class="inline-form"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const created = await create.run(String(form.get("name")).trim(), form.get("base") as Base);
        if (created) onCreated(created);
      }}
    >
      <Field label={t("templates.name")}>
        <input name="name" required maxLength={200} />
      </Field>
      <Field label={t("templates.base")}>
        <select name="base">
          {BASES.map((base) => (
            <option key={base} value={base}>
              {base}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" class="primary" disabled={create.busy}>
        {t("templates.create")}
      </button>
      <ErrorNote error={create.error} />
    </form>
  );
}

/** The template shown is named in the address (`?template=tpl_…`), so a link or a reload opens it again. */
function select(template: Template | null): void {
  navigate(withQuery(PATH, { template: template?.id }));
}

export function Page({ query }: PageProps): JSX.Element {
  const { me } = useSession();
  const list = useQuery(() => api.templates.list.query({ limit: 100 }), []);
  // The newest copies of templates this page saved or created, ahead of the list's until it reloads.
  const [saved, setSaved] = useState<ReadonlyMap<string, Template>>(new Map());
  const keep = (template: Template): void => setSaved((known) => new Map(known).set(template.id, template));
  const remove = useAction((template: Template) => api.templates.delete.mutate({ id: template.id }).then(() => template), (template) => t("entities.deleted", { name: template.name }));
  const writable = can(me, "templates:write");
  const wanted = query.get("template") ?? list.data?.data[0]?.id;
  const listed = list.data?.data.find((template) => template.id === wanted);
  const fresh = wanted ? saved.get(wanted) : undefined;
  const current = fresh && (!listed || fresh.revision >= listed.revision) ? fresh : (listed ?? list.data?.data[0] ?? null);
  const created = (template: Template): void => {
    keep(template);
    select(template);
    list.reload();
  };
  return (
    <>
      <PageTitle>{t("templates.title")}</PageTitle>
      {writable && <NewTemplate onCreated={created} />}
      <ErrorNote error={list.error ?? remove.error} />
      {!list.data && !list.error && <Loading />}
      {list.data && (
        <div class="columns">
          <div>
            <h2>{t("templates.designs")}</h2>
            <ul class="template-list">
              {list.data.data.map((template) => (
                <li key={template.id}>
                  <button type="button" aria-pressed={current?.id === template.id} onClick={() => select(template)}>
                    {template.name} <span class="muted">({template.built_in ? t("templates.builtIn") : template.base})</span>
                  </button>
                </li>
              ))}
            </ul>
            {current && !current.built_in && writable && (
              <>
                <h2>{t("templates.options", { name: current.name })}</h2>
                <OptionsEditor key={current.id} template={current} onSaved={keep} />
                <LogoSection key={`logo-${current.id}`} template={current} onSaved={keep} />
                <ConfirmButton
                  label={t("common.delete")}
                  question={t("entities.deleteQuestion", { name: current.name })}
                  busy={remove.busy}
                  onConfirm={async () => {
                    if (await remove.run(current)) {
                      select(null);
                      list.reload();
                    }
                  }}
                />
              </>
            )}
            {current?.built_in && <p class="muted">{t("templates.builtInNote")}</p>}
          </div>
          {current && <Preview template={current} />}
        </div>
      )}
      {writable && <BrandFromWebsite onCreated={created} />}
    </>
  );
}
