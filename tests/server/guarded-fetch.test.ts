// Outbound requests to user-given URLs (server/automation/guarded-fetch.ts): refused before any
// connection when the URL or an address it resolves to is not allowed; with the test-only setting a
// receiver on 127.0.0.1 is reached, through the checked address, without following redirects, and
// with time and response size bounded. Brand extraction's options: the narrow address allowance,
// redirects followed with every hop checked again, one time limit for the chain, a type list.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { checkOutboundUrl, guardedFetch, OutboundError, type OutboundPolicy, type Resolver } from "../../server/automation/guarded-fetch.ts";

const STRICT: OutboundPolicy = { allowHttp: false, allowPrivateNetworks: false };
const DEV_HTTP: OutboundPolicy = { allowHttp: true, allowPrivateNetworks: false };
const TESTS: OutboundPolicy = { allowHttp: true, allowPrivateNetworks: true };
const resolvingTo = (...addresses: string[]): Resolver => async () => addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundError);
  expect((error as OutboundError).kind).toBe("refused");
  return (error as OutboundError).message;
}

let receiver: Server;
let port: number;
const received: IncomingMessage[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    received.push(request);
    request.resume();
    if (request.url === "/redirect") {
      response.writeHead(302, { location: "/elsewhere" }).end("moved");
    } else if (request.url === "/huge") {
      response.writeHead(200, { "content-type": "text/plain" });
      const chunk = "x".repeat(16 * 1024);
      for (let sent = 0; sent < 64; sent++) response.write(chunk);
      response.end();
    } else if (request.url === "/silent") {
      // Never answers: the caller's timeout has to end it.
    } else {
      response.writeHead(200, { "content-type": "text/plain" }).end(`host=${request.headers.host}`);
    }
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(() => {
  receiver.closeAllConnections();
  receiver.close();
});

describe("refused by default", () => {
  test.each([
    ["http://127.0.0.1:PORT/", "loopback"],
    ["http://[::1]:PORT/", "loopback"],
    ["http://0.0.0.0:PORT/", "this network"],
    ["http://169.254.169.254/latest/meta-data/", "cloud metadata"],
    ["http://[fd00:ec2::254]/", "cloud metadata"],
    ["http://2130706433:PORT/", "loopback"],
    ["http://0x7f.1:PORT/", "loopback"],
    ["http://017700000001:PORT/", "loopback"],
    ["http://127.1:PORT/", "loopback"],
    ["http://[::ffff:127.0.0.1]:PORT/", "loopback"],
    ["http://[::ffff:169.254.169.254]/", "cloud metadata"],
    ["http://10.0.0.1/", "private network"],
    ["http://192.168.0.10/", "private network"],
    ["http://172.20.0.1/", "private network"],
    ["http://100.64.1.1/", "shared address space"],
    ["http://224.0.0.251/", "multicast"],
    ["http://[fe80::1]/", "link-local"],
    ["http://[64:ff9b::a00:1]/", "NAT64"],
  ])("%s (%s), with http allowed for development", async (template, reason) => {
    const url = template.replace("PORT", String(port));
    const before = received.length;
    expect(await refusal(guardedFetch(url, { method: "POST", body: "{}" }, DEV_HTTP))).toContain(`(${reason})`);
    expect(received.length).toBe(before);
  });

  test("a name resolving to 10.0.0.1, or to a public and a private address, is refused", async () => {
    expect(await refusal(checkOutboundUrl("https://internal.example/hook", { ...STRICT, resolve: resolvingTo("10.0.0.1") }))).toBe("internal.example resolves to 10.0.0.1 (private network)");
    expect(await refusal(checkOutboundUrl("https://mixed.example/", { ...STRICT, resolve: resolvingTo("93.184.216.34", "::1") }))).toContain("::1 (loopback)");
    await checkOutboundUrl("https://public.example/", { ...STRICT, resolve: resolvingTo("93.184.216.34", "2606:4700::1111") });
  });

  test("a name resolving to a NAT64 or IPv4-translated address is refused at the check a delivery makes", async () => {
    expect(await refusal(checkOutboundUrl("https://nat64.example/", { ...STRICT, resolve: resolvingTo("64:ff9b::808:808") }))).toBe("nat64.example resolves to 64:ff9b::808:808 (NAT64)");
    expect(await refusal(checkOutboundUrl("https://local64.example/", { ...STRICT, resolve: resolvingTo("64:ff9b:1::7f00:1") }))).toBe("local64.example resolves to 64:ff9b:1::7f00:1 (NAT64 (local use))");
    expect(await refusal(guardedFetch("https://translated.example/", { method: "POST", body: "{}" }, { ...STRICT, resolve: resolvingTo("::ffff:0:7f00:1") }))).toBe(
      "translated.example resolves to ::ffff:0:7f00:1 (IPv4-translated)",
    );
  });

  test("localhost is resolved like any name, and refused", async () => {
    expect(await refusal(checkOutboundUrl(`https://localhost:${port}/`, STRICT))).toMatch(/^localhost resolves to .* \(loopback\)$/);
  });

  test("plain http (unless configured), other schemes, credentials, odd ports, non-URLs and names that do not resolve", async () => {
    const resolve = resolvingTo("93.184.216.34");
    for (const [url, policy, reason] of [
      ["http://example.com/hook", STRICT, "only https URLs"],
      ["ftp://example.com/hook", DEV_HTTP, "only http and https URLs"],
      ["file:///etc/passwd", STRICT, "only https URLs"],
      ["https://user:secret@example.com/", STRICT, "credentials in the URL"],
      ["https://example.com:22/", STRICT, "port 22: only 80, 443 or 1024 and above"],
      ["not a url", STRICT, "not a valid URL"],
      [`https://example.com/${"a".repeat(2100)}`, STRICT, "URL longer than 2048 characters"],
    ] as const) {
      expect(await refusal(checkOutboundUrl(url, { ...policy, resolve }))).toBe(reason);
    }
    const failing: Resolver = async () => {
      throw Object.assign(new Error("no such host"), { code: "ENOTFOUND" });
    };
    expect(await refusal(checkOutboundUrl("https://nowhere.invalid/", { ...STRICT, resolve: failing }))).toBe("nowhere.invalid does not resolve (ENOTFOUND)");
    expect(await refusal(checkOutboundUrl("https://empty.example/", { ...STRICT, resolve: resolvingTo() }))).toBe("empty.example does not resolve");
  });
});

describe("with the test-only setting (private networks allowed)", () => {
  test("reaches the receiver on 127.0.0.1 and returns its answer", async () => {
    const response = await guardedFetch(`http://127.0.0.1:${port}/hook`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }, TESTS);
    expect(response.status).toBe(200);
    expect(new TextDecoder().decode(response.body)).toBe(`host=127.0.0.1:${port}`);
    expect(response.truncated).toBe(false);
  });

  test("connects to the address it checked, keeping the name as Host (no second DNS answer is asked for)", async () => {
    let lookups = 0;
    const resolve: Resolver = async () => {
      lookups++;
      return [{ address: "127.0.0.1", family: 4 }];
    };
    const response = await guardedFetch(`http://receiver.test:${port}/pinned`, { method: "GET" }, { ...TESTS, resolve });
    expect(new TextDecoder().decode(response.body)).toBe(`host=receiver.test:${port}`);
    expect(lookups).toBe(1);
  });

  test("still refuses what is not about private networks (scheme, credentials, ports)", async () => {
    expect(await refusal(guardedFetch(`http://127.0.0.1:${port}/`, { method: "GET" }, { ...TESTS, allowHttp: false }))).toBe("only https URLs");
    expect(await refusal(guardedFetch(`http://a:b@127.0.0.1:${port}/`, { method: "GET" }, TESTS))).toBe("credentials in the URL");
  });

  test("a redirect is the answer, not followed", async () => {
    const before = received.length;
    const response = await guardedFetch(`http://127.0.0.1:${port}/redirect`, { method: "POST", body: "{}" }, TESTS);
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/elsewhere");
    expect(received.slice(before).map((request) => request.url)).toEqual(["/redirect"]);
  });

  test("a large answer is cut at maxBytes (64 KiB by default), the rest not read", async () => {
    const cut = await guardedFetch(`http://127.0.0.1:${port}/huge`, { method: "GET" }, TESTS);
    expect(cut.body.length).toBe(64 * 1024);
    expect(cut.truncated).toBe(true);
    const small = await guardedFetch(`http://127.0.0.1:${port}/huge`, { method: "GET", maxBytes: 100 }, TESTS);
    expect(small.body.length).toBe(100);
  });

  test("an answer that does not come in time fails with the timeout", async () => {
    const started = performance.now();
    const error = await guardedFetch(`http://127.0.0.1:${port}/silent`, { method: "POST", body: "{}", timeoutMs: 150 }, TESTS).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutboundError);
    expect(error).toMatchObject({ kind: "failed", message: "no complete answer within 150 ms" });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  test("a closed port fails with the connection error", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await guardedFetch(`http://127.0.0.1:${closedPort}/`, { method: "POST", body: "{}" }, TESTS).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: "failed", message: "connection failed: ECONNREFUSED" });
  });
});

