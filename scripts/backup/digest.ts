// SHA-256 digests, hex, of bytes in memory and of a file read in pieces (a database may be large).
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";

export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export async function fileSha256(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).byteLength;
  }
  return { sha256: hash.digest("hex"), bytes };
}
