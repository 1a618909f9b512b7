// The public share page read back by an HTML parser (linkedom): the invoice, the translated
// download link, the meta tags, the nonce on the one <style> and the one <script>, and the exact
// CSP. The beacon script runs against stand-ins for document and navigator to show it POSTs once,
// only when the page is shown. Chromium then loads the page from a local server under the real CSP
// header: no violation is logged and the beacon arrives once, without cookies. Without Chromium
// that test fails in CI and is skipped elsewhere.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseHTML } from "linkedom";
import { toHtml } from "../../render/codecs/html.ts";
import { SHARE_PAGE_TOOLS, sharePage, sharePageCsp, sharePageToolUrl, type SharePageInput } from "../../render/share-page.ts";
import { builtInTemplate } from "../../render/templates/template.ts";
import { GERMAN, HOSTILE, JAPANESE } from "../../scripts/samples/invoices.ts";

const NONCE = "c2hhcmUtcGFnZS1ub25jZQ";
const INPUT: SharePageInput = {
  record: GERMAN,
  template: builtInTemplate("modern"),
  pdfUrl: "/files/fil_1?exp=1700000000&sig=abc",
  beaconUrl: "/share/shr_1/viewed",
  readUrl: "/api/shared/tok_1",
  summaryUrl: "/api/shared/tok_1/summary",
  nonce: NONCE,
};

/** A 1×1 PNG, so the logo exercises img-src data: in the browser. */
const LOGO_1PX = {
  format: "png" as const,
  bytes: Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0)),
  width: 1,
  height: 1,
};

type Page = ReturnType<typeof parseHTML>["document"];
const parse = (html: string): Page => parseHTML(html).document;
const all = (page: Page, selector: string) => [...page.querySelectorAll(selector)];

const page = parse(sharePage(INPUT));

describe("sharePage", () => {
  test("the invoice as the HTML export shows it, with a bar above it", () => {
    const exported = parse(toHtml(GERMAN, INPUT.template, { nonce: NONCE }));
    expect(page.querySelector(".sheet")?.toString()).toBe(exported.querySelector(".sheet")?.toString() as string);
    expect(page.title).toBe("Rechnung RE-2026-0042");
    expect(page.documentElement.getAttribute("lang")).toBe("de-DE");
    expect(page.body.firstElementChild?.getAttribute("class")).toBe("share-bar");
  });

  test("kept out of search engines and Referer headers", () => {
    expect(page.querySelector("meta[name=robots]")?.getAttribute("content")).toBe("noindex, nofollow");
    expect(page.querySelector("meta[name=referrer]")?.getAttribute("content")).toBe("no-referrer");
  });

  test("a translated Download PDF link to the PDF, with the download attribute", () => {
    const link = page.querySelector("nav.share-bar a");
    expect(link?.getAttribute("href")).toBe(INPUT.pdfUrl);
    expect(link?.hasAttribute("download")).toBe(true);
    expect(link?.textContent).toBe("PDF herunterladen");
    expect(parse(sharePage({ ...INPUT, record: HOSTILE })).querySelector("nav a")?.textContent).toBe("Download PDF");
    expect(parse(sharePage({ ...INPUT, record: JAPANESE })).querySelector("nav a")?.textContent).toBe("PDFをダウンロード");
  });

  test("one <style> and one <script>, both with the nonce; no inline styles or handlers", () => {
    expect(all(page, "style").map((node) => node.getAttribute("nonce"))).toEqual([NONCE]);
    expect(all(page, "script").map((node) => node.getAttribute("nonce"))).toEqual([NONCE]);
    for (const node of all(page, "*")) expect(node.getAttributeNames().filter((name: string) => name === "style" || name.startsWith("on"))).toEqual([]);
    for (const node of all(page, "[src], [href]")) expect(node.getAttribute("src") ?? node.getAttribute("href")).toMatch(/^(data:|\/files\/|\/api\/shared\/)/);
  });

  test("URLs stay attribute values and script strings", () => {
    const tricky = parse(sharePage({ ...INPUT, pdfUrl: `/files/x?a="><script>alert(1)</script>`, beaconUrl: "/b</script><script>alert(2)</script>" }));
    expect(all(tricky, "script")).toHaveLength(1);
    expect(tricky.querySelector("nav a")?.getAttribute("href")).toBe(`/files/x?a="><script>alert(1)</script>`);
    expect(tricky.querySelector("script")?.textContent).toContain(`"/b\\u003c/script>\\u003cscript>alert(2)\\u003c/script>"`);
  });

  test("refuses script URLs and a nonce that is not base64", () => {
    expect(() => sharePage({ ...INPUT, pdfUrl: "javascript:alert(1)" })).toThrow("pdfUrl");
    expect(() => sharePage({ ...INPUT, beaconUrl: "data:text/plain,x" })).toThrow("beaconUrl");
    expect(() => sharePage({ ...INPUT, nonce: "x' 'unsafe-inline" })).toThrow("CSP nonce");
  });
});

