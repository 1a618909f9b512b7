// Small file-system steps both scripts take: whether a folder holds anything, durable writes.
import { copyFile, open, readdir, rename } from "node:fs/promises";

export async function isNonEmptyFolder(path: string): Promise<boolean> {
  try {
    return (await readdir(path)).length > 0;
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return false;
    throw error;
  }
}

/** Flushes a file SQLite or copyFile wrote to disk, so a backup reported done survives a power cut. */
export async function syncFile(path: string): Promise<void> {
  const handle = await open(path, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes beside and renames into place once on disk, so `path` is either absent or whole. */
export async function writeFileDurably(path: string, data: string | Uint8Array, mode = 0o644): Promise<void> {
  const aside = `${path}.${crypto.randomUUID()}.tmp`;
  const handle = await open(aside, "w", mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(aside, path);
}

export async function copyFileDurably(from: string, to: string): Promise<void> {
  await copyFile(from, to);
  await syncFile(to);
}
