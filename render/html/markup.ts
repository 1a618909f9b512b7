// Building HTML without ever concatenating user text into markup. `Html` is a branded string that
// only `text`, `element` and `trusted` produce, so a name or a description can reach the page only
// through `text` (escaped) or an attribute value (escaped): forgetting to escape is a type error.
declare const HTML: unique symbol;
export type Html = string & { readonly [HTML]: true };

/** Elements that have no end tag (HTML §13.1.2). */
const VOID_ELEMENTS = new Set(["br", "img", "input", "link", "meta"]);

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text as it should read: the five characters HTML gives a meaning escaped, in content or in quotes. */
export function text(value: string): Html {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] as string) as Html;
}

/** Markup this code wrote itself (the doctype, a stylesheet, a script): never user text. */
export function trusted(markup: string): Html {
  return markup as Html;
}

/** An attribute is left out when null, undefined or false, and written bare when true. */
export type Attributes = Record<string, string | number | boolean | null | undefined>;

function attributes(attrs: Attributes): string {
  return Object.entries(attrs)
    .flatMap(([name, value]) => {
      if (value === null || value === undefined || value === false) return [];
      return value === true ? [` ${name}`] : [` ${name}="${text(String(value))}"`];
    })
    .join("");
}

export function element(tag: string, attrs: Attributes = {}, ...children: ReadonlyArray<Html | null>): Html {
  const open = `<${tag}${attributes(attrs)}>`;
  if (VOID_ELEMENTS.has(tag)) return open as Html;
  return `${open}${children.filter((child) => child !== null).join("")}</${tag}>` as Html;
}

/** Children side by side, the absent ones (a hidden block) left out. */
export function fragment(...children: ReadonlyArray<Html | null>): Html {
  return children.filter((child) => child !== null).join("") as Html;
}
