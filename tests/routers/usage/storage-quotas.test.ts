// Storage quotas (ADR 0037) through the real server: exported files (count, bytes, one file's size),
// custom templates and their logos, import runs kept, and a keyless caller's inline exports by
// address, kept an hour; each at its limit, over it with the exact 429/413 body, another account
// unaffected, and expired exports giving their room back once the purge job runs on the suite's clock.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { encode } from "fast-png";
import { invoiceInput } from "../../helpers/factories.ts";
import { api, type Api } from "../../helpers/http.ts";
import { expectError, expectStatus } from "../../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";
import { dataUrl, pngLogo } from "../templates/fixtures.ts";

let server: TestServer;
let anonymous: Api;

beforeAll(async () => {
  server = await startTestServer({
    // One process: the test moves the suite's clock past the links' expiry, which a second process's clock would not follow.
    topology: "single",
    env: {
      // Small quotas, so each limit is met in a few calls; the anonymous tier's calls are not what a test meets.
      STORAGE_QUOTA_FREE: "exports=2,templates=2,logo_bytes=2000,imports_kept=2",
      STORAGE_QUOTA_PRO: "file_bytes=1000",
      STORAGE_QUOTA_TEAM: "export_bytes=1",
      STORAGE_QUOTA_ANONYMOUS: "exports=2,file_bytes=20000",
      RATE_LIMIT_ANONYMOUS: "1000,10000,100000",
    },
  });
  anonymous = api(server.url);
});
afterAll(() => server.close());

async function account(tier: "free" | "pro" | "team" = "free"): Promise<Api> {
  return api(server.url, (await server.account({ tier })).key);
}

async function newInvoice(client: Api): Promise<string> {
  return expectStatus(await client.post("/api/invoices", invoiceInput()), 201).id;
}

const exportOf = (client: Api, id: string, format: string) => client.post(`/api/invoices/${id}/export`, { format });
const storage = async (client: Api) => expectStatus(await client.get("/api/usage"), 200).storage;

