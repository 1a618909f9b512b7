// POST /api/invoices/{id}/export: every format through the real server, the signed download link
// (tamper → 403, expiry → 403, purge deletes the blob), reuse per (revision, template, format), the
// 422s that name a business term, and the security cases. Each file's content is read back by the
// format's own tests (tests/render); here the checks are that the right file arrives intact.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, invoicePath, steppedAccount, type Invoice, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";
import { purgeExpiredFiles } from "../../../server/automation/jobs.ts";
import { download, exportableInvoice, sha256 } from "./export-helpers.ts";

let server: TestServer;
let owner: SteppedAccount;
let invoice: Invoice;

beforeAll(async () => {
  server = await startTestServer();
  owner = await steppedAccount(server);
  invoice = await exportableInvoice(owner.client, owner.steps);
});
afterAll(() => server.close());

const exportOf = (id: string, body: Record<string, unknown> = {}, key?: string | null) => owner.client.post(invoicePath(id, "/export"), body, key);

const EXPECTED: Record<string, { type: string; magic: (bytes: Uint8Array, text: string) => boolean; extension: string }> = {
  pdf: { type: "application/pdf", extension: "pdf", magic: (_b, text) => text.startsWith("%PDF-") },
  png: { type: "image/png", extension: "png", magic: (bytes) => bytes[0] === 0x89 && bytes[1] === 0x50 },
  svg: { type: "image/svg+xml", extension: "svg", magic: (_b, text) => text.includes("<svg") },
  html: { type: "text/html", extension: "html", magic: (_b, text) => text.startsWith("<!doctype html>") || text.startsWith("<!DOCTYPE html>") },
  json: { type: "application/json", extension: "json", magic: (_b, text) => JSON.parse(text).id !== undefined },
  csv: { type: "text/csv", extension: "csv", magic: (_b, text) => text.includes("Consulting") },
  xlsx: { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx", magic: (bytes) => bytes[0] === 0x50 && bytes[1] === 0x4b },
  docx: { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx", magic: (bytes) => bytes[0] === 0x50 && bytes[1] === 0x4b },
  md: { type: "text/markdown", extension: "md", magic: (_b, text) => text.includes("Consulting") },
  dsl: { type: "text/plain", extension: "txt", magic: (_b, text) => text.startsWith("INVOICE") },
  ubl: { type: "application/xml", extension: "xml", magic: (_b, text) => text.includes("<Invoice") },
  cii: { type: "application/xml", extension: "xml", magic: (_b, text) => text.includes("CrossIndustryInvoice") },
  facturx: { type: "application/pdf", extension: "pdf", magic: (_b, text) => text.startsWith("%PDF-") && text.includes("factur-x.xml") },
  xrechnung: { type: "application/xml", extension: "xml", magic: (_b, text) => text.includes("xrechnung_3.0") },
};

describe("POST /api/invoices/{id}/export: happy", () => {
  test("PDF by default: {format, url, expires_at, size, sha256}; the link downloads exactly that file", async () => {
    const reply = expectStatus(await exportOf(invoice.id), 200);
    expect(reply).toMatchObject({ format: "pdf", content_type: "application/pdf", file_name: `${invoice.number}.pdf`, text: null });
    expect(reply.url).toStartWith(`${server.url}/files/fil_`);
    expect(new Date(reply.expires_at).getTime() - server.clock.now().getTime()).toBe(24 * 3_600_000);
    const file = await download(reply.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toContain(`filename="${invoice.number}.pdf"`);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.bytes.byteLength).toBe(reply.size);
    expect(sha256(file.bytes)).toBe(reply.sha256);
  });

  for (const [format, expected] of Object.entries(EXPECTED)) {
    test(`${format}: the right file, type and name`, async () => {
      const reply = expectStatus(await exportOf(invoice.id, { format }), 200);
      expect(reply.format).toBe(format);
      expect(reply.content_type.split(";")[0]).toBe(expected.type);
      expect(reply.file_name.endsWith(`.${expected.extension}`)).toBe(true);
      const file = await download(reply.url);
      expect(file.status).toBe(200);
      expect(sha256(file.bytes)).toBe(reply.sha256);
      const text = new TextDecoder().decode(file.bytes);
      expect(expected.magic(file.bytes, text)).toBe(true);
      if (reply.text !== null) expect(reply.text).toBe(text);
    }, 30_000);
  }

  test("small text formats also come back inline (text); binary ones do not", async () => {
    expect(expectStatus(await exportOf(invoice.id, { format: "ubl" }), 200).text).toContain("<Invoice");
    expect(expectStatus(await exportOf(invoice.id, { format: "xlsx" }), 200).text).toBeNull();
  });

  test("XRechnung in CII syntax carries the XRechnung guideline", async () => {
    const reply = expectStatus(await exportOf(invoice.id, { format: "xrechnung", syntax: "cii" }), 200);
    expect(reply.text).toContain("CrossIndustryInvoice");
    expect(reply.text).toContain("urn:xeinkauf.de:kosit:xrechnung_3.0");
  });

  test("a repeat export of the same revision, template and format reuses the stored file with a fresh lifetime", async () => {
    const first = expectStatus(await exportOf(invoice.id, { format: "png" }), 200);
    server.clock.advance(3_600_000);
    const again = expectStatus(await exportOf(invoice.id, { format: "png" }), 200);
    expect(again.sha256).toBe(first.sha256);
    expect(again.url.split("?")[0]).toBe(first.url.split("?")[0]);
    expect(new Date(again.expires_at).getTime()).toBe(new Date(first.expires_at).getTime() + 3_600_000);
    const otherTemplate = expectStatus(await exportOf(invoice.id, { format: "png", template_id: "bold" }), 200);
    expect(otherTemplate.url.split("?")[0]).not.toBe(first.url.split("?")[0]);
    expect(otherTemplate.sha256).not.toBe(first.sha256);
  });

  test("a new revision renders a new file", async () => {
    const draft = await owner.steps.create();
    const before = expectStatus(await exportOf(draft.id, { format: "json" }), 200);
    await owner.steps.update(draft, { notes: "changed" });
    const after = expectStatus(await exportOf(draft.id, { format: "json" }), 200);
    expect(after.url.split("?")[0]).not.toBe(before.url.split("?")[0]);
    expect(JSON.parse(after.text).notes).toBe("changed");
  });
});

describe("download links", () => {
  test("a tampered id, expiry or signature is 403; no signature is 403", async () => {
    const { url } = expectStatus(await exportOf(invoice.id, { format: "md" }), 200);
    const link = new URL(url);
    const exp = Number(link.searchParams.get("exp"));
    const flipped = url.endsWith("A") ? `${url.slice(0, -1)}B` : `${url.slice(0, -1)}A`;
    const variants = [
      flipped,
      url.replace(`exp=${exp}`, `exp=${exp + 3600}`),
      url.replace("/files/fil_", "/files/fil_X"),
      `${link.origin}${link.pathname}`,
    ];
    for (const variant of variants) expectError(await api(server.url).raw(variant.slice(server.url.length), { method: "GET" }), 403, "FORBIDDEN");
    expect((await download(url)).status).toBe(200);
  });

  test("after 24 hours the link is 403 and the purge job deletes the file", async () => {
    const draft = await owner.steps.create();
    const { url } = expectStatus(await exportOf(draft.id, { format: "csv" }), 200);
    const id = new URL(url).pathname.split("/").pop() as string;
    server.clock.advance(24 * 3_600_000);
    const expired = await api(server.url).raw(url.slice(server.url.length), { method: "GET" });
    expectError(expired, 403, "FORBIDDEN");
    expect(expired.body.error).toContain("expired");
    const blobKey = `files/${id}.csv`;
    expect(await server.services.blobs.get(blobKey)).not.toBeNull();
    await purgeExpiredFiles.run(server.services);
    expect(await server.services.blobs.get(blobKey)).toBeNull();
  });

  test("HEAD gives the headers without the body; POST is 405", async () => {
    const { url, size } = expectStatus(await exportOf(invoice.id, { format: "dsl" }), 200);
    const head = await fetch(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(size));
    expect((await fetch(url, { method: "POST" })).status).toBe(405);
  });
});

describe("POST /api/invoices/{id}/export: unhappy", () => {
  test("an e-invoice of an invoice without a number is a 422 naming BT-1, and no file is stored", async () => {
    const draft = await owner.steps.create();
    for (const format of ["ubl", "cii", "facturx", "xrechnung"]) {
      const reply = await exportOf(draft.id, { format });
      expectError(reply, 422, "VALIDATION_ERROR");
      expect(reply.body.error).toContain("BT-1");
    }
  });

  test("a quote has no e-invoice formats (422); XRechnung without a Leitweg-ID names BT-10", async () => {
    const quote = await owner.steps.finalize(await owner.steps.create({ type: "quote" }));
    expectError(await exportOf(quote.id, { format: "ubl" }), 422, "VALIDATION_ERROR");
    const noReference = await exportableInvoice(owner.client, owner.steps, { buyer_reference: undefined });
    const reply = await exportOf(noReference.id, { format: "xrechnung" });
    expectError(reply, 422, "VALIDATION_ERROR");
    expect(reply.body.error).toContain("BT-10");
  });

  test("an unknown format or syntax is 422; a missing template 404; another account's template 403", async () => {
    expectError(await exportOf(invoice.id, { format: "gif" }), 422, "VALIDATION_ERROR");
    expectError(await exportOf(invoice.id, { format: "xrechnung", syntax: "edifact" }), 422, "VALIDATION_ERROR");
    expectError(await exportOf(invoice.id, { template_id: "tpl_missing" }), 404, "NOT_FOUND");
    const stranger = await steppedAccount(server);
    const theirs = expectStatus(await stranger.client.post("/api/templates", { name: "Theirs" }), 201);
    expectError(await exportOf(invoice.id, { template_id: theirs.id }), 403, "FORBIDDEN");
  });

  test("a draft PDF carries the DRAFT mark in its file name", async () => {
    const draft = await owner.steps.create();
    expect(expectStatus(await exportOf(draft.id), 200).file_name).toBe(`draft-${draft.id}.pdf`);
  });
});

describe("POST /api/invoices/{id}/export: security", () => {
  test("needs invoices:read and the invoice's owner", async () => {
    await expectSecurityCases({ server, owner, scope: "invoices:read", call: (key) => api(server.url).post(invoicePath(invoice.id, "/export"), { format: "json" }, key) });
  });

  test("a missing invoice is 404", async () => {
    expectError(await exportOf("inv_missing"), 404, "NOT_FOUND");
  });
});
