// A procedure's fuzzed inputs, from its own input schema (the JSON Schema the tools face publishes)
// and its tool example: well-shaped values, some ids swapped for real ones of the account so calls
// get past the existence checks, then none, one or two hostile mutations on top.
import fc from "fast-check";
import type { ProcedureEntry } from "../../server/http/procedures.ts";
import { jsonSchema } from "../../server/http/tools.ts";
import { mutation } from "./mutations.ts";
import { entriesOf, RawObject } from "./raw-json.ts";
import { arbitraryFromSchema } from "./schema-arbitrary.ts";

/** Real ids of the fuzzing account, by what they name: "invoice", "client", "share", "delivery"… */
export type IdPools = ReadonlyMap<string, readonly string[]>;

export type FuzzInput = { value: unknown; mutations: string[] };

/** What `id` (and `ids`) means under each REST collection. */
const COLLECTION_STEMS: Record<string, string> = {
  invoices: "invoice",
  exports: "invoice",
  clients: "client",
  products: "product",
  templates: "template",
  recurring: "recurring",
  webhooks: "webhook",
  events: "event",
  imports: "import",
  keys: "key",
  invites: "invite",
  grants: "grant",
  members: "user",
};

/** Which pool a field's ids come from: `client_id` → client, `share_token` → share, `id` → the route's collection. */
export function poolStem(entry: ProcedureEntry, field: string): string | null {
  if (field === "id" || field === "ids") return COLLECTION_STEMS[entry.meta.openapi?.path.split("/")[1] ?? ""] ?? null;
  return /^(.+?)_(?:ids?|token)$/.exec(field)?.[1] ?? null;
}

/** Some of the value's id fields (top level) swapped for real ids from the pools. */
function withRealIds(entry: ProcedureEntry, value: unknown, pools: IdPools): fc.Arbitrary<unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return fc.constant(value);
  const swaps = Object.keys(value).flatMap((field) => {
    const ids = pools.get(poolStem(entry, field) ?? "") ?? [];
    if (ids.length === 0) return [];
    const real = fc.constantFrom(...ids);
    const replacement: fc.Arbitrary<string | string[]> = Array.isArray((value as Record<string, unknown>)[field]) ? fc.array(real, { minLength: 1, maxLength: 3 }) : real;
    return [fc.option(replacement, { nil: undefined }).map((chosen) => [field, chosen] as const)];
  });
  return fc.tuple(...swaps).map((chosen) => ({ ...value, ...Object.fromEntries(chosen.filter(([, id]) => id !== undefined)) }));
}

/**
 * URLs the service may look up (webhook endpoints, brand extraction: a bare host means https): hostile
 * but answerable without DNS or a connection, IP literals and malformed forms only, so a fuzzed
 * call never reaches the network.
 */
const OFFLINE_URLS = [
  "https://203.0.113.10/hooks",
  "http://127.0.0.1:9/",
  "http://[::1]/",
  "http://0x7f.1/",
  "http://169.254.169.254/latest/meta-data/",
  "http://user:pass@127.0.0.1/",
  "https://203.0.113.10:99999/",
  "file:///etc/passwd",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "ftp://203.0.113.10/",
  "203.0.113.10",
  "https://203.0.113.10/\u202e/\u0000",
  "https://[fe80::1%25eth0]/",
  "",
  "https://",
];

const URL_FIELD = /^(?:url|.+_url)$/;

/** The value with every URL field's text replaced by an offline one (the same text always by the same one). */
function offline(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(offline);
  const entries = entriesOf(value);
  if (!entries) return value;
  return new RawObject(entries.map(([key, field]) => [key, URL_FIELD.test(key) && typeof field === "string" ? offlineUrl(field) : offline(field)]));
}

function offlineUrl(text: string): string {
  if (OFFLINE_URLS.includes(text)) return text;
  const pick = [...text].reduce((sum, character) => sum + (character.codePointAt(0) ?? 0), 0);
  return OFFLINE_URLS[pick % OFFLINE_URLS.length] ?? "";
}

/** Well-shaped inputs: generated from the schema, or the tool's own example call (which passes the schema). */
function wellShaped(entry: ProcedureEntry): fc.Arbitrary<unknown> {
  const generated = arbitraryFromSchema(jsonSchema(entry.input, "input"));
  const example = entry.meta.tool?.example;
  return example ? fc.oneof({ weight: 2, arbitrary: generated }, { weight: 1, arbitrary: fc.constant(example) }) : generated;
}

export function inputArbitrary(entry: ProcedureEntry, pools: IdPools): fc.Arbitrary<FuzzInput> {
  const changes = fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 5, arbitrary: fc.tuple(mutation) }, { weight: 2, arbitrary: fc.tuple(mutation, mutation) });
  return fc.tuple(wellShaped(entry).chain((value) => withRealIds(entry, value, pools)), changes).map(([value, applied]) => ({
    value: offline(applied.reduce((current, change) => change.apply(current), value)),
    mutations: applied.map((change) => change.name),
  }));
}
