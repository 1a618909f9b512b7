// A credential that is present but invalid or revoked is HTTP 401 everywhere, open endpoints
// included (ADR 0006). The OpenAPI document is one of the open endpoints.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api } from "../helpers/http.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("GET /api/openapi.json with a bad credential", () => {
  test("an unknown key is 401 UNAUTHORIZED, as on /api/health", async () => {
    const anonymous = api(server.url);
    const health = await anonymous.get("/api/health", "svc_0000000000000000000000000000");
    expect(health.status).toBe(401);
    const openapi = await anonymous.get("/api/openapi.json", "svc_0000000000000000000000000000");
    expect({ status: openapi.status, code: openapi.body?.code }).toEqual({ status: 401, code: "UNAUTHORIZED" });
  });

  test("a malformed Authorization header is 401", async () => {
    const reply = await api(server.url).raw("/api/openapi.json", { method: "GET", headers: { authorization: "Token abc" } });
    expect(reply.status).toBe(401);
  });
});
