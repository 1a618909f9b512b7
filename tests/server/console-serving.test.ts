// The console's files as the server hands them out: index.html for every /app path (the browser
// routes), never cached; hashed assets cached for good and precompressed; nothing but GET and HEAD.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { gunzipSync } from "node:zlib";
import { consoleBuild } from "../../server/http/console/build.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Bun's fetch decompresses unless told not to: these tests look at the bytes as sent. */
const raw = { decompress: false } as RequestInit;

function scriptOf(html: string): string {
  const script = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
  if (!script) throw new Error(`no entry script in ${html}`);
  return script;
}

describe("the console at /app", () => {
  test("every /app path answers with the same page, not cached, under a strict CSP", async () => {
    const pages = await Promise.all(["/app", "/app/", "/app/invoices", "/app/invoices/inv_123", "/app/sign-in?next=/app/keys"].map((path) => fetch(server.url + path)));
    const bodies = await Promise.all(pages.map((page) => page.text()));
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(page.headers.get("cache-control")).toBe("no-store");
      expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    }
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toStartWith('<!doctype html><html lang="en">');
    expect(bodies[0]).toContain('<meta name="viewport"');
  });

  test("assets are content-hashed, immutable, and sent brotli or gzip as the browser accepts", async () => {
    const script = scriptOf(await (await fetch(`${server.url}/app/invoices`)).text());
    expect(script).toMatch(/^\/app\/assets\/main-[A-Z0-9]+\.js$/);
    const plain = await fetch(server.url + script, { ...raw, headers: { "accept-encoding": "identity" } });
    const source = await plain.text();
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(plain.headers.get("content-type")).toBe("text/javascript; charset=utf-8");

    const gzip = await fetch(server.url + script, { ...raw, headers: { "accept-encoding": "gzip, deflate" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.headers.get("vary")).toBe("Accept-Encoding");
    expect(new TextDecoder().decode(gunzipSync(new Uint8Array(await gzip.arrayBuffer())))).toBe(source);

    const brotli = await fetch(server.url + script, { ...raw, headers: { "accept-encoding": "gzip, br" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(Number(brotli.headers.get("content-length"))).toBeLessThan(Number(gzip.headers.get("content-length")));
  });

  test("an unknown asset is 404, a write is 405, HEAD has headers and no body", async () => {
    const missing = await fetch(`${server.url}/app/assets/main-NOTAHASH.js`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).code).toBe("NOT_FOUND");

    const post = await fetch(`${server.url}/app/invoices`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");

    const head = await fetch(`${server.url}/app/invoices`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  test("the build is made once per process: every app shares it", async () => {
    expect(consoleBuild()).toBe(consoleBuild());
    const other = await startTestServer();
    try {
      const [mine, theirs] = await Promise.all([server.url, other.url].map(async (url) => scriptOf(await (await fetch(`${url}/app`)).text())));
      expect(theirs).toBe(mine);
    } finally {
      await other.close();
    }
  });
});
