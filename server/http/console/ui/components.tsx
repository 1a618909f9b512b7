// The console's building blocks: labelled fields, tables that scroll on a phone, paging, status
// chips, inline confirmation, copy. Semantic HTML first; ARIA only where HTML has no element.
import type { ComponentChildren, JSX } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { describeError } from "./errors.ts";
import { t, type PhraseKey } from "./i18n/index.ts";
import { hasNavigated } from "./router.ts";

/**
 * The page's heading. After a move within the console it takes focus, so a screen reader hears where
 * the person is now; the page a visit lands on leaves focus where the browser puts it (the skip link
 * comes first).
 */
export function PageTitle({ children }: { children: ComponentChildren }): JSX.Element {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (hasNavigated()) heading.current?.focus();
  }, []);
  return (
    <h1 ref={heading} tabIndex={-1}>
      {children}
    </h1>
  );
}

/** A control with its visible label (the label wraps it, so no id is needed). */
export function Field({ label, hint, children, wide }: { label: string; hint?: string; children: ComponentChildren; wide?: boolean }): JSX.Element {
  return (
    <label class={wide ? "field wide" : "field"}>
      <span class="label">{label}</span>
      {children}
      {hint && <span class="hint">{hint}</span>}
    </label>
  );
}

/** A table that scrolls sideways on narrow screens; the scroll region is named and keyboard reachable. */
export function Table({ caption, head, children }: { caption: string; head: ComponentChildren[]; children: ComponentChildren }): JSX.Element {
  return (
    <div class="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((cell, index) => (
              <th key={index} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function Pager({ total, limit, offset, onPage }: { total: number; limit: number; offset: number; onPage(offset: number): void }): JSX.Element | null {
  if (total <= limit && offset === 0) return null;
  const last = Math.min(offset + limit, total);
  return (
    <nav class="pager" aria-label={t("pager.label")}>
      <button type="button" disabled={offset === 0} onClick={() => onPage(Math.max(0, offset - limit))}>
        {t("pager.previous")}
      </button>
      <span>{t("pager.range", { first: total === 0 ? 0 : offset + 1, last, total })}</span>
      <button type="button" disabled={last >= total} onClick={() => onPage(offset + limit)}>
        {t("pager.next")}
      </button>
    </nav>
  );
}

/** Statuses before sending: a locked one (numbered, its content fixed) shows as finalized instead. */
const UNSENT: ReadonlySet<string> = new Set(["draft", "review", "approved"]);

/** An invoice's status as a chip; `locked` (finalized: numbered and fixed) shows before it is sent. */
export function StatusChip({ status, locked = false }: { status: string; locked?: boolean }): JSX.Element {
  const shown = locked && UNSENT.has(status) ? "finalized" : status;
  return <span class={`chip chip-${shown}`}>{t(`status.${shown}` as PhraseKey)}</span>;
}

export function Loading(): JSX.Element {
  return (
    <p class="muted" aria-busy="true">
      {t("common.loading")}
    </p>
  );
}

/** A failure next to what failed, read out at once. */
export function ErrorNote({ error }: { error: unknown }): JSX.Element | null {
  if (!error) return null;
  return (
    <p class="error" role="alert">
      {typeof error === "string" ? error : describeError(error)}
    </p>
  );
}

/** A destructive button that asks once more in place (no modal to trap focus, nothing to dismiss). */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  busy,
  tool,
}: {
  label: string;
  question: string;
  confirmLabel?: string;
  onConfirm(): void;
  busy?: boolean;
  /** data-tool-* attributes for the browser-agent bridge. */
  tool?: Record<string, string>;
}): JSX.Element {
  const [asking, setAsking] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirm.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" class="danger" disabled={busy} onClick={() => setAsking(true)} {...tool}>
        {label}
      </button>
    );
  }
  return (
    <span class="confirm" role="group" aria-label={question}>
      <span>{question}</span>
      <button
        ref={confirm}
        type="button"
        class="danger"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel ?? label}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        {t("common.cancel")}
      </button>
    </span>
  );
}

/** Copies a secret or link; the text stays selectable in its field for browsers that refuse the clipboard. */
export function CopyField({ label, value }: { label: string; value: string }): JSX.Element {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      input.current?.select();
    }
  };
  return (
    <div class="copy">
      <Field label={label} wide>
        <input ref={input} readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
      </Field>
      <button type="button" onClick={copy}>
        {copied ? t("common.copied") : t("common.copy")}
      </button>
    </div>
  );
}
