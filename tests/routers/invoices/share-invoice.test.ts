// Share links: POST creates or returns the one active link, DELETE revokes it; the public page's
// headers, that a GET never marks an invoice viewed while the beacon does, expiry, and that a token
// reaches its own invoice and nothing else.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, invoicePath, steppedAccount, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";
import { download } from "./export-helpers.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  // Every visit counts against the anonymous tier of 127.0.0.1; its own test below meets the limit.
  server = await startTestServer({ env: { RATE_LIMIT_ANONYMOUS: "1000,10000,100000" } });
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

const share = async (id: string, body: Record<string, unknown> = {}) => expectStatus(await owner.client.post(invoicePath(id, "/share"), body), 200);
const visit = (token: string, suffix = "", init: RequestInit = {}) => fetch(`${server.url}/share/${token}${suffix}`, { redirect: "manual", ...init });

describe("POST /api/invoices/{id}/share: happy", () => {
  test("returns {url, token, expires_at} 30 days out; a second POST returns the same link", async () => {
    const invoice = await owner.steps.create();
    const link = await share(invoice.id);
    expect(link.url).toBe(`${server.url}/share/${link.token}`);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(link.expires_at).getTime() - server.clock.now().getTime()).toBe(30 * 86_400_000);
    expect(await share(invoice.id, { expires_in_days: 5 })).toEqual(link);
  });

  test("the invoice shows its share_url and keeps its revision, so a save on what was read still lands", async () => {
    const invoice = await owner.steps.create();
    const link = await share(invoice.id);
    const read = await owner.steps.get(invoice.id);
    expect(read.share_url).toBe(link.url);
    expect(read.revision).toBe(invoice.revision);
    const saved = await owner.steps.update(invoice, { notes: "after sharing" });
    expect(saved.share_url).toBe(link.url);
  });

  test("GET /api/shared/{token} opens the invoice without a key", async () => {
    const invoice = await owner.steps.create();
    const link = await share(invoice.id);
    const opened = expectStatus(await api(server.url).get(`/api/shared/${link.token}`), 200);
    expect(opened.id).toBe(invoice.id);
  });
});

describe("the public page", () => {
  test("serves accessible HTML with noindex, no-referrer and a strict CSP whose nonce the page uses", async () => {
    const invoice = await owner.steps.create({ bill_to_name: "Ada <script>alert(1)</script>" });
    const link = await share(invoice.id);
    const page = await visit(link.token);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    const html = await page.text();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).toContain('<html lang="de-DE"');
    expect(html).toContain("Ada &lt;script&gt;");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain(`/share/${link.token}/pdf`);
  });

  test("a GET leaves a sent invoice sent; the beacon makes it viewed once (system move, new revision)", async () => {
    const sent = await owner.steps.sent();
    const link = await share(sent.id);
    expect((await visit(link.token)).status).toBe(200);
    expect((await owner.steps.get(sent.id)).status).toBe("sent");
    expect((await visit(link.token, "/viewed", { method: "POST" })).status).toBe(204);
    const viewed = await owner.steps.get(sent.id);
    expect(viewed).toMatchObject({ status: "viewed", revision: sent.revision + 1 });
    expect((await visit(link.token, "/viewed", { method: "POST" })).status).toBe(204);
    expect((await owner.steps.get(sent.id)).revision).toBe(viewed.revision);
    const history = await owner.steps.history(sent.id);
    expect(history.at(-1)).toMatchObject({ action: "transitioned", from_status: "sent", to_status: "viewed", actor: "system" });
  });

  test("the owner's own reads never mark it viewed", async () => {
    const sent = await owner.steps.sent();
    await share(sent.id);
    await owner.steps.get(sent.id);
    expectStatus(await owner.client.post(invoicePath(sent.id, "/export"), { format: "html" }), 200);
    expect((await owner.steps.get(sent.id)).status).toBe("sent");
  });

  test("the beacon on a draft changes nothing", async () => {
    const draft = await owner.steps.create();
    const link = await share(draft.id);
    expect((await visit(link.token, "/viewed", { method: "POST" })).status).toBe(204);
    expect((await owner.steps.get(draft.id))).toMatchObject({ status: "draft", revision: draft.revision });
  });

  test("the PDF link redirects to a signed download of the invoice's PDF", async () => {
    const invoice = await owner.steps.create();
    const link = await share(invoice.id);
    const redirect = await visit(link.token, "/pdf");
    expect(redirect.status).toBe(303);
    const file = await download(redirect.headers.get("location") as string);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
  });
});

