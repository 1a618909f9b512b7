// Long work over /api/mcp/stream with the official MCP SDK client: notifications/progress before the
// result (its onprogress callback), cancellation with its AbortSignal (notifications/cancelled) and
// by the client going away, leaving nothing half-written. The work: one invoice to several formats,
// and many invoices into one ZIP.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { files } from "../../db/schema/index.ts";
import { invoiceInput } from "../helpers/factories.ts";
import { expectStatus, steppedAccount, type SteppedAccount } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

type Progress = { progress: number; total?: number; message?: string };

let server: TestServer;
let owner: SteppedAccount;
let ids: string[];
const clients: Client[] = [];

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: "mcp-streaming-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp/stream`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  clients.push(client);
  return client;
}

/** Zip files the account has stored (a bulk export that completed). */
async function zips(accountId: string): Promise<number> {
  const rows = await server.services.database.db.select({ format: files.format }).from(files).where(eq(files.accountId, accountId));
  return rows.filter((row) => row.format === "zip").length;
}

const cancelledLog = (line: string): boolean => line.includes('"tool call cancelled"');

beforeAll(async () => {
  server = await startTestServer();
  owner = await steppedAccount(server);
  const created = await Promise.all(Array.from({ length: 40 }, (_, index) => owner.client.post("/api/invoices", invoiceInput({ issue_date: `2026-10-${String((index % 28) + 1).padStart(2, "0")}` }))));
  ids = created.map((reply) => expectStatus(reply, 201).id);
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server.close();
});

describe("progress before the result", () => {
  test("one invoice to several formats: a progress notification per format, then a link per format", async () => {
    const client = await connect(owner.key);
    const seen: Progress[] = [];
    const result = (await client.callTool({ name: "invoices.export", arguments: { id: ids[0], formats: ["pdf", "ubl", "json"] } }, undefined, { onprogress: (update) => seen.push(update) })) as unknown as {
      structuredContent: { files: Array<{ format: string; url: string }> };
      content: Array<{ type: string }>;
      isError?: boolean;
    };
    // A draft has no number: UBL is refused, and every format is checked before any is made, so the
    // call fails before the PDF and leaves no file behind.
    expect(result.isError).toBe(true);
    expect(seen).toEqual([]);
    const numbered = expectStatus(await owner.client.post(`/api/invoices/${ids[1]}/finalize`, { base_revision: 1, operation_id: crypto.randomUUID() }), 200);
    const progress: Progress[] = [];
    const ok = (await client.callTool({ name: "invoices.export", arguments: { id: numbered.id, formats: ["pdf", "md", "json"] } }, undefined, { onprogress: (update) => progress.push(update) })) as unknown as typeof result;
    if (ok.isError) throw new Error(JSON.stringify(ok.content));
    expect(progress.map((update) => [update.progress, update.total, update.message])).toEqual([
      [1, 3, "pdf ready"],
      [2, 3, "md ready"],
      [3, 3, "json ready"],
    ]);
    expect(ok.structuredContent.files.map((file) => file.format)).toEqual(["pdf", "md", "json"]);
    // The PDF as a link, the small text files inline, each followed by its link's details.
    expect(ok.content.map((block) => block.type)).toEqual(["resource_link", "text", "text", "text", "text", "text"]);
  });

  test("many invoices into one ZIP: progress per invoice, then the link; the ZIP holds every file", async () => {
    const client = await connect(owner.key);
    const chosen = ids.slice(0, 12);
    const seen: Progress[] = [];
    const result = (await client.callTool({ name: "invoices.export", arguments: { action: "bulk", ids: chosen, format: "json" } }, undefined, { onprogress: (update) => seen.push(update) })) as unknown as {
      structuredContent: { url: string; count: number; skipped: unknown[]; file_name: string };
    };
    expect(seen.map((update) => update.progress)).toEqual(chosen.map((_, index) => index + 1));
    expect(seen.every((update) => update.total === chosen.length)).toBe(true);
    expect(result.structuredContent).toMatchObject({ count: 12, skipped: [], file_name: "invoices-json-2026-11-21.zip" });
    const zip = unzipSync(new Uint8Array(await (await fetch(result.structuredContent.url)).arrayBuffer()));
    const names = Object.keys(zip);
    expect(names).toHaveLength(12);
    for (const name of names) expect(chosen).toContain(JSON.parse(new TextDecoder().decode(zip[name])).id);
  });

  test("/api/mcp streams too when the call asks for progress and accepts event streams; otherwise it answers JSON", async () => {
    const call = (accept: string, meta: Record<string, unknown>) =>
      fetch(`${server.url}/api/mcp`, {
        method: "POST",
        headers: { authorization: `Bearer ${owner.key}`, "content-type": "application/json", accept },
        body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "invoices.export", arguments: { action: "bulk", ids: ids.slice(0, 2), format: "json" }, _meta: meta } }),
      });
    const streamed = await call("application/json, text/event-stream", { progressToken: "bulk-1" });
    expect(streamed.headers.get("content-type")).toBe("text/event-stream");
    expect(streamed.headers.get("ratelimit-policy")).toBeNull(); // the test account is unlimited: no policy to report
    const events = (await streamed.text()).split("\n\n").filter(Boolean).map((event) => JSON.parse(event.split("data: ")[1] ?? "null"));
    expect(events.map((event) => event.method ?? "result")).toEqual(["notifications/progress", "notifications/progress", "result"]);
    expect(events[0].params).toEqual({ progressToken: "bulk-1", progress: 1, total: 2, message: expect.any(String) });
    const plain = await call("application/json", { progressToken: "bulk-2" });
    expect(plain.headers.get("content-type")).toBe("application/json");
    expect((await plain.json()).result.structuredContent.count).toBe(2);
  });
});

