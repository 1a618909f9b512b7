// Blobs (rendered files, logos): under DATA_DIR/blobs by default, or in S3-compatible storage by
// BLOB_URL (blob-store-s3.ts). Keys are relative paths the service makes itself; anything that
// could climb out of the folder or the prefix is refused.
import { mkdir, readFile, rm, writeFile, rename } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";

export type BlobStore = {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
};

/** A storage failure the caller cannot fix: the service answers 503 (server/platform/faults.ts) and health's r2 turns false. */
export class BlobStoreUnavailable extends Error {
  constructor(operation: string, cause: unknown) {
    super(`Blob storage ${operation} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "BlobStoreUnavailable";
  }
}

/** A key as the service makes them: letters, digits, `._-` and `/`, never `..` or a leading `/`. */
export function checkedBlobKey(key: string): string {
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || key.split("/").some((part) => part === "." || part === "..")) throw new Error(`Invalid blob key: ${key}`);
  return key;
}

export function createLocalBlobStore(root: string): BlobStore {
  const base = resolve(root);

  function pathOf(key: string): string {
    const path = resolve(join(base, checkedBlobKey(key)));
    if (!path.startsWith(base + sep)) throw new Error(`Invalid blob key: ${key}`);
    return path;
  }

  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temporary = `${path}.${crypto.randomUUID()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as { code?: string }).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
