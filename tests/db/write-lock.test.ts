// A write meeting another connection's lock on the embedded file (another process: a CLI script
// beside the service, a second service process) waits its turn and then commits. The embedded
// driver never resets a statement that failed with SQLITE_BUSY, so a retry on the same connection
// would fail its COMMIT ("SQL statements in progress") until garbage collection freed it.
import { afterAll, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import Libsql from "libsql";
import { openDatabase } from "../../db/client.ts";

const folder = await mkdtemp(join(tmpdir(), "write-lock-"));
afterAll(() => rm(folder, { recursive: true, force: true }));

/** One macrotask: every microtask queued before it (a write's first attempt included) has run. */
const nextMacrotask = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

// Ten rounds: with a connection left holding its failed statement, each round's retries would last
// until a garbage collection (≈1.5 s here), far past the test's timeout.
test("a write that first met another connection's lock commits once that lock is released, round after round", async () => {
  const path = join(folder, "locked.db");
  const database = await openDatabase({ url: `file:${path}` });
  await database.write((tx) => tx.run(sql`CREATE TABLE marks (n INTEGER)`));
  const other = new Libsql(path);
  try {
    for (let round = 0; round < 10; round++) {
      other.exec("BEGIN IMMEDIATE");
      other.exec(`INSERT INTO marks VALUES (${round * 2})`);
      const waiting = database.write((tx) => tx.run(sql`INSERT INTO marks VALUES (${round * 2 + 1})`));
      await nextMacrotask();
      other.exec("COMMIT");
      await waiting;
    }
    expect(other.prepare("SELECT count(*) AS n FROM marks").get()).toMatchObject({ n: 20 });
  } finally {
    other.close();
    await database.close();
  }
});
