// Stylesheets as brand extraction reads them (server/documents/brand/css.ts).
import { describe, expect, test } from "bun:test";
import { customPropertiesOf, readStylesheet, resolveVariables, styleAttributeRule } from "../../../server/documents/brand/css.ts";

describe("readStylesheet", () => {
  test("declarations with their selector, !important dropped, property names lower case except custom properties", () => {
    const { declarations } = readStylesheet(`body, html { COLOR: #111 !important; --Brand-Color: #0b5fff } .a{background:red}`);
    expect(declarations).toEqual([
      { selector: "body, html", property: "color", value: "#111" },
      { selector: "body, html", property: "--Brand-Color", value: "#0b5fff" },
      { selector: ".a", property: "background", value: "red" },
    ]);
  });

  test("group rules are looked into; @font-face keeps its declarations; native nesting is followed", () => {
    const { declarations } = readStylesheet(`@media (min-width: 600px) { @supports (display:grid) { h1 { color: #222 } } }
      @font-face { font-family: "Brand Sans"; src: url(a.woff2) }
      .card { color: #333; &:hover { color: #444 } }`);
    expect(declarations.map(({ selector, property, value }) => `${selector}|${property}|${value}`)).toEqual([
      "h1|color|#222",
      '@font-face|font-family|"Brand Sans"',
      "@font-face|src|url(a.woff2)",
      ".card|color|#333",
      "&:hover|color|#444",
    ]);
  });

  test("strings and parentheses hide ; { and }; comments go", () => {
    const { declarations } = readStylesheet(`/* a { color: #f00 } */ .x::after { content: "}; {"; background: url(data:image/svg+xml;base64,AAA=) #fff; } .y { color: #0f0 }`);
    expect(declarations).toEqual([
      { selector: ".x::after", property: "content", value: '"}; {"' },
      { selector: ".x::after", property: "background", value: "url(data:image/svg+xml;base64,AAA=) #fff" },
      { selector: ".y", property: "color", value: "#0f0" },
    ]);
  });

  test("a dark colour scheme is left out, by media query, class or attribute; a name that only contains dark is not", () => {
    const { declarations } = readStylesheet(`:root { --bg: #fff }
      @media (prefers-color-scheme: dark) { :root { --bg: #000 } }
      .dark { --bg: #111 } html.dark-mode body { color: #eee } :root[data-theme="dark"] { --bg: #222 } [data-bs-theme=dark] .btn { color: #333 }
      .dark-blue { color: #00008b }`);
    expect(declarations.map(({ selector, value }) => `${selector}|${value}`)).toEqual([":root|#fff", ".dark-blue|#00008b"]);
  });

  test("a dark scheme reaches every block nested in it, however deep; a long selector is kept to 1,024 characters", () => {
    const nested = readStylesheet(`@media (prefers-color-scheme: dark) { ${"a { ".repeat(300)}color: #000; ${"} ".repeat(300)}} ${"b { ".repeat(300)}color: #fff${" }".repeat(300)}`);
    expect(nested.declarations).toEqual([{ selector: "b", property: "color", value: "#fff" }]);
    const long = readStylesheet(`${".x".repeat(5000)} { color: #123456 }`);
    expect(long.declarations[0]!.selector).toHaveLength(1024);
  });

  test("@import in its forms", () => {
    expect(readStylesheet(`@import url("a.css"); @import 'b.css' screen; @import url(c.css); @charset "utf-8"; p{color:#000}`).imports).toEqual(["a.css", "b.css", "c.css"]);
  });

  test("a style attribute as a rule of its element, braces in it unable to open another rule", () => {
    const { declarations } = readStylesheet(styleAttributeRule("div", "color: #123456; } body { background: red"));
    expect(declarations[0]).toEqual({ selector: "div", property: "color", value: "#123456" });
    expect(declarations.every((declaration) => declaration.selector === "div")).toBe(true);
  });
});

describe("resolveVariables", () => {
  const properties = customPropertiesOf(readStylesheet(`:root { --a: #0b5fff; --b: var(--a); --hsl: 221 83% 53% }`).declarations);

  test("a chain of references, fallbacks, and bare HSL parts inside hsl()", () => {
    expect(resolveVariables("1px solid var(--b)", properties)).toBe("1px solid #0b5fff");
    expect(resolveVariables("var(--missing, #abcdef)", properties)).toBe("#abcdef");
    expect(resolveVariables("var(--missing, var(--a))", properties)).toBe("#0b5fff");
    expect(resolveVariables("hsl(var(--hsl))", properties)).toBe("hsl(221 83% 53%)");
  });

  test("the document root's definition wins over a component's, whatever the order; among equals the later one", () => {
    const scoped = customPropertiesOf(readStylesheet(`.card { --bg: #f5f5f5 } :root { --bg: #ffffff; --brand: #111111 } .hero { --bg: #000000 } html { --brand: #0b5fff } .only-here { --x: #123456 }`).declarations);
    expect(Object.fromEntries(scoped)).toEqual({ "--bg": "#ffffff", "--brand": "#0b5fff", "--x": "#123456" });
  });

  test("values that double at every level stop growing", () => {
    const doubling = new Map(Array.from({ length: 30 }, (_, index) => [`--v${index}`, `var(--v${index + 1}) var(--v${index + 1})`]));
    expect(resolveVariables("var(--v0)", doubling).length).toBeLessThan(20_000);
  });

  test("a long property used many times adds at most 4,096 characters a round: what is past that is left empty", () => {
    const long = new Map([["--long", "x".repeat(100_000)], ["--short", "#0b5fff"]]);
    expect(resolveVariables("var(--long) var(--long)", long)).toBe(" ");
    expect(resolveVariables(`${"var(--short) ".repeat(1000)}`, long).length).toBeLessThan(4096 + 13 * 1000);
    expect(resolveVariables("var(--short) var(--long)", long)).toBe("#0b5fff ");
  });
});
