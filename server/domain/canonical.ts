// Canonical JSON (sorted keys, no undefined) so that "the same payload" means the same bytes, whatever
// order a client wrote its fields in. Used to fingerprint operations and idempotent creates.
import { sha256Hex } from "./secrets.ts";

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
}

export function fingerprint(value: unknown): Promise<string> {
  return sha256Hex(canonicalJson(value));
}
