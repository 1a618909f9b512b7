// POST /api/brand-extract (templates.mutate action extract_brand, tRPC templates.extractBrand)
// against local sites on 127.0.0.1, reached through the test-only OUTBOUND_ALLOW_ADDRESSES: colours,
// fonts and logo of each kind of site, template options that create a template in one call, the
// day-long cache shared by callers, and every way a site can fail as a 422 naming the URL.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { AppRouter } from "../../../routers/index.ts";
import { sha256HexOfBytes } from "../../../server/domain/secrets.ts";
import { DOCUMENT_BUDGETS } from "../../../server/domain/document-budgets.ts";
import { api, type Api, type Reply } from "../../helpers/http.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";
import { startBrandSites, type BrandSites } from "./brand-sites.ts";
import { withMcpClient } from "../../helpers/tools.ts";

/** Small, so the slow site's test waits this long and no longer. */
const TIME_LIMIT_MS = 1000;

let sites: BrandSites;
let server: TestServer;
let owner: TestAccount;
let rest: Api;

beforeAll(async () => {
  sites = await startBrandSites();
  server = await startTestServer({ env: { OUTBOUND_ALLOW_ADDRESSES: "127.0.0.1", BRAND_FETCH_TIMEOUT_MS: String(TIME_LIMIT_MS) } });
  owner = await server.account();
  rest = api(server.url, owner.key);
});
afterAll(async () => {
  await server.close();
  await sites.close();
});

const extract = (url: string, key: string | null = owner.key): Promise<Reply> => rest.post("/api/brand-extract", { url }, key);

/** The 422 a site problem gives: the URL named in the message, field url, the reason. */
async function refused(url: string, reason: string): Promise<string> {
  const reply = await extract(url);
  expect(reply.status).toBe(422);
  expect(reply.body).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "url", reason } });
  expect(reply.body.error).toContain(url);
  return reply.body.details.issue;
}

describe("happy: what each kind of site gives", () => {
  test("a plain page: theme colour, root colours, link colour, serif fonts, the PNG icon, a classic template", async () => {
    const reply = await extract(`${sites.origin}/plain/`);
    expect(reply.status).toBe(200);
    const brand = reply.body;
    expect(brand).toMatchObject({ url: `${sites.origin}/plain/`, final_url: `${sites.origin}/plain/`, name: "Plain Co & Sons", cached: false });
    expect(brand.colors).toMatchObject({ primary: "#0b5fff", accent: "#e4572e", background: "#ffffff", text: "#1a1a2e" });
    expect(brand.colors.palette[0]).toMatchObject({ color: "#0b5fff", role: "primary" });
    expect(brand.colors.palette.find((entry: { color: string }) => entry.color === "#0b5fff").sources).toEqual(expect.arrayContaining(["theme-color", "stylesheet"]));
    expect(brand.fonts).toMatchObject({ body: "Georgia", heading: "Playfair Display" });
    expect(brand.fonts.families).toEqual(expect.arrayContaining([{ family: "Playfair Display", template_font: "serif", sources: ["stylesheet"] }]));
    expect(brand.logo).toMatchObject({ source: "icon", source_url: `${sites.origin}/plain/icon.png`, content_type: "image/png", width: 64, height: 64 });
    expect(brand.template_options).toMatchObject({
      name: "Plain Co & Sons",
      base: "classic",
      options: { colors: { accent: "#0b5fff", text: "#1a1a2e" }, fonts: { body: "serif", heading: "serif" } },
    });
    expect(brand.template_options.logo).toStartWith("data:image/png;base64,");
    expect(brand.expires_at).toBe("2026-11-22T10:00:00.000Z");
  });

  test("the logo is stored: its signed link downloads the PNG that template_options carries", async () => {
    const { body: brand } = await extract(`${sites.origin}/plain/`);
    const download = await fetch(brand.logo.url);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(await sha256HexOfBytes(bytes)).toBe(brand.logo.sha256);
    expect(Buffer.from(bytes).toString("base64")).toBe(brand.template_options.logo.split(",")[1]);
    // One character of the signature changed (to another: "A" stays "A" one time in 64).
    const tampered = await fetch(brand.logo.url.replace(/sig=(.)/, (_match: string, first: string) => `sig=${first === "A" ? "B" : "A"}`));
    expect(tampered.status).toBe(403);
  });

  test("a site with a manifest: its name and colours, and the largest icon (monochrome left out)", async () => {
    const { status, body: brand } = await extract(`${sites.origin}/manifest/`);
    expect(status).toBe(200);
    expect(brand.name).toBe("Manifest Ltd");
    expect(brand.colors).toMatchObject({ primary: "#7c3aed", background: "#fafafa" });
    expect(brand.colors.palette.find((entry: { color: string }) => entry.color === "#7c3aed")).toMatchObject({ role: "primary", sources: ["manifest"] });
    expect(brand.logo).toMatchObject({ source: "manifest-icon", source_url: `${sites.origin}/manifest/icon-512.png`, width: 512, height: 512 });
    expect(sites.hits.get("/manifest/mono.png")).toBeUndefined();
    expect(brand.template_options.options.colors.accent).toBe("#7c3aed");
  });

  test("a site with only CSS: custom properties, an @imported sheet, Google Fonts; no logo", async () => {
    const { status, body: brand } = await extract(`${sites.origin}/css-only/`);
    expect(status).toBe(200);
    expect(brand.name).toBe("Greenery");
    expect(brand.colors).toMatchObject({ primary: "#16a34a", accent: "#ea580c", background: "#ffffff", text: "#111827" });
    expect(brand.colors.palette.find((entry: { color: string }) => entry.color === "#f0fdf4")?.role ?? null).toBeNull();
    expect(brand.fonts.body).toBe("Inter");
    expect(brand.fonts.families).toEqual(
      expect.arrayContaining([
        { family: "Inter", template_font: "sans", sources: expect.arrayContaining(["font-link", "stylesheet"]) },
        { family: "Roboto Mono", template_font: "mono", sources: expect.arrayContaining(["font-link", "stylesheet"]) },
      ]),
    );
    expect(sites.hits.get("/css-only/parts/links.css")).toBe(1);
    expect(brand.logo).toBeNull();
    expect(brand.template_options).toMatchObject({ name: "Greenery", base: "modern", options: { fonts: { body: "sans", heading: "sans" } }, logo: null });
  });

  test("a site whose logo is an inline SVG in its header: sanitized and drawn to PNG, preferred to the PNG icon", async () => {
    const { status, body: brand } = await extract(`${sites.origin}/svg-logo/`);
    expect(status).toBe(200);
    expect(brand.logo).toMatchObject({ source: "inline-svg", source_url: null, content_type: "image/png", width: 512, height: 205 });
    expect(brand.template_options.logo).toStartWith("data:image/png;base64,");
  });

  test("a redirect chain within the site is followed (each hop checked), and no cookie it sets is sent back", async () => {
    const { status, body: brand } = await extract(`${sites.origin}/hop/1`);
    expect(status).toBe(200);
    expect(brand).toMatchObject({ url: `${sites.origin}/hop/1`, final_url: `${sites.origin}/plain/`, name: "Plain Co & Sons" });
    expect(sites.cookieRequests()).toBe(0);
  });
});

