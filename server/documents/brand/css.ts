// Stylesheets read as far as brand extraction needs: every declaration with the selector it sits
// under, and the @import URLs. Not a full CSS parser: comments go, strings and parentheses are
// respected (a `;` inside url(data:…;base64,…) ends nothing), group rules (@media, @supports,
// @layer…) are looked into, and native nesting is followed. Rules for a dark colour scheme are left
// out: the brand is the site's default appearance, and a `.dark` block coming after `:root` would
// otherwise replace its colours. Custom properties are then resolved where they are used, so
// `color: var(--brand)` counts as a use of the brand colour.

export type Declaration = { selector: string; property: string; value: string };
export type Stylesheet = { declarations: Declaration[]; imports: string[] };

/** At-rules whose block holds rules, not declarations. */
const GROUP_RULE = /^@(?:media|supports|layer|container|document|-moz-document|scope|starting-style)\b/i;
/** `@media (prefers-color-scheme: dark)`, and the class or attribute toggles (Tailwind's `.dark`, `[data-theme="dark"]`, Bootstrap's `[data-bs-theme=dark]`). */
const DARK_SCHEME = /prefers-color-scheme\s*:\s*dark|\.(?:dark|dark-mode|dark-theme|theme-dark)(?![\w-])|\[[\w-]*(?:theme|mode|scheme)\s*=\s*["']?dark["'\]]/i;

/**
 * A selector is kept to this length: it only hints at a declaration's place (root, button, link,
 * heading), and every declaration under it is tested against it.
 */
const MAX_SELECTOR_LENGTH = 1024;

function declarationOf(text: string, selector: string): Declaration | null {
  const colon = text.indexOf(":");
  if (colon <= 0) return null;
  const rawProperty = text.slice(0, colon).trim();
  const property = rawProperty.startsWith("--") ? rawProperty : rawProperty.toLowerCase();
  const value = text
    .slice(colon + 1)
    .replace(/!\s*important\s*$/i, "")
    .trim();
  return property && value ? { selector, property, value } : null;
}

/** `@import url("a.css") screen;` or `@import 'a.css';`: the URL as written. */
function importOf(statement: string): string | null {
  const match = /^@import\s+(?:url\(\s*)?(["']?)([^"')\s]+)\1/i.exec(statement);
  return match ? match[2]! : null;
}

/** Declarations and @imports of a stylesheet (or of `selector { … }` wrapped around a style attribute). */
export function readStylesheet(source: string): Stylesheet {
  const css = source.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, " ");
  const declarations: Declaration[] = [];
  const imports: string[] = [];
  /**
   * The open blocks, innermost last: each prelude with what it is tested for once, when it opens
   * (a dark scheme anywhere above counts), so a statement costs the same however deep it sits.
   */
  const open: Array<{ prelude: string; group: boolean; dark: boolean }> = [];
  let start = 0;
  let depth = 0;
  let quote: string | null = null;
  const statement = (end: number): void => {
    const text = css.slice(start, end).trim();
    start = end + 1;
    if (!text) return;
    const block = open.at(-1);
    if (block && !block.group) {
      if (block.dark) return;
      const declaration = declarationOf(text, block.prelude);
      if (declaration) declarations.push(declaration);
    } else if (text.startsWith("@")) {
      const url = importOf(text);
      if (url) imports.push(url);
    }
  };
  for (let at = 0; at < css.length; at++) {
    const char = css[at]!;
    if (quote) {
      if (char === "\\") at++;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === "(") depth++;
    else if (char === ")") depth = Math.max(0, depth - 1);
    else if (depth > 0) continue;
    else if (char === "{") {
      const prelude = css.slice(start, at).trim().slice(0, MAX_SELECTOR_LENGTH);
      open.push({ prelude, group: GROUP_RULE.test(prelude), dark: (open.at(-1)?.dark ?? false) || DARK_SCHEME.test(prelude) });
      start = at + 1;
    } else if (char === ";") statement(at);
    else if (char === "}") {
      statement(at);
      open.pop();
    }
  }
  return { declarations, imports };
}

/** The same CSS text a style="" attribute holds, as a rule of the element it is on. */
export function styleAttributeRule(tagName: string, style: string): string {
  return `${tagName}{${style.replace(/[{}]/g, "")}}`;
}

/** Whether a selector styles the whole document (html, body, :root). */
export function rootSelector(selector: string): boolean {
  return selector.split(",").some((part) => /^(?:html|body|:root|\*)$/i.test(part.trim()));
}

export type CustomProperties = ReadonlyMap<string, string>;

/**
 * Custom properties by name. A definition on the document root wins over one scoped to a component
 * (`.card { --bg: … }` is that card's, not the site's); among equals the later one, as the cascade
 * mostly decides.
 */
export function customPropertiesOf(declarations: readonly Declaration[]): Map<string, string> {
  const properties = new Map<string, string>();
  const definedAtRoot = new Set<string>();
  for (const { selector, property, value } of declarations) {
    if (!property.startsWith("--")) continue;
    const atRoot = rootSelector(selector);
    if (!atRoot && definedAtRoot.has(property)) continue;
    properties.set(property, value);
    if (atRoot) definedAtRoot.add(property);
  }
  return properties;
}

const VAR = /var\(\s*(--[\w-]+)\s*(?:,([^()]*(?:\([^()]*\)[^()]*)*))?\)/g;
const MAX_VAR_DEPTH = 6;
/** Values that reference themselves twice per level would double each round: stop well before that costs. */
const MAX_RESOLVED_LENGTH = 4096;

/**
 * A value with var(--x) replaced by the property's value (or the fallback), a few levels deep. A
 * round adds at most MAX_RESOLVED_LENGTH characters (a substitute past that is left empty), so a
 * long property used many times costs no more than a short one: the work stays linear in the
 * stylesheet.
 */
export function resolveVariables(value: string, properties: CustomProperties): string {
  let resolved = value;
  for (let round = 0; round < MAX_VAR_DEPTH && resolved.includes("var(") && resolved.length <= MAX_RESOLVED_LENGTH; round++) {
    let added = 0;
    resolved = resolved.replace(VAR, (_whole, name: string, fallback: string | undefined) => {
      const substitute = properties.get(name) ?? fallback?.trim() ?? "";
      if (added + substitute.length > MAX_RESOLVED_LENGTH) return "";
      added += substitute.length;
      return substitute;
    });
  }
  return resolved;
}
