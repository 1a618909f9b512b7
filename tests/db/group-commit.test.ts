// Group commit (db/client.ts, ADR 0044): the writes that wait while a transaction commits go
// together in the next one, a savepoint each. What a caller relies on still holds for each write:
// it is answered only once its rows are committed (another connection sees them), a failure undoes
// its own rows and no one else's, and writes take effect in the order they were asked for.
import { afterAll, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import Libsql from "libsql";
import { openDatabase, type Database } from "../../db/client.ts";

const folder = await mkdtemp(join(tmpdir(), "group-commit-"));
afterAll(() => rm(folder, { recursive: true, force: true }));

async function withTable(name: string, run: (database: Database, other: Libsql.Database) => Promise<void>): Promise<void> {
  const path = join(folder, `${name}.db`);
  const database = await openDatabase({ url: `file:${path}` });
  await database.write((tx) => tx.run(sql`CREATE TABLE marks (n INTEGER PRIMARY KEY, writer INTEGER NOT NULL)`));
  const other = new Libsql(path);
  try {
    await run(database, other);
  } finally {
    other.close();
    await database.close();
  }
}

test("each of 100 concurrent writes is answered only once another connection sees its rows", () =>
  withTable("acknowledged", async (database, other) => {
    const seen = await Promise.all(
      Array.from({ length: 100 }, async (_, writer) => {
        await database.write(async (tx) => {
          await tx.run(sql`INSERT INTO marks (n, writer) VALUES (${writer * 2}, ${writer})`);
          await tx.run(sql`INSERT INTO marks (n, writer) VALUES (${writer * 2 + 1}, ${writer})`);
        });
        return (other.prepare("SELECT count(*) AS n FROM marks WHERE writer = ?").get(writer) as { n: number }).n;
      }),
    );
    expect(seen).toEqual(Array.from({ length: 100 }, () => 2));
  }));

test("a write that fails among others undoes its own rows only, and its caller gets its error", () =>
  withTable("isolated", async (database, other) => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, writer) =>
        database.write(async (tx) => {
          await tx.run(sql`INSERT INTO marks (n, writer) VALUES (${1000 + writer}, ${writer})`);
          // Every third write breaks a constraint after writing a row of its own.
          if (writer % 3 === 0) await tx.run(sql`INSERT INTO marks (n, writer) VALUES (${1000 + writer}, ${writer})`);
          return writer;
        }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array.from({ length: 30 }, (_, writer) => (writer % 3 === 0 ? "rejected" : "fulfilled")));
    // drizzle names the query; the driver's error, its cause, names the constraint.
    for (const outcome of outcomes) if (outcome.status === "rejected") expect(String((outcome.reason as Error).cause)).toMatch(/UNIQUE constraint failed/);
    const kept = (other.prepare("SELECT writer FROM marks ORDER BY writer").all() as Array<{ writer: number }>).map((row) => row.writer);
    expect(kept).toEqual(Array.from({ length: 30 }, (_, writer) => writer).filter((writer) => writer % 3 !== 0));
  }));

test("writes take effect in the order they were asked for: each sees those before it", () =>
  withTable("ordered", async (database) => {
    const counts = await Promise.all(
      Array.from({ length: 50 }, (_, writer) =>
        database.write(async (tx) => {
          const [row] = await tx.all<{ n: number }>(sql`SELECT count(*) AS n FROM marks`);
          await tx.run(sql`INSERT INTO marks (n, writer) VALUES (${writer}, ${writer})`);
          return row?.n;
        }),
      ),
    );
    expect(counts).toEqual(Array.from({ length: 50 }, (_, writer) => writer));
  }));