describe("the page's tools for browser agents", () => {
  test("each tool of SHARE_PAGE_TOOLS is declared on its element, with its description, pointing where it says", () => {
    const urls: Record<string, string> = { "invoice.download_pdf": INPUT.pdfUrl, "invoice.read": INPUT.readUrl, "invoice.summarize": INPUT.summaryUrl, "invoice.payment_details": INPUT.readUrl };
    for (const tool of SHARE_PAGE_TOOLS) {
      const found = all(page, tool.selector);
      expect(found).toHaveLength(1);
      expect(found[0]!.getAttribute("data-tool-description")).toBe(tool.description);
      expect(found[0]!.getAttribute("href")).toBe(urls[tool.name]!);
    }
    expect(all(page, "[data-tool-name]")).toHaveLength(SHARE_PAGE_TOOLS.length);
  });

  test("a tool's URL for a token is its route with the token in place", () => {
    expect(SHARE_PAGE_TOOLS.map((tool) => sharePageToolUrl(tool, "abc"))).toEqual(["/share/abc/pdf", "/api/shared/abc", "/api/shared/abc/summary", "/api/shared/abc"]);
  });

  test("with a bridge: its script carries the nonce, and the trusted origins are in a meta tag", () => {
    const bridged = parse(sharePage({ ...INPUT, bridge: { scriptUrl: "/share-assets/bridge-abc.js", trustedOrigins: ["https://agent.example", "http://127.0.0.1:9"] } }));
    const script = bridged.querySelector('script[src="/share-assets/bridge-abc.js"]');
    expect(script?.getAttribute("nonce")).toBe(NONCE);
    expect(script?.hasAttribute("defer")).toBe(true);
    expect(bridged.querySelector('meta[name="webmcp-origins"]')?.getAttribute("content")).toBe("https://agent.example http://127.0.0.1:9");
    const alone = parse(sharePage({ ...INPUT, bridge: { scriptUrl: "/share-assets/bridge-abc.js", trustedOrigins: [] } }));
    expect(alone.querySelector('meta[name="webmcp-origins"]')).toBeNull();
    expect(page.querySelector("script[src]")).toBeNull();
    expect(() => sharePage({ ...INPUT, bridge: { scriptUrl: "javascript:alert(1)", trustedOrigins: [] } })).toThrow("bridge.scriptUrl");
  });
});

