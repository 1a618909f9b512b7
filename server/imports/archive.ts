// ZIP packages (XLSX, DOCX) opened without trusting them, within the zip budget
// (server/domain/document-budgets.ts): the central directory is read by hand, so a package listing
// too many entries or declaring more than the budget is refused before a byte is inflated; then,
// since declared sizes lie, the inflated bytes themselves are counted, one entry's and the
// package's running total, inflating told to stop one byte past what both still allow (413 naming
// the limit). An entry whose bytes differ from what it declared is a 422. A zip bomb (42.zip, a
// 150 MB cell squeezed into 150 KB) is refused at 32 MiB, never an out-of-memory process.
import { inflateRawSync } from "node:zlib";
import { DOCUMENT_BUDGETS, overBudget } from "../domain/document-budgets.ts";
import { AppError } from "../domain/errors.ts";

type Entry = { name: string; method: number; compressedSize: number; size: number; localOffset: number };

function refused(issue: string, message: string): AppError {
  return new AppError("VALIDATION_ERROR", message, { field: "content", issue });
}

const malformed = (what: string) => refused("malformed zip", `The file is not a readable ZIP package: ${what}`);

/** The End Of Central Directory record: searched backwards over the comment (at most 64 KiB). */
function endRecord(view: DataView): number {
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === 0x06054b50) return at;
  }
  throw malformed("no end of central directory");
}

function centralDirectory(bytes: Uint8Array): Entry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endRecord(view);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (count === 0xffff || at === 0xffffffff) throw malformed("ZIP64 packages are not read");
  if (count > DOCUMENT_BUDGETS.zip.entries) throw overBudget("zip", "entries", count, "The package");
  const decoder = new TextDecoder();
  const entries: Entry[] = [];
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.byteLength || view.getUint32(at, true) !== 0x02014b50) throw malformed("a broken central directory");
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    entries.push({
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  const largest = entries.reduce((found, entry) => (entry.size > found.size ? entry : found), entries[0] ?? { name: "", size: 0 });
  if (largest.size > DOCUMENT_BUDGETS.zip.entryBytes) throw overBudget("zip", "entryBytes", largest.size, `Entry ${largest.name} (as declared)`);
  const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (declared > DOCUMENT_BUDGETS.zip.unpackedBytes) throw overBudget("zip", "unpackedBytes", declared, "The package (as declared)");
  return entries;
}

function dataOf(bytes: Uint8Array, entry: Entry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.byteLength || view.getUint32(at, true) !== 0x04034b50) throw malformed(`a broken entry ${entry.name}`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.byteLength) throw malformed(`entry ${entry.name} runs past the end of the file`);
  return bytes.subarray(start, start + entry.compressedSize);
}

/** The package's inflated bytes so far, all entries read together. */
type Unpacked = { bytes: number };

/** Adds an entry's actual bytes to the package's; past either limit, refused (413 naming it). */
function count(entry: Entry, bytes: number, unpacked: Unpacked): void {
  if (bytes > DOCUMENT_BUDGETS.zip.entryBytes) throw overBudget("zip", "entryBytes", bytes, `Entry ${entry.name}`);
  unpacked.bytes += bytes;
  if (unpacked.bytes > DOCUMENT_BUDGETS.zip.unpackedBytes) throw overBudget("zip", "unpackedBytes", unpacked.bytes, "The package");
}

/**
 * Inflates raw DEFLATE data natively (node:zlib: fflate's streaming inflate took 2 s for 32 MiB),
 * told to stop one byte past what the budget still allows, so the actual bytes, not what the entry
 * declares, meet the limit, and never more than it is ever held.
 */
function inflateBounded(data: Uint8Array, entry: Entry, unpacked: Unpacked): Uint8Array {
  const allowed = Math.min(DOCUMENT_BUDGETS.zip.entryBytes, DOCUMENT_BUDGETS.zip.unpackedBytes - unpacked.bytes);
  let out: Uint8Array;
  try {
    out = inflateRawSync(data, { maxOutputLength: allowed + 1 });
  } catch (error) {
    // Past maxOutputLength zlib stops with ERR_BUFFER_TOO_LARGE; anything else is broken data.
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") count(entry, allowed + 1, unpacked);
    throw malformed(`entry ${entry.name} does not inflate (${error instanceof Error ? error.message : String(error)})`);
  }
  count(entry, out.length, unpacked);
  if (out.length !== entry.size) throw refused("zip bomb", `Entry ${entry.name} unpacks to ${out.length} bytes, not the ${entry.size} it declares (a zip bomb?)`);
  return out;
}

export type Package = {
  /** Every entry's name, in the package's order. */
  names: readonly string[];
  /** An entry's bytes, or null when the package has no such entry. */
  read(name: string): Uint8Array | null;
  /** An entry as UTF-8 text (a byte order mark dropped), or null. */
  text(name: string): string | null;
};

/** Opens a ZIP package; entries are inflated on demand, their bytes counted against the zip budget. */
export function openPackage(bytes: Uint8Array): Package {
  const entries = new Map(centralDirectory(bytes).map((entry) => [entry.name, entry]));
  const unpacked: Unpacked = { bytes: 0 };
  const read = (name: string): Uint8Array | null => {
    const entry = entries.get(name);
    if (!entry) return null;
    const data = dataOf(bytes, entry);
    if (entry.method === 0) {
      count(entry, data.length, unpacked);
      if (data.length !== entry.size) throw malformed(`stored entry ${name} is ${data.length} bytes, not ${entry.size}`);
      return data;
    }
    if (entry.method !== 8) throw malformed(`entry ${name} uses compression method ${entry.method}`);
    return inflateBounded(data, entry, unpacked);
  };
  return {
    names: [...entries.keys()],
    read,
    text(name) {
      const data = read(name);
      return data === null ? null : new TextDecoder().decode(data).replace(/^\uFEFF/, "");
    },
  };
}

/** Whether the bytes start like a ZIP package (a local file header). */
export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}
