// A custom template's logo: what it has now, a file to replace it (picked, or dropped on the field),
// and removing it. A file is checked here first (logo-file.ts); what the service refuses is shown at
// the same field in its own words, and in either case the template stays as it was.
import { TRPCClientError } from "@trpc/client";
import type { JSX } from "preact";
import { api, type Outputs } from "../api.ts";
import { ConfirmButton, ErrorNote } from "../components.tsx";
import { fieldOf } from "../errors.ts";
import { useFileDrop } from "../file-drop.ts";
import { fileSize, numberText } from "../format.ts";
import { useAction } from "../hooks.ts";
import { t } from "../i18n/index.ts";
import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS } from "../../../../../render/logo/limits.ts";
import { LOGO_ACCEPT, logoDataUrl } from "./logo-file.ts";

type Template = Outputs["templates"]["get"];

const HINT_ID = "template-logo-hint";
const ERROR_ID = "template-logo-error";
const FORMAT_NAMES = { "image/png": "PNG", "image/jpeg": "JPEG" } as const;

function CurrentLogo({ template }: { template: Template }): JSX.Element {
  const { logo } = template;
  if (!logo) return <p>{t("templates.logoNone")}</p>;
  return (
    <p>
      {t("templates.logoNow", { format: FORMAT_NAMES[logo.content_type], width: numberText(logo.width), height: numberText(logo.height), size: fileSize(logo.size) })}
      {!template.options.show.logo && <span class="muted"> {t("templates.logoHidden")}</span>}
    </p>
  );
}

/** Whether a failure is about the file itself (the page's own check, or the service naming the logo), so the field is marked. */
function aboutTheFile(failure: unknown): boolean {
  return failure instanceof TRPCClientError ? fieldOf(failure) === "logo" : failure instanceof Error;
}

export function LogoSection({ template, onSaved }: { template: Template; onSaved(template: Template): void }): JSX.Element {
  const upload = useAction(async (file: File) => api.templates.update.mutate({ id: template.id, logo: await logoDataUrl(file) }), () => t("templates.logoSaved"));
  const remove = useAction(() => api.templates.update.mutate({ id: template.id, logo: null }), () => t("templates.logoRemoved"));
  const busy = upload.busy || remove.busy;
  const refused = aboutTheFile(upload.failure);
  const take = async (file: File | undefined): Promise<void> => {
    if (!file || busy) return;
    const saved = await upload.run(file);
    if (saved) onSaved(saved);
  };
  const { over, dropHandlers } = useFileDrop((files) => void take(files[0]));
  return (
    <section class="logo-section" aria-labelledby="template-logo-title" aria-busy={busy}>
      <h3 id="template-logo-title">{t("templates.logo")}</h3>
      <CurrentLogo template={template} />
      <div class={over ? "logo-drop over" : "logo-drop"} {...dropHandlers}>
        <label class="field">
          <span class="label">{t("templates.logoFile")}</span>
          <input
            type="file"
            accept={LOGO_ACCEPT}
            disabled={busy}
            aria-invalid={refused ? "true" : undefined}
            aria-describedby={refused ? `${ERROR_ID} ${HINT_ID}` : HINT_ID}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              // Emptied, so choosing the same file again (after fixing it) is a change too.
              event.currentTarget.value = "";
              void take(file);
            }}
          />
        </label>
        <p id={HINT_ID} class="hint">
          {t("templates.logoHint", { size: fileSize(LOGO_MAX_BYTES), max: numberText(LOGO_MAX_PIXELS) })}
        </p>
        {upload.error && (
          <p id={ERROR_ID} class="error" role="alert">
            {upload.error}
          </p>
        )}
      </div>
      {template.logo && (
        <div class="actions">
          <ConfirmButton
            label={t("templates.logoRemove")}
            question={t("templates.logoRemoveQuestion", { name: template.name })}
            busy={busy}
            onConfirm={async () => {
              const saved = await remove.run();
              if (saved) onSaved(saved);
            }}
          />
        </div>
      )}
      <ErrorNote error={remove.error} />
    </section>
  );
}
