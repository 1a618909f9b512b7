// Web sites for brand extraction tests: one local HTTP server on 127.0.0.1 (the stand-in for the
// web, reached through OUTBOUND_ALLOW_ADDRESSES) serving a plain page, a site with a manifest, one
// with only CSS, one whose logo is an inline SVG, a redirect chain into private addresses, a page
// that never finishes, a 50 MB page, pages at and just over the brand page's byte budget, a page
// of 100,000 nested <div>s (held back before its end when a test asks), and a JSON document. It
// counts requests per path and keeps the query strings they came with.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DOCUMENT_BUDGETS } from "../../../server/domain/document-budgets.ts";
import { nestedHtml } from "../../../scripts/redteam/hostile-documents.ts";
import { pngLogo } from "./fixtures.ts";

export type BrandSites = {
  origin: string;
  /** Requests per path so far. */
  hits: Map<string, number>;
  /** The query strings ("" for none) the path was requested with, in order. */
  queries(path: string): string[];
  /** Requests that carried a Cookie header (the extraction must never send one). */
  cookieRequests(): number;
  /** Bytes of the 50 MB page the server managed to write before the client hung up. */
  hugeBytesSent(): number;
  /**
   * Holds the next answer of /deep/ before its last bytes: `sent` resolves once the rest is out,
   * and the page ends when `release` is called.
   */
  holdNextDeepPage(): { sent: Promise<void>; release(): void };
  close(): Promise<void>;
};

const HUGE_BYTES = 50 * 1024 * 1024;

