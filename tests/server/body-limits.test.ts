// Body size limits (server/domain/wire.ts): the same numbers on every face, announced by
// svc.capabilities, and a body over one is always a JSON 413 naming the limit and its bytes — with or
// without a Content-Length, far over any limit too (Bun's own cap never answers before ours).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SIZE_LIMITS, type SizeLimit } from "../../server/domain/wire.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
});
afterAll(() => server.close());

function post(path: string, body: BodyInit, contentType: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(server.url + path, { method: "POST", headers: { authorization: `Bearer ${owner.key}`, "content-type": contentType, ...headers }, body });
}

/** The REST (and MCP) 413: the spec's error body naming the limit and its bytes. */
async function expectTooLarge(response: Response, limit: SizeLimit): Promise<Record<string, unknown>> {
  expect(response.status).toBe(413);
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = (await response.json()) as { error: string; code: string; details: Record<string, unknown> };
  expect(body).toMatchObject({ code: "PAYLOAD_TOO_LARGE", details: { limit, max: SIZE_LIMITS[limit] } });
  expect(body.error).toContain(String(SIZE_LIMITS[limit]));
  return body.details;
}

/** A body sent in chunks, without a Content-Length: only reading it can tell its size. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + 256 * 1024));
      at += 256 * 1024;
    },
  });
}

const over = (limit: SizeLimit, extra = 1): string => "x".repeat(SIZE_LIMITS[limit] + extra);
/** A CSV of about `bytes` bytes: one invoice per line. */
function csvOf(bytes: number): string {
  const header = "number,issue_date,from_name,currency,bill_to_name,description,quantity,unit_price\n";
  const line = (index: number): string => `INV-${index},2026-09-01,Acme GmbH,EUR,Initech GmbH,${"Design work ".repeat(8)},1,95.00\n`;
  const lines = [header];
  let size = header.length;
  for (let index = 1; size < bytes; index++) {
    const next = line(index);
    lines.push(next);
    size += next.length;
  }
  return lines.join("");
}

describe("announced", () => {
  test("svc.capabilities announces each size limit as enforced", async () => {
    const capabilities = (await (await fetch(`${server.url}/api/capabilities`)).json()) as { limits: Record<string, unknown> };
    expect(capabilities.limits).toMatchObject(SIZE_LIMITS);
    expect(SIZE_LIMITS).toEqual({ body_bytes: 1_048_576, import_bytes: 10_485_760, upload_body_bytes: 14_046_550 });
    const llms = (await (await fetch(`${server.url}/llms.txt`)).text()).replace(/\s+/g, " ");
    for (const [name, bytes] of Object.entries(SIZE_LIMITS)) expect(llms).toMatch(new RegExp(`${bytes}( bytes)? \\(${name}\\)`));
  });
});

describe("a JSON body over body_bytes", () => {
  test("REST: 413 naming body_bytes, declared or chunked, and far over every limit (Bun's cap does not answer first)", async () => {
    await expectTooLarge(await post("/api/invoices", JSON.stringify({ notes: over("body_bytes") }), "application/json"), "body_bytes");
    await expectTooLarge(await post("/api/invoices", chunked(JSON.stringify({ notes: over("body_bytes") })), "application/json"), "body_bytes");
    await expectTooLarge(await post("/api/invoices", "x".repeat(20 * 1024 * 1024), "application/json"), "body_bytes");
    const exactly = await post("/api/invoices", JSON.stringify({ notes: "x".repeat(SIZE_LIMITS.body_bytes - 20) }), "application/json");
    expect(exactly.status).toBe(422);
  });

  test("/trpc: 413 in tRPC's error shape, the limit in data.details", async () => {
    const response = await post("/trpc/invoices.create", JSON.stringify({ notes: over("body_bytes") }), "application/json");
    expect(response.status).toBe(413);
    const body = (await response.json()) as { error: { data: Record<string, unknown> } };
    expect(body.error.data).toMatchObject({ code: "PAYLOAD_TOO_LARGE", httpStatus: 413, appCode: "PAYLOAD_TOO_LARGE", details: { limit: "body_bytes", max: SIZE_LIMITS.body_bytes } });
    const chunkedCall = await post("/trpc/invoices.create", chunked(JSON.stringify({ notes: over("body_bytes") })), "application/json");
    expect(chunkedCall.status).toBe(413);
  });

  test("/api/mcp: 413 with the error body, declared or chunked", async () => {
    const call = (notes: string): string => JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "invoices_mutate", arguments: { notes } } });
    const headers = { accept: "application/json, text/event-stream" };
    await expectTooLarge(await post("/api/mcp", call(over("body_bytes")), "application/json", headers), "body_bytes");
    await expectTooLarge(await post("/api/mcp", chunked(call(over("body_bytes"))), "application/json", headers), "body_bytes");
  });
});

