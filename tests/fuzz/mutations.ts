// Hostile changes to a well-shaped input: a field replaced by a wrong type, a boundary number,
// unicode edge cases, a huge or deeply nested value, or an object with prototype-named keys; a
// required field dropped; an unknown or prototype-named key added; a key given twice (only raw JSON
// text can say that); or the whole input replaced. Each names itself for the counterexample.
import fc from "fast-check";
import { DeepValue, entriesOf, RawNumber, RawObject } from "./raw-json.ts";

/** A marker the prototype-polluting values set: the fuzzer checks Object.prototype never gains it. */
export const POLLUTION_MARKER = "fuzz_polluted";

const WRONG_TYPES: unknown[] = [true, false, null, 0, "", [], {}, "true", "null", [1, "a"], { a: 1 }, [[]]];

const BOUNDARY_NUMBERS: unknown[] = [
  0,
  -1,
  1,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  new RawNumber("9007199254740992"),
  new RawNumber("9007199254740993"),
  new RawNumber("-9007199254740993"),
  new RawNumber("123456789012345678901234567890"),
  1e308,
  -1e308,
  new RawNumber("1e400"),
  new RawNumber("-1e400"),
  new RawNumber("-0"),
  new RawNumber("0.0"),
  new RawNumber("1E-7"),
  5e-324,
  0.1,
  1.00005,
  -0.00001,
  123456789.12345,
  "NaN",
  "Infinity",
  "-Infinity",
  "1e3",
  "0x10",
  " 12 ",
  "12abc",
  "-0",
  "",
];

const UNICODE_EDGES: string[] = [
  "\ud800",
  "\udfff",
  "a\ud83d",
  "\udc00\ud800",
  "\u202eevil\u202c",
  "\u200b",
  "\ufeff",
  "a\u0000b",
  "\u0000",
  "e\u0301\u0301\u0301\u0301",
  "Z\u0335\u0327\u031ba\u0337l\u0336g\u0335o\u0336",
  "👨‍👩‍👧‍👦",
  "\u2028\u2029",
  "\ufdfa",
  "İı ß ǅ",
  "שלום עליכם",
  "مرحبا",
  "\r\n\t\v\f",
  " ",
  "<script>alert(1)</script>",
  "'; DROP TABLE invoices;--",
  "%s%n%x",
  "../../etc/passwd",
  "${7*7}{{7*7}}",
  "\\",
  '"',
  "\u001b[31m",
  "\uffff\ufffe",
  "𝕏".repeat(500),
];

/** Big enough to cross the 1 MiB body limit, or to sit just under it, or merely long. */
const HUGE_STRINGS: string[] = ["x".repeat(1_048_576), "é".repeat(400_000), "a".repeat(8_000)];

const DEEP_VALUES: unknown[] = [new DeepValue(1_000, "array"), new DeepValue(1_000, "object"), new DeepValue(20_000, "array")];

const pollutedObject = (): unknown => new RawObject([[POLLUTION_MARKER, "yes"]]);

const PROTOTYPE_VALUES: unknown[] = [
  new RawObject([["__proto__", pollutedObject()]]),
  new RawObject([["constructor", new RawObject([["prototype", pollutedObject()]])]]),
  new RawObject([["prototype", pollutedObject()]]),
  new RawObject([["__proto__", new RawObject([["toString", "x"], ["valueOf", 1]])]]),
  new RawObject([["__proto__", null]]),
];

/** Keys an input never declares: unknown ones, prototype names, and keys that look like paths. */
const STRANGE_KEYS = ["__proto__", "constructor", "prototype", "hasOwnProperty", "toString", "x_unknown", "", "\u0000", "a.b", "items.0", "\ud800"];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  { weight: 4, arbitrary: fc.constantFrom(...BOUNDARY_NUMBERS) },
  { weight: 4, arbitrary: fc.oneof(fc.constantFrom(...UNICODE_EDGES), fc.string({ unit: "binary", maxLength: 16 })) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
  { weight: 1, arbitrary: fc.constantFrom(...DEEP_VALUES) },
  { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_VALUES) },
);

type Path = Array<string | number>;

