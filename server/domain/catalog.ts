// What the service offers as svc.capabilities publishes it: the REST operations and the tools, with
// their scopes and prices. The HTTP layer derives it from the router at start (server/http/catalog.ts);
// procedures receive it in their context, so the shape lives here, below both.
import type { PaidOperation } from "./prices.ts";

/** What a paid procedure costs per call without a credential (README "Payments"), and on which inputs. */
export type CatalogPrice = { operation: PaidOperation; usd: number; when: string | null };
export type CatalogTool = {
  name: string;
  title: string;
  description: string;
  auth: "none" | "key";
  actions: string[];
  open_actions: string[];
  scopes: string[];
  paid_actions: (CatalogPrice & { action: string })[];
};
export type CatalogOperation = { method: string; path: string; summary: string; operation_id: string; scope: string | null; price: CatalogPrice | null };
export type Catalog = { tools: CatalogTool[]; operations: CatalogOperation[] };