describe("exported files", () => {
  test("GET /api/usage shows every quota, used and limit, as svc.capabilities lists them; an unlimited tier's limits are null", async () => {
    const client = await account();
    expect(await storage(client)).toEqual({
      file_bytes: { limit: 25 * 1024 * 1024 },
      exports: { used: 0, limit: 2 },
      export_bytes: { used: 0, limit: 250 * 1024 * 1024 },
      templates: { used: 0, limit: 2 },
      logo_bytes: { used: 0, limit: 2000 },
      imports_kept: { used: 0, limit: 2 },
    });
    const { storage_quotas: quotas } = expectStatus(await anonymous.get("/api/capabilities"), 200);
    expect(quotas.free).toEqual({ file_bytes: 25 * 1024 * 1024, exports: 2, export_bytes: 250 * 1024 * 1024, file_lifetime_seconds: 86_400, templates: 2, logo_bytes: 2000, imports_kept: 2 });
    expect(quotas.anonymous).toMatchObject({ exports: 2, file_bytes: 20_000, file_lifetime_seconds: 3600, templates: 0 });
    expect(quotas.unlimited).toBeNull();
    const unlimited = api(server.url, (await server.account({ tier: "unlimited" })).key);
    expect(await storage(unlimited)).toMatchObject({ file_bytes: { limit: null }, exports: { used: 0, limit: null }, imports_kept: { limit: null } });
  });

  test("up to the count, then 429 QUOTA_EXCEEDED naming the quota, what is used and the limit; a reuse stays free; another account is unaffected", async () => {
    const client = await account();
    const id = await newInvoice(client);
    const first = expectStatus(await exportOf(client, id, "md"), 200);
    const second = expectStatus(await exportOf(client, id, "json"), 200);
    expect(await storage(client)).toMatchObject({ exports: { used: 2, limit: 2 }, export_bytes: { used: first.size + second.size } });

    const refused = await exportOf(client, id, "csv");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: "The free tier's exports quota is 2, 2 used: exported files count until their links expire",
      code: "QUOTA_EXCEEDED",
      details: { quota: "exports", tier: "free", used: 2, adding: 1, limit: 2, retry_after: 86_400 },
    });
    expect(refused.headers.get("retry-after")).toBe("86400");

    // The same export again reuses the stored file: nothing new is kept.
    expect(expectStatus(await exportOf(client, id, "md"), 200).id).toBe(first.id);
    const other = await account();
    expectStatus(await exportOf(other, await newInvoice(other), "csv"), 200);
  });

  test("an owner with no room for another file is refused before anything is rendered: an export, an inline export, a bulk ZIP", async () => {
    const client = await account();
    const id = await newInvoice(client);
    expectStatus(await exportOf(client, id, "md"), 200);
    expectStatus(await exportOf(client, id, "json"), 200);
    const renderer = server.services.renderer;
    const render = renderer.render;
    let renders = 0;
    renderer.render = (...args) => {
      renders += 1;
      return render.apply(renderer, args);
    };
    try {
      expectError(await exportOf(client, id, "svg"), 429, "QUOTA_EXCEEDED");
      expectError(await client.post("/api/export", { invoice: invoiceInput(), format: "png" }), 429, "QUOTA_EXCEEDED");
      expectError(await client.post("/api/exports/bulk", { ids: [id], format: "pdf" }), 429, "QUOTA_EXCEEDED");
      expect(renders).toBe(0);
    } finally {
      renderer.render = render;
    }
  });

  test("a file the service makes for itself (a share page's PDF) counts but is never refused", async () => {
    const client = await account();
    const id = await newInvoice(client);
    expectStatus(await exportOf(client, id, "md"), 200);
    expectStatus(await exportOf(client, id, "json"), 200);
    const { token } = expectStatus(await client.post(`/api/invoices/${id}/share`, {}), 200);
    const redirect = await fetch(`${server.url}/share/${token}/pdf`, { redirect: "manual" });
    expect(redirect.status).toBe(303);
    expect((await fetch(redirect.headers.get("location") as string)).status).toBe(200);
    expect(await storage(client)).toMatchObject({ exports: { used: 3, limit: 2 } });
    expectError(await exportOf(client, id, "csv"), 429, "QUOTA_EXCEEDED");
  });

  test("a file that would take the bytes over their quota is 429 with the bytes used, added and allowed", async () => {
    const client = await account("team");
    const refused = await exportOf(client, await newInvoice(client), "md");
    expectError(refused, 429, "QUOTA_EXCEEDED");
    expect(refused.body.details).toEqual({ quota: "export_bytes", tier: "team", used: 0, adding: expect.any(Number), limit: 1 });
    expect(refused.body.details.adding).toBeGreaterThan(1);
    expect(await storage(client)).toMatchObject({ exports: { used: 0 }, export_bytes: { used: 0, limit: 1 } });
  });

  test("one file over the tier's file size is 413 with its size and the limit, and nothing is stored; a bulk ZIP too", async () => {
    const client = await account("pro");
    const id = await newInvoice(client);
    const refused = await exportOf(client, id, "svg");
    expectError(refused, 413, "PAYLOAD_TOO_LARGE");
    const { used } = refused.body.details;
    expect(refused.body).toEqual({
      error: `The file is ${used} bytes; the pro tier stores files up to 1000 bytes: a PDF of the same invoice is far smaller`,
      code: "PAYLOAD_TOO_LARGE",
      details: { quota: "file_bytes", tier: "pro", used, limit: 1000 },
    });
    expect(used).toBeGreaterThan(1000);
    const bulk = await client.post("/api/exports/bulk", { ids: [id], format: "html" });
    expectError(bulk, 413, "PAYLOAD_TOO_LARGE");
    expect(bulk.body.error).toEndWith(": export fewer invoices at once (ids, or narrower filters)");
    expect(await storage(client)).toMatchObject({ exports: { used: 0 }, export_bytes: { used: 0 } });
  });
});

describe("templates and logos", () => {
  const logo = (rgb: [number, number, number]) => dataUrl(pngLogo(40, 20, rgb), "image/png");
  /** A logo of noise (a fixed pseudo-random sequence), which no compression makes small. */
  const noisyLogo = (): string => {
    let seed = 7;
    const data = new Uint8Array(64 * 64 * 3).map(() => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) >>> 23);
    return dataUrl(encode({ width: 64, height: 64, data, channels: 3, depth: 8 }), "image/png");
  };

  test("up to the count; the same logo on two templates counts once; over the count or the logo bytes is 429; another account is unaffected", async () => {
    const client = await account();
    const first = expectStatus(await client.post("/api/templates", { name: "One", base: "modern", logo: logo([200, 30, 60]) }), 201);
    expectStatus(await client.post("/api/templates", { name: "Two", base: "modern", logo: logo([200, 30, 60]) }), 201);
    const size = first.logo.size as number;
    expect(await storage(client)).toMatchObject({ templates: { used: 2, limit: 2 }, logo_bytes: { used: size, limit: 2000 } });

    const third = await client.post("/api/templates", { name: "Three", base: "bold" });
    expect(third.status).toBe(429);
    expect(third.body).toEqual({
      error: "The free tier's templates quota is 2, 2 used: delete a template you no longer use",
      code: "QUOTA_EXCEEDED",
      details: { quota: "templates", tier: "free", used: 2, adding: 1, limit: 2 },
    });

    // Replacing the first one's logo: the second still holds the old image, so it counts once.
    const recoloured = expectStatus(await client.put(`/api/templates/${first.id}`, { logo: logo([10, 120, 200]) }), 200);
    expect(await storage(client)).toMatchObject({ templates: { used: 2 }, logo_bytes: { used: size + recoloured.logo.size } });
    const big = await client.put(`/api/templates/${first.id}`, { logo: noisyLogo() });
    expectError(big, 429, "QUOTA_EXCEEDED");
    expect(big.body.details).toEqual({ quota: "logo_bytes", tier: "free", used: size, adding: expect.any(Number), limit: 2000 });
    expect(size + big.body.details.adding).toBeGreaterThan(2000);
    expect(big.body.error).toEndWith("use a smaller logo, or one your other templates already have");
    expect(expectStatus(await client.get(`/api/templates/${first.id}`), 200).logo.sha256).toBe(recoloured.logo.sha256);

    const other = await account();
    expectStatus(await other.post("/api/templates", { name: "Three", base: "bold" }), 201);
  });
});

