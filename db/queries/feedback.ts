import type { Executor } from "../client.ts";
import { feedback } from "../schema/index.ts";

export async function insertFeedback(db: Executor, row: typeof feedback.$inferInsert): Promise<void> {
  await db.insert(feedback).values(row);
}
