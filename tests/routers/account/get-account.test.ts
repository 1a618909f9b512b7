import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api, type Api } from "../../helpers/http.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;
let client: Api;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account({ tier: "pro" });
  client = api(server.url, owner.key);
});
afterAll(() => server.close());

describe("GET /api/account: happy", () => {
  test("a new account shows the empty profile with its defaults", async () => {
    const reply = await client.get("/api/account");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: owner.accountId,
      name: "Test account",
      tier: "pro",
      legal_name: null,
      address: null,
      tax_id: null,
      registration_id: null,
      contact: { name: null, phone: null, email: null },
      payment: { means: "58", iban: null, bic: null, reference: null },
      logo: null,
      currency: null,
      locale: null,
      timezone: "UTC",
      today: "2026-11-21",
      numbering: { prefixes: { invoice: "INV", credit_note: "CN", quote: "QUO", purchase_order: "PO" }, sequences: [] },
    });
  });

  test("any valid key will do, even one without scopes", async () => {
    const bare = await server.key(owner.accountId, []);
    const reply = await api(server.url, bare).get("/api/account");
    expect(reply.status).toBe(200);
    expect(reply.body.id).toBe(owner.accountId);
  });

  test("each key sees its own account", async () => {
    const other = await server.account({ tier: "free" });
    const reply = await api(server.url, other.key).get("/api/account");
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: other.accountId, tier: "free" });
  });

  test("shows what PUT stored and the number sequences used by finalizing", async () => {
    await client.put("/api/account", { legal_name: "Acme GmbH", timezone: "Europe/Berlin" });
    const invoice = await client.post("/api/invoices", { bill_to_name: "Buyer", currency: "EUR", locale: "de-DE", issue_date: "2026-05-04", items: [{ description: "x", rate: 100 }] });
    expect(invoice.body).toMatchObject({ from_name: "Acme GmbH" });
    const finalized = await client.post(`/api/invoices/${invoice.body.id}/finalize`, { base_revision: invoice.body.revision, operation_id: crypto.randomUUID() });
    expect(finalized.body.number).toBe("INV-2026-0001");
    const reply = await client.get("/api/account");
    expect(reply.body).toMatchObject({ legal_name: "Acme GmbH", timezone: "Europe/Berlin" });
    expect(reply.body.numbering.sequences).toEqual([{ type: "invoice", year: 2026, next: 2 }]);
  });

  test("today is the account's, by the service's clock: at 23:30 UTC it is already tomorrow in Tokyo", async () => {
    const other = await server.account();
    const tokyo = api(server.url, other.key);
    await tokyo.put("/api/account", { timezone: "Asia/Tokyo" });
    const at = server.clock.now();
    server.clock.set(new Date("2026-11-21T23:30:00Z"));
    try {
      expect((await tokyo.get("/api/account")).body.today).toBe("2026-11-22");
      expect((await client.get("/api/account")).body.today).toBe("2026-11-22");
    } finally {
      server.clock.set(at);
    }
  });
});

describe("GET /api/account: errors", () => {
  test("query parameters are not accepted (422)", async () => {
    const reply = await client.get("/api/account?verbose=1");
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe("VALIDATION_ERROR");
    expect(reply.body.details.field).toBe("verbose");
  });
});

describe("GET /api/account: security", () => {
  test("no key, unknown key, revoked key", async () => {
    await expectSecurityCases({
      server,
      owner,
      scope: null,
      ownsResource: false,
      call: (key) => api(server.url).get("/api/account", key),
    });
  });

  test("a malformed Authorization header is 401", async () => {
    const reply = await client.raw("/api/account", { method: "GET", headers: { authorization: `Basic ${btoa("user:pass")}` } });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe("UNAUTHORIZED");
  });
});
