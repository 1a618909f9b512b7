// Prefixed, time-sortable identifiers: a prefix naming the kind, then a ULID, so ids sort in creation
// order. They are not secrets; secrets carry their own 128+ random bits (see secrets.ts).

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export type IdPrefix = "inv" | "itm" | "cli" | "prd" | "key" | "acc" | "his" | "pay" | "fbk" | "tpl" | "fil" | "shr" | "evt" | "whk" | "dlv" | "att" | "msg" | "rec" | "usr" | "ses" | "ivt" | "grt" | "cid";

function encode(value: bigint, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) {
    out = CROCKFORD[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

let lastTime = -1;
let lastEntropy = 0n;

/**
 * A monotonic ULID: 48 bits of milliseconds then 80 random bits, Crockford base32. Within one
 * millisecond (or if the clock steps back) the random part counts up, so ids sort in creation order.
 */
export function ulid(now: number = Date.now()): string {
  if (now <= lastTime) {
    lastEntropy += 1n;
  } else {
    lastTime = now;
    lastEntropy = 0n;
    for (const byte of crypto.getRandomValues(new Uint8Array(10))) lastEntropy = (lastEntropy << 8n) | BigInt(byte);
    lastEntropy >>= 1n; // leave room to count up without overflowing 80 bits
  }
  return encode(BigInt(lastTime), 10) + encode(lastEntropy, 16);
}

export function newId(prefix: IdPrefix, now?: number): string {
  return `${prefix}_${ulid(now)}`;
}
