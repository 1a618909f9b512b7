// A small HTML tokenizer: start tags with their attributes, end tags, and the text of <style> and
// <title>, with their offsets. Brand extraction needs only that much of a page (links, metas,
// images, inline SVG, styles), and a tokenizer of its own keeps a page's markup away from any DOM.
// Lenient like browsers: comments, doctypes and script bodies are skipped, unquoted and valueless
// attributes are read, a stray "<" is text. Linear in the page's length.

export type StartTag = { name: string; attributes: Record<string, string>; selfClosing: boolean; start: number; end: number };

export type HtmlToken =
  | { kind: "start"; tag: StartTag }
  | { kind: "end"; name: string; start: number; end: number }
  /** The raw text of a <style> or <title> element. */
  | { kind: "text"; parent: "style" | "title"; text: string };

/** Elements whose content is text up to their end tag, never markup. */
const RAW_TEXT = new Set(["script", "style", "title", "textarea", "xmp", "noembed", "noframes"]);
const WHITESPACE = /[\t\n\f\r ]/;

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Character references as browsers decode them in attribute values and titles (numeric, and the common named ones). */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, reference: string) => {
    if (reference[0] !== "#") return NAMED_ENTITIES[reference.toLowerCase()] ?? whole;
    const code = reference[1] === "x" || reference[1] === "X" ? Number.parseInt(reference.slice(2), 16) : Number.parseInt(reference.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
  });
}

/** Reads a start tag beginning at `start` (the "<"); returns it and where scanning goes on. */
function readStartTag(html: string, start: number): StartTag {
  let at = start + 1;
  while (at < html.length && !WHITESPACE.test(html[at]!) && html[at] !== "/" && html[at] !== ">") at++;
  const name = html.slice(start + 1, at).toLowerCase();
  const attributes: Record<string, string> = {};
  let selfClosing = false;
  while (at < html.length) {
    const char = html[at]!;
    if (char === ">") return { name, attributes, selfClosing, start, end: at + 1 };
    if (WHITESPACE.test(char) || char === "/") {
      selfClosing = char === "/";
      at++;
      continue;
    }
    selfClosing = false;
    const nameStart = at;
    while (at < html.length && !WHITESPACE.test(html[at]!) && !"/>=".includes(html[at]!)) at++;
    const attribute = html.slice(nameStart, at === nameStart ? ++at : at).toLowerCase();
    while (at < html.length && WHITESPACE.test(html[at]!)) at++;
    let value = "";
    if (html[at] === "=") {
      at++;
      while (at < html.length && WHITESPACE.test(html[at]!)) at++;
      const quote = html[at];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, at + 1);
        const valueEnd = close < 0 ? html.length : close;
        value = html.slice(at + 1, valueEnd);
        at = valueEnd + 1;
      } else {
        const valueStart = at;
        while (at < html.length && !WHITESPACE.test(html[at]!) && html[at] !== ">") at++;
        value = html.slice(valueStart, at);
      }
    }
    if (!(attribute in attributes)) attributes[attribute] = decodeEntities(value);
  }
  return { name, attributes, selfClosing, start, end: html.length };
}

/** The tokens of a page, in order. */
export function* htmlTokens(html: string): Generator<HtmlToken> {
  const lower = html.toLowerCase();
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf("<", at);
    if (open < 0) return;
    const next = html[open + 1] ?? "";
    if (html.startsWith("<!--", open)) {
      const close = html.indexOf("-->", open + 4);
      at = close < 0 ? html.length : close + 3;
    } else if (next === "!" || next === "?") {
      const close = html.indexOf(">", open);
      at = close < 0 ? html.length : close + 1;
    } else if (next === "/") {
      const close = html.indexOf(">", open);
      const end = close < 0 ? html.length : close + 1;
      const name = /^[a-z][^\t\n\f\r />]*/i.exec(html.slice(open + 2, Math.min(end, open + 66)))?.[0];
      if (name) yield { kind: "end", name: name.toLowerCase(), start: open, end };
      at = end;
    } else if (/[a-z]/i.test(next)) {
      const tag = readStartTag(html, open);
      yield { kind: "start", tag };
      at = tag.end;
      if (RAW_TEXT.has(tag.name) && !tag.selfClosing) {
        const close = lower.indexOf(`</${tag.name}`, at);
        const textEnd = close < 0 ? html.length : close;
        if (tag.name === "style" || tag.name === "title") yield { kind: "text", parent: tag.name, text: html.slice(at, textEnd) };
        at = textEnd;
      }
    } else {
      at = open + 1;
    }
  }
}
