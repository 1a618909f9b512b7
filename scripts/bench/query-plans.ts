// EXPLAIN QUERY PLAN of the statements a data access function really issues: the function runs on a
// drizzle handle over a client that records each statement (SQL and arguments) before running it, so
// the plans are of drizzle's own SQL, never a hand-copied text. The handle has no native reader, so
// prepared reads go through the client too (db/queries/prepared.ts).
import type { Client, InStatement } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import type { Executor } from "../../db/client.ts";
import * as schema from "../../db/schema/index.ts";

export type QueryPlan = { sql: string; plan: string[] };

type Recorded = { sql: string; args: unknown[] };

function recorded(statement: InStatement): Recorded {
  if (typeof statement === "string") return { sql: statement, args: [] };
  return { sql: statement.sql, args: Array.isArray(statement.args) ? [...statement.args] : [] };
}

/** The plan's rows as an indented tree, the way the sqlite3 shell prints it. */
function planTree(rows: ReadonlyArray<{ id: number; parent: number; detail: string }>): string[] {
  const depth = new Map<number, number>([[0, -1]]);
  return rows.map((row) => {
    const level = (depth.get(row.parent) ?? -1) + 1;
    depth.set(row.id, level);
    return `${"  ".repeat(level)}${row.detail}`;
  });
}

/** Runs `work` on a recording handle over `client`, then explains every statement it issued. */
export async function plansOf(client: Client, work: (db: Executor) => Promise<unknown>): Promise<QueryPlan[]> {
  const statements: Recorded[] = [];
  const recording = {
    execute(statement: InStatement) {
      statements.push(recorded(statement));
      return client.execute(statement);
    },
  } as unknown as Client;
  await work(drizzle(recording, { schema }));
  const plans: QueryPlan[] = [];
  for (const { sql, args } of statements) {
    const result = await client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: args as never });
    plans.push({ sql, plan: planTree(result.rows.map((row) => ({ id: Number(row.id), parent: Number(row.parent), detail: String(row.detail) }))) });
  }
  return plans;
}
