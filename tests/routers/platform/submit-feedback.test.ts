import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { revokeApiKey } from "../../../db/queries/accounts.ts";
import { feedback } from "../../../db/schema/index.ts";
import { api, type Api } from "../../helpers/http.ts";
import { keyIdOf } from "../../helpers/keys.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;
let anonymous: Api;

async function stored(id: string) {
  const [row] = await server.services.database.db.select().from(feedback).where(eq(feedback.id, id));
  return row;
}

async function storedCount(): Promise<number> {
  return (await server.services.database.db.select().from(feedback)).length;
}

beforeAll(async () => {
  // Plenty of anonymous allowance: this suite is about feedback, not limits.
  server = await startTestServer({ env: { RATE_LIMIT_ANONYMOUS: "1000,1000,1000" } });
  owner = await server.account();
  anonymous = api(server.url);
});
afterAll(() => server.close());

describe("POST /api/feedback: happy", () => {
  test("without a key: 201, stored with no account", async () => {
    const reply = await anonymous.post("/api/feedback", { kind: "bug", message: "The PDF cuts off the last line", contact: "me@example.com", context: { tool: "invoices.create", request_id: "abc" } });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ id: reply.body.id, received_at: "2026-11-21T10:00:00.000Z" });
    expect(reply.body.id).toMatch(/^fbk_[0-9A-Z]{26}$/);
    const row = await stored(reply.body.id);
    expect(row).toMatchObject({
      accountId: null,
      kind: "bug",
      message: "The PDF cuts off the last line",
      contact: "me@example.com",
      context: { tool: "invoices.create", request_id: "abc" },
      createdAt: "2026-11-21T10:00:00.000Z",
    });
  });

  test("with a key: 201, stored against the key's account", async () => {
    const reply = await api(server.url, owner.key).post("/api/feedback", { kind: "feature", message: "Please add XRechnung 3.0" });
    expect(reply.status).toBe(201);
    const row = await stored(reply.body.id);
    expect(row).toMatchObject({ accountId: owner.accountId, kind: "feature", message: "Please add XRechnung 3.0", contact: null, context: null });
  });

  test("a key with no scopes at all may still send feedback", async () => {
    const bare = await server.key(owner.accountId, []);
    const reply = await api(server.url, bare).post("/api/feedback", { message: "hi" });
    expect(reply.status).toBe(201);
    expect((await stored(reply.body.id))?.accountId).toBe(owner.accountId);
  });

  test("kind defaults to other", async () => {
    const reply = await anonymous.post("/api/feedback", { message: "Just saying thanks" });
    expect(reply.status).toBe(201);
    expect((await stored(reply.body.id))?.kind).toBe("other");
  });

  test("every submission is its own record", async () => {
    const body = { kind: "bug", message: "Same text twice" };
    const first = await anonymous.post("/api/feedback", body);
    const second = await anonymous.post("/api/feedback", body);
    expect(first.body.id).not.toBe(second.body.id);
  });
});

describe("POST /api/feedback: errors", () => {
  test.each([
    ["a nested object", { deep: { deeper: [[["x"]]] } }, "context.deep"],
    ["a value over 2,000 characters", { blob: "x".repeat(2_001) }, "context.blob"],
    ["more than 20 entries", Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`k${index}`, index])), "context"],
  ])("a context with %s is 422 naming it: it stays flat and small", async (_name, context, field) => {
    const reply = await api(server.url).post("/api/feedback", { kind: "bug", message: "big", context });
    expect(reply.status).toBe(422);
    expect(reply.body.details.field).toBe(field);
  });

  test.each([
    ["invalid kind", { kind: "complaint", message: "x" }, "kind"],
    ["missing message", { kind: "bug" }, "message"],
    ["empty message", { message: "" }, "message"],
    ["blank message", { message: "   " }, "message"],
    ["message over 10 000", { message: "x".repeat(10_001) }, "message"],
    ["contact over 320", { message: "x", contact: "c".repeat(321) }, "contact"],
    ["context not an object", { message: "x", context: "tool" }, "context"],
    ["unknown field", { message: "x", rating: 5 }, "rating"],
  ])("%s → 422 VALIDATION_ERROR, nothing stored", async (_name, body, field) => {
    const before = await storedCount();
    const reply = await anonymous.post("/api/feedback", body);
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe("VALIDATION_ERROR");
    expect(reply.body.details.field).toBe(field);
    expect(await storedCount()).toBe(before);
  });

  test("malformed JSON is 400 and a non-JSON body 415", async () => {
    const malformed = await anonymous.raw("/api/feedback", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(malformed.status).toBe(400);
    const text = await anonymous.raw("/api/feedback", { method: "POST", headers: { "content-type": "text/plain" }, body: "hello" });
    expect(text.status).toBe(415);
  });
});

describe("POST /api/feedback: security", () => {
  test("a present but unknown key is 401, nothing stored", async () => {
    const before = await storedCount();
    const reply = await anonymous.post("/api/feedback", { message: "sneaky" }, "svc_0000000000000000000000000000");
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe("UNAUTHORIZED");
    expect(await storedCount()).toBe(before);
  });

  test("a revoked key is 401, not silently anonymous", async () => {
    const revoked = await server.key(owner.accountId, []);
    await server.services.database.write(async (tx) => revokeApiKey(tx, { keyId: await keyIdOf(server, revoked), now: server.clock.now() }));
    const before = await storedCount();
    const reply = await anonymous.post("/api/feedback", { message: "after revocation" }, revoked);
    expect(reply.status).toBe(401);
    expect(await storedCount()).toBe(before);
  });

  test("a malformed Authorization header is 401", async () => {
    const reply = await anonymous.raw("/api/feedback", { method: "POST", headers: { "content-type": "application/json", authorization: "svc_notbearer" }, body: JSON.stringify({ message: "x" }) });
    expect(reply.status).toBe(401);
  });
});
