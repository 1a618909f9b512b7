// The tenant matrix (issue 12): every procedure of the router × {no credential, an invalid key, a
// revoked key, a revoked agent's token, a key without the scope, another account on the owner's
// resource, an agent without the grant} × every face it has (REST, tRPC, MCP tools/call, JSON-RPC by tool name), each answer held
// to the status and code the access rules give (ADRs 0005, 0006), and no answer to anyone but the
// owner carrying the owner's data. The procedures come from the router itself: one without an entry in
// matrix-entries.ts, or an entry whose procedure is gone, fails by name.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { appRouter } from "../../routers/index.ts";
import type { Meta } from "../../routers/meta.ts";
import { ERROR_TABLE, type ErrorCode } from "../../server/domain/errors.ts";
import { isScope } from "../../server/domain/scopes.ts";
import { listProcedures, type ProcedureEntry } from "../../server/http/procedures.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { callFace, FACES, hasFace, type FaceName, type Observed } from "./matrix-faces.ts";
import { MATRIX_ENTRIES, type MatrixEntry } from "./matrix-entries.ts";
import { buildWorld, type Credential, type World } from "./matrix-world.ts";

const PROCEDURES = listProcedures(appRouter);

const CASES = ["no credential", "invalid key", "revoked key", "revoked agent token", "wrong scope", "other account", "agent without grant"] as const;
type CaseName = (typeof CASES)[number];

/** A refusal with its status and code from the one error table, or "admitted" (any 2xx). */
type Expected = { code: ErrorCode; payment: boolean } | "admitted";
type Plan = { credential: Credential; expected: Expected };

const refused = (code: ErrorCode, payment = false): Expected => ({ code, payment });

/** The guard the router's meta says a procedure has, in the table's words. */
function guardOf(meta: Meta): string {
  if (meta.price) return "priced";
  if (meta.principals) {
    // A session-only procedure that also needs a scope has no word in the table yet: it fails until one is added.
    const only = meta.principals.join("+");
    return only === "session" && !meta.scope ? "session" : `${only} only, holding ${meta.scope ?? "any scope"}`;
  }
  if (meta.scope) return meta.scope;
  if (meta.keyRequired) return "any-key";
  return meta.unmetered ? "housekeeping" : "open";
}

/** What one case expects of a procedure, with the credential it calls with; null where it does not apply. */
function planFor(entry: MatrixEntry, name: CaseName, world: World): Plan | null {
  const { guard, tenancy } = entry;
  const { credentials } = world;
  const opensWithout = guard === "open" || guard === "housekeeping";
  switch (name) {
    case "no credential":
      // An open procedure works only on what it is given; anything stored needs a credential (ADR 0010).
      if (guard === "priced") return { credential: null, expected: refused("PAYMENT_REQUIRED", true) };
      return { credential: null, expected: opensWithout && tenancy !== "resource" ? "admitted" : refused("UNAUTHORIZED") };
    case "invalid key":
      return { credential: { bearer: credentials.unknownKey }, expected: refused("UNAUTHORIZED") };
    case "revoked key":
      return { credential: { bearer: credentials.revokedKey }, expected: refused("UNAUTHORIZED") };
    case "revoked agent token":
      return { credential: { bearer: credentials.revokedAgent }, expected: refused("UNAUTHORIZED") };
    case "wrong scope":
      // A session-only procedure refuses a key holding every scope: a person's own things are no key's business.
      if (guard === "session") return { credential: { bearer: credentials.fullKey }, expected: refused("FORBIDDEN") };
      return isScope(guard) ? { credential: { bearer: credentials.keyWithout[guard] }, expected: refused("FORBIDDEN") } : null;
    case "agent without grant":
      if (guard === "session") return { credential: { bearer: credentials.fullAgent }, expected: refused("FORBIDDEN") };
      return isScope(guard) ? { credential: { bearer: credentials.agentWithout[guard] }, expected: refused("FORBIDDEN") } : null;
    case "other account": {
      if (tenancy === "token" || tenancy === "none") return null;
      const credential = guard === "session" ? { cookie: credentials.strangerCookie } : { bearer: credentials.strangerKey };
      return { credential, expected: tenancy === "account" ? "admitted" : refused(entry.foreign ?? "FORBIDDEN") };
    }
  }
}

/** The owner's secrets in an answer to someone else, leaving out those the request itself carried. */
function leaked(observed: Observed, world: World, input: Record<string, unknown>): string[] {
  const sent = JSON.stringify(input);
  return world.secrets.filter((secret) => !sent.includes(secret) && observed.text.includes(secret));
}

