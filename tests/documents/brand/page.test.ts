// What a page says about its brand (server/documents/brand/page.ts).
import { describe, expect, test } from "bun:test";
import { readPage, standaloneSvg } from "../../../server/documents/brand/page.ts";

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

test("standaloneSvg keeps namespaces already declared", () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>`;
  expect(standaloneSvg(svg)).toBe(svg);
});