const html = (head: string, body = ""): string => `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

/** A plain page padded with a comment to exactly `bytes`. */
function pageOfSize(bytes: number): string {
  const [head, tail] = [`<!doctype html><html><head><title>Padded</title></head><body><!--`, `--></body></html>`];
  return head + "x".repeat(bytes - head.length - tail.length) + tail;
}

const PAGES: Record<string, { type: string; body: string | Uint8Array }> = {
  "/plain/": {
    type: "text/html; charset=utf-8",
    body: html(
      `<title>Plain Co &amp; Sons — Things made well</title>
       <meta name="theme-color" content="#0b5fff">
       <link rel="icon" type="image/png" sizes="64x64" href="icon.png">
       <style>
         body { background: #ffffff; color: #1a1a2e; font-family: Georgia, serif; }
         h1, h2 { font-family: "Playfair Display", serif; color: #0b5fff; }
         .btn { background: #0b5fff; color: #fff; }
         a { color: #e4572e; } a:hover { color: #e4572e; }
       </style>`,
      `<h1>Plain Co</h1><p>Since 1901.</p>`,
    ),
  },
  "/plain/icon.png": { type: "image/png", body: pngLogo(64, 64, [11, 95, 255]) },
  "/manifest/": {
    type: "text/html",
    body: html(
      `<title>Home</title><link rel="manifest" href="/manifest/site.webmanifest">
       <link rel="apple-touch-icon" href="/manifest/touch.png" sizes="180x180">`,
    ),
  },
  "/manifest/site.webmanifest": {
    type: "application/manifest+json",
    body: JSON.stringify({
      name: "Manifest Ltd",
      theme_color: "#7c3aed",
      background_color: "#fafafa",
      icons: [
        { src: "icon-192.png", sizes: "192x192", type: "image/png" },
        { src: "icon-512.png", sizes: "512x512", type: "image/png" },
        { src: "mono.png", sizes: "1024x1024", type: "image/png", purpose: "monochrome" },
      ],
    }),
  },
  "/manifest/touch.png": { type: "image/png", body: pngLogo(180, 180, [124, 58, 237]) },
  "/manifest/icon-192.png": { type: "image/png", body: pngLogo(192, 192, [124, 58, 237]) },
  "/manifest/icon-512.png": { type: "image/png", body: pngLogo(512, 512, [124, 58, 237]) },
  "/css-only/": {
    type: "text/html",
    body: html(
      `<title>Greenery</title>
       <link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter:wght@400;700&family=Roboto+Mono&display=swap">
       <link rel="stylesheet" href="/css-only/site.css">`,
      `<main><a class="button" href="/buy">Buy</a></main>`,
    ),
  },
  "/css-only/site.css": {
    type: "text/css",
    body: `@import url("parts/links.css");
      :root { --brand: #16a34a; --brand-hover: #15803d; --bg: #ffffff; --text: #111827; --primary-foreground: #f0fdf4; }
      body { background: var(--bg); color: var(--text); font-family: Inter, system-ui, sans-serif; }
      .button { background: var(--brand); color: var(--primary-foreground); }
      .button:hover { background: var(--brand-hover); }
      code { font-family: "Roboto Mono", monospace; }
      .card { border: 1px solid #e5e7eb; background-image: url(data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=); }`,
  },
  "/css-only/parts/links.css": { type: "text/css", body: `a { color: #ea580c; } a:visited { color: #ea580c; }` },
  "/svg-logo/": {
    type: "text/html",
    body: html(
      `<title>Vector Inc</title><link rel="icon" type="image/png" href="/plain/icon.png">`,
      `<header><nav><a class="site-logo" href="/">
         <svg viewBox="0 0 100 40" width="100" height="40" fill="currentColor"><rect width="100" height="40" fill="#d946ef"/><circle cx="20" cy="20" r="12" fill="#ffffff"/></svg>
       </a><svg class="menu" viewBox="0 0 10 10"><path d="M0 0h10v2H0z"/></svg></nav></header>`,
    ),
  },
  "/not-html": { type: "application/json", body: JSON.stringify({ hello: "world" }) },
  "/at-budget/": { type: "text/html", body: pageOfSize(DOCUMENT_BUDGETS.brandPage.bytes) },
};
PAGES["/campaign/"] = PAGES["/plain/"]!;

/** Location headers by path: a chain within the site, and chains that end in a private address. */
function redirectTarget(path: string, origin: string): string | null {
  const chains: Record<string, string> = {
    "/hop/1": "/hop/2",
    "/hop/2": `${origin}/plain/`,
    "/to-private/1": "/to-private/2",
    "/to-private/2": "http://10.0.0.1/",
    "/to-metadata": "http://169.254.169.254/latest/meta-data/",
    "/to-ipv6-loopback": "http://[::1]/",
    "/loop/1": "/loop/2",
    "/loop/2": "/loop/3",
    "/loop/3": "/loop/4",
    "/loop/4": "/plain/",
  };
  return chains[path] ?? null;
}

function streamHuge(response: ServerResponse, sent: { bytes: number }): void {
  response.writeHead(200, { "content-type": "text/html", "content-length": String(HUGE_BYTES) });
  const chunk = Buffer.alloc(64 * 1024, "<p>brand</p>");
  const pump = (): void => {
    while (sent.bytes < HUGE_BYTES && !response.destroyed) {
      sent.bytes += chunk.length;
      if (!response.write(chunk)) return void response.once("drain", pump);
    }
    if (!response.destroyed) response.end();
  };
  response.on("error", () => undefined);
  pump();
}

/** Writes the page in chunks of 64 KiB with no Content-Length, so only counting what streams in can tell its size. */
function streamChunked(response: ServerResponse, body: string): void {
  response.writeHead(200, { "content-type": "text/html" });
  for (let at = 0; at < body.length; at += 64 * 1024) response.write(body.slice(at, at + 64 * 1024));
  response.end();
}

const OVER_BUDGET_PAGE = pageOfSize(DOCUMENT_BUDGETS.brandPage.bytes + 1);
const DEEP_PAGE = Buffer.from(nestedHtml(100_000));

export async function startBrandSites(): Promise<BrandSites> {
  const hits = new Map<string, number>();
  const queries = new Map<string, string[]>();
  const huge = { bytes: 0 };
  let deepHold: { sent: () => void; released: Promise<void> } | null = null;
  let cookieRequests = 0;
  let origin = "";
  const server = createServer((request, response) => {
    const { pathname: path, search } = new URL(request.url ?? "/", "http://site");
    hits.set(path, (hits.get(path) ?? 0) + 1);
    queries.set(path, [...(queries.get(path) ?? []), search]);
    if (request.headers.cookie) cookieRequests++;
    request.resume();
    const location = redirectTarget(path, origin);
    if (location) return void response.writeHead(302, { location, "set-cookie": "session=secret; Path=/" }).end();
    if (path === "/slow/") {
      // Headers and a first part at once, then nothing: only the caller's time limit ends it.
      response.writeHead(200, { "content-type": "text/html" });
      return void response.write("<!doctype html><html><head><title>Slow</title>");
    }
    if (path === "/huge/") return streamHuge(response, huge);
    if (path === "/over-budget/") return streamChunked(response, OVER_BUDGET_PAGE);
    if (path === "/deep/") {
      const hold = deepHold;
      deepHold = null;
      response.writeHead(200, { "content-type": "text/html", "content-length": String(DEEP_PAGE.length) });
      if (!hold) return void response.end(DEEP_PAGE);
      response.write(DEEP_PAGE.subarray(0, -16), () => hold.sent());
      return void hold.released.then(() => response.end(DEEP_PAGE.subarray(-16)));
    }
    const page = PAGES[path];
    if (!page) return void response.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
    response.writeHead(200, { "content-type": page.type }).end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    queries: (path) => queries.get(path) ?? [],
    cookieRequests: () => cookieRequests,
    hugeBytesSent: () => huge.bytes,
    holdNextDeepPage() {
      const { promise: sent, resolve: onSent } = Promise.withResolvers<void>();
      const { promise: released, resolve: release } = Promise.withResolvers<void>();
      deepHold = { sent: onSent, released };
      return { sent, release };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
