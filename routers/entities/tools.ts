// entities.query and entities.mutate: one tool each over the client and product procedures,
// dispatched on {entity, action} (DESIGN "One source").
import type { ToolFamily } from "../meta.ts";

export const ENTITIES_QUERY_TOOL: ToolFamily = {
  name: "entities.query",
  title: "Query clients and products",
  description: "List (with q search) or get clients and products.",
  auth: "none",
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
};

export const ENTITIES_MUTATE_TOOL: ToolFamily = {
  name: "entities.mutate",
  title: "Change clients and products",
  description: "Create, update or delete clients and products.",
  auth: "key",
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
};
