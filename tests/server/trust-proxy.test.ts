// TRUST_PROXY: behind a known proxy the client's address comes from X-Forwarded-For; without it the
// header is anyone's writing and is ignored, so it cannot buy a caller a fresh rate-limit budget.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let proxied: TestServer;
let direct: TestServer;

beforeAll(async () => {
  const env = { RATE_LIMIT_ANONYMOUS: "2,100,1000" };
  [proxied, direct] = await Promise.all([startTestServer({ env: { ...env, TRUST_PROXY: "1" } }), startTestServer({ env })]);
});
afterAll(() => Promise.all([proxied.close(), direct.close()]));

const statusesFrom = async (server: TestServer, forwardedFor: string, count: number): Promise<number[]> => {
  const statuses: number[] = [];
  for (let request = 0; request < count; request++) {
    // Share pages count every visit against the visitor's address before looking the link up.
    statuses.push((await fetch(`${server.url}/share/no-such-link`, { headers: { "x-forwarded-for": forwardedFor } })).status);
  }
  return statuses;
};

test("TRUST_PROXY=1: each forwarded client has its own budget; what a client wrote before the proxy's entry does not count", async () => {
  expect(await statusesFrom(proxied, "203.0.113.7", 3)).toEqual([404, 404, 429]);
  expect(await statusesFrom(proxied, "198.51.100.1", 2)).toEqual([404, 404]);
  expect(await statusesFrom(proxied, "192.0.2.44, 203.0.113.7", 1)).toEqual([429]);
});

test("without TRUST_PROXY the header is ignored: every request counts against the peer", async () => {
  expect(await statusesFrom(direct, "203.0.113.7", 2)).toEqual([404, 404]);
  expect(await statusesFrom(direct, "198.51.100.1", 1)).toEqual([429]);
});

test("TRUST_PROXY takes a hop count or proxy addresses, and refuses anything else", async () => {
  const { loadConfig } = await import("../../server/platform/config.ts");
  expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toEqual({ hops: 2 });
  expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toEqual({ hops: 1 });
  expect(loadConfig({}).trustProxy).toBeNull();
  expect(loadConfig({ TRUST_PROXY: "10.0.0.5, ::1" }).trustProxy).toEqual({ addresses: ["10.0.0.5", "0:0:0:0:0:0:0:1"] });
  expect(() => loadConfig({ TRUST_PROXY: "proxy.internal" })).toThrow("TRUST_PROXY");
});
