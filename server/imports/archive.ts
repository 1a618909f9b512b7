// ZIP packages (XLSX, DOCX) opened without trusting them: the central directory is read by hand so
// every entry's declared size is known before a byte is inflated, and inflating stops the moment
// an entry grows past what it declared or past the limits below. A zip bomb (42.zip, a 10 GB sheet
// squeezed into 10 MB) is a 422 naming the entry, never an out-of-memory process.
import { Inflate } from "fflate";
import { AppError } from "../domain/errors.ts";

/** The most one package may unpack to, all entries together. */
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
/** The most entries one package may list. */
export const MAX_ENTRIES = 10_000;
/** Inflate in small steps, so one step can never produce more than a few MB. */
const STEP = 4096;

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
  if (count > MAX_ENTRIES) throw refused("too many entries", `The package lists ${count} entries; at most ${MAX_ENTRIES} are read`);
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
  const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (declared > MAX_UNPACKED_BYTES) {
    throw refused("zip bomb", `The package would unpack to ${declared} bytes; at most ${MAX_UNPACKED_BYTES} are read (a zip bomb?)`);
  }
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

/** Inflates raw DEFLATE data, refusing it the moment it outgrows what its entry declared. */
function inflateBounded(data: Uint8Array, entry: Entry): Uint8Array {
  const out = new Uint8Array(entry.size);
  let written = 0;
  const inflater = new Inflate((chunk) => {
    if (written + chunk.length > entry.size) {
      throw refused("zip bomb", `Entry ${entry.name} unpacks to more than the ${entry.size} bytes it declares (a zip bomb?)`);
    }
    out.set(chunk, written);
    written += chunk.length;
  });
  try {
    for (let at = 0; at < data.length; at += STEP) inflater.push(data.subarray(at, at + STEP), at + STEP >= data.length);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw malformed(`entry ${entry.name} does not inflate (${error instanceof Error ? error.message : String(error)})`);
  }
  if (written !== entry.size) throw malformed(`entry ${entry.name} unpacks to ${written} bytes, not the ${entry.size} it declares`);
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

/** Opens a ZIP package; entries are inflated on demand, each within its declared size. */
export function openPackage(bytes: Uint8Array): Package {
  const entries = new Map(centralDirectory(bytes).map((entry) => [entry.name, entry]));
  const read = (name: string): Uint8Array | null => {
    const entry = entries.get(name);
    if (!entry) return null;
    const data = dataOf(bytes, entry);
    if (entry.method === 0) {
      if (data.length !== entry.size) throw malformed(`stored entry ${name} is ${data.length} bytes, not ${entry.size}`);
      return data;
    }
    if (entry.method !== 8) throw malformed(`entry ${name} uses compression method ${entry.method}`);
    return inflateBounded(data, entry);
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