describe("template_options create a template in one call", () => {
  test("REST: POST /api/templates with template_options as the body", async () => {
    const { body: brand } = await extract(`${sites.origin}/svg-logo/`);
    const created = await rest.post("/api/templates", brand.template_options);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Vector Inc", base: brand.template_options.base, options: brand.template_options.options, logo: { content_type: "image/png", sha256: brand.logo.sha256 } });
  });
});

describe("cache: one extraction per URL and day, for every caller", () => {
  test("a repeat within the day is answered from the cache, by another account too; after the day the site is read again", async () => {
    const url = `${sites.origin}/manifest/`;
    await extract(url);
    const first = await extract(`${url}#fragment-ignored`);
    const pageHits = sites.hits.get("/manifest/");
    expect(first.body.cached).toBe(true);
    const stranger = await server.account();
    const second = await extract(url.replace("http://", "HTTP://"), stranger.key);
    expect(second.body).toMatchObject({ cached: true, fetched_at: first.body.fetched_at, logo: { sha256: first.body.logo.sha256 } });
    expect(sites.hits.get("/manifest/")).toBe(pageHits);
    server.clock.advance(24 * 3_600_000);
    const fresh = await extract(url);
    expect(fresh.body).toMatchObject({ cached: false, fetched_at: server.clock.now().toISOString() });
    expect(sites.hits.get("/manifest/")).toBe(pageHits! + 1);
  });

  test("the query string is no part of the key: ?a=1 and ?b=2 read the page once, fetched without a query", async () => {
    const first = await extract(`${sites.origin}/campaign/?a=1`);
    const second = await extract(`${sites.origin}/campaign/?b=2#top`);
    expect(first.body).toMatchObject({ url: `${sites.origin}/campaign/`, final_url: `${sites.origin}/campaign/`, name: "Plain Co & Sons", cached: false });
    expect(second.body).toMatchObject({ url: `${sites.origin}/campaign/`, cached: true, fetched_at: first.body.fetched_at });
    expect(sites.hits.get("/campaign/")).toBe(1);
    expect(sites.queries("/campaign/")).toEqual([""]);
  });
});

