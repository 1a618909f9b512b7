// Data directories holding one realistic account each (scripts/seed/realistic.ts), seeded once per
// size and kept under .tmp/bench-data/ for later runs: a million invoices take minutes to seed, the
// measurements seconds. A directory is seeded under another name and renamed when complete, so an
// interrupted seed is never reused. The generator's version is in the name: change SEED_VERSION
// when scripts/seed/realistic.ts changes what it makes.
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { seedNewAccount } from "../seed/realistic.ts";

const SEED_VERSION = 2;
const ROOT = resolve(import.meta.dir, "../../.tmp/bench-data");
const DATABASE_FILE = "invoices.db";
const MARKER = "seeded.json";

export type SeededData = { dataDir: string; databaseFile: string; accountId: string; invoices: number; reused: boolean };

export function seededDataPath(invoices: number): string {
  return join(ROOT, `realistic-${invoices}-v${SEED_VERSION}`);
}

async function seed(dataDir: string, invoices: number): Promise<string> {
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const database = await openDatabase({ url: `file:${join(dataDir, DATABASE_FILE)}` });
  try {
    await migrateDatabase(database);
    const started = performance.now();
    let reported = 0;
    const { accountId } = await seedNewAccount(database, {
      name: `Bench ${invoices.toLocaleString("en")}`,
      tier: "unlimited",
      invoices,
      now: new Date(),
      onProgress(done) {
        if (done - reported < 100_000 && done !== invoices) return;
        reported = done;
        console.log(`  seeded ${done.toLocaleString("en")} invoices (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      },
    });
    // Everything in the main file, so the directory can be copied (into a libSQL server's) as is.
    await database.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    return accountId;
  } finally {
    await database.close();
  }
}

/** The directory for `invoices`, seeded now unless an earlier run completed it. */
export async function seededData(invoices: number): Promise<SeededData> {
  const dataDir = seededDataPath(invoices);
  const databaseFile = join(dataDir, DATABASE_FILE);
  if (existsSync(join(dataDir, MARKER))) {
    const { accountId } = JSON.parse(await readFile(join(dataDir, MARKER), "utf8")) as { accountId: string };
    return { dataDir, databaseFile, accountId, invoices, reused: true };
  }
  const partial = `${dataDir}.partial`;
  const accountId = await seed(partial, invoices);
  await writeFile(join(partial, MARKER), JSON.stringify({ accountId, invoices }));
  await rm(dataDir, { recursive: true, force: true });
  await rename(partial, dataDir);
  return { dataDir, databaseFile, accountId, invoices, reused: false };
}
