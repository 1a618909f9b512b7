// After the service (or the page itself) refuses a form for one of its fields, that field is marked
// invalid (its border and `aria-invalid`) and takes focus, so the person lands where the fix goes and
// a screen reader says which field it is. The next attempt clears the mark.
import type { RefObject } from "preact";
import { useLayoutEffect } from "preact/hooks";
import { fieldOf } from "./errors.ts";

/** The form's control for an API field: `contact.email` is `contact_email` or `email`, `address.country` is `country`. */
function controlByName(form: HTMLFormElement, field: string): HTMLElement | null {
  const parts = field.split(".").filter((part) => !/^\d+$/.test(part));
  for (const name of [parts.join("_"), parts.slice(-2).join("_"), parts.at(-1) ?? ""]) {
    const control = form.elements.namedItem(name);
    if (control instanceof HTMLElement) return control;
  }
  return null;
}

type Marking = {
  /** The control a refused field names; by default the form's element of that name. */
  controlFor?(form: HTMLFormElement, field: string): HTMLElement | null;
  /** Whether it takes focus: not where the person may be typing elsewhere when the refusal comes (autosave). */
  focus?: boolean;
};

export function useInvalidField(form: RefObject<HTMLFormElement>, failure: unknown, { controlFor = controlByName, focus = true }: Marking = {}): void {
  // Before paint, in the same frame as the refusal's message: never a message without its mark.
  useLayoutEffect(() => {
    const root = form.current;
    if (!root) return;
    for (const marked of root.querySelectorAll("[aria-invalid='true']")) marked.removeAttribute("aria-invalid");
    const field = fieldOf(failure);
    const control = field ? controlFor(root, field) : null;
    if (!control) return;
    control.setAttribute("aria-invalid", "true");
    if (focus) control.focus();
  }, [failure]);
}
