// What the service offers, derived from the router at start (never hand-kept): the REST operations
// and the tools. svc.capabilities publishes it.
import type { Catalog, CatalogPrice, CatalogTool } from "../domain/catalog.ts";
import { PAID_OPERATIONS } from "../domain/prices.ts";
import type { Meta } from "../../routers/meta.ts";
import type { ProcedureEntry } from "./procedures.ts";
import { actionLabel, type Tool, type ToolRegistry } from "./tools.ts";

export const REST_PREFIX = "/api";

export function priceOf(meta: Meta): CatalogPrice | null {
  const price = meta.price;
  return price ? { operation: price.operation, usd: Number(PAID_OPERATIONS[price.operation].usd), when: price.when ?? null } : null;
}

/** A tool's paid actions, named as the catalogs name actions (the tool's own name for a single-procedure tool). */
export function paidActions(tool: Tool): CatalogTool["paid_actions"] {
  return tool.actions.flatMap((entry) => {
    const price = priceOf(entry.procedure.meta);
    return price ? [{ action: entry.action === null ? tool.name : actionLabel(entry), ...price }] : [];
  });
}

export function buildCatalog(procedures: readonly ProcedureEntry[], registry: ToolRegistry): Catalog {
  return {
    tools: registry.tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      auth: tool.auth,
      actions: tool.actions.filter((entry) => entry.action !== null).map(actionLabel),
      open_actions: tool.actions.filter((entry) => !entry.access.keyRequired).map((entry) => (entry.action === null ? tool.name : actionLabel(entry))),
      scopes: [...new Set(tool.actions.flatMap((entry) => (entry.access.scope ? [entry.access.scope] : [])))].sort(),
      paid_actions: paidActions(tool),
    })),
    operations: procedures.flatMap((entry) => {
      const openapi = entry.meta.openapi;
      if (!openapi) return [];
      return [
        {
          method: openapi.method,
          path: REST_PREFIX + openapi.path,
          summary: openapi.summary ?? "",
          operation_id: openapi.operationId ?? entry.path,
          scope: entry.meta.scope ?? null,
          price: priceOf(entry.meta),
        },
      ];
    }),
  };
}
