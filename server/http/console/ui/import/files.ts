// The files a person picked, as the import procedure takes them. The bytes go as they are: UTF-8
// text as text (a third smaller than base64), anything else as base64, so a Windows-1252 CSV or a
// PDF reaches the service byte for byte and the service tells the format and the encoding itself.
import type { Inputs } from "../api.ts";

type ImportInput = Inputs["imports"]["import"];
export type ImportOptions = NonNullable<ImportInput["options"]>;

export type ChosenFile = { name: string; size: number; content: string; encoding: "text" | "base64" };

/** Strict UTF-8 that keeps a byte order mark, so a file read as text encodes back to the very same bytes. */
const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function base64Of(bytes: Uint8Array): string {
  let binary = "";
  // In slices: spreading megabytes into one call overflows the stack.
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

export async function readChosen(file: File): Promise<ChosenFile> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return { name: file.name, size: file.size, content: UTF8.decode(bytes), encoding: "text" };
  } catch {
    return { name: file.name, size: file.size, content: base64Of(bytes), encoding: "base64" };
  }
}

/** The procedure's input: the files read as one import, with the options given. */
export function importInput(files: readonly ChosenFile[], options: ImportOptions): ImportInput {
  return { files: files.map((file) => ({ content: file.content, encoding: file.encoding, file_name: file.name })), options };
}
