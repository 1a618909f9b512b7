// What a page says about its brand (server/documents/brand/page.ts), and the HTML budget it reads within.
import { describe, expect, test } from "bun:test";
import { readPage, standaloneSvg } from "../../../server/documents/brand/page.ts";
import { DOCUMENT_BUDGETS } from "../../../server/domain/document-budgets.ts";
import { AppError } from "../../../server/domain/errors.ts";
import { nestedHtml } from "../../../scripts/redteam/hostile-documents.ts";

const PAGE_URL = "https://www.acme.test/products/index.html";

describe("readPage", () => {
  test("title (references decoded), site name, theme colours (the dark scheme's left out)", () => {
    const facts = readPage(
      `<title> Acme &amp; Co  |  Home </title><meta property="og:site_name" content="Acme">
       <meta name="theme-color" content="#0B5FFF" media="(prefers-color-scheme: light)"><meta name="theme-color" content="#000" media="(prefers-color-scheme: dark)">
       <meta name="theme-color" content="not a colour"><svg><title>icon</title></svg>`,
      PAGE_URL,
    );
    expect(facts).toMatchObject({ title: "Acme & Co | Home", siteName: "Acme", themeColors: ["#0b5fff"] });
  });

  test("stylesheets and the manifest resolved against <base href>; font services apart; alternates and data: left out", () => {
    const facts = readPage(
      `<base href="/assets/"><link rel="stylesheet" href="site.css"><link rel="alternate stylesheet" href="dark.css">
       <link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter"><link rel="stylesheet" href="data:text/css,a{}">
       <link rel="manifest" href="/app.webmanifest"><style>body{color:#111}</style><p style="color: #222">`,
      PAGE_URL,
    );
    expect(facts).toMatchObject({
      stylesheetUrls: ["https://www.acme.test/assets/site.css"],
      fontLinks: ["https://fonts.googleapis.com/css2?family=Inter"],
      manifestUrl: "https://www.acme.test/app.webmanifest",
      inlineStyles: ["body{color:#111}", "p{color: #222}"],
    });
  });

  test("logo candidates: icons with sizes and type, og:image, a marked <img> in the header, and not an unmarked one", () => {
    const { logos } = readPage(
      `<link rel="icon" href="/favicon.ico"><link rel="icon" type="image/svg+xml" href="/icon.svg"><link rel="apple-touch-icon" sizes="152x152 180x180" href="/touch.png">
       <meta property="og:image" content="https://cdn.acme.test/card.jpg"><meta name="twitter:image" content="/twitter.jpg">
       <header class="site-header"><a href="/" class="navbar-brand"><img src="/img/wordmark.png" width="240" height="60"></a><img src="/img/flag.png"></header>
       <footer><img src="/partner.png" class="partner"><img src="/footer-logo.png" alt="Acme logo"></footer>`,
      PAGE_URL,
    );
    expect(logos.map(({ source, url, type, size, inHeader }) => ({ source, url, type, size, inHeader }))).toEqual([
      { source: "icon", url: "https://www.acme.test/favicon.ico", type: null, size: null, inHeader: false },
      { source: "icon", url: "https://www.acme.test/icon.svg", type: "image/svg+xml", size: null, inHeader: false },
      { source: "apple-touch-icon", url: "https://www.acme.test/touch.png", type: null, size: 180, inHeader: false },
      { source: "og-image", url: "https://cdn.acme.test/card.jpg", type: null, size: null, inHeader: false },
      { source: "logo-image", url: "https://www.acme.test/img/wordmark.png", type: null, size: 240, inHeader: true },
      { source: "logo-image", url: "https://www.acme.test/footer-logo.png", type: null, size: null, inHeader: false },
    ]);
  });

  test("a marked inline SVG is taken whole (nested <svg> included) with its namespaces; an unmarked one is not", () => {
    const { logos } = readPage(
      `<header><svg class="icon-menu"><path d="M0 0"/></svg><a id="logo" href="/"><svg viewBox="0 0 10 10"><svg x="1"><rect width="1" height="1"/></svg><use xlink:href="#a"/></svg></a></header>`,
      PAGE_URL,
    );
    expect(logos).toEqual([
      {
        source: "inline-svg",
        url: null,
        markup: `<svg xmlns:xlink="http://www.w3.org/1999/xlink" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><svg x="1"><rect width="1" height="1"/></svg><use xlink:href="#a"/></svg>`,
        type: "image/svg+xml",
        size: null,
        inHeader: true,
      },
    ]);
  });

  test("an image in a data: URL is a candidate as it is; other schemes are not", () => {
    const { logos } = readPage(`<img class="logo" src="data:image/svg+xml,%3Csvg%3E%3C/svg%3E"><img class="logo" src="javascript:alert(1)">`, PAGE_URL);
    expect(logos.map((logo) => logo.url)).toEqual(["data:image/svg+xml,%3Csvg%3E%3C/svg%3E"]);
  });
});

describe("the HTML budget", () => {
  const { depth, elements } = DOCUMENT_BUDGETS.html;
  const refusal = (html: string): AppError => {
    try {
      readPage(html, PAGE_URL);
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    throw new Error("the page was read");
  };

  test("100,000 nested <div>s: refused one level past the limit, naming html.depth and the page", () => {
    const error = refusal(new TextDecoder().decode(nestedHtml(100_000)));
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.details).toMatchObject({ limit: "html.depth", value: depth + 1, max: depth });
    expect(error.message).toContain(PAGE_URL);
  });

  test("nesting up to the limit is read, the header and logo marks still passed down", () => {
    const deep = `<header>${"<div>".repeat(depth - 3)}<img class="logo" src="/deep.png">${"</div>".repeat(depth - 3)}</header>`;
    expect(readPage(`<html><body>${deep}</body></html>`, PAGE_URL).logos).toMatchObject([{ source: "logo-image", url: "https://www.acme.test/deep.png", inHeader: true }]);
  });

  test("unclosed <p>, <li>, <dt>, <option> and table cells end their siblings as in a browser: a thousand are no thousand levels", () => {
    const siblings = `<ul>${"<li>item".repeat(1000)}</ul>${"<p>text".repeat(1000)}<div>x</div><dl>${"<dt>a<dd>b".repeat(500)}</dl><select>${"<option>o".repeat(1000)}</select><table>${"<tr><td>a<th>b".repeat(500)}</table>`;
    expect(readPage(`<title>Lists</title>${siblings}<meta name="theme-color" content="#123456">`, PAGE_URL)).toMatchObject({ title: "Lists", themeColors: ["#123456"] });
  });

  test("end tags that close nothing are ignored, at no cost to the open elements", () => {
    const facts = readPage(`<header>${"</span>".repeat(10_000)}<img alt="Acme logo" src="/h.png"></header>`, PAGE_URL);
    expect(facts.logos).toMatchObject([{ url: "https://www.acme.test/h.png", inHeader: true }]);
  });

  test("elements inside an inline SVG count too", () => {
    expect(refusal(`<svg>${"<g>".repeat(depth)}</svg>`).details).toMatchObject({ limit: "html.depth", value: depth + 1 });
  });

  test("more elements than the budget, however flat: refused naming html.elements", () => {
    expect(refusal(`<body>${"<br>".repeat(elements + 1)}</body>`).details).toMatchObject({ limit: "html.elements", value: elements + 1, max: elements });
  });
});

test("standaloneSvg keeps namespaces already declared", () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>`;
  expect(standaloneSvg(svg)).toBe(svg);
});
