// GET /api/webhooks/{id}: one endpoint, without its secret.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTRPCClient, httpLink } from "@trpc/client";
import type { AppRouter } from "../../../routers/index.ts";
import { EXAMPLE_IDS } from "../../../routers/shared/examples.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, steppedAccount, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";
import { automate, createWebhook, PUBLIC_URL } from "../../helpers/webhooks.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

describe("GET /api/webhooks/{id}", () => {
  test("the endpoint as created, without the secret; the same on the tool and the tRPC client", async () => {
    const { secret: _secret, ...created } = await createWebhook(owner.client, { url: PUBLIC_URL, event_types: ["invoice.sent"], description: "CRM" });
    const shown = expectStatus(await owner.client.get(`/api/webhooks/${created.id}`), 200);
    expect(shown).toEqual(created);
    expect((await automate(owner.client, "get_webhook", { id: created.id })).structuredContent).toEqual(shown);
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${owner.key}` } })] });
    expect(await trpc.webhooks.get.query({ id: created.id })).toEqual(shown);
  });

  test("a missing endpoint is 404 on REST and an error result on the tool", async () => {
    expectError(await owner.client.get(`/api/webhooks/${EXAMPLE_IDS.webhook}`), 404, "NOT_FOUND");
    const byTool = await automate(owner.client, "get_webhook", { id: EXAMPLE_IDS.webhook });
    expect(byTool.isError).toBe(true);
    expect(JSON.parse(byTool.content[0]!.text)).toMatchObject({ code: "NOT_FOUND", details: { field: "id" } });
  });

  test("security: no key, unknown, revoked, wrong scope, another account's endpoint", async () => {
    const endpoint = await createWebhook(owner.client, { url: PUBLIC_URL });
    await expectSecurityCases({ server, owner, scope: "account:admin", call: (key) => api(server.url).get(`/api/webhooks/${endpoint.id}`, key) });
  });
});
