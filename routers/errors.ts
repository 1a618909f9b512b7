// Any failure, as the one error table's AppError: what every face answers with, whether it was raised
// by a procedure, by tRPC's input parsing, or by a part the service stands on.
import { TRPCError } from "@trpc/server";
import { AppError, codeForTrpcCode } from "../server/domain/errors.ts";
import { errorFromIssues, type SchemaIssue } from "../server/domain/validation.ts";
import { failedPart, unavailable } from "../server/platform/faults.ts";

function issuesOf(cause: unknown): SchemaIssue[] | null {
  const issues = (cause as { issues?: unknown } | null)?.issues;
  return Array.isArray(issues) ? (issues as SchemaIssue[]) : null;
}

/**
 * Any failure as our AppError: domain errors pass through, the input's schema issues get the spec's
 * codes, a part the service stands on failing is 503 (server/platform/faults.ts). Anything else keeps only its
 * code and the table's message: an output that fails its schema is our fault (500), and a runtime's
 * own message is not for callers.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const part = failedPart(error);
  if (part) return unavailable(part);
  if (error instanceof TRPCError) {
    if (error.cause instanceof AppError) return error.cause;
    const issues = issuesOf(error.cause);
    if (issues && error.code === "BAD_REQUEST") return errorFromIssues(issues);
    return new AppError(codeForTrpcCode(error.code));
  }
  return new AppError("INTERNAL_ERROR");
}
