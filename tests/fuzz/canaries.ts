// Planted faults the fuzzing properties must catch, served by the real app over a router of their
// own: a refusal after a committed write, an unguarded JSON.parse of caller text, and a naive deep
// merge that lets `constructor.prototype` reach Object.prototype. A property that misses one of
// them could not fail on the real procedures either.
import { z } from "zod";
import { insertFeedback } from "../../db/queries/feedback.ts";
import { router, scopedProcedure } from "../../routers/builders.ts";
import type { ToolMeta } from "../../routers/meta.ts";
import { AppError } from "../../server/domain/errors.ts";
import { newId } from "../../server/domain/ids.ts";

const tool = (name: string): ToolMeta => ({
  name,
  title: name,
  description: "A planted fault for the fuzzer's own test.",
  auth: "key",
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  example: { message: "hello" },
});

const canary = scopedProcedure("invoices:write");
const done = z.object({ ok: z.boolean() });

/** Stores a row, then refuses: exactly the partial write the property looks for. */
const halfWrite = canary
  .meta({ openapi: { method: "POST", path: "/canary/half-write", operationId: "canaryHalfWrite" }, tool: tool("canary.half_write") })
  .input(z.strictObject({ message: z.string().max(100_000) }))
  .output(done)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.services.clock.now();
    const row = { id: newId("fbk", now.getTime()), accountId: ctx.accountId, kind: "other", message: input.message, contact: null, context: null, createdAt: now.toISOString() };
    await ctx.services.database.write((tx) => insertFeedback(tx, row));
    throw new AppError("VALIDATION_ERROR", "Refused after writing", { field: "message", issue: "planted" });
  });

/** Parses the caller's text as JSON without a guard: a SyntaxError becomes a 500. */
const unguardedJson = canary
  .meta({ openapi: { method: "POST", path: "/canary/json", operationId: "canaryJson" }, tool: tool("canary.json") })
  .input(z.strictObject({ message: z.string().max(100_000) }))
  .output(done)
  .mutation(({ input }) => ({ ok: JSON.parse(input.message) !== undefined }));

function naiveMerge(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const key of Object.keys(source)) {
    const value = source[key];
    if (value !== null && typeof value === "object") {
      target[key] ??= {};
      naiveMerge(target[key] as Record<string, unknown>, value as Record<string, unknown>);
    } else target[key] = value;
  }
}

/** Deep-merges the input into a fresh object by key, so `constructor.prototype` walks into Object.prototype. */
const prototypeMerge = canary
  .meta({ openapi: { method: "POST", path: "/canary/merge", operationId: "canaryMerge" }, tool: tool("canary.merge") })
  .input(z.looseObject({}))
  .output(done)
  .mutation(({ input }) => {
    naiveMerge({}, input);
    return { ok: true };
  });

export const canaryRouter = router({ canary: router({ halfWrite, unguardedJson, prototypeMerge }) });
