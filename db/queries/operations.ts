// Remembered operations: `op:<operation_id>` for revisioned saves, `idem:<key>` for idempotent creates.
import { and, eq, lt, sql } from "drizzle-orm";
import type { Executor } from "../client.ts";
import { placeholdersOf, prepared } from "./prepared.ts";
import { operations } from "../schema/index.ts";

export type StoredOperation = { fingerprint: string; status: number; response: unknown };

export const OPERATION_RETENTION_DAYS = 30;

export async function findOperation(db: Executor, accountId: string, key: string): Promise<StoredOperation | undefined> {
  const statement = prepared(db, "findOperation", () =>
    db
      .select({ fingerprint: operations.fingerprint, status: operations.status, response: operations.response })
      .from(operations)
      .where(and(eq(operations.accountId, sql.placeholder("accountId")), eq(operations.key, sql.placeholder("key"))))
      .prepare(),
  );
  const [row] = await statement.all({ accountId, key });
  return row;
}

export async function saveOperation(db: Executor, params: { accountId: string; key: string; operation: StoredOperation; now: Date }): Promise<void> {
  const row: typeof operations.$inferInsert = {
    accountId: params.accountId,
    key: params.key,
    fingerprint: params.operation.fingerprint,
    status: params.operation.status,
    response: params.operation.response,
    createdAt: params.now.toISOString(),
  };
  await prepared(db, "saveOperation", () => db.insert(operations).values(placeholdersOf(row)).prepare()).run(row);
}

/** Forgets operations older than the retention period; returns how many were dropped. */
export async function purgeOperations(db: Executor, olderThan: Date): Promise<number> {
  const result = await db.delete(operations).where(lt(operations.createdAt, olderThan.toISOString()));
  return result.rowsAffected;
}
