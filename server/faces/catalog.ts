// What the service offers, derived from the router at start (never hand-kept): the REST operations
// and the tools. svc.capabilities publishes it.
import type { ProcedureEntry } from "./procedures.ts";
import { actionLabel, type ToolRegistry } from "./tools.ts";

export type CatalogTool = { name: string; title: string; description: string; auth: "none" | "key"; actions: string[]; open_actions: string[]; scopes: string[] };
export type CatalogOperation = { method: string; path: string; summary: string; operation_id: string; scope: string | null };
export type Catalog = { tools: CatalogTool[]; operations: CatalogOperation[] };

export const REST_PREFIX = "/api";

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
        },
      ];
    }),
  };
}
