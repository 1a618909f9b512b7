// Where the embedded default keeps its state, from the same configuration the service reads. Only
// the embedded file and local blobs are backed up here: a libSQL server or a bucket has its own.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Config } from "../../server/platform/config.ts";
import { Refusal } from "./cli.ts";
import { BLOBS_DIR, SECRET_KEY_FILE } from "./manifest.ts";

export type EmbeddedLocation = {
  dataDir: string;
  databasePath: string;
  /** Mirrors server/platform/blob-store.ts, which keeps blobs in DATA_DIR/blobs when BLOB_URL is unset. */
  blobsDir: string;
  secretKeyPath: string;
  /** SECRET_KEY is set: the key file is not what signs (it may not even exist). */
  secretKeyFromEnvironment: boolean;
};

/** The database file a `file:` URL names (file:data/x.db, file:///abs/x.db, file://localhost/abs/x.db). */
export function databaseFilePath(url: string): string | null {
  if (!url.startsWith("file:") || /[?#]/.test(url) || url === "file::memory:") return null;
  return url.startsWith("file://") ? fileURLToPath(url) : url.slice("file:".length);
}

/** The embedded state of `config`, or a Refusal when the service is set up beyond one machine. */
export function embeddedLocation(config: Config): EmbeddedLocation {
  const databasePath = databaseFilePath(config.databaseUrl);
  if (!databasePath) {
    throw new Refusal(
      `DATABASE_URL is not an embedded file (${config.databaseUrl.replace(/\/\/[^@/]*@/, "//…@")}): back up a libSQL server with its own tools ` +
        "(sqld snapshots, Turso point-in-time restore); this script covers the embedded default only",
    );
  }
  if (config.blobs) {
    throw new Refusal("BLOB_URL is set: blobs live in a bucket, so back them up there (S3 or R2 versioning, bucket replication); this script covers local blobs only");
  }
  return {
    dataDir: config.dataDir,
    databasePath,
    blobsDir: join(config.dataDir, BLOBS_DIR),
    secretKeyPath: join(config.dataDir, SECRET_KEY_FILE),
    secretKeyFromEnvironment: config.secretKey !== undefined,
  };
}