describe("documents (import, OCR, extraction)", () => {
  test("a CSV over import_bytes is 413 naming import_bytes, sent raw, as a form or as JSON text", async () => {
    const csv = csvOf(SIZE_LIMITS.import_bytes + 1024);
    await expectTooLarge(await post("/api/import", csv, "text/csv"), "import_bytes");
    const form = new FormData();
    form.set("file", new Blob([csv], { type: "text/csv" }), "history.csv");
    form.set("options", JSON.stringify({ dry_run: true }));
    const multipart = await fetch(`${server.url}/api/import`, { method: "POST", headers: { authorization: `Bearer ${owner.key}` }, body: form });
    expect(await expectTooLarge(multipart, "import_bytes")).toMatchObject({ field: "content" });
    expect(await expectTooLarge(await post("/api/import", JSON.stringify({ content: csv, options: { dry_run: true } }), "application/json"), "import_bytes")).toMatchObject({ field: "content" });
  });

  test("a JSON or form body over upload_body_bytes is 413 naming upload_body_bytes; an OCR call's too", async () => {
    await expectTooLarge(await post("/api/import", JSON.stringify({ content: over("upload_body_bytes") }), "application/json"), "upload_body_bytes");
    const form = new FormData();
    form.set("file", new Blob([over("upload_body_bytes")], { type: "text/csv" }), "huge.csv");
    await expectTooLarge(await fetch(`${server.url}/api/import`, { method: "POST", headers: { authorization: `Bearer ${owner.key}` }, body: form }), "upload_body_bytes");
    await expectTooLarge(await post("/api/ocr", chunked(JSON.stringify({ content: over("upload_body_bytes") })), "application/json"), "upload_body_bytes");
    await expectTooLarge(await post("/api/ocr", over("import_bytes"), "image/png"), "import_bytes");
  });

  test("/trpc: a document procedure (imports.import) reads its body under upload_body_bytes, as REST does; a batch with any other call stays under body_bytes", async () => {
    // 1.3 MB of CSV (about 8,500 rows): over body_bytes, under import_bytes and the row limit.
    const document = JSON.stringify({ content: csvOf(1_300_000), options: { dry_run: true } });
    const alone = await post("/trpc/imports.import", document, "application/json");
    expect(alone.status).not.toBe(413);
    expect(((await alone.json()) as { result?: { data: { dry_run: boolean } } }).result?.data.dry_run).toBe(true);
    const batched = await post("/trpc/imports.import,invoices.list?batch=1", JSON.stringify({ 0: JSON.parse(document), 1: {} }), "application/json");
    expect(batched.status).toBe(413);
    const over = await post("/trpc/imports.import", JSON.stringify({ content: "x".repeat(SIZE_LIMITS.upload_body_bytes + 1) }), "application/json");
    const body = (await over.json()) as { error: { data: Record<string, unknown> } };
    expect(body.error.data).toMatchObject({ appCode: "PAYLOAD_TOO_LARGE", details: { limit: "upload_body_bytes", max: SIZE_LIMITS.upload_body_bytes } });
  });

  test("a 9.4 MB CSV, under import_bytes, is read: never the empty 413 it met under the old 8 MiB server cap", async () => {
    const response = await post("/api/import", JSON.stringify({ content: csvOf(9_400_000), options: { dry_run: true } }), "application/json");
    expect(response.status).not.toBe(413);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = (await response.json()) as { code?: string; error?: string };
    // More than 10,000 rows: the row limit refuses it, by name.
    expect(body).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(body.error).toMatch(/10000|10,000/);
  });
});
