// A logo upload arrives as a data: URL (RFC 2397). This reads its media type and bytes, refusing
// anything that is not one, before any image check runs. A '#' is kept as data rather than cut off
// as a fragment: the URL arrives as a JSON string, never navigated, and unescaped SVG uses '#' for
// colours and local references.
import { logoRefused } from "./refusal.ts";

export type DataUrl = { mediaType: string; bytes: Uint8Array };

const MAX_HEADER = 256;
const DATA_URL = /^data:([^,]*),(.*)$/is;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const ASCII_WHITESPACE = /[\t\n\f\r ]/g;

/** The media type (lower case, no parameters) and decoded bytes; refuses more than `maxBytes`. */
export function decodeDataUrl(url: string, maxBytes: number): DataUrl {
  // Percent-encoding triples a byte at most: a longer URL cannot decode to maxBytes or fewer.
  if (url.length > maxBytes * 3 + MAX_HEADER) throw tooLarge(maxBytes);
  const match = DATA_URL.exec(url.trim());
  if (!match) throw logoRefused("not_data_url", "The logo must be a data: URL (data:image/png;base64,…)");
  const [type = "", ...parameters] = (match[1] ?? "").split(";").map((part) => part.trim().toLowerCase());
  const body = percentDecoded(match[2] ?? "");
  const bytes = parameters.at(-1) === "base64" ? base64Bytes(body, maxBytes) : body;
  if (bytes.length > maxBytes) throw tooLarge(maxBytes);
  return { mediaType: type, bytes };
}

function tooLarge(maxBytes: number): Error {
  return logoRefused("too_large", `The logo is larger than ${maxBytes / 1024 / 1024} MiB`);
}

/** UTF-8 bytes of the body with every %XX escape replaced by its byte. */
function percentDecoded(body: string): Uint8Array {
  const encoded = new TextEncoder().encode(body);
  if (!body.includes("%")) return encoded;
  const out = new Uint8Array(encoded.length);
  let length = 0;
  for (let index = 0; index < encoded.length; index++) {
    const byte = encoded[index] ?? 0;
    const hex = byte === 0x25 ? String.fromCharCode(encoded[index + 1] ?? 0, encoded[index + 2] ?? 0) : "";
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      out[length++] = Number.parseInt(hex, 16);
      index += 2;
    } else {
      out[length++] = byte;
    }
  }
  return out.slice(0, length);
}

function base64Bytes(ascii: Uint8Array, maxBytes: number): Uint8Array {
  const compact = new TextDecoder("latin1").decode(ascii).replace(ASCII_WHITESPACE, "");
  // Refused on the encoded length first, so a huge body is never decoded.
  if (Math.floor((compact.length * 3) / 4) > maxBytes + 2) throw tooLarge(maxBytes);
  if (!BASE64.test(compact) || compact.length % 4 === 1) throw logoRefused("bad_encoding", "The logo's base64 data is corrupt");
  const binary = atob(compact);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
