// HMAC-SHA256 under SECRET_KEY: signed download links (`/files/{id}?exp=…&sig=…`, 403 when tampered
// or expired: ADR 0010 "Downloads") and share tokens. WebCrypto only, so Bun and Deno sign alike.

const utf8 = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", utf8.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(secret, key);
  }
  return key;
}

export function base64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The MAC of `message`, base64url without padding (43 characters). */
export async function hmac(secret: string, message: string): Promise<string> {
  return base64Url(new Uint8Array(await crypto.subtle.sign("HMAC", await keyFor(secret), utf8.encode(message))));
}

/** Compares in time independent of where the strings differ, so a forger learns nothing from timing. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/** What a signed link covers: the path and the expiry, so neither can change without the secret. */
const signedMessage = (path: string, exp: number): string => `${path}\n${exp}`;

/** `path?exp=<unix seconds>&sig=<mac>`. */
export async function signedPath(secret: string, path: string, expiresAt: Date): Promise<string> {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  return `${path}?exp=${exp}&sig=${await hmac(secret, signedMessage(path, exp))}`;
}

export type LinkCheck = "valid" | "expired" | "invalid";

/** A link's signature is checked before its expiry, so a forged link never learns whether it would have expired. */
export async function checkSignedPath(secret: string, path: string, exp: string | null, sig: string | null, now: Date): Promise<LinkCheck> {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return "invalid";
  const expected = await hmac(secret, signedMessage(path, Number(exp)));
  if (!constantTimeEqual(expected, sig)) return "invalid";
  return Number(exp) * 1000 > now.getTime() ? "valid" : "expired";
}
