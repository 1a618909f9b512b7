import { z } from "zod";
import * as feedback from "../../server/accounts/feedback.ts";
import { publicProcedure } from "../builders.ts";

/** Feedback is open to anyone: its context stays flat and small, so it cannot fill the database or the CPU. */
const MAX_CONTEXT_KEYS = 20;

export const submitFeedback = publicProcedure
  .meta({
    openapi: { method: "POST", path: "/feedback", tags: ["platform"], operationId: "submitFeedback", summary: "Report a bug or ask for a feature (no key needed)", protect: false },
    successStatus: 201,
    tool: {
      name: "svc.feedback",
      title: "Send feedback",
      description: "Send a bug report or feature request to the service's developers.",
      auth: "none",
      hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
      example: { kind: "bug", message: "Long item descriptions are cut in the PDF" },
    },
  })
  .input(
    z.strictObject({
      kind: z.enum(["bug", "feature", "other"]).default("other"),
      message: z.string().trim().min(1).max(10_000),
      contact: z.string().max(320).optional().describe("how to reach you, if you want an answer"),
      context: z
        .record(z.string().max(100), z.union([z.string().max(2_000), z.number(), z.boolean(), z.null()]))
        .refine((value) => Object.keys(value).length <= MAX_CONTEXT_KEYS, `at most ${MAX_CONTEXT_KEYS} entries`)
        .optional()
        .describe("flat facts that help: tool, request id, version (strings, numbers, booleans)"),
    }),
  )
  .output(z.object({ id: z.string(), received_at: z.string() }))
  .mutation(({ ctx, input }) => feedback.submitFeedback(ctx.services, ctx.principal?.accountId ?? null, input));
