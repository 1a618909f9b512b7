// GET /api/invoices/suggestions (invoices.suggest): a client's usual lines, rates and terms from the
// account's own history, found by id, e-mail or name; a client without history gets the account's.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTRPCClient, httpLink } from "@trpc/client";
import type { AppRouter } from "../../../routers/index.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, setProfile, steppedAccount, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: SteppedAccount;
let globex: { id: string };

const items = (...lines: Array<[string, number, number, string?]>) => lines.map(([description, quantity, rate, unit]) => ({ description, quantity, rate, unit: unit ?? "HUR" }));

beforeAll(async () => {
  server = await startTestServer({ now: "2026-11-21T10:00:00Z" });
  owner = await steppedAccount(server);
  await setProfile(owner.client, { timezone: "Europe/Berlin" });
  globex = expectStatus(await owner.client.post("/api/clients", { name: "Globex Corporation", email: "ap@globex.example" }), 201);
  const forGlobex = { client_id: globex.id, bill_to_name: undefined, bill_to_email: undefined, payment_terms: "Net 30" };
  await owner.steps.create({ ...forGlobex, issue_date: "2026-11-01", due_date: "2026-12-01", items: items(["Consulting", 10, 13_000], ["Travel", 1, 4_000, "C62"]) });
  await owner.steps.create({ ...forGlobex, issue_date: "2026-10-01", due_date: "2026-10-31", items: items(["Consulting", 8, 12_000]) });
  await owner.steps.create({ ...forGlobex, issue_date: "2026-09-01", due_date: "2026-10-01", items: items(["Consulting", 5, 12_000], ["Design review", 2, 45_000]) });
  const voided = await owner.steps.create({ ...forGlobex, issue_date: "2026-11-02", items: items(["Never billed", 1, 99_000]) });
  await owner.steps.transition(voided, "void");
  // Another client's lines feed the account-wide fallback only.
  await owner.steps.create({ bill_to_name: "Initech", issue_date: "2026-11-10", items: items(["Hosting", 1, 2_900, "MON"]) });
});
afterAll(() => server.close());

describe("GET /api/invoices/suggestions: happy", () => {
  test("a client's lines with last and median rate, unit and VAT, ranked; its usual terms; voided invoices left out", async () => {
    const body = expectStatus(await owner.client.get(`/api/invoices/suggestions?client=${globex.id}`), 200);
    expect(body).toMatchObject({ client: { id: globex.id, name: "Globex Corporation" }, source: "client", invoices_considered: 3, currency: "EUR" });
    expect(body.items.map((item: Record<string, unknown>) => [item.description, item.last_rate, item.median_rate, item.times_used, item.unit, item.tax_rate, item.last_used])).toEqual([
      ["Consulting", 13_000, 12_000, 3, "HUR", 19, "2026-11-01"],
      ["Travel", 4_000, 4_000, 1, "C62", 19, "2026-11-01"],
      ["Design review", 45_000, 45_000, 1, "HUR", 19, "2026-09-01"],
    ]);
    expect(body.terms).toEqual({ payment_terms: "Net 30", due_days: 30, based_on: 3 });
  });

  test("the client by e-mail or by name, case aside; a partial description with a typo", async () => {
    const byEmail = expectStatus(await owner.client.get("/api/invoices/suggestions?client=AP%40GLOBEX.EXAMPLE&description=desgin"), 200);
    expect(byEmail.client.id).toBe(globex.id);
    expect(byEmail.items.map((item: { description: string }) => item.description)).toEqual(["Design review"]);
    const byName = expectStatus(await owner.client.get("/api/invoices/suggestions?client=globex%20corporation&description=cons"), 200);
    expect(byName.items.map((item: { description: string }) => item.description)).toEqual(["Consulting"]);
  });

  test("a buyer billed by name without a client record is known by that name", async () => {
    const body = expectStatus(await owner.client.get("/api/invoices/suggestions?client=Initech"), 200);
    expect(body).toMatchObject({ client: null, source: "client", invoices_considered: 1 });
    expect(body.items.map((item: { description: string; unit: string }) => [item.description, item.unit])).toEqual([["Hosting", "MON"]]);
  });

  test("a client the account does not know gets the account's usual lines", async () => {
    const body = expectStatus(await owner.client.get("/api/invoices/suggestions?client=new%40client.example"), 200);
    expect(body).toMatchObject({ client: null, source: "account", invoices_considered: 4 });
    expect(body.items.map((item: { description: string }) => item.description)).toContain("Hosting");
    expect(body.terms.based_on).toBe(0);
  });

  test("the same through tRPC and the MCP tool", async () => {
    const rest = expectStatus(await owner.client.get(`/api/invoices/suggestions?client=${globex.id}&limit=2`), 200);
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${owner.key}` } })] });
    expect(await trpc.invoices.suggest.query({ client: globex.id, limit: 2 })).toEqual(rest);
    const mcp = await api(server.url, owner.key).post("/api/mcp", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "invoices.suggest", arguments: { client: globex.id, limit: 2 } } });
    expect(mcp.body.result.structuredContent).toEqual(rest);
  });
});

describe("GET /api/invoices/suggestions: errors", () => {
  test("a missing client id is 404, a bad limit or currency 422", async () => {
    expectError(await owner.client.get("/api/invoices/suggestions?client=cli_missing"), 404, "NOT_FOUND");
    expect((await owner.client.get("/api/invoices/suggestions?limit=0")).body.details.field).toBe("limit");
    expect((await owner.client.get("/api/invoices/suggestions?currency=EURO")).body.details.field).toBe("currency");
  });
});

describe("GET /api/invoices/suggestions: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account's client", async () => {
    await expectSecurityCases({ server, owner, scope: "invoices:read", call: (key) => api(server.url).get(`/api/invoices/suggestions?client=${globex.id}`, key) });
  });

  test("another account never learns from this one's history, by name or e-mail", async () => {
    const stranger = await steppedAccount(server);
    const body = expectStatus(await stranger.client.get("/api/invoices/suggestions?client=ap%40globex.example"), 200);
    expect(body).toMatchObject({ client: null, invoices_considered: 0, items: [] });
  });
});
