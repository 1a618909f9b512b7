// `npm run restore -- --from DIR [--data-dir DIR] [--force]`: brings a backup made by
// `npm run backup` back. Everything in the backup is checked first (manifest, the database's and
// every blob's digest); the database is then staged beside its place and must pass PRAGMA
// integrity_check and the migrations check before anything is replaced. A DATA_DIR that holds
// anything is replaced only with --force, and never while a process has its database open (the
// check in backup/database.ts; stop the service first). Exit 0 with a one-line summary; 2 when
// refused as asked, 1 when the backup is bad or the restore failed.
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createLocalBlobStore } from "../server/platform/blob-store.ts";
import { loadConfig } from "../server/platform/config.ts";
import { copyListedBlobs } from "./backup/blobs.ts";
import { Refusal, runScript } from "./backup/cli.ts";
import { databaseInUse, integrityProblems, migrationState, openFile, type MigrationState } from "./backup/database.ts";
import { fileSha256, sha256Hex } from "./backup/digest.ts";
import { copyFileDurably, isNonEmptyFolder, writeFileDurably } from "./backup/folders.ts";
import { embeddedLocation, type EmbeddedLocation } from "./backup/location.ts";
import { BLOBS_DIR, DATABASE_FILE, MANIFEST_FILE, parseManifest, SECRET_KEY_FILE, type Manifest } from "./backup/manifest.ts";

const USAGE = "usage: npm run restore -- --from DIR [--data-dir DIR] [--force]";

type Options = { from: string; dataDir: string | undefined; force: boolean };

function parseOptions(): Options {
  let values: { from?: string; "data-dir"?: string; force?: boolean };
  try {
    values = parseArgs({ args: process.argv.slice(2), options: { from: { type: "string" }, "data-dir": { type: "string" }, force: { type: "boolean" } } }).values;
  } catch (error) {
    throw new Refusal(`${(error as Error).message}\n${USAGE}`);
  }
  if (!values.from) throw new Refusal(`--from is required\n${USAGE}`);
  return { from: resolve(values.from), dataDir: values["data-dir"], force: values.force ?? false };
}

/** The backup's manifest and secret key, once its files match the manifest's digests. */
async function verifiedBackup(folder: string): Promise<{ manifest: Manifest; secretKey: Uint8Array | null }> {
  const text = await readFile(join(folder, MANIFEST_FILE), "utf8").catch(() => null);
  if (text === null) throw new Error(`${folder} has no ${MANIFEST_FILE}: it is not a backup, or its backup was interrupted`);
  const manifest = parseManifest(text);
  const database = await fileSha256(join(folder, DATABASE_FILE)).catch(() => null);
  if (!database) throw new Error(`${folder} has no ${DATABASE_FILE}`);
  if (database.sha256 !== manifest.database.sha256 || database.bytes !== manifest.database.bytes) {
    throw new Error(`${DATABASE_FILE} does not match its checksum in the manifest: the backup is damaged`);
  }
  if (manifest.secret_key.source === "environment") return { manifest, secretKey: null };
  const secretKey = await readFile(join(folder, SECRET_KEY_FILE)).catch(() => null);
  if (!secretKey || sha256Hex(secretKey) !== manifest.secret_key.sha256) throw new Error(`${SECRET_KEY_FILE} is missing or does not match its checksum in the manifest`);
  return { manifest, secretKey };
}

async function refuseUnlessFree(location: EmbeddedLocation, force: boolean): Promise<void> {
  const databaseExists = existsSync(location.databasePath);
  if (!force && (databaseExists || (await isNonEmptyFolder(location.dataDir)))) {
    throw new Refusal(`${location.dataDir} is not empty: restoring replaces its database, blobs and secret key, so say --force if that is meant`);
  }
  if (databaseExists && databaseInUse(location.databasePath)) throw new Refusal(`a process has ${location.databasePath} open: stop the service, then restore`);
}

/** Copies the database to `path` and checks it there: integrity, and migrations this code knows. */
async function stageDatabase(folder: string, path: string): Promise<MigrationState> {
  await mkdir(dirname(path), { recursive: true });
  await copyFileDurably(join(folder, DATABASE_FILE), path);
  const client = openFile(path);
  try {
    const problems = await integrityProblems(client);
    if (problems.length) throw new Error(`the restored database fails PRAGMA integrity_check: ${problems.slice(0, 3).join("; ")}`);
    const migrations = await migrationState(client);
    if (migrations.unknown > 0) throw new Error(`the backup holds ${migrations.unknown} migration(s) this version does not know: restore it with the newer service that made it`);
    return migrations;
  } finally {
    client.close();
  }
}

async function stageBlobs(folder: string, path: string, manifest: Manifest): Promise<void> {
  await rm(path, { recursive: true, force: true });
  await mkdir(path, { recursive: true });
  await copyListedBlobs(createLocalBlobStore(join(folder, BLOBS_DIR)), createLocalBlobStore(path), manifest.blobs.files);
}

/** Stages the database and blobs beside their places, then swaps them in; a failure before the swap leaves the target as it was. */
async function replaceState(folder: string, location: EmbeddedLocation, manifest: Manifest, secretKey: Uint8Array | null): Promise<MigrationState> {
  const staged = { database: `${location.databasePath}.restoring`, blobs: `${location.blobsDir}.restoring` };
  let migrations: MigrationState;
  try {
    migrations = await stageDatabase(folder, staged.database);
    await stageBlobs(folder, staged.blobs, manifest);
  } catch (error) {
    await Promise.all(Object.values(staged).map((path) => rm(path, { recursive: true, force: true })));
    throw error;
  }
  // The old file's write-ahead log would be replayed onto the restored one: it goes first.
  for (const suffix of ["-wal", "-shm", "-journal"]) await rm(`${location.databasePath}${suffix}`, { force: true });
  await rename(staged.database, location.databasePath);
  await rm(location.blobsDir, { recursive: true, force: true });
  await rename(staged.blobs, location.blobsDir);
  if (secretKey) await writeFileDurably(location.secretKeyPath, secretKey, 0o600);
  return migrations;
}

async function restore(): Promise<string> {
  const options = parseOptions();
  const config = loadConfig(options.dataDir ? { ...process.env, DATA_DIR: options.dataDir } : process.env);
  const location = embeddedLocation(config);
  const { manifest, secretKey } = await verifiedBackup(options.from);
  await refuseUnlessFree(location, options.force);
  const migrations = await replaceState(options.from, location, manifest, secretKey);

  const pending = migrations.pending ? `, ${migrations.pending} migration(s) to apply when the service starts` : "";
  const key = secretKey ? "secret key" : "no secret key (it came from SECRET_KEY: start the service with the same one)";
  return `restored the backup of ${manifest.created_at} (service ${manifest.service_version}) into ${location.dataDir}: database ${manifest.database.bytes} bytes${pending}, ${manifest.blobs.count} blobs (${manifest.blobs.bytes} bytes), ${key}`;
}

await runScript("restore", restore);
