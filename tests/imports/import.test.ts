// The import (POST /api/import, imports.import over tRPC, the `import` tool): a dry run that
// previews and stores nothing, a commit that links buyers to clients once, idempotent re-imports,
// all-or-nothing refusals listing every problem (422, or 409 NUMBER_TAKEN), partial commits, the
// stated status, multipart and raw uploads, a long import followed and cancelled over REST and
// over /api/mcp/stream with nothing half-written, hostile files, and the security cases.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createTRPCClient, httpLink } from "@trpc/client";
import type { AppRouter } from "../../routers/index.ts";
import { SCOPES } from "../../server/domain/scopes.ts";
import { api, type Api } from "../helpers/http.ts";
import { expectError, expectStatus, setProfile } from "../helpers/invoices.ts";
import { expectSecurityCases } from "../helpers/security.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";
import { withMcpClient } from "../helpers/tools.ts";

const HEADER = "number,issue_date,due_date,currency,bill_to_name,bill_to_email,description,quantity,unit_price,tax_rate";
const CSV = [
  HEADER,
  "INV-1,2026-10-01,2026-10-31,EUR,Globex Corporation,ap@globex.example,Consulting,10,120.00,19",
  "INV-1,2026-10-01,2026-10-31,EUR,Globex Corporation,ap@globex.example,Travel,1,89.50,19",
  "INV-2,2026-10-05,2026-11-04,EUR,Initech GmbH,billing@initech.example,Design,4,95.00,19",
  "INV-3,2026-10-09,2026-11-08,EUR,Globex Corporation,ap@globex.example,Support,2,60.00,19",
].join("\r\n");

/** A CSV of `count` one-line invoices, numbered from `prefix`. */
function manyInvoices(count: number, prefix = "BULK"): string {
  const rows = Array.from({ length: count }, (_, index) => `${prefix}-${index + 1},2026-10-01,2026-10-31,EUR,Client ${index % 7},,Line ${index + 1},1,${10 + index}.00,19`);
  return [HEADER, ...rows].join("\n");
}

let server: TestServer;
let owner: TestAccount;
let client: Api;

/** A new account that sells as Acme GmbH in euros, as an import's invoices need a seller. */
async function seller(): Promise<TestAccount> {
  const account = await server.account();
  await setProfile(api(server.url, account.key), { legal_name: "Acme GmbH", currency: "EUR", locale: "en-IE" });
  return account;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await seller();
  client = api(server.url, owner.key);
});
afterAll(() => server.close());

const importText = (content: string, options: Record<string, unknown> = {}, format?: string) => ({ content, encoding: "text", ...(format ? { format } : {}), options });

async function invoiceCount(account: Api = client): Promise<number> {
  return expectStatus(await account.get("/api/invoices?limit=1"), 200).total;
}

/** Holds the write lock until the returned release is called, so a test decides when an import's commit may start. */
function holdWrites(): () => void {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  void server.services.database.write(() => gate);
  return release;
}

