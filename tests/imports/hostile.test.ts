// Issue 22's hostile corpus (scripts/redteam/hostile-documents.ts) imported on all three faces: each
// file is refused quickly, 422 (413 for a byte size) on REST and tRPC and a refusal on the MCP tool,
// with details.limit naming the budget it is over; never a 500. Another account's one-row CSV is
// imported while the costliest of them is read (its timing belongs to `npm run redteam`).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { docxOfSize, HOSTILE_DOCUMENTS } from "../../scripts/redteam/hostile-documents.ts";
import { api } from "../helpers/http.ts";
import { expectStatus, setProfile } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { withMcpClient } from "../helpers/tools.ts";

let server: TestServer;
let key: string;

const CSV = "number,issue_date,bill_to_name,description,quantity,unit_price\nINV-1,2026-11-01,Globex,Consulting,10,120.00\n";

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.account()).key;
  // The read workers start with the first import: started here, the timings below are the documents' own.
  expectStatus(await api(server.url, key).post("/api/import", { content: CSV, encoding: "text", options: { dry_run: true } }), 200);
});
afterAll(() => server.close());

const body = (bytes: Uint8Array) => ({ content: Buffer.from(bytes).toString("base64"), options: { dry_run: true } });

/** tRPC's own face, as a client posts it: the error's status and our error body in `data`. */
async function viaTrpc(input: unknown): Promise<{ status: number; details: Record<string, unknown> | null }> {
  const reply = await fetch(`${server.url}/trpc/imports.import`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(input) });
  const answer = (await reply.json()) as { error?: { data?: { details?: Record<string, unknown> | null } } };
  return { status: reply.status, details: answer.error?.data?.details ?? null };
}

describe("every hostile document is refused, naming its limit, on REST, tRPC and MCP", () => {
  for (const hostile of HOSTILE_DOCUMENTS) {
    test(hostile.name, async () => {
      const input = body(hostile.bytes());
      const started = performance.now();
      const rest = await api(server.url, key).post("/api/import", input);
      expect({ status: rest.status, limit: rest.body.details?.limit }).toEqual({ status: hostile.status, limit: hostile.limit });
      expect(rest.body.error).toContain("over the limit of");
      // Fast, not a tight figure: a second or two at most on a loaded machine.
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(await viaTrpc(input)).toMatchObject({ status: hostile.status, details: { limit: hostile.limit } });
      await withMcpClient(server.url, key, async (tools) => {
        expect(await tools.refusal("import", input)).toMatchObject({ code: rest.body.code, details: { limit: hostile.limit } });
      });
    }, 30_000);
  }
});

test("another account's one-row CSV import completes while a 150 MB DOCX is refused", async () => {
  const other = api(server.url, (await server.account()).key);
  await setProfile(other, { legal_name: "Acme GmbH", currency: "EUR" });
  const [hostile, plain] = await Promise.all([
    api(server.url, key).post("/api/import", body(docxOfSize(150_000_000, 1_000))),
    other.post("/api/import", { content: CSV, encoding: "text", options: { dry_run: true } }),
  ]);
  expect(hostile.status).toBe(413);
  expect({ created: expectStatus(plain, 200).summary.invoices.create, problems: plain.body.problems }).toEqual({ created: 1, problems: [] });
}, 30_000);
