// PUT /api/reminders (invoices.automate set_reminders): the schedule, stored sorted without
// repeats; account:admin only; offsets checked with the field named.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTRPCClient, httpLink } from "@trpc/client";
import type { AppRouter } from "../../../routers/index.ts";
import { MAX_REMINDER_OFFSETS, REMINDER_OFFSET_RANGE } from "../../../server/domain/reminders.ts";
import { expectError, expectStatus, steppedAccount, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

describe("PUT /api/reminders", () => {
  test("stores the offsets sorted and once each, and answers what it stored", async () => {
    const stored = expectStatus(await owner.client.put("/api/reminders", { enabled: true, offsets: [14, -3, 7, 1, 7] }), 200);
    expect(stored).toEqual({ enabled: true, offsets: [-3, 1, 7, 14] });
    expect(expectStatus(await owner.client.get("/api/reminders"), 200)).toEqual(stored);
    expect(expectStatus(await owner.client.put("/api/reminders", { enabled: false, offsets: [] }), 200)).toEqual({ enabled: false, offsets: [] });
  });

  test("offsets out of range, too many, not whole days, or unknown fields are 422 naming the field", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ enabled: true, offsets: [REMINDER_OFFSET_RANGE.min - 1] }, "offsets.0"],
      [{ enabled: true, offsets: [1, REMINDER_OFFSET_RANGE.max + 1] }, "offsets.1"],
      [{ enabled: true, offsets: [1.5] }, "offsets.0"],
      [{ enabled: true, offsets: Array.from({ length: MAX_REMINDER_OFFSETS + 1 }, (_, day) => day) }, "offsets"],
      [{ offsets: [1] }, "enabled"],
    ];
    for (const [body, field] of cases) {
      const reply = await owner.client.put("/api/reminders", body);
      expectError(reply, 422, "VALIDATION_ERROR");
      expect(reply.body.details.field).toBe(field);
    }
    expectError(await owner.client.put("/api/reminders", { enabled: true, offsets: [], days: 3 }), 422, "VALIDATION_ERROR");
    expect(expectStatus(await owner.client.get("/api/reminders"), 200)).toEqual({ enabled: false, offsets: [] });
  });

  test("invoices:write is not enough: setting the schedule needs account:admin", async () => {
    const writer = await server.key(owner.accountId, ["invoices:read", "invoices:write", "invoices:approve"]);
    expectError(await owner.client.put("/api/reminders", { enabled: true, offsets: [1] }, writer), 403, "FORBIDDEN");
  });

  test("the MCP tool (invoices.automate set_reminders) and the tRPC client set it too", async () => {
    const mcp = await owner.client.post("/api/mcp", {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "invoices.automate", arguments: { action: "set_reminders", enabled: true, offsets: [7, -1] } },
    });
    expect(mcp.body.result.structuredContent).toEqual({ enabled: true, offsets: [-1, 7] });
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${owner.key}` } })] });
    expect(await trpc.reminders.set.mutate({ enabled: true, offsets: [3] })).toEqual({ enabled: true, offsets: [3] });
    expect(expectStatus(await owner.client.get("/api/reminders"), 200)).toEqual({ enabled: true, offsets: [3] });
  });

  test("security: no key, unknown, revoked, wrong scope", async () => {
    await expectSecurityCases({ server, owner, scope: "account:admin", ownsResource: false, call: (key) => owner.client.put("/api/reminders", { enabled: true, offsets: [1] }, key) });
  });
});