describe("dry run, commit, re-import", () => {
  let fresh: TestAccount;
  let rest: Api;
  beforeAll(async () => {
    fresh = await seller();
    rest = api(server.url, fresh.key);
  });

  test("a dry run previews every record and stores nothing", async () => {
    const preview = expectStatus(await rest.post("/api/import", importText(CSV, { dry_run: true })), 200);
    expect(preview).toMatchObject({ status: "previewed", dry_run: true, format: "csv", summary: { rows: 4, invoices: { create: 3, refused: 0 }, clients: { create: 2 }, problems: 0 } });
    expect(preview.invoices.map((invoice: { number: string; total: number; id: string | null; row: number }) => [invoice.number, invoice.total, invoice.id, invoice.row])).toEqual([
      ["INV-1", 153_451, null, 2],
      ["INV-2", 45_220, null, 4],
      ["INV-3", 14_280, null, 5],
    ]);
    expect(await invoiceCount(rest)).toBe(0);
    expect(expectStatus(await rest.get(`/api/imports/${preview.id}`), 200)).toEqual(preview);
  });

  test("a commit makes the invoices, one client per buyer, each invoice linked to it", async () => {
    const done = expectStatus(await rest.post("/api/import", importText(CSV)), 201);
    expect(done).toMatchObject({ status: "completed", dry_run: false, summary: { invoices: { create: 3 }, clients: { create: 2 } } });
    const invoices = expectStatus(await rest.get("/api/invoices?limit=10"), 200).data;
    expect(invoices.map((invoice: { number: string; status: string; total: number }) => [invoice.number, invoice.status, invoice.total]).sort()).toEqual([
      ["INV-1", "draft", 153_451],
      ["INV-2", "draft", 45_220],
      ["INV-3", "draft", 14_280],
    ]);
    const clients = expectStatus(await rest.get("/api/clients?limit=10"), 200).data;
    expect(clients.map((each: { name: string; email: string }) => [each.name, each.email]).sort()).toEqual([
      ["Globex Corporation", "ap@globex.example"],
      ["Initech GmbH", "billing@initech.example"],
    ]);
    const globex = clients.find((each: { name: string }) => each.name === "Globex Corporation");
    const linked = invoices.filter((invoice: { client_id: string }) => invoice.client_id === globex.id).map((invoice: { number: string }) => invoice.number);
    expect(linked.sort()).toEqual(["INV-1", "INV-3"]);
    expect(expectStatus(await rest.get(`/api/imports/${done.id}`), 200)).toEqual(done);
  });

  test("the same file again answers from the first import and makes nothing; a file holding the same records makes only the new ones", async () => {
    const first = expectStatus(await rest.get("/api/invoices?limit=1"), 200).total;
    const again = await rest.post("/api/import", importText(CSV));
    expect(again.status).toBe(201);
    expect(again.body.summary.invoices.create).toBe(3);
    expect(await invoiceCount(rest)).toBe(first);
    const more = `${CSV}\r\nINV-4,2026-10-12,2026-11-11,EUR,Initech GmbH,billing@initech.example,Audit,1,500.00,19`;
    const grown = expectStatus(await rest.post("/api/import", importText(more)), 201);
    expect(grown.summary.invoices).toEqual({ create: 1, match: 0, unchanged: 3, refused: 0 });
    expect(grown.summary.clients).toEqual({ create: 0, match: 1, unchanged: 0, refused: 0 });
    expect(await invoiceCount(rest)).toBe(first + 1);
  });
});

