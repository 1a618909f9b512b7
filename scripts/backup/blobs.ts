// Which blobs a backup holds, and copying them between blob stores with their digests.
//
// The rule: a backup holds exactly the blobs that rows of its database snapshot reference (exports
// in `files`, template logos), copied after the snapshot was taken. The service writes a blob
// before the row that points at it, so every such blob exists by then, with one exception: the
// purge job deletes an export's row and then its blob once the export has expired, and it may reach
// one after the snapshot. A missing blob is therefore tolerated only when its row had expired by the
// time of the copy (it is named in the manifest; the restored service purges that row in turn);
// any other missing blob fails the backup. Blobs no snapshot row references (orphans, exports whose
// rows were written after the snapshot, health probes) are left out.
import type { Client } from "@libsql/client";
import type { BlobStore } from "../../server/platform/blob-store.ts";
import { logoBlobKey } from "../../server/documents/templates.ts";
import type { StoredLogo } from "../../server/domain/templates.ts";
import { sha256Hex } from "./digest.ts";
import type { BlobEntry } from "./manifest.ts";

/** A blob a row needs; `expiresAt` is set for exports (the purge may delete them), null for logos. */
export type BlobReference = { key: string; expiresAt: string | null };

export async function referencedBlobs(snapshot: Client): Promise<BlobReference[]> {
  const exports = (await snapshot.execute("SELECT blob_key, expires_at FROM files")).rows.map((row) => ({ key: String(row[0]), expiresAt: String(row[1]) }));
  const logos = (await snapshot.execute("SELECT account_id, logo FROM templates WHERE logo IS NOT NULL")).rows.map((row) => ({
    key: logoBlobKey(String(row[0]), JSON.parse(String(row[1])) as StoredLogo),
    expiresAt: null,
  }));
  // One logo used by several templates of an account is one blob.
  const byKey = new Map([...exports, ...logos].map((reference) => [reference.key, reference]));
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
}

export type CopiedBlobs = { files: BlobEntry[]; purged: string[] };

/** Copies what the snapshot references, by the rule above; `now` is read when a blob is found missing. */
export async function copyReferencedBlobs(from: BlobStore, to: BlobStore, references: BlobReference[], now: () => Date): Promise<CopiedBlobs> {
  const copied: CopiedBlobs = { files: [], purged: [] };
  for (const { key, expiresAt } of references) {
    const bytes = await from.get(key);
    if (bytes) {
      await to.put(key, bytes);
      copied.files.push({ key, bytes: bytes.byteLength, sha256: sha256Hex(bytes) });
    } else if (expiresAt !== null && expiresAt <= now().toISOString()) {
      copied.purged.push(key);
    } else {
      throw new Error(`blob ${key} is missing, yet a row of the snapshot needs it${expiresAt ? ` until ${expiresAt}` : ""}: the blob store has lost data`);
    }
  }
  return copied;
}

/** Copies the blobs a manifest lists, each checked against its size and digest before it is written. */
export async function copyListedBlobs(from: BlobStore, to: BlobStore, entries: BlobEntry[]): Promise<void> {
  for (const { key, bytes: size, sha256 } of entries) {
    const bytes = await from.get(key);
    if (!bytes) throw new Error(`blob ${key} is listed in the manifest but missing from the backup`);
    if (bytes.byteLength !== size || sha256Hex(bytes) !== sha256) throw new Error(`blob ${key} does not match its checksum in the manifest: the backup is damaged`);
    await to.put(key, bytes);
  }
}
