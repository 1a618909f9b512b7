// Prefixed, time-sortable identifiers (DESIGN: prefix + ULID). They are not secrets; secrets carry
// their own 128+ random bits (see secrets.ts).

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export type IdPrefix = "inv" | "itm" | "cli" | "prd" | "key" | "acc" | "his" | "pay" | "fbk";

function encode(value: bigint, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) {
    out = CROCKFORD[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

/** A ULID: 48 bits of milliseconds then 80 random bits, Crockford base32. */
export function ulid(now: number = Date.now()): string {
  const random = crypto.getRandomValues(new Uint8Array(10));
  let entropy = 0n;
  for (const byte of random) entropy = (entropy << 8n) | BigInt(byte);
  return encode(BigInt(now), 10) + encode(entropy, 16);
}

export function newId(prefix: IdPrefix, now?: number): string {
  return `${prefix}_${ulid(now)}`;
}
