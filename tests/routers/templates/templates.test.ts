// Templates on REST: the open built-ins and option schemas, custom templates (create, options
// checked per base design with a 422 naming the option, logos, update merging, delete while in
// use), and every procedure's security cases.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { BASE_DEFAULTS } from "../../../render/templates/options.ts";
import { SCOPES } from "../../../server/domain/scopes.ts";
import { invoiceInput } from "../../helpers/factories.ts";
import { api, type Api } from "../../helpers/http.ts";
import { expectError, expectStatus } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";
import { dataUrl, pngLogo } from "./fixtures.ts";

let server: TestServer;
let owner: TestAccount;
let client: Api;
let anonymous: Api;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
  client = api(server.url, owner.key);
  anonymous = api(server.url);
});
afterAll(() => server.close());

async function newTemplate(body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  return expectStatus(await client.post("/api/templates", { name: "Brand", base: "modern", ...body }), 201);
}

describe("built-in designs (open)", () => {
  test("GET /api/templates without a key lists the four built-ins with their complete options", async () => {
    const list = expectStatus(await anonymous.get("/api/templates"), 200);
    expect(list.data.map((template: any) => template.id)).toEqual(["classic", "modern", "minimal", "bold"]);
    expect(list.total).toBe(4);
    const classic = list.data[0];
    expect(classic).toMatchObject({ id: "classic", name: "Classic", base: "classic", built_in: true, logo: null, created_at: null });
    expect(classic.options).toEqual(BASE_DEFAULTS.classic);
  });

  test("GET /api/templates/{id} of a built-in is open; an unknown id is 404 for a key holder, 401 without one", async () => {
    expect(expectStatus(await anonymous.get("/api/templates/bold"), 200).options.colors).toEqual(BASE_DEFAULTS.bold.colors);
    expectError(await client.get("/api/templates/tpl_missing"), 404, "NOT_FOUND");
    expectError(await anonymous.get("/api/templates/tpl_missing"), 401, "UNAUTHORIZED");
  });

  test("GET /api/templates/{id}/schema is an open JSON Schema with the design's defaults", async () => {
    for (const base of ["classic", "modern", "minimal", "bold"] as const) {
      const schema = expectStatus(await anonymous.get(`/api/templates/${base}/schema`), 200);
      expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(schema.type).toBe("object");
      expect(schema.additionalProperties).toBe(false);
      expect(Object.keys(schema.properties)).toEqual(["colors", "fonts", "paper", "margins", "labels", "footer", "show"]);
      expect(schema.properties.colors.properties.accent.default).toBe(BASE_DEFAULTS[base].colors.accent);
      expect(schema.properties.paper.enum).toEqual(["A4", "Letter"]);
    }
  });
});