describe("sharePageCsp", () => {
  test("the policy, exactly", () => {
    expect(sharePageCsp(NONCE)).toBe(
      `default-src 'none'; script-src 'nonce-${NONCE}'; style-src 'nonce-${NONCE}'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(() => sharePageCsp("a; script-src *")).toThrow("CSP nonce");
  });

  test("the origins trusted to call the page's tools may be framed in it, and nothing that is not an origin", () => {
    expect(sharePageCsp(NONCE, ["https://agent.example", "http://127.0.0.1:9"])).toContain("; frame-src https://agent.example http://127.0.0.1:9; ");
    expect(() => sharePageCsp(NONCE, ["https://a.example; script-src *"])).toThrow("not an origin");
  });
});

describe("the beacon script", () => {
  type Listener = () => void;
  type Call = { via: "beacon" | "fetch"; url: string; init?: RequestInit };

  /** Runs the page's script with a document in `state`, with or without fetch (sendBeacon always there). */
  function run(state: "visible" | "hidden" | "prerender", withFetch = true) {
    const calls: Call[] = [];
    const listeners = new Set<Listener>();
    const document = {
      visibilityState: state,
      addEventListener: (_: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_: string, listener: Listener) => listeners.delete(listener),
    };
    const sendBeacon = (url: string) => (calls.push({ via: "beacon", url }), true);
    const fetch = withFetch ? (url: string, init: RequestInit) => (calls.push({ via: "fetch", url, init }), Promise.resolve()) : undefined;
    const script = page.querySelector("script")?.textContent ?? "";
    new Function("document", "navigator", "window", "fetch", script)(document, { sendBeacon }, { fetch }, fetch);
    const show = (next: "visible" | "hidden"): void => {
      document.visibilityState = next;
      for (const listener of [...listeners]) listener();
    };
    return { calls, show };
  }

  const FETCHED: Call = { via: "fetch", url: INPUT.beaconUrl, init: { method: "POST", keepalive: true, credentials: "omit", cache: "no-store" } };

  test("a shown page POSTs once, with a keepalive fetch that leaves cookies out", () => {
    const { calls, show } = run("visible");
    show("hidden");
    show("visible");
    expect(calls).toEqual([FETCHED]);
  });

  test("a hidden or prerendered page waits until it is shown", () => {
    for (const state of ["hidden", "prerender"] as const) {
      const { calls, show } = run(state);
      expect(calls).toEqual([]);
      show("visible");
      show("visible");
      expect(calls).toEqual([FETCHED]);
    }
  });

  test("a browser without fetch falls back to sendBeacon", () => {
    expect(run("visible", false).calls).toEqual([{ via: "beacon", url: INPUT.beaconUrl }]);
  });
});

// Chromium (Debian package chromium) loads the page the way a reader's browser does.
const CHROMIUM = "chromium";
const hasChromium = spawnSync(CHROMIUM, ["--version"]).error === undefined;
const skipChromium = !hasChromium && !process.env.CI;

describe.skipIf(skipChromium)("in Chromium, under the CSP header", () => {
  let dir = "";
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "share-page-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("no CSP violation, the beacon arrives once, and nothing else is requested", async () => {
    const requests: string[] = [];
    const html = sharePage({ ...INPUT, template: { ...INPUT.template, logo: LOGO_1PX } });
    const server = Bun.serve({
      port: 0,
      fetch(request) {
        const { pathname } = new URL(request.url);
        requests.push(`${request.method} ${pathname} cookie=${request.headers.get("cookie")} referer=${request.headers.get("referer")}`);
        if (pathname !== "/share/shr_1") return new Response(null, { status: 204 });
        return new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": sharePageCsp(NONCE) } });
      },
    });
    try {
      const chromium = Bun.spawn(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", `--user-data-dir=${join(dir, "profile")}`, "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000", "--dump-dom", `http://127.0.0.1:${server.port}/share/shr_1`],
        { stdout: "pipe", stderr: "pipe" },
      );
      const [dom, log] = await Promise.all([new Response(chromium.stdout).text(), new Response(chromium.stderr).text()]);
      expect(await chromium.exited).toBe(0);
      expect(dom).toContain("Rechnung RE-2026-0042");
      expect(log.split("\n").filter((line) => /Content Security Policy|Refused to/i.test(line))).toEqual([]);
      expect(requests).toEqual(["GET /share/shr_1 cookie=null referer=null", "POST /share/shr_1/viewed cookie=null referer=null"]);
    } finally {
      server.stop(true);
    }
  });
});
