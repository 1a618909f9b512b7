import { z } from "zod";
import { CURRENCY_CODES, minorUnits } from "../../server/domain/currencies.ts";
import { MAX_AMOUNT, SCALE_DECIMALS } from "../../server/domain/money.ts";
import { PAID_OPERATION_NAMES, PRICES, type PaidOperation } from "../../server/domain/prices.ts";
import { missingSettings, USDC } from "../../server/domain/x402.ts";
import { SCOPES } from "../../server/domain/scopes.ts";
import { TIER_NAMES } from "../../server/domain/tiers.ts";
import { SIZE_LIMITS, SUPPORTED_PROTOCOL_VERSIONS } from "../../server/domain/wire.ts";
import { EXPORT_FORMATS, XRECHNUNG_SYNTAXES } from "../../server/domain/formats.ts";
import { IMPORT_FORMATS, MAX_IMPORT_ROWS } from "../../server/imports/model.ts";
import { LABELS } from "../../render/labels/index.ts";
import { AGING_BUCKETS, GRANULARITIES, MAX_PERIODS } from "../../server/domain/analytics.ts";
import { MAX_BULK_INVOICES } from "../../server/documents/bulk-export.ts";
import { ANALYTICS_SECTIONS } from "../../server/invoices/analytics.ts";
import { HISTORY_LINES } from "../../server/invoices/suggestions.ts";
import { MAX_DSL_CHARACTERS } from "../invoices/create-invoice-from-dsl.ts";
import { MAX_ITEMS } from "../invoices/invoice.schema.ts";
import { housekeepingProcedure } from "../builders.ts";

const limitsOutput = z.object({ burst_per_minute: z.int(), per_hour: z.int(), per_day: z.int() }).nullable();

const storageQuotaOutput = z
  .object({ file_bytes: z.int(), exports: z.int(), export_bytes: z.int(), file_lifetime_seconds: z.int(), templates: z.int(), logo_bytes: z.int(), imports_kept: z.int() })
  .nullable()
  .describe("what the tier keeps stored at once (ADR 0037; anonymous: per address); null: no limit");

const capabilitiesOutput = z.object({
  name: z.string(),
  version: z.string(),
  protocols: z.object({ jsonrpc: z.string(), mcp: z.array(z.string()), openapi: z.string() }),
  features: z.array(z.object({ name: z.string(), operations: z.int() })),
  tools: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      description: z.string(),
      auth: z.enum(["none", "key"]),
      actions: z.array(z.string()),
      open_actions: z.array(z.string()).describe("actions callable without a key"),
      scopes: z.array(z.string()).describe("the key scopes its actions need"),
      paid_actions: z
        .array(z.object({ action: z.string(), operation: z.string(), usd: z.number(), when: z.string().nullable() }))
        .describe("actions paid per call without a key (x402), with a key counted as monthly usage"),
    }),
  ),
  formats: z.object({
    export: z.array(z.string()),
    import: z.array(z.string()).describe("what POST /api/import reads; told from the content"),
    xrechnung_syntaxes: z.array(z.string()),
    dsl_layouts: z.array(z.string()),
    summary_languages: z.array(z.string()),
    analytics: z.object({ granularities: z.array(z.string()), sections: z.array(z.string()), aging_buckets: z.array(z.string()) }),
  }),
  discovery: z.object({ openapi: z.string(), mcp_manifest: z.string(), server_card: z.string(), ai_catalog: z.string(), webmcp: z.string(), llms: z.string() }),
  operations: z.array(z.object({ method: z.string(), path: z.string(), summary: z.string(), operation_id: z.string(), scope: z.string().nullable() })),
  limits: z.object({
    body_bytes: z.int().describe("the largest JSON or text body on every face (REST, /trpc, /api/mcp); over it is 413 PAYLOAD_TOO_LARGE naming the limit"),
    upload_body_bytes: z.int().describe("REST calls carrying documents (base64 in JSON, a multipart form): the largest body"),
    page_size: z.object({ min: z.int(), max: z.int(), default: z.int() }),
    name_length: z.object({ min: z.int(), max: z.int() }),
    items_per_invoice: z.int(),
    quantity_decimals: z.int(),
    max_amount: z.int(),
    dsl_characters: z.int(),
    bulk_export_invoices: z.int(),
    import_bytes: z.int().describe("the largest document read by import, OCR and extraction, however it is sent"),
    import_rows: z.int(),
    analytics_periods: z.int(),
    suggestion_history_lines: z.int(),
  }),
  tiers: z.record(z.string(), limitsOutput),
  storage_quotas: z.record(z.string(), storageQuotaOutput),
  prices: z.array(
    z.object({
      operation: z.string(),
      usd: z.number(),
      available: z.boolean(),
      paid_operation: z.enum(PAID_OPERATION_NAMES as [PaidOperation, ...PaidOperation[]]).nullable().describe("the name usage and payments use; null for free rows"),
      operation_ids: z.array(z.string()).describe("the REST operations the row covers"),
    }),
  ),
  payments: z
    .object({
      x402: z.object({
        enabled: z.boolean().describe("callers without a credential can pay per call"),
        network: z.string().describe("CAIP-2: eip155:8453 Base, eip155:84532 Base Sepolia"),
        asset: z.string().describe("the USDC contract on that network"),
        pay_to: z.string().nullable(),
        missing: z.array(z.string()).describe("settings unset on this server, when not enabled"),
      }),
      paid_calls_per_month: z.record(z.string(), z.int().nullable()).describe("paid operations a credential's account runs per month without paying, by tier (null: no limit)"),
    })
    .describe("how paid operations are paid: per call with x402, or as a credential's monthly usage (GET /api/usage)"),
  scopes: z.array(z.string()),
  currencies: z.array(z.object({ code: z.string(), minor_units: z.int() })),
});