describe("following redirects and the other limits brand extraction asks for", () => {
  const SITE: OutboundPolicy = { allowHttp: true, allowPrivateNetworks: false, allowAddresses: ["127.0.0.1"] };
  let site: Server;
  let origin: string;
  const seen: Array<{ url: string; cookie: string | undefined }> = [];

  beforeAll(async () => {
    site = createServer((request, response) => {
      seen.push({ url: request.url ?? "", cookie: request.headers.cookie });
      request.resume();
      const hop = /^\/hops\/(\d+)$/.exec(request.url ?? "");
      if (hop) {
        const left = Number(hop[1]);
        const location = left === 0 ? "/page" : `/hops/${left - 1}`;
        return void response.writeHead(302, { location, "set-cookie": "sid=secret; Path=/" }).end("moving on");
      }
      const targets: Record<string, [number, string]> = {
        "/to/private": [302, "http://10.0.0.1/"],
        "/to/metadata": [301, "http://169.254.169.254/latest/meta-data/"],
        "/to/ipv6-loopback": [307, "http://[::1]/"],
        "/to/other-loopback": [302, "http://127.0.0.2/"],
        "/to/ftp": [302, "ftp://example.com/"],
        "/to/malformed": [302, "http://[nowhere/"],
        "/see-other": [303, "/page"],
        "/temporary": [307, "/page"],
        "/to/silent": [302, "/silent"],
      };
      const target = targets[request.url ?? ""];
      if (target) return void response.writeHead(target[0], { location: target[1] }).end();
      if (request.url === "/silent") return;
      if (request.url === "/json") return void response.writeHead(200, { "content-type": "application/json" }).end("{}");
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<p>${request.method}</p>`);
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    site.closeAllConnections();
    site.close();
  });

  const follow = (path: string, extra: Partial<Parameters<typeof guardedFetch>[1]> = {}): ReturnType<typeof guardedFetch> =>
    guardedFetch(`${origin}${path}`, { method: "GET", maxRedirects: 3, ...extra }, SITE);

  test("the allowance opens exactly its address: 127.0.0.1 is reached, and refused without it", async () => {
    expect((await follow("/page")).status).toBe(200);
    const without = await refusal(guardedFetch(`${origin}/page`, { method: "GET" }, { ...SITE, allowAddresses: [] }));
    expect(without).toBe("127.0.0.1 is a refused address (loopback)");
    expect(await refusal(guardedFetch(`${origin.replace("127.0.0.1", "127.0.0.2")}/page`, { method: "GET" }, SITE))).toBe("127.0.0.2 is a refused address (loopback)");
    // The same address however it is written.
    await checkOutboundUrl(`${origin.replace("127.0.0.1", "2130706433")}/`, SITE);
    await checkOutboundUrl("http://127.0.0.1/", { ...SITE, allowAddresses: ["127.000.000.001"] });
  });

  test("up to 3 redirects are followed, each answer's URL reported; the 4th fails", async () => {
    const response = await follow("/hops/2");
    expect(response).toMatchObject({ status: 200, url: `${origin}/page` });
    expect(new TextDecoder().decode(response.body)).toBe("<p>GET</p>");
    const error = await follow("/hops/3").catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: "failed", issue: "redirects", message: "more than 3 redirects" });
  });

  test("every hop is checked like the first URL: private, metadata, IPv6 loopback, another loopback address, another scheme, no URL at all", async () => {
    for (const [path, reason, issue] of [
      ["/to/private", "10.0.0.1 is a refused address (private network)", "address"],
      ["/to/metadata", "169.254.169.254 is a refused address (cloud metadata)", "address"],
      ["/to/ipv6-loopback", "::1 is a refused address (loopback)", "address"],
      ["/to/other-loopback", "127.0.0.2 is a refused address (loopback)", "address"],
      ["/to/ftp", "only http and https URLs", "url"],
      ["/to/malformed", "redirect to an invalid URL (http://[nowhere/)", "url"],
    ] as const) {
      const error = await follow(path).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ kind: "refused", message: reason, issue });
    }
  });

  test("no cookie a site sets is sent back on the next hop", async () => {
    const before = seen.length;
    await follow("/hops/2");
    expect(seen.slice(before)).toEqual([
      { url: "/hops/2", cookie: undefined },
      { url: "/hops/1", cookie: undefined },
      { url: "/hops/0", cookie: undefined },
      { url: "/page", cookie: undefined },
    ]);
  });

  test("a 303 after a POST continues as GET; a 307 repeats the POST", async () => {
    expect(new TextDecoder().decode((await follow("/see-other", { method: "POST", body: "x" })).body)).toBe("<p>GET</p>");
    expect(new TextDecoder().decode((await follow("/temporary", { method: "POST", body: "x" })).body)).toBe("<p>POST</p>");
  });

  test("the time limit covers the whole exchange, redirects included", async () => {
    const started = performance.now();
    const error = await follow("/to/silent", { timeoutMs: 200 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: "failed", issue: "timeout", message: "no complete answer within 200 ms" });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  test("an answer of a type not accepted fails before its body is read; an accepted one passes", async () => {
    const error = await follow("/json", { acceptTypes: ["text/html"] }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: "failed", issue: "content_type", message: "the answer is application/json, not text/html" });
    expect((await follow("/page", { acceptTypes: ["text/html"] })).status).toBe(200);
  });

  test("webhooks' default is unchanged: with maxRedirects unset a 3xx is the answer, body and all", async () => {
    const response = await guardedFetch(`${origin}/hops/0`, { method: "GET" }, SITE);
    expect(response).toMatchObject({ status: 302, url: `${origin}/hops/0` });
    expect(new TextDecoder().decode(response.body)).toBe("moving on");
  });
});
