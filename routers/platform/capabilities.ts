import { z } from "zod";
import { CURRENCY_CODES, minorUnits } from "../../server/domain/currencies.ts";
import { MAX_AMOUNT, SCALE_DECIMALS } from "../../server/domain/money.ts";
import { PRICES } from "../../server/domain/prices.ts";
import { SCOPES } from "../../server/domain/scopes.ts";
import { TIER_NAMES } from "../../server/domain/tiers.ts";
import { MAX_BODY_BYTES } from "../../server/faces/http.ts";
import { SUPPORTED_PROTOCOL_VERSIONS } from "../../server/faces/mcp.ts";
import { MAX_ITEMS } from "../invoices/invoice.schema.ts";
import { housekeepingProcedure } from "../trpc.ts";

const limitsOutput = z.object({ burst_per_minute: z.int(), per_hour: z.int(), per_day: z.int() }).nullable();

const capabilitiesOutput = z.object({
  name: z.string(),
  version: z.string(),
  protocols: z.object({ jsonrpc: z.string(), mcp: z.array(z.string()), openapi: z.string() }),
  features: z.array(z.object({ name: z.string(), operations: z.int() })),
  tools: z.array(z.object({ name: z.string(), title: z.string(), description: z.string(), auth: z.enum(["none", "key"]), actions: z.array(z.string()) })),
  operations: z.array(z.object({ method: z.string(), path: z.string(), summary: z.string(), operation_id: z.string(), scope: z.string().nullable() })),
  limits: z.object({
    body_bytes: z.int(),
    page_size: z.object({ min: z.int(), max: z.int(), default: z.int() }),
    name_length: z.object({ min: z.int(), max: z.int() }),
    items_per_invoice: z.int(),
    quantity_decimals: z.int(),
    max_amount: z.int(),
  }),
  tiers: z.record(z.string(), limitsOutput),
  prices: z.array(z.object({ operation: z.string(), usd: z.number(), available: z.boolean() })),
  scopes: z.array(z.string()),
  currencies: z.array(z.object({ code: z.string(), minor_units: z.int() })),
});

export const capabilities = housekeepingProcedure
  .meta({
    openapi: { method: "GET", path: "/capabilities", tags: ["platform"], operationId: "capabilities", summary: "Features, limits, tiers, prices and tools, generated from the code", protect: false },
    tool: {
      name: "svc.capabilities",
      title: "Service capabilities",
      description: "Self-documenting catalog: features, limits, rate-limit tiers, prices, scopes, currencies and every tool with its actions.",
      auth: "none",
      hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
      example: {},
    },
  })
  .input(z.strictObject({}))
  .output(capabilitiesOutput)
  .query(({ ctx }) => {
    const { catalog, services } = ctx;
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
      operations: catalog.operations,
      limits: {
        body_bytes: MAX_BODY_BYTES,
        page_size: { min: 1, max: 100, default: 20 },
        name_length: { min: 1, max: 500 },
        items_per_invoice: MAX_ITEMS,
        quantity_decimals: SCALE_DECIMALS,
        max_amount: MAX_AMOUNT,
      },
      tiers: Object.fromEntries(
        TIER_NAMES.map((tier) => {
          const limits = services.config.tierLimits[tier];
          return [tier, limits ? { burst_per_minute: limits.burst, per_hour: limits.hourly, per_day: limits.daily } : null];
        }),
      ),
      prices: PRICES.map((row) => ({ operation: row.operation, usd: row.usd, available: row.operation_ids.some((id) => available.has(id)) })),
      scopes: [...SCOPES],
      currencies: CURRENCY_CODES.map((code) => ({ code, minor_units: minorUnits(code) })),
    };
  });
