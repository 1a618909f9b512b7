// JSON text beyond what JSON.stringify can write: objects with duplicate or prototype-named keys
// (`__proto__` as an own key), numbers as written (`-0`, `1e400`, `9007199254740993`). A fuzzed
// input is a tree of plain values and these markers; every face serializes it with `rawJson`.

/** An object as its entries, in order, duplicates and `__proto__` kept. */
export class RawObject {
  constructor(readonly entries: ReadonlyArray<readonly [string, unknown]>) {}
}

/** A number written exactly as `text` (JSON.stringify would print -0 as 0 and cannot print 1e400). */
export class RawNumber {
  constructor(readonly text: string) {}
}

/** A tree nested `depth` levels deep, built without recursion so any depth is safe to make. */
export class DeepValue {
  constructor(
    readonly depth: number,
    readonly kind: "array" | "object",
  ) {}
}

export function rawJson(value: unknown): string {
  if (value instanceof RawNumber) return value.text;
  if (value instanceof DeepValue) {
    const [open, close] = value.kind === "array" ? ["[", "]"] : ['{"a":', "}"];
    return open.repeat(value.depth) + "1" + close.repeat(value.depth);
  }
  if (value instanceof RawObject) return `{${value.entries.map(([key, entry]) => `${JSON.stringify(key)}:${rawJson(entry)}`).join(",")}}`;
  if (Array.isArray(value)) return `[${value.map(rawJson).join(",")}]`;
  if (value !== null && typeof value === "object") return rawJson(new RawObject(Object.entries(value)));
  // undefined (a dropped field) has no JSON; null stands in, as JSON.stringify does in arrays.
  return JSON.stringify(value) ?? "null";
}

/** The entries of an object-like value (a plain object or a RawObject); null for anything else. */
export function entriesOf(value: unknown): Array<[string, unknown]> | null {
  if (value instanceof RawObject) return value.entries.map(([key, entry]) => [key, entry]);
  if (value === null || typeof value !== "object" || Array.isArray(value) || value instanceof RawNumber || value instanceof DeepValue) return null;
  return Object.entries(value);
}

/**
 * A value as a query parameter or path segment would carry it: text as is, other scalars as their
 * JSON, objects and arrays as JSON text (the REST face parses object parameters as JSON).
 */
export function parameterText(value: unknown): string {
  return typeof value === "string" ? value : rawJson(value);
}

/**
 * Percent-encoding that also carries lone surrogates (encodeURIComponent throws on them): each is
 * written as the three bytes WTF-8 gives it, which a server must refuse or replace, never crash on.
 */
export function percentEncode(text: string): string {
  let encoded = "";
  for (const character of text) {
    const unit = character.charCodeAt(0);
    if (character.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      encoded += `%${(0xe0 | (unit >> 12)).toString(16).toUpperCase()}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (unit & 0x3f)).toString(16).toUpperCase()}`;
    } else encoded += encodeURIComponent(character);
  }
  return encoded;
}
