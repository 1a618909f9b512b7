// Issue 22's hostile corpus (scripts/redteam/hostile-documents.ts) in the fuzz suite: every file, and
// fast-check's variations of them (another nesting depth, the file cut short, a few bytes changed),
// imported on each face as raw HTTP. No answer may be a 5xx, and every refusal comes in the face's
// error shape with a code of the error table (the limits each names: tests/imports/hostile.test.ts).
import { afterAll, beforeAll, expect, test } from "bun:test";
import fc from "fast-check";
import { HOSTILE_DOCUMENTS, nestedCii, nestedDocx, nestedHtml, nestedJson, nestedUbl, nestedXlsx } from "../../scripts/redteam/hostile-documents.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { FACES, send, type FaceName, type Target, type Transport } from "./faces.ts";
import { fuzzedProcedures } from "./properties.ts";

const SEED = 20_261_129;
const RUNS = 24;
const TRANSPORT: Transport = { body: "json", rpc: "tools/call" };
const importEntry = fuzzedProcedures().find((entry) => entry.path === "imports.import")!;

let server: TestServer;
let target: Target;

beforeAll(async () => {
  server = await startTestServer();
  target = { baseUrl: server.url, key: (await server.account()).key };
});
afterAll(() => server.close());

/** The file imported on the face as a dry run: what went wrong with the answer, if anything. */
async function importOn(face: FaceName, bytes: Uint8Array): Promise<{ status: number; problems: string[] }> {
  const outcome = await send(target, face, importEntry, { content: Buffer.from(bytes).toString("base64"), options: { dry_run: true } }, TRANSPORT);
  if (!outcome) throw new Error("the request could not be sent");
  return { status: outcome.status, problems: outcome.problems };
}

test("every document of the corpus, on every face: refused below 500, in the face's shape", async () => {
  for (const hostile of HOSTILE_DOCUMENTS) {
    const bytes = hostile.bytes();
    for (const face of FACES) expect({ document: hostile.name, face, ...(await importOn(face, bytes)) }).toEqual({ document: hostile.name, face, status: hostile.status, problems: [] });
  }
}, 120_000);

const NESTED = [nestedUbl, nestedCii, nestedHtml, nestedJson, nestedXlsx, nestedDocx];

/** A corpus file, or one of its kind nested to another depth; then maybe cut short and a few bytes changed. */
const variant = fc.record({
  bytes: fc.oneof(
    fc.constantFrom(...HOSTILE_DOCUMENTS).map((hostile) => hostile.bytes()),
    fc.tuple(fc.constantFrom(...NESTED), fc.integer({ min: 1, max: 100_000 })).map(([make, depth]) => make(depth)),
  ),
  cut: fc.option(fc.double({ min: 0.01, max: 0.99, noNaN: true }), { nil: undefined }),
  changes: fc.array(fc.record({ at: fc.double({ min: 0, max: 0.999, noNaN: true }), byte: fc.integer({ min: 0, max: 255 }) }), { maxLength: 4 }),
  face: fc.constantFrom(...FACES),
});

test("variations of the corpus: never a 5xx, every refusal in the face's shape", async () => {
  await fc.assert(
    fc.asyncProperty(variant, async ({ bytes, cut, changes, face }) => {
      const changed = bytes.slice(0, cut === undefined ? bytes.length : Math.max(1, Math.floor(bytes.length * cut)));
      for (const { at, byte } of changes) changed[Math.floor(changed.length * at)] = byte;
      const answer = await importOn(face, changed);
      expect(answer.status).toBeLessThan(500);
      expect(answer.problems).toEqual([]);
    }),
    { seed: SEED, numRuns: RUNS },
  );
}, 120_000);
