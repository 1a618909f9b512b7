import { z } from "zod";
import { databaseAnswers, kvRoundTrip } from "../../db/queries/health.ts";
import { housekeepingProcedure } from "../trpc.ts";

async function passes(check: () => Promise<boolean>): Promise<boolean> {
  try {
    return await check();
  } catch {
    return false;
  }
}

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
      timestamp: z.string(),
    }),
  )
  .query(async ({ ctx }) => {
    const { database, blobs, clock } = ctx.services;
    const now = clock.now();
    const [d1, r2, kv] = await Promise.all([
      passes(() => databaseAnswers(database.db)),
      passes(async () => {
        const key = `health/${crypto.randomUUID()}`;
        const probe = new TextEncoder().encode(now.toISOString());
        await blobs.put(key, probe);
        const back = await blobs.get(key);
        await blobs.delete(key);
        return back !== null && new TextDecoder().decode(back) === now.toISOString();
      }),
      passes(() => database.write((tx) => kvRoundTrip(tx, now))),
    ]);
    return { status: d1 && r2 && kv ? ("ok" as const) : ("degraded" as const), version: ctx.services.version, d1, r2, kv, timestamp: now.toISOString() };
  });
