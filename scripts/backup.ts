// `npm run backup -- [--to DIR]`: a consistent backup of the embedded default while the service
// keeps serving and writing: the database as of one commit (VACUUM INTO), the blobs its rows
// reference (the rule is in backup/blobs.ts), the secret key that signed links and sealed webhook
// secrets depend on, and a manifest with their digests, written last. DIR defaults to
// ./backups/<UTC time>. Reads DATA_DIR and DATABASE_URL like the service; a libSQL server or a
// bucket (BLOB_URL) is refused with exit code 2: those have backups of their own.
import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import packageJson from "../package.json" with { type: "json" };
import { createLocalBlobStore } from "../server/platform/blob-store.ts";
import { loadConfig } from "../server/platform/config.ts";
import { copyReferencedBlobs, referencedBlobs } from "./backup/blobs.ts";
import { Refusal, runScript } from "./backup/cli.ts";
import { integrityProblems, openFile, snapshotDatabase } from "./backup/database.ts";
import { fileSha256, sha256Hex } from "./backup/digest.ts";
import { isNonEmptyFolder, writeFileDurably } from "./backup/folders.ts";
import { embeddedLocation, type EmbeddedLocation } from "./backup/location.ts";
import { BLOBS_DIR, DATABASE_FILE, FORMAT_VERSION, MANIFEST_FILE, SECRET_KEY_FILE, serializeManifest, type Manifest } from "./backup/manifest.ts";

const USAGE = "usage: npm run backup -- [--to DIR]   (DIR defaults to ./backups/<UTC time>)";

/** ./backups/2026-11-21T10-00-00Z: sortable, and without colons, which some file systems refuse. */
function defaultFolder(now: Date): string {
  return join("backups", now.toISOString().replace(/\.\d+Z$/, "Z").replaceAll(":", "-"));
}

function parseOptions(): { to?: string } {
  try {
    return parseArgs({ args: process.argv.slice(2), options: { to: { type: "string" } } }).values;
  } catch (error) {
    throw new Refusal(`${(error as Error).message}\n${USAGE}`);
  }
}

async function snapshotWithChecks(location: EmbeddedLocation, target: string): Promise<Awaited<ReturnType<typeof referencedBlobs>>> {
  const databaseFile = join(target, DATABASE_FILE);
  await snapshotDatabase(location.databasePath, databaseFile);
  const snapshot = openFile(databaseFile);
  try {
    const problems = await integrityProblems(snapshot);
    if (problems.length) throw new Error(`the snapshot fails PRAGMA integrity_check, so the live database is damaged: ${problems.slice(0, 3).join("; ")}`);
    return await referencedBlobs(snapshot);
  } finally {
    snapshot.close();
  }
}

async function copySecretKey(location: EmbeddedLocation, target: string): Promise<Manifest["secret_key"]> {
  if (location.secretKeyFromEnvironment) return { source: "environment" };
  const key = await readFile(location.secretKeyPath).catch(() => null);
  if (!key) throw new Error(`${location.secretKeyPath} is missing: without it signed links and sealed webhook secrets cannot be restored (has the service ever started here?)`);
  await writeFileDurably(join(target, SECRET_KEY_FILE), key, 0o600);
  return { source: "file", file: SECRET_KEY_FILE, sha256: sha256Hex(key) };
}

async function backup(): Promise<string> {
  const options = parseOptions();
  const location = embeddedLocation(loadConfig());
  if (!existsSync(location.databasePath)) throw new Refusal(`no database at ${location.databasePath}: nothing to back up (check DATA_DIR and DATABASE_URL)`);
  const startedAt = new Date();
  const target = resolve(options.to ?? defaultFolder(startedAt));
  if (await isNonEmptyFolder(target)) throw new Refusal(`${target} is not empty: give a new folder with --to`);
  await mkdir(target, { recursive: true });

  const references = await snapshotWithChecks(location, target);
  // After the snapshot, never before: a blob is written before its row, so the snapshot's rows find theirs.
  const blobs = await copyReferencedBlobs(createLocalBlobStore(location.blobsDir), createLocalBlobStore(join(target, BLOBS_DIR)), references, () => new Date());
  const secretKey = await copySecretKey(location, target);
  const database = await fileSha256(join(target, DATABASE_FILE));
  const manifest: Manifest = {
    format: "invoicing-service-backup",
    format_version: FORMAT_VERSION,
    service_version: packageJson.version,
    created_at: startedAt.toISOString(),
    database: { file: DATABASE_FILE, ...database },
    blobs: { count: blobs.files.length, bytes: blobs.files.reduce((sum, file) => sum + file.bytes, 0), files: blobs.files, purged_during_backup: blobs.purged },
    secret_key: secretKey,
  };
  await writeFileDurably(join(target, MANIFEST_FILE), serializeManifest(manifest));
  if (secretKey.source === "environment") console.error("backup: SECRET_KEY is set, so no key file is in the backup: keep SECRET_KEY with it; the restored service needs the same one");
  const purged = blobs.purged.length ? `, ${blobs.purged.length} expired export(s) purged meanwhile` : "";
  return `backed up to ${target}: database ${database.bytes} bytes, ${manifest.blobs.count} blobs (${manifest.blobs.bytes} bytes)${purged}, secret key from ${secretKey.source}`;
}

await runScript("backup", backup);
