// Text files as people's tools save them: UTF-8 with or without a byte order mark, UTF-16 with one
// (Excel's "Unicode text"), or a legacy Windows-1252 file (an old Excel CSV) when the bytes are not
// UTF-8. Binary content (control bytes other than tab, CR, LF, form feed) is not text.
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f]/;

function decoded(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** The file as text, or null when it is binary. */
export function decodeText(bytes: Uint8Array): string | null {
  const text = decoded(bytes);
  return CONTROL.test(text.slice(0, 64 * 1024)) ? null : text;
}
