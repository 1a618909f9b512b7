// A bench-only procedure that touches no storage: what each face (REST, tRPC, JSON-RPC/MCP) and the
// middleware chain cost by themselves. Merged into the app router by serve.ts only; never shipped.
import { z } from "zod";
import { appRouter } from "../../routers/index.ts";
import { housekeepingProcedure, mergeRouters, router } from "../../routers/builders.ts";

const echoShape = z.strictObject({ message: z.string().max(200) });

const echo = housekeepingProcedure
  .meta({
    openapi: { method: "GET", path: "/bench/echo", tags: ["bench"], operationId: "benchEcho", summary: "Echo the message (benchmark only)" },
    tool: {
      name: "bench.echo",
      title: "Echo",
      description: "Returns its input (benchmark only).",
      auth: "none",
      hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
      example: { message: "hello" },
    },
  })
  .input(echoShape)
  .output(echoShape)
  .query(({ input }) => ({ message: input.message }));

export const benchRouter = mergeRouters(appRouter, router({ bench: router({ echo }) }));
