// Feedback from anyone, with or without a key (platform.feedback): a row for the service's developers
// to read, kept under the caller's account when there is one.
import { insertFeedback } from "../../db/queries/feedback.ts";
import { newId } from "../domain/ids.ts";
import type { Services } from "../services.ts";

export type Feedback = {
  kind: "bug" | "feature" | "other";
  message: string;
  contact?: string;
  context?: Record<string, string | number | boolean | null>;
};

/** Stores one piece of feedback; `accountId` is null when nobody signed the call. */
export async function submitFeedback(services: Services, accountId: string | null, feedback: Feedback): Promise<{ id: string; received_at: string }> {
  const now = services.clock.now();
  const id = newId("fbk", now.getTime());
  const row = {
    id,
    accountId,
    kind: feedback.kind,
    message: feedback.message,
    contact: feedback.contact ?? null,
    context: feedback.context ?? null,
    createdAt: now.toISOString(),
  };
  await services.database.write((tx) => insertFeedback(tx, row));
  return { id, received_at: row.createdAt };
}