describe("revocation, expiry and strangers", () => {
  test("DELETE revokes: the page, the PDF, the beacon and the API answer 404; the invoice forgets its share_url", async () => {
    const invoice = await owner.steps.sent();
    const link = await share(invoice.id);
    expect(expectStatus(await owner.client.delete(invoicePath(invoice.id, "/share")), 200)).toEqual({ id: invoice.id, revoked: true });
    for (const suffix of ["", "/pdf"]) expect((await visit(link.token, suffix)).status).toBe(404);
    expect((await visit(link.token, "/viewed", { method: "POST" })).status).toBe(404);
    expectError(await api(server.url).get(`/api/shared/${link.token}`), 404, "NOT_FOUND");
    expect((await owner.steps.get(invoice.id))).toMatchObject({ share_url: null, status: "sent" });
    expect(expectStatus(await owner.client.delete(invoicePath(invoice.id, "/share")), 200).revoked).toBe(false);
    const fresh = await share(invoice.id);
    expect(fresh.token).not.toBe(link.token);
  });

  test("an expired link is 404, and POST then makes a new one", async () => {
    const invoice = await owner.steps.create();
    const link = await share(invoice.id, { expires_in_days: 1 });
    server.clock.advance(86_400_000);
    expect((await visit(link.token)).status).toBe(404);
    const renewed = await share(invoice.id);
    expect(renewed.token).not.toBe(link.token);
    expect((await visit(renewed.token)).status).toBe(200);
  });

  test("made-up and malformed tokens are 404, and nothing else of the account is reachable", async () => {
    for (const token of ["x", "A".repeat(43), "%2e%2e", "%00"]) expect((await visit(token)).status).toBe(404);
    const invoice = await owner.steps.create();
    const link = await share(invoice.id);
    expect((await visit(link.token, "/history")).status).toBe(404);
    expect((await visit(`${link.token}/viewed/extra`)).status).toBe(404);
  });

  test("expires_in_days outside 1–365 is 422", async () => {
    const invoice = await owner.steps.create();
    expectError(await owner.client.post(invoicePath(invoice.id, "/share"), { expires_in_days: 0 }), 422, "VALIDATION_ERROR");
    expectError(await owner.client.post(invoicePath(invoice.id, "/share"), { expires_in_days: 400 }), 422, "VALIDATION_ERROR");
  });
});

describe("share: security", () => {
  test("visitors are counted against the anonymous tier of their address: over its burst, 429 saying when to come back", async () => {
    const limited = await startTestServer({ env: { RATE_LIMIT_ANONYMOUS: "2,100,1000" }, now: "2026-11-22T09:00:50Z" });
    try {
      const account = await steppedAccount(limited);
      const invoice = await account.steps.create();
      const link = expectStatus(await account.client.post(invoicePath(invoice.id, "/share"), {}), 200);
      const visits = [];
      for (let visit = 0; visit < 3; visit++) visits.push(await fetch(link.url));
      expect(visits.map((visit) => visit.status)).toEqual([200, 200, 429]);
      const refused = visits[2] as Response;
      expect(refused.headers.get("retry-after")).toBe("10");
      expect(refused.headers.get("ratelimit")).toBe('"burst";r=0;t=10');
      expect(refused.headers.get("ratelimit-policy")).toContain('"burst";q=2;w=60');
      expect(await refused.text()).toContain("Please wait 10 seconds");
    } finally {
      await limited.close();
    }
  });

  test("create and revoke need invoices:write and the owner", async () => {
    const invoice = await owner.steps.create();
    await expectSecurityCases({ server, owner, scope: "invoices:write", call: (key) => api(server.url).post(invoicePath(invoice.id, "/share"), {}, key) });
    await expectSecurityCases({ server, owner, scope: "invoices:write", call: (key) => api(server.url).delete(invoicePath(invoice.id, "/share"), key) });
  });
});
