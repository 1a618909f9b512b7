// The editor's saving: a pause in typing saves the form as a new revision (the first save creates
// the draft, once, under an idempotency key), one save at a time; what is not saved yet is kept in
// this browser, so a reload or a closed tab loses nothing. A save refused because someone else saved
// first turns into a conflict the person settles (ADR 0039).
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { api, appCodeOf, newOperationId, type Invoice } from "../api.ts";
import { UnreadableField } from "../errors.ts";
import { inputOf, isSavable, sameValues, sentLineKeys, valuesOf, type EditorValues } from "./values.ts";

/** How long typing must pause before a save. */
export const SAVE_DELAY_MS = 800;

export type SavePhase = "new" | "pending" | "saving" | "saved" | "failed" | "conflict";

export type Autosave = {
  phase: SavePhase;
  /** The last revision the service answered with: its totals are the ones shown. */
  saved: Invoice | null;
  /** The refusal of the last save (the service's, or a field the page could not read). */
  failure: unknown;
  /** Which line each item of the last attempt was, to find the field a refusal names. */
  lineKeys: readonly string[];
  /** The newer revision someone else saved, while the person decides. */
  theirs: Invoice | null;
  /** Saves now instead of after the pause (the Save button, leaving the page). */
  saveNow(): void;
  keepMine(): void;
  takeTheirs(): void;
};

type Stored = { base_revision: number | null; values: EditorValues; idempotency_key: string };

const storageKey = (id: string | null): string => `console.invoice-draft:${id ?? "new"}`;

export function readStoredDraft(id: string | null): Stored | null {
  try {
    const text = localStorage.getItem(storageKey(id));
    return text ? (JSON.parse(text) as Stored) : null;
  } catch {
    return null;
  }
}

function writeStoredDraft(id: string | null, draft: Stored | null): void {
  try {
    if (draft) localStorage.setItem(storageKey(id), JSON.stringify(draft));
    else localStorage.removeItem(storageKey(id));
  } catch {
    // Storage refused (private mode, full): saving to the service still works.
  }
}

/**
 * Saves `values` whenever they differ from what was last saved. `start` is the stored invoice (null
 * for a new one) and `baseline` what its form said when opened; `onValues` receives line ids the
 * service gave new lines, and the other version when the person takes it.
 */
