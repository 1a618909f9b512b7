// Cookies are what a browser sends on a user's behalf: only trusted origins may send them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api, type Api } from "../helpers/http.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;
let anonymous: Api;

beforeAll(async () => {
  server = await startTestServer({ env: { CORS_ORIGINS: "https://app.example, https://admin.example/", PUBLIC_URL: "https://invoices.example" } });
  owner = await server.account();
  anonymous = api(server.url);
});
afterAll(() => server.close());

describe("CORS and cookies", () => {
  test("a cookie-carrying request from an untrusted origin is 403, on any route", async () => {
    for (const path of ["/api/health", "/api/invoices", "/api/mcp"]) {
      const reply = await anonymous.raw(path, { method: "GET", headers: { origin: "https://evil.example", cookie: "session=abc" } });
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe("FORBIDDEN");
      expect(reply.headers.get("x-request-id")).toBeTruthy();
    }
  });

  test("trusted origins (CORS_ORIGINS and PUBLIC_URL) may send cookies and get credentialed answers", async () => {
    for (const origin of ["https://app.example", "https://admin.example", "https://invoices.example"]) {
      const reply = await anonymous.raw("/api/health", { method: "GET", headers: { origin, cookie: "session=abc" } });
      expect(reply.status).toBe(200);
      expect(reply.headers.get("access-control-allow-origin")).toBe(origin);
      expect(reply.headers.get("access-control-allow-credentials")).toBe("true");
      expect(reply.headers.get("vary")).toContain("Origin");
    }
  });

  test("bearer requests without cookies work from any origin, answered with *", async () => {
    const reply = await anonymous.raw("/api/invoices", { method: "GET", headers: { origin: "https://evil.example", authorization: `Bearer ${owner.key}` } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("access-control-allow-origin")).toBe("*");
    expect(reply.headers.get("access-control-allow-credentials")).toBeNull();
  });
});
