// Blobs (rendered files, logos) under DATA_DIR/blobs. Keys are relative paths the service makes
// itself; anything that could climb out of the folder is refused.
import { mkdir, readFile, rm, writeFile, rename } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";

export type BlobStore = {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
};

export function createLocalBlobStore(root: string): BlobStore {
  const base = resolve(root);

  function pathOf(key: string): string {
    const path = resolve(join(base, key));
    if (!/^[A-Za-z0-9._\/-]+$/.test(key) || !path.startsWith(base + sep)) throw new Error(`Invalid blob key: ${key}`);
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
