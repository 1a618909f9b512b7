import { z } from "zod";
import { checkHealth } from "../../server/platform/health.ts";
import { housekeepingProcedure } from "../builders.ts";

export const health = housekeepingProcedure
  .meta({
    openapi: { method: "GET", path: "/health", tags: ["platform"], operationId: "health", summary: "Liveness and real checks of the database (d1), blob store (r2) and key-value store (kv)", protect: false },
  })
  .input(z.strictObject({}))
  .output(
    z.object({
      status: z.enum(["ok", "degraded"]),
      version: z.string(),
      d1: z.boolean().describe("the database answers a query"),
      r2: z.boolean().describe("the blob store round-trips a small object"),
      kv: z.boolean().describe("the key-value store answers"),
      timestamp: z.string().describe("when the checks ran (they are shared for one second)"),
    }),
  )
  .query(({ ctx }) => checkHealth(ctx.services));
