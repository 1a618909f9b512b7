// The page tokenizer (server/documents/brand/html.ts): start tags with attributes as browsers read
// them, end tags, the text of <style> and <title>, comments and script bodies skipped.
import { describe, expect, test } from "bun:test";
import { decodeEntities, htmlTokens, type HtmlToken } from "../../../server/documents/brand/html.ts";

const tokens = (html: string): HtmlToken[] => [...htmlTokens(html)];
const starts = (html: string) => tokens(html).flatMap((token) => (token.kind === "start" ? [token.tag] : []));

describe("htmlTokens", () => {
  test("attributes: double, single and unquoted values, valueless ones, upper case names, the first of a repeated one", () => {
    const [tag] = starts(`<LINK REL="icon" href='/a b.png' sizes=32x32 hidden Rel=ignored>`);
    expect(tag).toMatchObject({ name: "link", attributes: { rel: "icon", href: "/a b.png", sizes: "32x32", hidden: "" }, selfClosing: false });
  });

  test("values decode character references; > inside a quoted value does not end the tag", () => {
    const [tag] = starts(`<meta content="Tom &amp; Jerry &#x2014; &#169; &gt; &unknown;" data-x="a>b">`);
    expect(tag!.attributes).toEqual({ content: "Tom & Jerry — © > &unknown;", "data-x": "a>b" });
  });

  test("self-closing tags, end tags, and their offsets", () => {
    const html = `<svg><path d="M0 0"/></svg>`;
    const all = tokens(html);
    expect(all.map((token) => (token.kind === "start" ? `<${token.tag.name}${token.tag.selfClosing ? "/" : ""}>` : token.kind === "end" ? `</${token.name}>` : "text"))).toEqual(["<svg>", "<path/>", "</svg>"]);
    const end = all.at(-1)!;
    expect(end.kind === "end" && html.slice(end.start, end.end)).toBe("</svg>");
  });

  test("comments, doctypes and processing instructions are skipped; script bodies are never markup", () => {
    const names = starts(`<!doctype html><!-- <img src=a> --><?xml x?><script>if (a<b) document.write("<img src=b>")</script><p>`).map((tag) => tag.name);
    expect(names).toEqual(["script", "p"]);
  });

  test("style and title text is given raw, up to its end tag in any case", () => {
    const texts = tokens(`<title>A &amp; B</title><style>a>b{color:red}</STYLE><p>`).flatMap((token) => (token.kind === "text" ? [[token.parent, token.text]] : []));
    expect(texts).toEqual([
      ["title", "A &amp; B"],
      ["style", "a>b{color:red}"],
    ]);
  });

  test("a stray < is text; an unclosed tag at the end is read to the end", () => {
    expect(starts(`a < b <3 <p class="x`).map((tag) => [tag.name, tag.attributes])).toEqual([["p", { class: "x" }]]);
  });
});

test("decodeEntities leaves text without references alone and refuses code points out of range", () => {
  expect(decodeEntities("plain")).toBe("plain");
  expect(decodeEntities("&#0; &#x110000; &#65;&NBSP;")).toBe("\ufffd \ufffd A\u00a0");
});
