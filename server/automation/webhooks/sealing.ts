// Webhook secrets at rest: the endpoint's secret ring (current and, during a rotation's grace, the
// previous secret) sealed with AES-256-GCM under a key derived from SECRET_KEY (HKDF-SHA256), so a
// copy of the database alone signs nothing. WebCrypto only, so Bun and Deno seal alike.
import { base64Url } from "../../domain/signing.ts";
import type { SecretRing } from "../../domain/webhooks.ts";

const utf8 = new TextEncoder();
const SEALED_PREFIX = "v1.";
const IV_BYTES = 12;
const keys = new Map<string, Promise<CryptoKey>>();

function sealingKey(secretKey: string): Promise<CryptoKey> {
  let key = keys.get(secretKey);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", utf8.encode(secretKey), "HKDF", false, ["deriveKey"])
      .then((material) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: utf8.encode("webhook-secrets") },
          material,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    keys.set(secretKey, key);
  }
  return key;
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));
}

export async function sealRing(secretKey: string, ring: SecretRing): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await sealingKey(secretKey), utf8.encode(JSON.stringify(ring))));
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return SEALED_PREFIX + base64Url(out);
}

/** Fails (AES-GCM's tag check) when the text was altered or sealed under another SECRET_KEY. */
export async function openRing(secretKey: string, sealed: string): Promise<SecretRing> {
  if (!sealed.startsWith(SEALED_PREFIX)) throw new Error("Not a sealed webhook secret");
  const bytes = fromBase64Url(sealed.slice(SEALED_PREFIX.length));
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, IV_BYTES) }, await sealingKey(secretKey), bytes.slice(IV_BYTES));
  return JSON.parse(new TextDecoder().decode(plain)) as SecretRing;
}