describe("all-or-nothing, partial, numbers, status", () => {
  test("one bad row refuses the whole file with every problem (422) and stores nothing", async () => {
    const account = await seller();
    const rest = api(server.url, account.key);
    const bad = [HEADER, "A-1,2026-10-01,,EUR,Globex,,Consulting,1,100.00,19", "A-2,2026-13-45,,EUR,Globex,,Consulting,one,100.00,19", "A-3,2026-10-01,,EUR,Globex,,Audit,1,12.345,19"].join("\n");
    const refused = await rest.post("/api/import", importText(bad));
    expectError(refused, 422, "VALIDATION_ERROR");
    const problems = refused.body.details.problems as Array<{ row: number; column: string; value: string; issue: string }>;
    expect(problems.map((problem) => [problem.row, problem.column])).toEqual(
      expect.arrayContaining([
        [3, "issue_date"],
        [3, "quantity"],
        [4, "unit_price"],
      ]),
    );
    expect(problems.every((problem) => typeof problem.issue === "string" && problem.issue.length > 0)).toBe(true);
    expect(await invoiceCount(rest)).toBe(0);
    const kept = expectStatus(await rest.get(`/api/imports/${refused.body.details.import_id}`), 200);
    expect(kept.status).toBe("failed");

    const partial = expectStatus(await rest.post("/api/import", importText(bad, { partial: true })), 201);
    expect(partial.summary).toMatchObject({ invoices: { create: 1 }, problems: 3 });
    expect(await invoiceCount(rest)).toBe(1);
  });

  test("a number already used is 409 NUMBER_TAKEN listed per record", async () => {
    const account = await seller();
    const rest = api(server.url, account.key);
    expectStatus(await rest.post("/api/invoices", { number: "INV-2", bill_to_name: "Someone", issue_date: "2026-10-01", items: [{ description: "x", rate: 100 }] }), 201);
    const taken = await rest.post("/api/import", importText(CSV));
    expectError(taken, 409, "NUMBER_TAKEN");
    expect(taken.body.details.problems).toEqual([expect.objectContaining({ row: 4, column: "number", value: "INV-2", code: "NUMBER_TAKEN" })]);
    expect(await invoiceCount(rest)).toBe(1);
  });

  test("status as stated: paid and sent invoices arrive so, with numbers kept; without invoices:approve it is a problem", async () => {
    const account = await seller();
    const rest = api(server.url, account.key);
    const stated = ["number,status,issue_date,bill_to_name,description,quantity,unit_price", "P-1,paid,2026-09-01,Globex,Consulting,1,100.00", "S-1,sent,2026-09-02,Globex,Consulting,1,50.00", "D-1,draft,2026-09-03,Globex,Consulting,1,10.00"].join("\n");
    const narrow = api(server.url, await server.key(account.accountId, SCOPES.filter((scope) => scope !== "invoices:approve")));
    const refused = await narrow.post("/api/import", importText(stated, { status: "as_stated" }));
    expectError(refused, 422, "VALIDATION_ERROR");
    expect(refused.body.details.problems.map((problem: { row: number; column: string }) => [problem.row, problem.column])).toEqual([
      [2, "status"],
      [3, "status"],
    ]);
    expectStatus(await rest.post("/api/import", importText(stated, { status: "as_stated" })), 201);
    const invoices = expectStatus(await rest.get("/api/invoices?limit=10"), 200).data;
    expect(invoices.map((invoice: { number: string; status: string; locked: boolean; amount_due: number }) => [invoice.number, invoice.status, invoice.locked, invoice.amount_due]).sort()).toEqual([
      ["D-1", "draft", false, 1000],
      ["P-1", "paid", true, 0],
      ["S-1", "sent", true, 5000],
    ]);
  });

  test("a buyer the account already has is matched by e-mail, tax id or name, never duplicated", async () => {
    const account = await seller();
    const rest = api(server.url, account.key);
    const globex = expectStatus(await rest.post("/api/clients", { name: "Globex Corp.", email: "AP@globex.example" }), 201);
    const taxed = expectStatus(await rest.post("/api/clients", { name: "Umbrella", tax_id: "DE 123 456 789" }), 201);
    const csv = ["number,issue_date,bill_to_name,bill_to_email,bill_to_tax_id,description,unit_price", "M-1,2026-10-01,Globex Corporation,ap@globex.example,,Work,10.00", "M-2,2026-10-01,Umbrella Corporation,,DE123456789,Work,10.00", "M-3,2026-10-01,globex corp.,,,Work,10.00"].join("\n");
    const done = expectStatus(await rest.post("/api/import", importText(csv)), 201);
    expect(done.invoices.map((invoice: { client: { action: string; id: string } }) => [invoice.client.action, invoice.client.id])).toEqual([
      ["match", globex.id],
      ["match", taxed.id],
      ["match", globex.id],
    ]);
    expect(expectStatus(await rest.get("/api/clients?limit=10"), 200).total).toBe(2);
  });
});

