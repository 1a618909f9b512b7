// What the tool catalog costs an agent before its first call (ADR 0035): tokens by o200k_base
// (gpt-tokenizer) of tools/list, /.well-known/mcp.json and the two model dialects of GET /api/tools,
// per tool and in all, against the baseline of the same tools in full (GET /api/tools/{name}: exact
// input and output schemas, as tools/list showed them before this listing). Runs against the real service on a
// fresh DATA_DIR, with no key, as a new agent meets it. The budget is 12,000 tokens for the 20
// tools; tests/faces/tool-budget.test.ts holds the suite to it with `measureCatalog`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { startServiceProcess } from "../service-process.ts";

export const CATALOG_BUDGET = 12_000;

type Listed = { name: string };
export type CatalogMeasure = {
  perTool: Array<{ name: string; listed: number; full: number }>;
  /** The tools array of each document, as a client receives it. */
  toolsList: number;
  mcpJson: number;
  /** The whole /.well-known/mcp.json, server card included. */
  mcpJsonDocument: number;
  openai: number;
  anthropic: number;
  full: number;
};

async function json(url: string, init?: RequestInit): Promise<Record<string, unknown>> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

const tokens = (value: unknown): number => countTokens(JSON.stringify(value));

/** Every figure of the catalog at `base`, without a credential. */
export async function measureCatalog(base: string): Promise<CatalogMeasure> {
  const listing = (await json(`${base}/api/mcp`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) })) as { result: { tools: Listed[] } };
  const tools = listing.result.tools;
  const manifest = await json(`${base}/.well-known/mcp.json`);
  const openai = (await json(`${base}/api/tools?dialect=openai`)).tools;
  const anthropic = (await json(`${base}/api/tools?dialect=anthropic`)).tools;
  const perTool = await Promise.all(
    tools.map(async (tool) => {
      // The baseline: the tool as tools/list showed it with exact schemas, input and output (its per-action detail left aside).
      const { name, title, description, inputSchema, outputSchema, annotations } = await json(`${base}/api/tools/${tool.name}`);
      return { name: tool.name, listed: tokens(tool), full: tokens({ name, title, description, inputSchema, outputSchema, annotations }) };
    }),
  );
  return {
    perTool,
    toolsList: tokens(tools),
    mcpJson: tokens(manifest.tools),
    mcpJsonDocument: tokens(manifest),
    openai: tokens(openai),
    anthropic: tokens(anthropic),
    full: perTool.reduce((sum, tool) => sum + tool.full, 0),
  };
}

if (import.meta.main) {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-catalog-"));
  const service = await startServiceProcess(dataDir);
  try {
    const measure = await measureCatalog(service.url);
    const pad = (text: string | number, width: number) => String(text).padStart(width);
    console.log(`tokens by o200k_base; baseline: each tool in full (GET /api/tools/{name})\n`);
    console.log(`${"tool".padEnd(24)}${pad("listed", 8)}${pad("full", 8)}${pad("ratio", 8)}`);
    for (const tool of measure.perTool) console.log(`${tool.name.padEnd(24)}${pad(tool.listed, 8)}${pad(tool.full, 8)}${pad((tool.full / tool.listed).toFixed(1), 8)}`);
    console.log("");
    console.log(`tools/list            ${pad(measure.toolsList, 7)} tokens (budget ${CATALOG_BUDGET}: ${measure.toolsList <= CATALOG_BUDGET ? "within" : "OVER"}), ${(measure.toolsList / measure.perTool.length).toFixed(0)} a tool`);
    console.log(`/.well-known/mcp.json ${pad(measure.mcpJson, 7)} tokens in its tools (${measure.mcpJsonDocument} the whole document; ${measure.mcpJson <= CATALOG_BUDGET ? "within" : "OVER"} budget)`);
    console.log(`?dialect=openai       ${pad(measure.openai, 7)} tokens (strict schemas, inline)`);
    console.log(`?dialect=anthropic    ${pad(measure.anthropic, 7)} tokens (inline)`);
    console.log(`in full (baseline)    ${pad(measure.full, 7)} tokens; tools/list is ${(measure.full / measure.toolsList).toFixed(1)}x smaller`);
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
