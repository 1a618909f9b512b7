// A backup's manifest: what the folder holds and the digests restore checks before touching anything.
// It is written last, so a folder without one is an interrupted backup and never restorable.
import { z } from "zod";

export const MANIFEST_FILE = "manifest.json";
export const DATABASE_FILE = "invoices.db";
export const BLOBS_DIR = "blobs";
export const SECRET_KEY_FILE = "secret.key";

/** Bumped when the folder's layout or the manifest's meaning changes; restore refuses other versions. */
export const FORMAT_VERSION = 1;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const manifestSchema = z.strictObject({
  format: z.literal("invoicing-service-backup"),
  format_version: z.number().int(),
  service_version: z.string(),
  created_at: z.iso.datetime(),
  database: z.strictObject({ file: z.literal(DATABASE_FILE), bytes: z.number().int().nonnegative(), sha256 }),
  blobs: z.strictObject({
    count: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    files: z.array(z.strictObject({ key: z.string().min(1), bytes: z.number().int().nonnegative(), sha256 })),
    /** Keys of expired exports the purge job deleted between the snapshot and their copy (their rows are in the snapshot). */
    purged_during_backup: z.array(z.string()),
  }),
  /** `environment`: SECRET_KEY was set, so no key file is in the backup; the restored service needs the same SECRET_KEY. */
  secret_key: z.discriminatedUnion("source", [
    z.strictObject({ source: z.literal("file"), file: z.literal(SECRET_KEY_FILE), sha256 }),
    z.strictObject({ source: z.literal("environment") }),
  ]),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type BlobEntry = Manifest["blobs"]["files"][number];

export function serializeManifest(manifest: Manifest): string {
  return `${JSON.stringify(manifestSchema.parse(manifest), null, 2)}\n`;
}

/** The manifest in `text`, or an error saying what is wrong with it (restore stops there). */
export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${MANIFEST_FILE} is not JSON`);
  }
  const version = (json as { format_version?: unknown } | null)?.format_version;
  if (typeof version === "number" && version !== FORMAT_VERSION) throw new Error(`${MANIFEST_FILE} has format version ${version}; this service reads version ${FORMAT_VERSION}`);
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${MANIFEST_FILE} is not a backup manifest: ${issue?.path.join(".") || "(root)"}: ${issue?.message}`);
  }
  const { files, count, bytes } = parsed.data.blobs;
  if (files.length !== count || files.reduce((sum, file) => sum + file.bytes, 0) !== bytes) throw new Error(`${MANIFEST_FILE}'s blob count or bytes disagree with its list`);
  return parsed.data;
}
