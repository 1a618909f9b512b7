// Client-side routing over the History API: the server answers every /app path with the same page,
// and this module decides what it shows. Links stay real <a href> elements (open in a new tab works).
import { createElement, type ComponentChildren, type JSX } from "preact";
import { useEffect, useState } from "preact/hooks";

export type Place = { path: string; query: URLSearchParams };

const listeners = new Set<() => void>();
/** False until the first move inside the console: the page a visit lands on keeps the browser's focus order. */
let moved = false;

function here(): Place {
  return { path: location.pathname.replace(/\/+$/, "") || "/", query: new URLSearchParams(location.search) };
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Whether the person has moved within the console since it loaded (a page change, back or forward). */
export function hasNavigated(): boolean {
  return moved;
}

addEventListener("popstate", () => {
  moved = true;
  notify();
});

/** Goes to `to`; `replace` is for redirects (/app to the invoices, a visitor to sign-in), which are no move of the person's. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === location.pathname + location.search) return;
  if (options.replace) {
    history.replaceState(null, "", to);
  } else {
    history.pushState(null, "", to);
    moved = true;
  }
  notify();
}

/** The current place; re-renders the caller when it changes. */
export function usePlace(): Place {
  const [place, setPlace] = useState(here);
  useEffect(() => {
    const update = (): void => setPlace(here());
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);
  return place;
}

/** A path pattern's parameters (`/app/invoices/:id`), or null when the path does not match. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const wanted = pattern.split("/");
  const given = path.split("/");
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    const actual = given[index] ?? "";
    if (part.startsWith(":")) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
}

/** A query string from the given values, leaving out empty ones. */
export function withQuery(path: string, values: Record<string, string | number | undefined | null>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== "") query.set(name, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

type LinkProps = JSX.HTMLAttributes<HTMLAnchorElement> & { href: string; children?: ComponentChildren };

/** An ordinary link the router follows in place; modified clicks (new tab, download) stay the browser's. */
export function Link(props: LinkProps): JSX.Element {
  const onClick = (event: MouseEvent): void => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(props.href);
  };
  return createElement("a", { ...props, onClick });
}