describe("import runs kept", () => {
  const csv = (number: string) => `number,issue_date,currency,bill_to_name,description,quantity,unit_price\n${number},2026-10-01,EUR,Globex Corporation,Work,1,10.00`;

  test("beyond the tier's imports kept, the oldest run is forgotten; its invoice stays", async () => {
    const client = await account();
    expectStatus(await client.put("/api/account", { legal_name: "Acme GmbH", currency: "EUR", locale: "en-IE" }), 200);
    const runs = [];
    for (const number of ["Q-1", "Q-2", "Q-3"]) {
      server.clock.advance(1000);
      runs.push(expectStatus(await client.post("/api/import", { content: csv(number), encoding: "text", options: {} }), 201));
    }
    expect(await storage(client)).toMatchObject({ imports_kept: { used: 2, limit: 2 } });
    expectError(await client.get(`/api/imports/${runs[0].id}`), 404, "NOT_FOUND");
    expectStatus(await client.get(`/api/imports/${runs[2].id}`), 200);
    expect(expectStatus(await client.get("/api/invoices?limit=1"), 200).total).toBe(3);
  });
});

describe("inline exports (POST /api/export)", () => {
  // Before the count is used up: a caller with no room left is refused for that first.
  test("an SVG over the anonymous file size is 413 before it is stored, pointing at the PDF", async () => {
    const items = Array.from({ length: 40 }, (_, index) => ({ description: `Line ${index + 1}`, quantity: 1, rate: 1000 + index }));
    const refused = await anonymous.post("/api/export", { invoice: invoiceInput({ items }), format: "svg" });
    expectError(refused, 413, "PAYLOAD_TOO_LARGE");
    expect(refused.body.details).toEqual({ quota: "file_bytes", tier: "anonymous", used: expect.any(Number), limit: 20_000 });
    expect(refused.body.error).toEndWith("a PDF of the same invoice is far smaller");
  });

  test("a keyless caller's files live an hour and count per address; over the count is 429; a key's count against its account", async () => {
    const first = expectStatus(await anonymous.post("/api/export", { invoice: invoiceInput(), format: "md" }), 200);
    expect(Date.parse(first.expires_at) - server.clock.now().getTime()).toBe(3_600_000);
    expectStatus(await anonymous.post("/api/export", { invoice: invoiceInput(), format: "md" }), 200);
    const refused = await anonymous.post("/api/export", { invoice: invoiceInput(), format: "md" });
    expect(refused.body).toEqual({
      error: "The anonymous tier's exports quota is 2, 2 used: exported files count until their links expire",
      code: "QUOTA_EXCEEDED",
      details: { quota: "exports", tier: "anonymous", used: 2, adding: 1, limit: 2, retry_after: 3600 },
    });
    expect(refused.status).toBe(429);

    const client = await account("pro");
    const keyed = expectStatus(await client.post("/api/export", { invoice: invoiceInput(), format: "md" }), 200);
    expect(Date.parse(keyed.expires_at) - server.clock.now().getTime()).toBe(86_400_000);
    expect(await storage(client)).toMatchObject({ exports: { used: 1 }, export_bytes: { used: keyed.size } });
  });
});

describe("expiry gives the room back", () => {
  test("once the links expire and the purge job runs, exports count zero and new ones are stored again", async () => {
    const client = await account();
    const id = await newInvoice(client);
    expectStatus(await exportOf(client, id, "md"), 200);
    expectStatus(await exportOf(client, id, "json"), 200);
    expectError(await exportOf(client, id, "csv"), 429, "QUOTA_EXCEEDED");
    expectError(await anonymous.post("/api/export", { invoice: invoiceInput(), format: "md" }), 429, "QUOTA_EXCEEDED");

    server.clock.advance(86_400_000);
    expect(await server.scheduler.run("purge-files")).toBe(true);
    expect(await storage(client)).toMatchObject({ exports: { used: 0 }, export_bytes: { used: 0 } });
    expectStatus(await exportOf(client, id, "csv"), 200);
    expectStatus(await anonymous.post("/api/export", { invoice: invoiceInput(), format: "md" }), 200);
  });
});