/** Every field in the value (object entries and array items), down to a few levels. */
function fieldPaths(value: unknown, depth = 0, prefix: Path = []): Path[] {
  if (depth > 4) return [];
  const children: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((item, index) => [index, item]) : (entriesOf(value) ?? []);
  return children.flatMap(([key, child]) => [[...prefix, key], ...fieldPaths(child, depth + 1, [...prefix, key])]);
}

function isContainer(value: unknown): boolean {
  return entriesOf(value) !== null;
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((current, key) => (Array.isArray(current) ? current[key as number] : entriesOf(current)?.find(([name]) => name === key)?.[1]), value);
}

/** The value with `change` applied to what sits at `path`; objects along the way become RawObjects. */
function changedAt(value: unknown, path: Path, change: (current: unknown) => unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return change(value);
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? changedAt(item, rest, change) : item));
  const entries = entriesOf(value);
  if (!entries) return value;
  return new RawObject(entries.map(([key, entry]) => [key, key === head ? changedAt(entry, rest, change) : entry]));
}

function withoutKey(container: unknown, key: string | number): unknown {
  if (Array.isArray(container)) return container.filter((_, index) => index !== key);
  return new RawObject((entriesOf(container) ?? []).filter(([name]) => name !== key));
}

export type Mutation = { name: string; apply(value: unknown): unknown };

/** The field `pick` chooses among the value's fields (wrapping around), or undefined when it has none. */
function pickField(value: unknown, pick: number, keep: (path: Path) => boolean = () => true): Path | undefined {
  const paths = fieldPaths(value).filter(keep);
  return paths[pick % Math.max(paths.length, 1)];
}

function replaceField(pick: number, hostile: unknown): Mutation {
  return {
    name: "replace a field",
    apply(value) {
      const path = pickField(value, pick);
      return path ? changedAt(value, path, () => hostile) : new RawObject([...(entriesOf(value) ?? []), ["x_unknown", hostile]]);
    },
  };
}

function dropField(pick: number): Mutation {
  return {
    name: "drop a field",
    apply(value) {
      const path = pickField(value, pick);
      return path ? changedAt(value, path.slice(0, -1), (container) => withoutKey(container, path.at(-1) as string | number)) : value;
    },
  };
}

function addKey(pick: number, key: string, hostile: unknown): Mutation {
  return {
    name: `add key ${JSON.stringify(key)}`,
    apply(value) {
      const containers: Path[] = [[], ...fieldPaths(value).filter((path) => isContainer(valueAt(value, path)))];
      const path = containers[pick % containers.length] ?? [];
      return changedAt(value, path, (container) => (isContainer(container) ? new RawObject([...(entriesOf(container) ?? []), [key, hostile]]) : container));
    },
  };
}

/** JSON.parse keeps a duplicate key's last value: the hostile one goes last or first, to try both readers. */
function duplicateKey(pick: number, hostile: unknown, hostileLast: boolean): Mutation {
  return {
    name: `duplicate a key (hostile value ${hostileLast ? "last" : "first"})`,
    apply(value) {
      const path = pickField(value, pick, (candidate) => typeof candidate.at(-1) === "string");
      if (!path) return value;
      const key = path.at(-1) as string;
      return changedAt(value, path.slice(0, -1), (container) => {
        const entries = entriesOf(container) ?? [];
        return new RawObject(hostileLast ? [...entries, [key, hostile]] : [[key, hostile], ...entries]);
      });
    },
  };
}

/** One hostile change to whatever value it is given; its name says what, for the report. */
export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(fc.nat(), hostileValue).map(([pick, hostile]) => replaceField(pick, hostile)) },
  { weight: 2, arbitrary: fc.nat().map(dropField) },
  { weight: 2, arbitrary: fc.tuple(fc.nat(), fc.constantFrom(...STRANGE_KEYS), hostileValue).map(([pick, key, hostile]) => addKey(pick, key, hostile)) },
  { weight: 2, arbitrary: fc.tuple(fc.nat(), hostileValue, fc.boolean()).map(([pick, hostile, hostileLast]) => duplicateKey(pick, hostile, hostileLast)) },
  { weight: 1, arbitrary: hostileValue.map((hostile): Mutation => ({ name: "replace the whole input", apply: () => hostile })) },
);