/** What is wrong with one answer (empty when it is as expected). */
function problemsOf(observed: Observed, expected: Expected, face: FaceName): string[] {
  if (expected === "admitted") return observed.status >= 200 && observed.status < 300 && observed.code === null ? [] : [`expected a 2xx, got ${observed.status} ${observed.code}`];
  const want = `${ERROR_TABLE[expected.code].status} ${expected.code}`;
  const problems = observed.status === ERROR_TABLE[expected.code].status && observed.code === expected.code ? [] : [`expected ${want}, got ${observed.status} ${observed.code}`];
  if (expected.payment && !observed.paymentRequirements) problems.push("402 without x402 payment requirements");
  // REST and /api/mcp (both its styles) challenge a missing credential, so OAuth clients start by themselves.
  if (face !== "trpc" && expected.code === "UNAUTHORIZED" && !observed.challenge?.startsWith("Bearer")) problems.push(`401 without a Bearer challenge (WWW-Authenticate: ${observed.challenge})`);
  return problems;
}

function entryFor(path: string): MatrixEntry {
  const entry = MATRIX_ENTRIES[path];
  if (!entry) throw new Error(`${path} has no entry in tests/security/matrix-entries.ts: add one saying its guard, tenancy and a valid input`);
  return entry;
}

let server: TestServer;
let world: World;
let assertions = 0;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      // Hundreds of anonymous and failed-credential calls from 127.0.0.1: the matrix is about refusals, not throttling.
      RATE_LIMIT_ANONYMOUS: "100000,1000000,10000000",
      // x402 configured, so a priced call without a credential names what to pay (no facilitator is asked before a payment arrives).
      X402_PAY_TO: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
      X402_NETWORK: "eip155:84532",
      X402_FACILITATOR_URL: "http://127.0.0.1:59998",
      // The owner's webhook points at a closed local port; no delivery is ever run.
      WEBHOOK_ALLOW_HTTP: "true",
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
    },
  });
  world = await buildWorld(server);
});
afterAll(async () => {
  console.info(`tenant matrix: ${assertions} (procedure × case × face) assertions over ${PROCEDURES.length} procedures`);
  await server.close();
});

describe("tenant matrix: the table and the router agree", () => {
  test("every procedure has an entry and every entry a procedure", () => {
    const inRouter = new Set(PROCEDURES.map((procedure) => procedure.path));
    expect({ withoutEntry: [...inRouter].filter((path) => !(path in MATRIX_ENTRIES)), withoutProcedure: Object.keys(MATRIX_ENTRIES).filter((path) => !inRouter.has(path)) }).toEqual({
      withoutEntry: [],
      withoutProcedure: [],
    });
  });

  test("every entry's guard is the one the procedure's builder records", () => {
    const disagreeing = PROCEDURES.filter((procedure) => procedure.path in MATRIX_ENTRIES).flatMap((procedure) => {
      const declared = entryFor(procedure.path).guard;
      const actual = guardOf(procedure.meta);
      return declared === actual ? [] : [`${procedure.path}: the table says ${declared}, the router ${actual}`];
    });
    expect(disagreeing).toEqual([]);
  });
});

async function checkProcedure(procedure: ProcedureEntry): Promise<string[]> {
  const entry = entryFor(procedure.path);
  const checks = CASES.flatMap((name) => {
    const plan = planFor(entry, name, world);
    if (!plan) return [];
    return FACES.filter((face) => hasFace(procedure, face)).map((face) => ({ name, face, plan, input: entry.input(world.owned) }));
  });
  const outcomes = await Promise.all(
    checks.map(async ({ name, face, plan, input }) => {
      const observed = await callFace(server.url, face, procedure, input, plan.credential);
      assertions += 1;
      const problems = problemsOf(observed, plan.expected, face);
      // Only the owner's own credentials may see the owner's data; a share or invite token is handed out on purpose.
      const foreignEyes = plan.credential === null || name === "other account";
      const secrets = foreignEyes && entry.tenancy !== "token" ? leaked(observed, world, input) : [];
      if (secrets.length) problems.push(`leaks the owner's ${secrets.join(", ")}`);
      return problems.map((problem) => `${procedure.path} × ${name} × ${face}: ${problem} — ${observed.text.slice(0, 200)}`);
    }),
  );
  return outcomes.flat();
}

describe("tenant matrix", () => {
  for (const procedure of PROCEDURES) {
    test(procedure.path, async () => {
      expect(await checkProcedure(procedure)).toEqual([]);
    });
  }
});
