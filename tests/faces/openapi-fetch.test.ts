// A client generated from docs/openapi.json reaches every path it lists: openapi-fetch against the
// real service. It reads no `servers`, so the discovery documents outside /api (path items naming
// the site root as their server) are called with the origin as the call's baseUrl, as
// docs/api-guide.md ("OpenAPI") shows; its example runs here as written.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFile } from "node:fs/promises";
import createClient from "openapi-fetch";
import { generatedOpenApi } from "../../scripts/openapi.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";

/** Enough of what openapi-typescript generates for the GETs called here. */
type Get = { parameters: { query?: Record<string, unknown>; path?: Record<string, string> }; responses: { 200: { content: { "application/json": unknown } } } };
type Paths = Record<string, { get: Get }>;
type PathItem = { servers?: Array<{ url: string }>; get?: { tags?: string[] } };
type Document = { servers: Array<{ url: string }>; paths: Record<string, PathItem> };

const document = JSON.parse(generatedOpenApi()) as Document;
const discoveryPaths = Object.entries(document.paths).filter(([, item]) => item.get?.tags?.includes("discovery"));

let server: TestServer;
let owner: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
});
afterAll(() => server.close());

/** A server URL of the document, resolved as OpenAPI 3.1 says: against the document's own address. */
const resolved = (url: string): string => new URL(url, `${server.url}/api/openapi.json`).href;

describe("openapi-fetch with the document's servers", () => {
  test("every discovery document answers 200 at its path item's server (the site root outside /api)", async () => {
    expect(discoveryPaths.map(([path]) => path)).toEqual(expect.arrayContaining(["/.well-known/mcp.json", "/.well-known/webmcp.json", "/mcp/server-card"]));
    const api = createClient<Paths>({ baseUrl: resolved(document.servers[0]!.url) });
    // A path parameter takes a value of its own: the tool read in full is invoices.create.
    const params = { path: { name: "invoices.create" } };
    for (const [path, item] of discoveryPaths) {
      const override = item.servers?.[0]?.url;
      const { response, data } = await api.GET(path, { params, ...(override ? { baseUrl: resolved(override) } : {}) });
      expect({ path, status: response.status, url: response.url }).toEqual({ path, status: 200, url: `${override ? server.url : `${server.url}/api`}${path.replace("{name}", "invoices.create")}` });
      expect(data).toBeInstanceOf(Object);
    }
  });

  test("/api operations answer at the document's server, with and without a key as their security says", async () => {
    const api = createClient<Paths>({ baseUrl: resolved(document.servers[0]!.url) });
    const keyed = createClient<Paths>({ baseUrl: resolved(document.servers[0]!.url), headers: { authorization: `Bearer ${owner.key}` } });
    expect((await api.GET("/health")).data).toMatchObject({ status: "ok" });
    expect((await api.GET("/capabilities")).response.status).toBe(200);
    expect((await keyed.GET("/invoices", { params: { query: { limit: 1 } } })).data).toMatchObject({ data: [], total: 0, limit: 1 });
    const refused = await api.GET("/invoices");
    expect({ status: refused.response.status, error: refused.error }).toEqual({ status: 401, error: expect.objectContaining({ code: "UNAUTHORIZED" }) });
  });

  test("without the call's baseUrl a path outside /api goes under /api and is not found: openapi-fetch reads no servers", async () => {
    const api = createClient<Paths>({ baseUrl: resolved(document.servers[0]!.url) });
    const { response } = await api.GET("/.well-known/mcp.json");
    expect({ url: response.url, status: response.status }).toEqual({ url: `${server.url}/api/.well-known/mcp.json`, status: 404 });
  });
});

test("docs/api-guide.md's openapi-fetch example runs as written and prints what it says", async () => {
  const guide = await readFile(new URL("../../docs/api-guide.md", import.meta.url), "utf8");
  const section = guide.slice(guide.indexOf("\n## OpenAPI\n"));
  const example = /```ts\n([\s\S]*?)```/.exec(section.slice(0, section.indexOf("\n## ", 1)))?.[1];
  expect(example).toContain('from "openapi-fetch"');
  const printed = /console\.log\(.*\); \/\/ (.*) on a new account/.exec(example!)?.[1];
  // Types go (the generated `paths` is only a type); the import of openapi-fetch becomes a parameter.
  const script = new Bun.Transpiler({ loader: "ts" })
    .transformSync(example!.replace('"http://127.0.0.1:3000"', JSON.stringify(server.url)))
    .replace(/^import createClient from "openapi-fetch";$/m, "");
  const lines: string[] = [];
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...parameters: string[]) => (...values: unknown[]) => Promise<void>;
  const fresh = await server.account();
  await new AsyncFunction("createClient", "process", "console", script)(createClient, { env: { KEY: fresh.key } }, { log: (...values: unknown[]) => lines.push(values.join(" ")) });
  expect(lines).toEqual([printed!]);
});