export const capabilities = housekeepingProcedure
  .meta({
    openapi: { method: "GET", path: "/capabilities", tags: ["platform"], operationId: "capabilities", summary: "Features, limits, tiers, prices, payments and tools, generated from the code", protect: false },
    tool: {
      name: "svc.capabilities",
      title: "Service capabilities",
      description: "What the service offers: tools, actions and scopes, REST operations, formats, limits, rate-limit tiers, prices and how to pay, currencies, discovery documents.",
      auth: "none",
      hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
      example: {},
    },
  })
  .input(z.strictObject({}))
  .output(capabilitiesOutput)
  .query(({ ctx }) => {
    const { catalog, services } = ctx;
    const base = services.config.publicUrl.replace(/\/$/, "");
    const available = new Set(catalog.operations.map((operation) => operation.operation_id));
    const features = new Map<string, number>();
    for (const operation of catalog.operations) {
      const tag = operation.path.split("/")[2] ?? "";
      features.set(tag, (features.get(tag) ?? 0) + 1);
    }
    return {
      name: "invoicing-service",
      version: services.version,
      protocols: { jsonrpc: "2.0", mcp: [...SUPPORTED_PROTOCOL_VERSIONS], openapi: "3.1.0" },
      features: [...features].map(([name, operations]) => ({ name, operations })),
      tools: catalog.tools,
      formats: {
        export: [...EXPORT_FORMATS],
        import: [...IMPORT_FORMATS],
        xrechnung_syntaxes: [...XRECHNUNG_SYNTAXES],
        dsl_layouts: ["A", "B"],
        summary_languages: Object.keys(LABELS),
        analytics: { granularities: [...GRANULARITIES], sections: [...ANALYTICS_SECTIONS], aging_buckets: [...AGING_BUCKETS] },
      },
      discovery: {
        openapi: `${base}/api/openapi.json`,
        mcp_manifest: `${base}/.well-known/mcp.json`,
        server_card: `${base}/api/mcp/server-card`,
        ai_catalog: `${base}/.well-known/ai-catalog.json`,
        webmcp: `${base}/.well-known/webmcp.json`,
        llms: `${base}/llms.txt`,
      },
      operations: catalog.operations,
      limits: {
        body_bytes: SIZE_LIMITS.body_bytes,
        upload_body_bytes: SIZE_LIMITS.upload_body_bytes,
        page_size: { min: 1, max: 100, default: 20 },
        name_length: { min: 1, max: 500 },
        items_per_invoice: MAX_ITEMS,
        quantity_decimals: SCALE_DECIMALS,
        max_amount: MAX_AMOUNT,
        dsl_characters: MAX_DSL_CHARACTERS,
        bulk_export_invoices: MAX_BULK_INVOICES,
        import_bytes: SIZE_LIMITS.import_bytes,
        import_rows: MAX_IMPORT_ROWS,
        analytics_periods: MAX_PERIODS,
        suggestion_history_lines: HISTORY_LINES,
      },
      tiers: Object.fromEntries(
        TIER_NAMES.map((tier) => {
          const limits = services.config.tierLimits[tier];
          return [tier, limits ? { burst_per_minute: limits.burst, per_hour: limits.hourly, per_day: limits.daily } : null];
        }),
      ),
      storage_quotas: Object.fromEntries(
        TIER_NAMES.map((tier) => {
          const quota = services.config.storageQuotas[tier];
          if (!quota) return [tier, null];
          const { fileBytes, exports, exportBytes, fileLifetimeMs, templates, logoBytes, importsKept } = quota;
          return [tier, { file_bytes: fileBytes, exports, export_bytes: exportBytes, file_lifetime_seconds: Math.floor(fileLifetimeMs / 1000), templates, logo_bytes: logoBytes, imports_kept: importsKept }];
        }),
      ),
      prices: PRICES.map((row) => ({
        operation: row.operation,
        usd: row.usd,
        available: row.operation_ids.some((id) => available.has(id)),
        paid_operation: row.paid_operation,
        operation_ids: [...row.operation_ids],
      })),
      payments: {
        x402: {
          enabled: missingSettings(services.config.x402).length === 0,
          network: services.config.x402.network,
          asset: USDC[services.config.x402.network].address,
          pay_to: services.config.x402.payTo,
          missing: missingSettings(services.config.x402),
        },
        paid_calls_per_month: services.config.paidCallsPerMonth,
      },
      scopes: [...SCOPES],
      currencies: CURRENCY_CODES.map((code) => ({ code, minor_units: minorUnits(code) })),
    };
  });
