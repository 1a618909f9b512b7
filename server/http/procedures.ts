// Reads the router once at start: every procedure with its path, meta and zod schemas. The REST and
// JSON-RPC faces, the OpenAPI document and the capabilities catalog are all built from this list.
import type { AnyProcedure, AnyRouter } from "@trpc/server";
import type { z } from "zod";
import type { Context } from "../../routers/context.ts";
import type { Meta } from "../../routers/meta.ts";

export type ProcedureEntry = {
  path: string;
  type: "query" | "mutation";
  meta: Meta;
  input: z.ZodObject;
  output: z.ZodType;
  /**
   * Runs the procedure with its middlewares and input/output validation, as tRPC itself would. The
   * input may be a promise: it is awaited only when the procedure reads it, after authentication.
   */
  call(ctx: Context, input: unknown, signal?: AbortSignal): Promise<unknown>;
};

type ProcedureDef = { type: string; meta?: Meta; inputs: unknown[]; output?: unknown };

export function listProcedures(router: AnyRouter): ProcedureEntry[] {
  const procedures = router._def.procedures as Record<string, AnyProcedure>;
  return Object.entries(procedures).map(([path, procedure]) => {
    const def = procedure._def as unknown as ProcedureDef;
    const input = def.inputs[0] as z.ZodObject | undefined;
    if (!input || def.output === undefined) throw new Error(`Procedure ${path} must declare .input() and .output()`);
    if (def.type !== "query" && def.type !== "mutation") throw new Error(`Procedure ${path}: subscriptions are not exposed`);
    const type = def.type;
    return {
      path,
      type,
      meta: def.meta ?? {},
      input,
      output: def.output as z.ZodType,
      call: (ctx, raw, signal) =>
        (procedure as unknown as (options: object) => Promise<unknown>)({
          ctx,
          path,
          type,
          getRawInput: () => Promise.resolve(raw),
          signal,
          batchIndex: 0,
        }),
    };
  });
}
