import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api, type Api } from "../../helpers/http.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;
let client: Api;

/** A fresh account with these clients, so totals are exact. */
async function accountWith(clients: Array<Record<string, unknown>>): Promise<{ account: TestAccount; client: Api; ids: string[] }> {
  const account = await server.account();
  const caller = api(server.url, account.key);
  const ids: string[] = [];
  for (const body of clients) {
    const made = await caller.post("/api/clients", body);
    expect(made.status).toBe(201);
    ids.push(made.body.id);
  }
  return { account, client: caller, ids };
}

const names = (reply: { body: { data: Array<{ name: string }> } }): string[] => reply.body.data.map((row) => row.name);

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
  client = api(server.url, owner.key);
});
afterAll(() => server.close());

describe("GET /api/clients: happy", () => {
  test("an empty account lists nothing, with the default page", async () => {
    const reply = await client.get("/api/clients");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: [], total: 0, limit: 20, offset: 0 });
  });

  test("lists the account's clients by name in {data, total, limit, offset}", async () => {
    const { client: caller } = await accountWith([{ name: "Charlie" }, { name: "Alpha" }, { name: "Bravo" }]);
    const reply = await caller.get("/api/clients");
    expect(reply.status).toBe(200);
    expect(names(reply)).toEqual(["Alpha", "Bravo", "Charlie"]);
    expect(reply.body).toMatchObject({ total: 3, limit: 20, offset: 0 });
    expect(Object.keys(reply.body).sort()).toEqual(["data", "limit", "offset", "total"]);
  });

  test("limit and offset page through; total counts every match", async () => {
    const { client: caller } = await accountWith(["A1", "A2", "A3", "A4", "A5"].map((name) => ({ name })));
    const first = await caller.get("/api/clients?limit=2");
    const second = await caller.get("/api/clients?limit=2&offset=2");
    const third = await caller.get("/api/clients?limit=2&offset=4");
    const beyond = await caller.get("/api/clients?limit=2&offset=10");
    expect(names(first)).toEqual(["A1", "A2"]);
    expect(names(second)).toEqual(["A3", "A4"]);
    expect(names(third)).toEqual(["A5"]);
    expect(names(beyond)).toEqual([]);
    for (const page of [first, second, third, beyond]) expect(page.body.total).toBe(5);
    expect(second.body).toMatchObject({ limit: 2, offset: 2 });
  });

  test.each([
    ["MÜLLER", "upper case with umlaut"],
    ["muller", "no accent"],
    ["Müller", "exact"],
    ["mül", "a prefix"],
    ["ULLE", "an inner part"],
  ])("q=%s (%s) finds Müller", async (q) => {
    const { client: caller } = await accountWith([{ name: "Müller" }, { name: "Miller" }, { name: "Schmidt" }]);
    const reply = await caller.get(`/api/clients?q=${encodeURIComponent(q)}`);
    expect(reply.status).toBe(200);
    expect(names(reply)).toEqual(["Müller"]);
    expect(reply.body.total).toBe(1);
  });

  test("q folds case beyond ASCII: Greek, Cyrillic, accents", async () => {
    const { client: caller } = await accountWith([{ name: "Σοφία Παπαδοπούλου" }, { name: "Иванов и партнёры" }, { name: "Ça Va Café" }, { name: "Plain" }]);
    const greek = await caller.get(`/api/clients?q=${encodeURIComponent("ΣΟΦΙΑ")}`);
    expect(names(greek)).toEqual(["Σοφία Παπαδοπούλου"]);
    const cyrillic = await caller.get(`/api/clients?q=${encodeURIComponent("ИВАНОВ И ПАРТНЕРЫ")}`);
    expect(names(cyrillic)).toEqual(["Иванов и партнёры"]);
    const french = await caller.get(`/api/clients?q=${encodeURIComponent("CA VA CAFE")}`);
    expect(names(french)).toEqual(["Ça Va Café"]);
  });

  test.each([["Müller & Söhne"], ["Großhandel Weiß"], ["Σοφία Παπαδοπούλου"], ["Ørsted A/S"], ["İstanbul Tekstil"]])(
    "the name's own upper- and lower-case forms find %s",
    async (name) => {
      const { client: caller } = await accountWith([{ name }, { name: "Unrelated" }]);
      for (const q of [name.toUpperCase(), name.toLowerCase()]) {
        const reply = await caller.get(`/api/clients?q=${encodeURIComponent(q)}`);
        expect({ q, found: names(reply) }).toEqual({ q, found: [name] });
      }
    },
  );

  test("q searches the e-mail too, case-insensitively", async () => {
    const { client: caller } = await accountWith([
      { name: "Alpha", email: "billing@zeta-industries.example" },
      { name: "Beta", email: "ap@other.example" },
    ]);
    const reply = await caller.get("/api/clients?q=ZETA-INDUSTRIES");
    expect(names(reply)).toEqual(["Alpha"]);
    expect(reply.body.total).toBe(1);
  });

  test("q does not search other fields (notes, phone, tax id)", async () => {
    const { client: caller } = await accountWith([{ name: "Alpha", notes: "needle", phone: "needle", tax_id: "NEEDLE" }]);
    const reply = await caller.get("/api/clients?q=needle");
    expect(reply.body).toMatchObject({ data: [], total: 0 });
  });

  test("q treats % and _ literally", async () => {
    const { client: caller } = await accountWith([{ name: "100% Organic" }, { name: "snake_case Ltd" }, { name: "Other" }, { name: "snakeXcase" }]);
    expect(names(await caller.get(`/api/clients?q=${encodeURIComponent("%")}`))).toEqual(["100% Organic"]);
    expect(names(await caller.get(`/api/clients?q=${encodeURIComponent("e_c")}`))).toEqual(["snake_case Ltd"]);
  });

  test("q combines with paging: total counts the matches", async () => {
    const { client: caller } = await accountWith([{ name: "Müller 1" }, { name: "Mueller" }, { name: "Müller 2" }, { name: "Müller 3" }]);
    const reply = await caller.get("/api/clients?q=muller&limit=2&offset=1");
    expect(names(reply)).toEqual(["Müller 2", "Müller 3"]);
    expect(reply.body.total).toBe(3);
  });

  test("archived clients are hidden unless include_archived=true", async () => {
    const { client: caller, ids } = await accountWith([{ name: "Active" }, { name: "Archived" }]);
    const archived = await caller.put(`/api/clients/${ids[1]}`, { archived: true });
    expect(archived.status).toBe(200);
    const visible = await caller.get("/api/clients");
    expect(names(visible)).toEqual(["Active"]);
    expect(visible.body.total).toBe(1);
    const all = await caller.get("/api/clients?include_archived=true");
    expect(names(all)).toEqual(["Active", "Archived"]);
    expect(all.body.total).toBe(2);
    expect(all.body.data[1].archived).toBe(true);
    const explicit = await caller.get("/api/clients?include_archived=false");
    expect(names(explicit)).toEqual(["Active"]);
    const searched = await caller.get("/api/clients?q=archived");
    expect(searched.body.total).toBe(0);
    const searchedAll = await caller.get("/api/clients?q=archived&include_archived=true");
    expect(names(searchedAll)).toEqual(["Archived"]);
  });

  test("another account's clients never appear", async () => {
    await accountWith([{ name: "Foreign Müller" }]);
    const { client: caller } = await accountWith([{ name: "Own Müller" }]);
    const reply = await caller.get("/api/clients?q=muller");
    expect(names(reply)).toEqual(["Own Müller"]);
    expect(reply.body.total).toBe(1);
  });
});

describe("GET /api/clients: errors", () => {
  test.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["limit=2.5", "limit"],
    ["offset=-1", "offset"],
    ["offset=x", "offset"],
    ["include_archived=maybe", "include_archived"],
    [`q=${"x".repeat(201)}`, "q"],
    ["colour=red", "colour"],
  ])("%s → 422 VALIDATION_ERROR", async (query, field) => {
    const reply = await client.get(`/api/clients?${query}`);
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe("VALIDATION_ERROR");
    expect(reply.body.details.field).toBe(field);
  });

  test("limit=100 is the largest page accepted", async () => {
    const reply = await client.get("/api/clients?limit=100");
    expect(reply.status).toBe(200);
    expect(reply.body.limit).toBe(100);
  });
});

describe("GET /api/clients: security", () => {
  test("no key, unknown key, revoked key, wrong scope", async () => {
    await expectSecurityCases({
      server,
      owner,
      scope: "entities:read",
      ownsResource: false,
      call: (key) => api(server.url).get("/api/clients", key),
    });
  });
});