describe("uploads and faces", () => {
  test("multipart/form-data with a file part and options, and the raw body with its media type", async () => {
    const account = await seller();
    const form = new FormData();
    form.append("file", new Blob([CSV], { type: "text/csv" }), "invoices.csv");
    form.append("options", JSON.stringify({ dry_run: true }));
    const reply = await api(server.url).raw("/api/import", { method: "POST", body: form, headers: { authorization: `Bearer ${account.key}` } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: "previewed", format: "csv", summary: { invoices: { create: 3 } } });
    const raw = await api(server.url).raw("/api/import", { method: "POST", body: CSV, headers: { authorization: `Bearer ${account.key}`, "content-type": "text/csv" } });
    expect(raw.status).toBe(201);
    expect(raw.body.summary.invoices.create).toBe(3);
    const options = encodeURIComponent(JSON.stringify({ dry_run: true, partial: true }));
    const previewed = await api(server.url).raw(`/api/import?options=${options}`, { method: "POST", body: CSV, headers: { authorization: `Bearer ${account.key}`, "content-type": "text/csv" } });
    expect(previewed.status).toBe(200);
    expect(previewed.body).toMatchObject({ status: "previewed", partial: true });
  });

  test("tRPC and the MCP tool import the same way; through the tool a file over 100 rows is a dry run unless told", async () => {
    const account = await seller();
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${account.key}` } })] });
    const viaTrpc = await trpc.imports.import.mutate({ content: CSV, encoding: "text", options: { dry_run: true, partial: false, status: "draft", wait: true } });
    expect(viaTrpc.summary.invoices.create).toBe(3);
    await withMcpClient(server.url, account.key, async (tools) => {
      const small = await tools.call("import", { content: CSV, encoding: "text" });
      expect(small).toMatchObject({ status: "completed", dry_run: false });
      const big = await tools.call("import", { content: manyInvoices(150), encoding: "text" });
      expect(big).toMatchObject({ status: "previewed", dry_run: true, summary: { rows: 150, invoices: { create: 150 } } });
      const told = await tools.call("import", { content: manyInvoices(150), encoding: "text", options: { dry_run: false } });
      expect(told).toMatchObject({ status: "completed", summary: { invoices: { create: 150 } } });
      expect(await tools.call("import", { action: "get", id: told.id })).toEqual(told);
      const refusal = await tools.refusal("import", { content: "\u0000\u0001binary", encoding: "text" });
      expect(refusal.code).toBe("VALIDATION_ERROR");
    });
    expect(await invoiceCount(api(server.url, account.key))).toBe(153);
  });
});

describe("several files in one import", () => {
  const example = (name: string): Blob => new Blob([readFileSync(new URL(`../fixtures/imports/einvoice/${name}`, import.meta.url))], { type: "application/xml" });

  test("multipart with several file parts: one import, each place naming its file, e-invoice totals by business term", async () => {
    const account = await seller();
    const form = new FormData();
    form.append("file", example("ubl/ubl-tc434-example1.xml"), "example1.xml");
    form.append("file", example("cii/CII_business_example_01.xml"), "cii1.xml");
    form.append("file", example("cii/huf_example_cii.xml"), "huf.xml");
    form.append("options", JSON.stringify({ partial: true }));
    const reply = await api(server.url).raw("/api/import", { method: "POST", body: form, headers: { authorization: `Bearer ${account.key}` } });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ format: "mixed", summary: { invoices: { create: 2, refused: 1 } } });
    expect(reply.body.invoices.map((invoice: { file: string; action: string }) => [invoice.file, invoice.action])).toEqual([
      ["example1.xml", "create"],
      ["cii1.xml", "create"],
      ["huf.xml", "refused"],
    ]);
    // The Hungarian example rounds its VAT to whole forints: its stated BT-110 is reported, never recomputed.
    expect(reply.body.problems).toContainEqual(expect.objectContaining({ file: "huf.xml", term: "BT-110" }));
    // Uploaded bytes are base64 by how they came, not by auto's rule: nothing to say about the encoding.
    expect(reply.body.notices.filter((notice: { column?: string }) => notice.column === "encoding")).toEqual([]);
  });

  test("files without encoding: the XML text itself and base64 side by side, each notice naming its file; one auto cannot tell is a 422 naming it", async () => {
    const account = await seller();
    const rest = api(server.url, account.key);
    const read = (name: string) => readFileSync(new URL(`../fixtures/imports/einvoice/${name}`, import.meta.url));
    const files = [
      { content: read("ubl/ubl-tc434-example1.xml").toString("utf8"), file_name: "as-text.xml" },
      { content: read("cii/CII_business_example_01.xml").toString("base64"), file_name: "as-base64.xml" },
    ];
    const preview = expectStatus(await rest.post("/api/import", { files, options: { dry_run: true } }), 200);
    expect(preview.summary.invoices).toMatchObject({ create: 2, refused: 0 });
    expect(preview.notices.filter((notice: { column?: string }) => notice.column === "encoding")).toEqual([
      { file: "as-text.xml", column: "encoding", value: "text", issue: expect.stringContaining("encoding auto") },
      { file: "as-base64.xml", column: "encoding", value: "base64", issue: expect.stringContaining("encoding auto") },
    ]);
    const told = expectStatus(await rest.post("/api/import", { files: files.map((file, index) => ({ ...file, encoding: index === 0 ? "text" : "base64" })), options: { dry_run: true } }), 200);
    expect(told.notices.filter((notice: { column?: string }) => notice.column === "encoding")).toEqual([]);
    const untold = await rest.post("/api/import", { files: [...files, { content: "Thank you for your business" }] });
    expectError(untold, 422, "VALIDATION_ERROR");
    expect(untold.body.details).toMatchObject({ field: "files.2", issue: "encoding not told" });
    expect(untold.body.error).toContain('set encoding to "base64" or "text"');
  });

  test("JSON files; a file read by extraction goes one a call", async () => {
    const account = await seller();
    const rest = api(server.url, account.key);
    const files = ["ubl/ubl-tc434-example2.xml", "ubl/ubl-tc434-example4.xml"].map((name) => ({ content: readFileSync(new URL(`../fixtures/imports/einvoice/${name}`, import.meta.url)).toString("base64"), file_name: name }));
    const done = expectStatus(await rest.post("/api/import", { files, options: { dry_run: true } }), 200);
    expect(done).toMatchObject({ format: "ubl", summary: { invoices: { create: 2 } } });
    const mixed = await rest.post("/api/import", { files: [...files, { content: "Invoice 7\nTotal 5.00", encoding: "text", format: "text" }] });
    expectError(mixed, 422, "VALIDATION_ERROR");
    expect(mixed.body.details.field).toBe("files");
    expectError(await rest.post("/api/import", { content: CSV, encoding: "text", files }), 422, "VALIDATION_ERROR");
  });
});

describe("extraction-backed formats", () => {
  test("plain text is read through extraction and counts as one extract call of the month; a CSV does not", async () => {
    const account = await seller();
    const rest = api(server.url, account.key);
    const text = "Acme Widgets Ltd\n12 Harbour Road\nBristol BS1 4DJ\n\nInvoice INV-7\nInvoice date: 2026-11-05\n\nBill to: Globex Corporation\n\nDescription    Qty    Unit price    Amount\nWidget           4        £12.50    £50.00\n\nTotal:    £50.00\n";
    const preview = expectStatus(await rest.post("/api/import", importText(text, { dry_run: true })), 200);
    expect(preview).toMatchObject({ format: "text", summary: { invoices: { create: 1 } } });
    expect(preview.invoices[0]).toMatchObject({ number: "INV-7", currency: "GBP", total: 5000 });
    expectStatus(await rest.post("/api/import", importText(CSV, { dry_run: true })), 200);
    expect(expectStatus(await rest.get("/api/usage"), 200)).toMatchObject({ used: 1 });
  });
});

// An import is started in the suite's own process (whose write queue the test holds); its progress
// and cancel are asked through the suite's url, which in the scaled run alternates between both
// processes (the work board answers from either).
describe("long imports: progress and cancellation", () => {
  test("REST: wait false answers 202 with the running import; DELETE cancels it and nothing is stored", async () => {
    const account = await seller();
    const own = api(server.processUrl, account.key);
    const rest = api(server.url, account.key);
    const release = holdWrites();
    const started = await own.post("/api/import", importText(manyInvoices(50), { wait: false }));
    expect(started.status).toBe(202);
    expect(started.body.status).toBe("running");
    expect(started.headers.get("location")).toBe(`/api/imports/${started.body.id}`);
    expect(expectStatus(await rest.get(`/api/imports/${started.body.id}`), 200).status).toBe("running");
    expect(expectStatus(await rest.delete(`/api/imports/${started.body.id}`), 200).status).toBe("cancelled");
    release();
    const ended = await server.logLine((line) => line.includes("background import ended") && line.includes(started.body.id));
    expect(ended).toContain("cancelled");
    expect(expectStatus(await rest.get(`/api/imports/${started.body.id}`), 200).status).toBe("cancelled");
    expect(await invoiceCount(rest)).toBe(0);
  });

  test("REST: wait false, left to run, completes and is read back", async () => {
    const account = await seller();
    const own = api(server.processUrl, account.key);
    const rest = api(server.url, account.key);
    const release = holdWrites();
    const started = await own.post("/api/import", importText(manyInvoices(20), { wait: false }));
    expect(started.status).toBe(202);
    release();
    await server.logLine((line) => line.includes("background import ended") && line.includes(started.body.id));
    const done = expectStatus(await rest.get(`/api/imports/${started.body.id}`), 200);
    expect(done).toMatchObject({ status: "completed", summary: { invoices: { create: 20 } }, progress: { done: 27, total: 27 } });
  });

  test("REST: wait false with a file that cannot be read answers 202, then GET tells why it failed", async () => {
    const account = await seller();
    const own = api(server.processUrl, account.key);
    const rest = api(server.url, account.key);
    const started = await own.post("/api/import", importText(`${HEADER}\n"INV-1,2026-10-01`, { wait: false }, "csv"));
    expect(started.status).toBe(202);
    await server.logLine((line) => line.includes("background import ended") && line.includes(started.body.id));
    const failed = expectStatus(await rest.get(`/api/imports/${started.body.id}`), 200);
    expect(failed.status).toBe("failed");
    expect(failed.problems[0].issue).toMatch(/quote/);
  });

  test("/api/mcp/stream: progress per record, and a cancel stops it with nothing stored", async () => {
    const account = await seller();
    const mcp = new Client({ name: "import-test", version: "1.0.0" });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${server.processUrl}/api/mcp/stream`), { requestInit: { headers: { authorization: `Bearer ${account.key}` } } }));
    try {
      const seen: number[] = [];
      const result = (await mcp.callTool({ name: "import", arguments: importText(manyInvoices(12), { dry_run: false }) }, undefined, { onprogress: (update) => seen.push(update.progress) })) as unknown as { structuredContent: { summary: { invoices: { create: number } } } };
      expect(result.structuredContent.summary.invoices.create).toBe(12);
      // What was read, then each of the 7 clients (Client 0…6), then the 12 invoices, written as one chunk.
      expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 19]);

      // A cancel the server has taken in before the commit may start: the call waits for the write
      // lock this test holds, its cancellation is posted and answered, then the lock is let go.
      const release = holdWrites();
      const headers = { authorization: `Bearer ${account.key}`, "content-type": "application/json", accept: "application/json, text/event-stream" };
      const stream = await fetch(`${server.processUrl}/api/mcp/stream`, {
        method: "POST",
        headers,
        body: JSON.stringify({ jsonrpc: "2.0", id: "import-cancel", method: "tools/call", params: { name: "import", arguments: importText(manyInvoices(30, "CANCEL"), { dry_run: false }), _meta: { progressToken: 7 } } }),
      });
      const reader = stream.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain("read 30 rows");
      const cancelled = server.logLine((line) => line.includes('"tool call cancelled"') && line.includes('"rpc_id":"import-cancel"'));
      const notice = await fetch(`${server.processUrl}/api/mcp/stream`, { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "import-cancel" } }) });
      expect(notice.status).toBe(202);
      release();
      await cancelled;
      expect(await invoiceCount(api(server.processUrl, account.key))).toBe(12);
    } finally {
      await mcp.close();
    }
  });
});

describe("hostile and malformed files: a clear 422, nothing stored", () => {
  const zipBomb = readFileSync(new URL("../fixtures/imports/tabular/zip-bomb-declared.xlsx", import.meta.url));

  test.each([
    ["a zip bomb", { content: zipBomb.toString("base64") }, /zip bomb/],
    ["XML with a DOCTYPE (entity expansion)", importText('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&lol;</Invoice>'), /DOCTYPE/],
    ["binary content of no known kind", { content: Buffer.from([0, 1, 2, 3, 4, 5, 6, 7]).toString("base64"), encoding: "base64" }, /format could not be told/],
    ["the same without encoding: auto cannot tell what it is", { content: Buffer.from([0, 1, 2, 3, 4, 5, 6, 7]).toString("base64") }, /set encoding to "base64" or "text"/],
    ["prose without encoding: no text format, no base64", { content: "Thank you for your business" }, /neither base64 .* nor plainly XML, JSON, CSV/],
    ["a CSV with an unclosed quote", importText(`${HEADER}\n"INV-1,2026-10-01`, {}, "csv"), /quote/],
    ["malformed JSON", importText('[{"bill_to_name": "x",', {}, "json"), /JSON/],
    ["an XML invoice that is not well-formed", importText('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>1</Invoice>', {}, "ubl"), /well-formed/],
  ])("%s", async (_name, body, message) => {
    const account = await seller();
    const reply = await api(server.url, account.key).post("/api/import", body);
    expectError(reply, 422, "VALIDATION_ERROR");
    expect(reply.body.error).toMatch(message);
    expect(await invoiceCount(api(server.url, account.key))).toBe(0);
  });

  test("more than 10,000 rows is a 422; more than 10 MB a 413", async () => {
    const tooMany = await client.post("/api/import", importText(manyInvoices(10_001), { dry_run: true }));
    expectError(tooMany, 422, "VALIDATION_ERROR");
    expect(tooMany.body.error).toMatch(/10000|10,000/);
    const huge = await client.post("/api/import", { content: Buffer.alloc(10 * 1024 * 1024 + 1, 65).toString("base64") });
    expect(huge.status).toBe(413);
  });
});

describe("security", () => {
  test("import: no key, unknown, revoked, without invoices:write or entities:write", async () => {
    await expectSecurityCases({ server, owner, scope: "invoices:write", ownsResource: false, call: (key) => api(server.url).post("/api/import", importText(CSV, { dry_run: true }), key) });
    const noEntities = await server.key(owner.accountId, SCOPES.filter((scope) => scope !== "entities:write"));
    expectError(await api(server.url).post("/api/import", importText(CSV, { dry_run: true }), noEntities), 403, "FORBIDDEN");
  });

  test("an import's result and its cancel: another account's id is 403, an unknown one 404", async () => {
    const preview = expectStatus(await client.post("/api/import", importText(CSV, { dry_run: true })), 200);
    await expectSecurityCases({ server, owner, scope: "invoices:read", call: (key) => api(server.url).get(`/api/imports/${preview.id}`, key) });
    await expectSecurityCases({ server, owner, scope: "invoices:write", call: (key) => api(server.url).delete(`/api/imports/${preview.id}`, key) });
    expectError(await client.get("/api/imports/imp_unknown"), 404, "NOT_FOUND");
  });
});