describe("errors: a site that cannot be read is a 422 naming the URL and why", () => {
  test("not an http(s) URL", async () => {
    expect(await refused("ftp://example.com/", "not_http")).toBe("not an http or https URL");
    expect(await refused("javascript:alert(1)", "not_http")).toBe("not an http or https URL");
  });

  test("a redirect chain into a private address, the cloud metadata address or IPv6 loopback is refused at that hop", async () => {
    expect(await refused(`${sites.origin}/to-private/1`, "refused_address")).toBe("10.0.0.1 is a refused address (private network)");
    expect(await refused(`${sites.origin}/to-metadata`, "refused_address")).toBe("169.254.169.254 is a refused address (cloud metadata)");
    expect(await refused(`${sites.origin}/to-ipv6-loopback`, "refused_address")).toBe("::1 is a refused address (loopback)");
  });

  test("NAT64 and IPv4-translated addresses are refused before any connection (a refused address, not an unreachable one)", async () => {
    expect(await refused("https://[::ffff:0:7f00:1]/", "refused_address")).toBe("::ffff:0:7f00:1 is a refused address (IPv4-translated)");
    // The dotted spelling is the same address: the URL parser writes it as above, and names it so.
    const dotted = await extract("https://[::ffff:0:127.0.0.1]/");
    expect(dotted.status).toBe(422);
    expect(dotted.body.details).toMatchObject({ reason: "refused_address", issue: "::ffff:0:7f00:1 is a refused address (IPv4-translated)" });
    expect(await refused("https://[64:ff9b::7f00:1]/", "refused_address")).toBe("64:ff9b::7f00:1 is a refused address (NAT64)");
    expect(await refused("https://[64:ff9b:1::7f00:1]/", "refused_address")).toBe("64:ff9b:1::7f00:1 is a refused address (NAT64 (local use))");
  });

  test("more than 3 redirects", async () => {
    expect(await refused(`${sites.origin}/loop/1`, "too_many_redirects")).toBe("more than 3 redirects");
  });

  test("a site that does not answer, or answers with an error", async () => {
    expect(await refused("http://127.0.0.1:9/", "refused_url")).toBe("port 9: only 80, 443 or 1024 and above");
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
    await new Promise((resolve) => closed.close(resolve));
    expect(await refused(closedUrl, "unreachable")).toBe("connection failed: ECONNREFUSED");
    expect(await refused(`${sites.origin}/missing/`, "unreachable")).toBe("the site answered HTTP 404");
  });

  test("not an HTML page", async () => {
    expect(await refused(`${sites.origin}/not-html`, "not_html")).toBe("not an HTML page (the answer is application/json, not text/html or application/xhtml+xml)");
  });

  test("a 50 MB page: the stream is cut at the page's byte budget, a 413 naming brandPage.bytes and the URL", async () => {
    const reply = await extract(`${sites.origin}/huge/`);
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({ code: "PAYLOAD_TOO_LARGE", details: { limit: "brandPage.bytes", value: 50 * 1024 * 1024, max: DOCUMENT_BUDGETS.brandPage.bytes } });
    expect(reply.body.error).toContain(`${sites.origin}/huge/`);
    expect(sites.hugeBytesSent()).toBeLessThan(16 * 1024 * 1024);
  });

  test("a page that never finishes: the time limit ends it", async () => {
    const started = performance.now();
    expect(await refused(`${sites.origin}/slow/`, "too_slow")).toBe(`no complete answer within ${TIME_LIMIT_MS} ms`);
    expect(performance.now() - started).toBeLessThan(TIME_LIMIT_MS + 2000);
  });

  test("input: url missing, or not a string", async () => {
    expect((await rest.post("/api/brand-extract", {})).body).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "url", issue: "required" } });
    expect((await rest.post("/api/brand-extract", { url: 5 })).status).toBe(422);
    expect((await rest.post("/api/brand-extract", { url: "https://example.com", extra: 1 })).body.details).toMatchObject({ field: "extra", issue: "unknown field" });
  });
});

describe("budgets: one hostile page never holds the service", () => {
  test("a page of 100,000 nested <div>s is refused at html.depth, counted no further than one level past it; another account is answered meanwhile", async () => {
    const held = sites.holdNextDeepPage();
    const finished: string[] = [];
    const hostile = extract(`${sites.origin}/deep/`).then((reply) => {
      finished.push("deep page");
      return reply;
    });
    await held.sent;
    const stranger = await server.account();
    const invoices = await api(server.url, stranger.key).get("/api/invoices");
    finished.push("another account");
    expect(invoices.status).toBe(200);
    held.release();
    const reply = await hostile;
    expect(finished).toEqual(["another account", "deep page"]);
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({ code: "VALIDATION_ERROR", details: { limit: "html.depth", value: DOCUMENT_BUDGETS.html.depth + 1, max: DOCUMENT_BUDGETS.html.depth } });
    expect(reply.body.error).toContain(`${sites.origin}/deep/`);
    // Refused, not cached: the next call reads the page again (and is refused again).
    expect((await extract(`${sites.origin}/deep/`)).body.details.limit).toBe("html.depth");
    expect(sites.hits.get("/deep/")).toBe(2);
  });

  test("a page of exactly the byte budget is read; one byte more, streamed without a Content-Length, is a 413", async () => {
    expect((await extract(`${sites.origin}/at-budget/`)).body).toMatchObject({ name: "Padded", cached: false });
    const reply = await extract(`${sites.origin}/over-budget/`);
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({ code: "PAYLOAD_TOO_LARGE", details: { limit: "brandPage.bytes", value: DOCUMENT_BUDGETS.brandPage.bytes + 1 } });
    expect(reply.body.error).toContain(`${sites.origin}/over-budget/`);
  });
});

