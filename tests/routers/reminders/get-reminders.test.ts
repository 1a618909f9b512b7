// GET /api/reminders (invoices.automate get_reminders): the account's reminder schedule, off until set.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTRPCClient, httpLink } from "@trpc/client";
import type { AppRouter } from "../../../routers/index.ts";
import { expectStatus, steppedAccount, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

describe("GET /api/reminders", () => {
  test("off with no offsets until set; each account sees its own", async () => {
    expect(expectStatus(await owner.client.get("/api/reminders"), 200)).toEqual({ enabled: false, offsets: [] });
    expectStatus(await owner.client.put("/api/reminders", { enabled: true, offsets: [1, 7] }), 200);
    expect(expectStatus(await owner.client.get("/api/reminders"), 200)).toEqual({ enabled: true, offsets: [1, 7] });
    const other = await steppedAccount(server);
    expect(expectStatus(await other.client.get("/api/reminders"), 200)).toEqual({ enabled: false, offsets: [] });
  });

  test("a key with invoices:read alone may read it", async () => {
    const reader = await server.key(owner.accountId, ["invoices:read"]);
    expect(expectStatus(await owner.client.get("/api/reminders", reader), 200)).toEqual({ enabled: true, offsets: [1, 7] });
  });

  test("the MCP tool (invoices.automate get_reminders) and the tRPC client answer the same", async () => {
    const rest = expectStatus(await owner.client.get("/api/reminders"), 200);
    const mcp = await owner.client.post("/api/mcp", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "invoices.automate", arguments: { action: "get_reminders" } } });
    expect(mcp.body.result.structuredContent).toEqual(rest);
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${owner.key}` } })] });
    expect(await trpc.reminders.get.query({})).toEqual(rest);
  });

  test("security: no key, unknown, revoked, wrong scope", async () => {
    await expectSecurityCases({ server, owner, scope: "invoices:read", ownsResource: false, call: (key) => owner.client.get("/api/reminders", key) });
  });
});
