// What the server does for the browser-agent bridge: the share page's bridge script as an
// immutable, precompressed asset; WEBMCP_ORIGINS written into the pages (the meta tag the bridge
// reads, and frame-src in their CSPs) and checked when the service starts. The bridge itself runs in
// Chromium: tests/browser/bridge-*.test.ts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { brotliDecompressSync } from "node:zlib";
import { loadConfig } from "../../server/platform/config.ts";
import { expectStatus, invoicePath, steppedAccount, type SteppedAccount } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const AGENT_ORIGINS = ["https://agent.example", "http://127.0.0.1:9"];

let server: TestServer;
let plain: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  [server, plain] = await Promise.all([startTestServer({ env: { WEBMCP_ORIGINS: `${AGENT_ORIGINS[0]}/, ${AGENT_ORIGINS[1]}` } }), startTestServer()]);
  owner = await steppedAccount(server);
});
afterAll(async () => {
  await Promise.all([server.close(), plain.close()]);
});

async function sharePageOf(account: SteppedAccount): Promise<Response> {
  const invoice = await account.steps.create();
  return fetch(expectStatus(await account.client.post(invoicePath(invoice.id, "/share"), {}), 200).url);
}

const bridgeScriptOf = (html: string): string => /<script src="(\/share-assets\/bridge-[0-9a-f]{16}\.js)" nonce="[^"]+" defer>/.exec(html)?.[1] ?? "";

describe("the share page's bridge script", () => {
  test("the page loads it with its nonce; it is served immutable, brotli or gzip, and speaks the webmcp envelope", async () => {
    const page = await sharePageOf(owner);
    const path = bridgeScriptOf(await page.text());
    expect(path).not.toBe("");
    const response = await fetch(server.url + path, { headers: { "accept-encoding": "br" }, decompress: false } as RequestInit);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-encoding")).toBe("br");
    const source = brotliDecompressSync(new Uint8Array(await response.arrayBuffer())).toString();
    for (const word of ['"webmcp"', "tools/list", "invoice.payment_details", "modelContext"]) expect(source).toContain(word);
    const gzip = await fetch(server.url + path, { headers: { "accept-encoding": "gzip" }, decompress: false } as RequestInit);
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(Number(gzip.headers.get("content-length"))).toBeLessThan(8 * 1024);
  });

  test("another name is 404, a write 405", async () => {
    expect((await fetch(`${server.url}/share-assets/bridge-0000000000000000.js`)).status).toBe(404);
    const post = await fetch(`${server.url}/share-assets/bridge-0000000000000000.js`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("WEBMCP_ORIGINS in the pages", () => {
  test("the share page names them in its meta tag and may frame them; without them, neither", async () => {
    const page = await sharePageOf(owner);
    const html = await page.text();
    expect(html).toContain(`<meta name="webmcp-origins" content="${AGENT_ORIGINS.join(" ")}">`);
    expect(page.headers.get("content-security-policy")).toContain(`frame-src ${AGENT_ORIGINS.join(" ")};`);

    const bare = await sharePageOf(await steppedAccount(plain));
    const bareHtml = await bare.text();
    expect(bareHtml).not.toContain("webmcp-origins");
    expect(bridgeScriptOf(bareHtml)).not.toBe("");
    expect(bare.headers.get("content-security-policy")).not.toContain("frame-src");
  });

  test("the console's index.html names them and its CSP may frame them besides its own origin", async () => {
    const page = await fetch(`${server.url}/app/approvals`);
    expect(await page.text()).toContain(`<meta name="webmcp-origins" content="${AGENT_ORIGINS.join(" ")}"></head>`);
    expect(page.headers.get("content-security-policy")).toContain(`frame-src 'self' ${AGENT_ORIGINS.join(" ")};`);

    const bare = await fetch(`${plain.url}/app/approvals`);
    expect(await bare.text()).not.toContain("webmcp-origins");
    expect(bare.headers.get("content-security-policy")).toContain("frame-src 'self';");
  });

  test("the manifest lists them", async () => {
    const manifest = await (await fetch(`${server.url}/.well-known/webmcp.json`)).json();
    expect(manifest.bridge.trusted_origins.origins).toEqual(AGENT_ORIGINS);
  });

  test("anything but exact http(s) origins stops the service from starting", () => {
    expect(loadConfig({ WEBMCP_ORIGINS: " https://a.example/ ,http://localhost:8080" }).webMcpOrigins).toEqual(["https://a.example", "http://localhost:8080"]);
    expect(loadConfig({}).webMcpOrigins).toEqual([]);
    for (const bad of ["https://a.example/path", "*", "null", "javascript:alert(1)", "a.example", "https://a.example; script-src *"]) {
      expect(() => loadConfig({ WEBMCP_ORIGINS: bad })).toThrow("WEBMCP_ORIGINS");
    }
  });
});