describe("paying: with a key the call counts as usage; without a credential it is 402", () => {
  test("each answered call, cached ones too, counts as brand_extraction in GET /api/usage; a site problem does not", async () => {
    const account = await server.account();
    expect((await extract(`${sites.origin}/plain/`, account.key)).status).toBe(200);
    expect((await extract(`${sites.origin}/plain/`, account.key)).body.cached).toBe(true);
    expect((await extract(`${sites.origin}/missing/`, account.key)).status).toBe(422);
    const usage = await rest.get("/api/usage", account.key);
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({ month: "2026-11", used: 2 });
    expect(usage.body.operations.find((row: { operation: string }) => row.operation === "brand_extraction")).toMatchObject({ count: 2, price_usd: "0.01" });
  });

  test("without a key: 402 with the price, before the site is fetched", async () => {
    const before = sites.hits.get("/svg-logo/");
    const reply = await extract(`${sites.origin}/svg-logo/`, null);
    expect(reply.status).toBe(402);
    expect(reply.body).toMatchObject({ code: "PAYMENT_REQUIRED", details: { operation: "brand_extraction", price_usd: "0.01" } });
    expect(sites.hits.get("/svg-logo/")).toBe(before);
  });
});

describe("the test-only allowance is what opens 127.0.0.1", () => {
  test("without OUTBOUND_ALLOW_ADDRESSES the same site is refused as loopback, nothing fetched", async () => {
    const strict = await startTestServer();
    try {
      const account = await strict.account();
      const before = sites.hits.get("/plain/");
      const reply = await api(strict.url, account.key).post("/api/brand-extract", { url: `${sites.origin}/plain/` });
      expect(reply.status).toBe(422);
      expect(reply.body.details).toMatchObject({ field: "url", reason: "refused_address", issue: "127.0.0.1 is a refused address (loopback)" });
      expect(sites.hits.get("/plain/")).toBe(before);
    } finally {
      await strict.close();
    }
  });
});

describe("security", () => {
  test("an invalid bearer key is 401; a valid key of any scope works (the operation reads no account data)", async () => {
    const invalid = await extract(`${sites.origin}/plain/`, "svc_0000000000000000000000000000");
    expect(invalid.status).toBe(401);
    expect(invalid.body.code).toBe("UNAUTHORIZED");
    const narrow = await server.key(owner.accountId, ["invoices:read"]);
    expect((await extract(`${sites.origin}/plain/`, narrow)).status).toBe(200);
  });
});

describe("the other faces", () => {
  test("tRPC client: templates.extractBrand, and a site problem as UNPROCESSABLE_CONTENT with the details", async () => {
    const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${owner.key}` } })] });
    const brand = await client.templates.extractBrand.mutate({ url: `${sites.origin}/css-only/` });
    expect(brand.colors.primary).toBe("#16a34a");
    const template = await client.templates.create.mutate(brand.template_options);
    expect(template.options.colors).toEqual(expect.objectContaining(brand.template_options.options.colors));
    const error = await client.templates.extractBrand.mutate({ url: `${sites.origin}/to-private/1` }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data).toMatchObject({ code: "UNPROCESSABLE_CONTENT", httpStatus: 422, appCode: "VALIDATION_ERROR", details: { reason: "refused_address" } });
  });

  test("MCP SDK client: templates.mutate extract_brand, its output valid against the schema, then create from it", async () => {
    await withMcpClient(server.url, owner.key, async (tools) => {
      const brand = await tools.call("templates.mutate", { action: "extract_brand", url: `${sites.origin}/svg-logo/` });
      expect(brand.logo.source).toBe("inline-svg");
      const created = await tools.call("templates.mutate", { action: "create", ...brand.template_options });
      expect(created).toMatchObject({ name: "Vector Inc", logo: { sha256: brand.logo.sha256 } });
      expect(await tools.refusal("templates.mutate", { action: "extract_brand", url: "ftp://example.com/" })).toMatchObject({ code: "VALIDATION_ERROR", details: { field: "url", reason: "not_http" } });
    });
  });
});
