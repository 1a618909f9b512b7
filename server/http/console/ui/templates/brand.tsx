// A template made from a web site: the service reads the site's colours, fonts and logo
// (templates.extractBrand), the person sees what was found, and "Create template" sends the
// template options it proposed, as they are, to templates.create. The extraction is a paid
// operation: with a session it counts against the plan's monthly allowance (and beyond it the
// service asks for a payment the console cannot make), so the form says how much is left.
import type { JSX } from "preact";
import { useRef, useState } from "preact/hooks";
import { api, type Outputs } from "../api.ts";
import { ErrorNote, Field } from "../components.tsx";
import { fileSize, numberText } from "../format.ts";
import { useAction, useQuery } from "../hooks.ts";
import { t, type PhraseKey } from "../i18n/index.ts";
import { useInvalidField } from "../invalid-field.ts";

type Template = Outputs["templates"]["get"];
type Brand = Outputs["templates"]["extractBrand"];
type Usage = Outputs["usage"]["get"];

const NOTE_ID = "brand-cost";

/** What one more extraction costs the account, from its usage this month. */
function costNote(usage: Usage | undefined): string {
  if (!usage) return t("templates.brandCostUnknown");
  if (usage.allowance === null) return t("templates.brandCostUnlimited");
  if (usage.remaining === 0) return t("templates.brandCostUsedUp", { allowance: numberText(usage.allowance) });
  return t("templates.brandCost", { allowance: numberText(usage.allowance), used: numberText(usage.used) });
}

function Palette({ brand }: { brand: Brand }): JSX.Element {
  if (brand.colors.palette.length === 0) return <p>{t("templates.brandNoColours")}</p>;
  return (
    <ul class="swatches">
      {brand.colors.palette.map((entry) => (
        <li key={entry.color}>
          <span class="swatch" style={{ backgroundColor: entry.color }} aria-hidden="true" />
          <code>{entry.color}</code>
          {entry.role && <span>{t(`templates.role.${entry.role}` as PhraseKey)}</span>}
        </li>
      ))}
    </ul>
  );
}

function Fonts({ brand }: { brand: Brand }): JSX.Element {
  const { fonts } = brand;
  const { options } = brand.template_options;
  const printedAs = (family: string | null, font: string): string =>
    family ? t("templates.brandFontAs", { family, font: t(`font.${font}` as PhraseKey) }) : t("templates.brandFontNone", { font: t(`font.${font}` as PhraseKey) });
  return (
    <dl class="facts">
      <dt>{t("templates.bodyFont")}</dt>
      <dd>{printedAs(fonts.body, options.fonts.body)}</dd>
      <dt>{t("templates.headingFont")}</dt>
      <dd>{printedAs(fonts.heading, options.fonts.heading)}</dd>
    </dl>
  );
}

function FoundLogo({ brand }: { brand: Brand }): JSX.Element {
  const { logo } = brand;
  if (!logo) return <p>{t("templates.brandNoLogo")}</p>;
  return (
    <figure class="brand-logo">
      <img src={logo.url} width={logo.width} height={logo.height} alt={t("templates.brandLogoAlt", { name: brand.name })} />
      <figcaption>
        {t("templates.brandLogoFacts", { width: numberText(logo.width), height: numberText(logo.height), size: fileSize(logo.size), source: logo.source_url ?? brand.final_url })}
      </figcaption>
    </figure>
  );
}

function Found({ brand, onCreated }: { brand: Brand; onCreated(template: Template): void }): JSX.Element {
  const create = useAction(() => api.templates.create.mutate(brand.template_options), (template) => t("entities.created", { name: template.name }));
  const proposed = brand.template_options;
  return (
    <section class="brand-found" aria-labelledby="brand-found-title">
      <h3 id="brand-found-title">{t("templates.brandFound", { name: brand.name })}</h3>
      <p class="muted">{brand.final_url}</p>
      <h4>{t("templates.brandColours")}</h4>
      <Palette brand={brand} />
      <h4>{t("templates.brandFonts")}</h4>
      <Fonts brand={brand} />
      <h4>{t("templates.logo")}</h4>
      <FoundLogo brand={brand} />
      <p>{t("templates.brandProposal", { name: proposed.name, base: proposed.base, accent: proposed.options.colors.accent, text: proposed.options.colors.text })}</p>
      <div class="actions">
        <button
          type="button"
          class="primary"
          disabled={create.busy}
          onClick={async () => {
            const created = await create.run();
            if (created) onCreated(created);
          }}
        >
          {t("templates.create")}
        </button>
      </div>
      <ErrorNote error={create.error} />
    </section>
  );
}

export function BrandFromWebsite({ onCreated }: { onCreated(template: Template): void }): JSX.Element {
  const usage = useQuery(() => api.usage.get.query({}), []);
  const [brand, setBrand] = useState<Brand | null>(null);
  const extract = useAction((url: string) => api.templates.extractBrand.mutate({ url }), (found) => t("templates.brandDone", { name: found.name }));
  const formRef = useRef<HTMLFormElement>(null);
  useInvalidField(formRef, extract.failure);
  return (
    <section class="card" aria-labelledby="brand-title" aria-busy={extract.busy}>
      <h2 id="brand-title">{t("templates.brandTitle")}</h2>
      <form
        ref={formRef}
        class="inline-form"
        aria-describedby={NOTE_ID}
        onSubmit={async (event) => {
          event.preventDefault();
          setBrand(null);
          const found = await extract.run(String(new FormData(event.currentTarget).get("url")).trim());
          usage.reload();
          if (found) setBrand(found);
        }}
      >
        <Field label={t("templates.brandUrl")}>
          <input name="url" type="text" inputMode="url" autoComplete="url" required maxLength={2048} placeholder="https://example.com" />
        </Field>
        <button type="submit" class="primary" disabled={extract.busy}>
          {extract.busy ? t("templates.brandReading") : t("templates.brandLookUp")}
        </button>
        <p id={NOTE_ID} class="muted wide">
          {costNote(usage.data)}
        </p>
        <ErrorNote error={extract.error} />
      </form>
      {brand && (
        <Found
          key={brand.url}
          brand={brand}
          onCreated={(template) => {
            setBrand(null);
            onCreated(template);
          }}
        />
      )}
    </section>
  );
}
