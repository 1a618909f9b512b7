// The catalog an agent pays for before its first call (ADR 0035): tools/list and the tools of
// /.well-known/mcp.json within 12,000 o200k tokens for the 20 tools, measured as `npm run
// bench:catalog` measures them, against the real service without a key.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { CATALOG_BUDGET, measureCatalog, type CatalogMeasure } from "../../scripts/bench/catalog.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let measure: CatalogMeasure;

beforeAll(async () => {
  server = await startTestServer();
  measure = await measureCatalog(server.url);
});
afterAll(() => server.close());

test(`tools/list and mcp.json's tools fit in ${CATALOG_BUDGET} tokens for the 20 tools`, () => {
  expect(measure.perTool).toHaveLength(20);
  expect(measure.toolsList).toBeLessThanOrEqual(CATALOG_BUDGET);
  expect(measure.mcpJson).toBeLessThanOrEqual(CATALOG_BUDGET);
});

test("each tool's full definition stays available, and costs more than its listing", () => {
  for (const tool of measure.perTool) expect(tool.full).toBeGreaterThan(tool.listed);
});