export function useAutosave(options: {
  start: Invoice | null;
  baseline: EditorValues;
  values: EditorValues;
  idempotencyKey: string;
  onValues(values: EditorValues | ((current: EditorValues) => EditorValues)): void;
  onCreated(invoice: Invoice): void;
  /** Opened with a newer revision than the kept draft was based on. */
  conflictOnOpen: Invoice | null;
}): Autosave {
  const { values } = options;
  const [saved, setSaved] = useState<Invoice | null>(options.start);
  const [phase, setPhase] = useState<SavePhase>(() => {
    if (options.conflictOnOpen) return "conflict";
    if (!options.start) return "new";
    // A kept draft restored over the stored revision is not saved yet.
    return sameValues(values, options.baseline) ? "saved" : "pending";
  });
  const [failure, setFailure] = useState<unknown>(null);
  const [theirs, setTheirs] = useState<Invoice | null>(options.conflictOnOpen);
  const [lineKeys, setLineKeys] = useState<readonly string[]>([]);
  // What the service holds (as the form said it), the newest values, and whether a save runs: refs,
  // so a save that ends sees what was typed meanwhile.
  const sent = useRef<EditorValues>(options.baseline);
  const latest = useRef({ values, saved, options, phase });
  latest.current = { values, saved, options, phase };
  const running = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const save = useCallback(async (): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (running.current || latest.current.phase === "conflict") return;
    const { values: current, saved: base, options: given } = latest.current;
    if (sameValues(current, sent.current) && base) return setPhase("saved");
    if (!isSavable(current, base !== null)) return setPhase(base ? "pending" : "new");
    let request;
    try {
      request = inputOf(current, base);
    } catch (error) {
      if (!(error instanceof UnreadableField)) throw error;
      setFailure(error);
      setLineKeys(sentLineKeys(current));
      return setPhase("failed");
    }
    running.current = true;
    let conflicted = false;
    setPhase("saving");
    setLineKeys(request.lineKeys);
    try {
      const answer = base
        ? await api.invoices.update.mutate({ id: base.id, base_revision: base.revision, operation_id: newOperationId(), ...request.input })
        : await api.invoices.create.mutate({ ...request.input, idempotency_key: given.idempotencyKey });
      sent.current = current;
      setSaved(answer);
      setFailure(null);
      // New lines get the ids the service gave them, so the next save keeps them.
      const ids = new Map(request.lineKeys.map((key, index) => [key, answer.items[index]?.id ?? null]));
      if (latest.current.values.lines.some((line) => !line.id && ids.get(line.key))) {
        sent.current = { ...current, lines: current.lines.map((line) => ({ ...line, id: line.id ?? ids.get(line.key) ?? null })) };
        // An update of the form as it is when applied, so nothing typed meanwhile is undone.
        given.onValues((now) => ({ ...now, lines: now.lines.map((line) => (!line.id && ids.get(line.key) ? { ...line, id: ids.get(line.key) ?? null } : line)) }));
      }
      if (!base) {
        writeStoredDraft(null, null);
        given.onCreated(answer);
      }
      setPhase("saved");
    } catch (error) {
      // The newer revision is read to show it; if even that fails, the save simply failed.
      const newer = appCodeOf(error) === "REVISION_CONFLICT" && base ? await api.invoices.get.query({ id: base.id }).catch(() => null) : null;
      if (newer) {
        conflicted = true;
        latest.current.phase = "conflict";
        setTheirs(newer);
        setPhase("conflict");
      } else {
        setFailure(error);
        setPhase("failed");
      }
    } finally {
      running.current = false;
    }
    // Typed while the save ran: save that too, after the usual pause.
    if (!conflicted && !sameValues(latest.current.values, sent.current)) schedule();
  }, []);

  const schedule = useCallback((): void => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), SAVE_DELAY_MS);
  }, [save]);

  // Every change is kept in this browser at once, and saved after a pause.
  useEffect(() => {
    const id = saved?.id ?? null;
    if (sameValues(values, sent.current) && saved) {
      writeStoredDraft(id, null);
      return;
    }
    writeStoredDraft(id, { base_revision: saved?.revision ?? null, values, idempotency_key: options.idempotencyKey });
    if (phase === "conflict") return;
    setPhase((current) => (current === "saving" ? current : saved || isSavable(values, false) ? "pending" : "new"));
    schedule();
  }, [values]);

  // Leaving the page (another console page, or hiding the tab) saves what is pending now.
  useEffect(() => {
    const hidden = (): void => {
      if (document.visibilityState === "hidden") void save();
    };
    document.addEventListener("visibilitychange", hidden);
    return () => {
      document.removeEventListener("visibilitychange", hidden);
      if (timer.current) void save();
    };
  }, [save]);

  const keepMine = useCallback((): void => {
    const other = theirs;
    if (!other) return;
    setSaved(other);
    setTheirs(null);
    // Their version is now the base: mine is saved over it as the next revision.
    sent.current = valuesOf(other);
    latest.current.saved = other;
    latest.current.phase = "pending";
    setPhase("pending");
    void save();
  }, [theirs, save]);

  const takeTheirs = useCallback((): void => {
    const other = theirs;
    if (!other) return;
    const adopted = valuesOf(other);
    sent.current = adopted;
    setSaved(other);
    setTheirs(null);
    latest.current.phase = "saved";
    setPhase("saved");
    writeStoredDraft(other.id, null);
    latest.current.options.onValues(adopted);
  }, [theirs]);

  // "Saved" is only said while the form is what the service holds: a change shows as pending in the
  // same paint that shows the change.
  const shown = phase === "saved" && !sameValues(values, sent.current) ? "pending" : phase;
  return { phase: shown, saved, failure, lineKeys, theirs, saveNow: () => void save(), keepMine, takeTheirs };
}