describe("cancellation leaves nothing half-written", () => {
  test("the SDK's AbortSignal sends notifications/cancelled: the work stops and no ZIP is stored", async () => {
    const account = await steppedAccount(server);
    const created = await Promise.all(Array.from({ length: 60 }, () => account.client.post("/api/invoices", invoiceInput())));
    const client = await connect(account.key);
    const controller = new AbortController();
    const seen: Progress[] = [];
    const cancelled = server.logLine(cancelledLog);
    const call = client.callTool({ name: "invoices.export", arguments: { action: "bulk", ids: created.map((reply) => reply.body.id), format: "pdf" } }, undefined, {
      signal: controller.signal,
      onprogress: (update) => {
        seen.push(update);
        controller.abort("enough");
      },
    });
    await expect(call).rejects.toThrow();
    await cancelled;
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.length).toBeLessThan(60);
    expect(await zips(account.accountId)).toBe(0);
  });

  test("a client that goes away mid-stream stops the work too", async () => {
    const account = await steppedAccount(server);
    const created = await Promise.all(Array.from({ length: 60 }, () => account.client.post("/api/invoices", invoiceInput())));
    const disconnect = new AbortController();
    const cancelled = server.logLine((line) => cancelledLog(line) && line.includes('"rpc_id":"gone"'));
    const response = await fetch(`${server.url}/api/mcp/stream`, {
      method: "POST",
      signal: disconnect.signal,
      headers: { authorization: `Bearer ${account.key}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: "gone", method: "tools/call", params: { name: "invoices.export", arguments: { action: "bulk", ids: created.map((reply) => reply.body.id), format: "pdf" }, _meta: { progressToken: 1 } } }),
    });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("notifications/progress");
    disconnect.abort();
    await cancelled;
    expect(await zips(account.accountId)).toBe(0);
  });

  test("a cancellation for another caller's request ids stops nothing", async () => {
    const account = await steppedAccount(server);
    const stranger = await steppedAccount(server);
    const created = await Promise.all(Array.from({ length: 20 }, () => account.client.post("/api/invoices", invoiceInput())));
    const client = await connect(account.key);
    let meddled: Promise<unknown> | null = null;
    const result = await client.callTool({ name: "invoices.export", arguments: { action: "bulk", ids: created.map((reply) => reply.body.id), format: "pdf" } }, undefined, {
      // While the export runs, a stranger cancels every request id this client has used.
      onprogress: () => {
        meddled ??= Promise.all([0, 1, 2, 3].map((requestId) => stranger.client.post("/api/mcp/stream", { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId } })));
      },
    });
    await meddled;
    expect((result as unknown as { structuredContent: { count: number } }).structuredContent.count).toBe(20);
    expect(await zips(account.accountId)).toBe(1);
  });
});