describe("custom templates: happy", () => {
  test("create (201) resolves the options against the base; get and list show it to its owner", async () => {
    const made = await newTemplate({ options: { colors: { accent: "#AA0000" }, paper: "Letter", labels: { billTo: "Customer" }, footer: "Thank you", show: { qr_code: false } } });
    expect(made.id).toMatch(/^tpl_/);
    expect(made).toMatchObject({ name: "Brand", base: "modern", built_in: false, revision: 1, logo: null });
    expect(made.options).toEqual({
      ...BASE_DEFAULTS.modern,
      colors: { ...BASE_DEFAULTS.modern.colors, accent: "#aa0000" },
      paper: "Letter",
      labels: { billTo: "Customer" },
      footer: "Thank you",
      show: { ...BASE_DEFAULTS.modern.show, qr_code: false },
    });
    expect(expectStatus(await client.get(`/api/templates/${made.id}`), 200)).toEqual(made);
    const list = expectStatus(await client.get("/api/templates?limit=100"), 200);
    expect(list.data.slice(0, 4).map((template: any) => template.id)).toEqual(["classic", "modern", "minimal", "bold"]);
    expect(list.data.map((template: any) => template.id)).toContain(made.id);
    expect(list.total).toBe(list.data.length);
  });

  test("a custom template's schema carries its own values as defaults", async () => {
    const made = await newTemplate({ options: { colors: { accent: "#123456" } } });
    const schema = expectStatus(await client.get(`/api/templates/${made.id}/schema`), 200);
    expect(schema.properties.colors.properties.accent.default).toBe("#123456");
  });

  test("update renames, merges option changes into the options, bumps the revision", async () => {
    const made = await newTemplate({ options: { colors: { accent: "#aa0000" }, footer: "Old" } });
    const updated = expectStatus(await client.put(`/api/templates/${made.id}`, { name: "Renamed", options: { colors: { text: "#222222" }, footer: null } }), 200);
    expect(updated).toMatchObject({ name: "Renamed", revision: 2 });
    expect(updated.options.colors).toMatchObject({ accent: "#aa0000", text: "#222222" });
    expect(updated.options.footer).toBeNull();
  });

  test("a PNG logo is stored as given; null removes it", async () => {
    const png = pngLogo(64, 32);
    const made = await newTemplate({ logo: dataUrl(png, "image/png") });
    expect(made.logo).toMatchObject({ content_type: "image/png", width: 64, height: 32, size: png.byteLength });
    expect(made.logo.sha256).toBe(new Bun.CryptoHasher("sha256").update(png).digest("hex"));
    const removed = expectStatus(await client.put(`/api/templates/${made.id}`, { logo: null }), 200);
    expect(removed.logo).toBeNull();
  });

  test("a logo's bytes stay while any template shows it, and go with the last: replaced, removed or deleted", async () => {
    const account = await server.account();
    const own = api(server.url, account.key);
    const make = async (logo: string | null) => expectStatus(await own.post("/api/templates", { name: "Shared", base: "modern", logo }), 201);
    const stored = async (template: Record<string, any>) => (await server.services.blobs.get(`logos/${account.accountId}/${template.logo.sha256}.png`)) !== null;
    const red = dataUrl(pngLogo(40, 20, [200, 30, 60]), "image/png");
    const first = await make(red);
    const second = await make(red);
    expect(await stored(first)).toBe(true);
    // Replaced on the first: the second still shows it.
    const blue = expectStatus(await own.put(`/api/templates/${first.id}`, { logo: dataUrl(pngLogo(40, 20, [10, 120, 200]), "image/png") }), 200);
    expect(await stored(second)).toBe(true);
    // Removed from the second: nothing shows it any more.
    expectStatus(await own.put(`/api/templates/${second.id}`, { logo: null }), 200);
    expect(await stored(second)).toBe(false);
    // The first deleted: its logo goes with it.
    expect(await stored(blue)).toBe(true);
    expectStatus(await own.delete(`/api/templates/${first.id}`), 200);
    expect(await stored(blue)).toBe(false);
  });

  test("an SVG logo is sanitized and rasterized to PNG", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" onload="alert(1)"><script>alert(2)</script><rect width="120" height="40" fill="#0a7"/></svg>`;
    const made = await newTemplate({ logo: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` });
    expect(made.logo.content_type).toBe("image/png");
    expect(made.logo.width / made.logo.height).toBeCloseTo(3, 1);
  });

  test("delete (200) a template no invoice uses; 409 RESOURCE_IN_USE while one does", async () => {
    const unused = await newTemplate();
    expect(expectStatus(await client.delete(`/api/templates/${unused.id}`), 200)).toEqual({ id: unused.id, deleted: true });
    expectError(await client.get(`/api/templates/${unused.id}`), 404, "NOT_FOUND");

    const used = await newTemplate();
    expectStatus(await client.post("/api/invoices", invoiceInput({ template_id: used.id })), 201);
    const refused = await client.delete(`/api/templates/${used.id}`);
    expectError(refused, 409, "RESOURCE_IN_USE");
    expect(refused.body.details).toEqual({ invoices: 1 });
    expect((await client.get(`/api/templates/${used.id}`)).status).toBe(200);
  });
});

describe("custom templates: unhappy", () => {
  test("an option that breaks the base's schema is a 422 naming it, and nothing is stored", async () => {
    const before = expectStatus(await client.get("/api/templates?limit=100"), 200).total;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ colors: { accent: "red" } }, "options.colors.accent"],
      [{ fonts: { body: "comic" } }, "options.fonts.body"],
      [{ paper: "A3" }, "options.paper"],
      [{ margins: { top: 2 } }, "options.margins.top"],
      [{ labels: { nonsense: "x" } }, "options.labels.nonsense"],
      [{ show: { qr_code: "yes" } }, "options.show.qr_code"],
      [{ watermark: true }, "options.watermark"],
    ];
    for (const [options, field] of cases) {
      const reply = await client.post("/api/templates", { name: "Bad", options });
      expectError(reply, 422, "VALIDATION_ERROR");
      expect(reply.body.details.field).toBe(field);
    }
    expectError(await client.post("/api/templates", { name: "Bad", base: "fancy" }), 422, "VALIDATION_ERROR");
    expect(expectStatus(await client.get("/api/templates?limit=100"), 200).total).toBe(before);
  });

  test("an update that breaks the options is a 422 and leaves the template as it was", async () => {
    const made = await newTemplate();
    const reply = await client.put(`/api/templates/${made.id}`, { options: { colors: { panel: "#12345" } } });
    expectError(reply, 422, "VALIDATION_ERROR");
    expect(reply.body.details.field).toBe("options.colors.panel");
    expect(expectStatus(await client.get(`/api/templates/${made.id}`), 200)).toEqual(made);
  });

  test("bad logos are 422 naming the logo: not a data URL, a type we do not take, bytes that lie about their type", async () => {
    const png = pngLogo();
    for (const logo of ["https://example.com/logo.png", "data:image/gif;base64,R0lGODlhAQABAAAAACw=", dataUrl(png, "image/jpeg"), "data:image/png;base64,!!!"]) {
      const reply = await client.post("/api/templates", { name: "Logo", logo });
      expectError(reply, 422, "VALIDATION_ERROR");
      expect(reply.body.details.field).toBe("logo");
    }
  });

  test("built-in designs cannot be changed or deleted", async () => {
    expectError(await client.put("/api/templates/classic", { name: "Mine" }), 404, "NOT_FOUND");
    expectError(await client.delete("/api/templates/classic"), 404, "NOT_FOUND");
  });
});

describe("templates: security", () => {
  test("create needs templates:write", async () => {
    await expectSecurityCases({ server, owner, scope: "templates:write", ownsResource: false, call: (key) => api(server.url).post("/api/templates", { name: "X" }, key) });
  });

  test("update and delete need templates:write and the owner", async () => {
    const made = await newTemplate();
    await expectSecurityCases({ server, owner, scope: "templates:write", call: (key) => api(server.url).put(`/api/templates/${made.id}`, { name: "Y" }, key) });
    await expectSecurityCases({ server, owner, scope: "templates:write", call: (key) => api(server.url).delete(`/api/templates/${made.id}`, key) });
  });

  test("a custom template, its schema and its place in the list are for its owner's templates:read key only", async () => {
    const made = await newTemplate();
    for (const path of [`/api/templates/${made.id}`, `/api/templates/${made.id}/schema`]) {
      expectError(await anonymous.get(path), 401, "UNAUTHORIZED");
      const narrow = await server.key(owner.accountId, SCOPES.filter((scope) => scope !== "templates:read"));
      expectError(await api(server.url, narrow).get(path), 403, "FORBIDDEN");
      const stranger = await server.account();
      expectError(await api(server.url, stranger.key).get(path), 403, "FORBIDDEN");
      expectError(await api(server.url, "svc_0000000000000000000000000000").get(path), 401, "UNAUTHORIZED");
    }
    const stranger = await server.account();
    const theirs = expectStatus(await api(server.url, stranger.key).get("/api/templates?limit=100"), 200);
    expect(theirs.data.map((template: any) => template.id)).toEqual(["classic", "modern", "minimal", "bold"]);
    const narrow = await server.key(owner.accountId, SCOPES.filter((scope) => scope !== "templates:read"));
    expect(expectStatus(await api(server.url, narrow).get("/api/templates?limit=100"), 200).total).toBe(4);
  });

  test("an invoice can name a built-in or its own account's template, not another account's or a missing one", async () => {
    const made = await newTemplate();
    expectStatus(await client.post("/api/invoices", invoiceInput({ template_id: "bold" })), 201);
    const stranger = await server.account();
    const foreign = await api(server.url, stranger.key).post("/api/invoices", invoiceInput({ template_id: made.id }));
    expectError(foreign, 403, "FORBIDDEN");
    expect(foreign.body.details.field).toBe("template_id");
    expectError(await client.post("/api/invoices", invoiceInput({ template_id: "tpl_missing" })), 404, "NOT_FOUND");
  });
});
