// GET /api/invites/preview?token=: open; what a link offers, before the person signs in. The token is
// the credential: unknown, used, revoked or expired are all 404.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTRPCClient, httpLink } from "@trpc/client";
import type { AppRouter } from "../../../routers/index.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus } from "../../helpers/invoices.ts";
import { caller, inviteTokenOf } from "../../helpers/members.ts";
import { signedIn } from "../../helpers/people.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  account = await server.account();
});
afterAll(() => server.close());

const invite = async (body: Record<string, unknown> = { role: "member" }) => expectStatus(await api(server.url, account.key).post("/api/invites", body), 201);
const preview = (token: string, key: string | null = null) => api(server.url).get(`/api/invites/preview?token=${encodeURIComponent(token)}`, key);

describe("GET /api/invites/preview", () => {
  test("without a credential: the account's name, the role and the expiry, nothing else", async () => {
    const created = await invite({ role: "member", email: "guest@example.com" });
    expect(expectStatus(await preview(inviteTokenOf(created.url)), 200)).toEqual({ account: { name: "Test account" }, role: "member", expires_at: created.expires_at });
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc` })] });
    expect(await trpc.invites.preview.query({ token: inviteTokenOf(created.url) })).toEqual({ account: { name: "Test account" }, role: "member", expires_at: created.expires_at });
  });

  test("404 for an unknown token, a used one and an expired one", async () => {
    expectError(await preview("sit_0000000000000000000000000000"), 404, "NOT_FOUND");
    const used = await invite();
    const person = await signedIn(server, { accountId: (await server.account()).accountId });
    expectStatus(await caller(server.url, { cookie: person.cookie }).post("/api/invites/accept", { token: inviteTokenOf(used.url) }), 200);
    expectError(await preview(inviteTokenOf(used.url)), 404, "NOT_FOUND");
    const expiring = await invite();
    server.clock.advance(7 * 86_400_000);
    expectError(await preview(inviteTokenOf(expiring.url)), 404, "NOT_FOUND");
  });

  test("422 without a token; a present but invalid bearer credential is 401 as everywhere", async () => {
    expectError(await api(server.url).get("/api/invites/preview"), 422, "VALIDATION_ERROR");
    const created = await invite();
    expectError(await preview(inviteTokenOf(created.url), "svc_0000000000000000000000000000"), 401, "UNAUTHORIZED");
  });
});
