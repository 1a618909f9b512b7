// The layer rules hold for the repository as it is, and the check fails when one is broken: each
// rule gets a file that breaks it, added to the repository's own files, and must be named for it.
import { describe, expect, test } from "bun:test";
import { checkLayers, layerOf, repositoryFiles, writeQueries, type Violation } from "./layers.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const files = repositoryFiles(ROOT);

/** The repository's files with `added` laid over them. */
function withFiles(added: Record<string, string>): Map<string, string> {
  return new Map([...files, ...Object.entries(added)]);
}

/** What the check says of the added files, laid over the repository's own. */
function checkAdded(added: Record<string, string>): Violation[] {
  return checkLayers(withFiles(added)).filter((violation) => violation.file in added);
}

const describeAll = (violations: Violation[]): string => violations.map((violation) => `${violation.rule} ${violation.file}: ${violation.says}`).join("\n");

describe("the layers", () => {
  test("the repository keeps every rule", () => {
    expect(describeAll(checkLayers(files))).toBe("");
  });

  test("every file of the product belongs to a layer", () => {
    const unplaced = [...files.keys()].filter((path) => /^(server|routers|db|render|scripts|tests)\//.test(path) && !layerOf(path));
    expect(unplaced).toEqual([]);
  });

  test("files go to the layer of the longest folder that holds them", () => {
    expect(layerOf("server/http/app.ts")?.name).toBe("http");
    expect(layerOf("server/invoices/writes.ts")?.name).toBe("services");
    expect(layerOf("server/services.ts")?.name).toBe("services");
    expect(layerOf("server/platform/config.ts")?.name).toBe("platform");
    expect(layerOf("server/domain/money.ts")?.name).toBe("domain");
    expect(layerOf("routers/invoices/create-invoice.ts")?.name).toBe("routers");
  });
});

describe("the check fails on", () => {
  test("an import pointing up: the domain importing the HTTP layer", () => {
    const violations = checkAdded({ "server/domain/upward.ts": 'import { createApp } from "../http/app.ts";\nexport const app = createApp;\n' });
    expect(violations).toEqual([{ file: "server/domain/upward.ts", rule: "arrow", says: "domain may not import http: server/http/app.ts" }]);
  });

  test("an import pointing up by type only, or lazily", () => {
    const violations = checkAdded(
      {
        "db/queries/upward-type.ts": 'import type { Services } from "../../server/services.ts";\nexport type S = Services;\n',
        "render/upward-lazy.ts": 'export const load = () => import("../routers/index.ts");\n',
      },
    );
    expect(violations.map((violation) => `${violation.file} ${violation.says}`).sort()).toEqual([
      "db/queries/upward-type.ts db may not import services: server/services.ts",
      "render/upward-lazy.ts render may not import routers: routers/index.ts",
    ]);
  });

  test("a service importing a router", () => {
    const violations = checkAdded({ "server/invoices/upward.ts": 'import { createInvoice } from "../../routers/invoices/create-invoice.ts";\nexport const c = createInvoice;\n' });
    expect(violations.map((violation) => violation.rule)).toEqual(["arrow"]);
  });

  test("scripts importing tests", () => {
    const violations = checkAdded({ "scripts/uses-tests.ts": 'import { startTestServer } from "../tests/helpers/server.ts";\nexport const s = startTestServer;\n' });
    expect(violations).toEqual([{ file: "scripts/uses-tests.ts", rule: "arrow", says: "scripts may not import tests: tests/helpers/server.ts" }]);
  });

  test("a router importing a query that writes, by name or through its module", () => {
    const violations = checkAdded(
      {
        "routers/clients/by-name.ts": 'import { getClient, insertClient } from "../../db/queries/clients.ts";\nexport const q = [getClient, insertClient];\n',
        "routers/clients/by-module.ts": 'import * as queries from "../../db/queries/clients.ts";\nexport const q = queries.insertClient;\n',
      },
    );
    expect(violations.map((violation) => `${violation.file} ${violation.rule} ${violation.says.split(" (")[0]}`).sort()).toEqual([
      "routers/clients/by-module.ts write-query a router imports the write query insertClient",
      "routers/clients/by-name.ts write-query a router imports the write query insertClient",
    ]);
  });

  test("a router opening a transaction or writing an event", () => {
    const router = [
      'import { scopedProcedure } from "../builders.ts";',
      'export const write = scopedProcedure("invoices:write").mutation(({ ctx }) =>',
      "  ctx.services.database.write((tx) => ctx.services.events.record(tx, ctx.accountId, new Date(), [])),",
      ");",
      "",
    ].join("\n");
    const violations = checkAdded({ "routers/invoices/writes-itself.ts": router });
    expect(violations.map((violation) => violation.rule)).toEqual(["router-write", "router-write"]);
  });

  test("a new import cycle (a type-only import makes none)", () => {
    const cycle = checkAdded(
      {
        "server/domain/cycle-a.ts": 'import { b } from "./cycle-b.ts";\nexport const a = () => b;\n',
        "server/domain/cycle-b.ts": 'import { a } from "./cycle-a.ts";\nexport const b = () => a;\n',
      },
    );
    expect(cycle).toEqual([{ file: "server/domain/cycle-a.ts", rule: "cycle", says: "import cycle: server/domain/cycle-a.ts → server/domain/cycle-b.ts" }]);
    const typeOnly = checkAdded(
      {
        "server/domain/cycle-a.ts": 'import type { B } from "./cycle-b.ts";\nexport type A = { b?: B };\n',
        "server/domain/cycle-b.ts": 'import type { A } from "./cycle-a.ts";\nexport type B = { a?: A };\n',
      },
    );
    expect(typeOnly).toEqual([]);
  });
});

describe("write queries", () => {
  const writers = writeQueries(files);

  test("are told by what their bodies do", () => {
    expect(writers.get("db/queries/clients.ts")?.has("insertClient")).toBe(true);
    expect(writers.get("db/queries/clients.ts")?.has("listClients")).toBe(false);
    expect(writers.get("db/queries/invoices.ts")?.has("replaceInvoice")).toBe(true);
    expect(writers.get("db/queries/invoices.ts")?.has("listInvoices")).toBe(false);
  });

  test("include a query that only calls one that writes", () => {
    const added = withFiles({ "db/queries/wrapper.ts": 'import { insertClient } from "./clients.ts";\nexport async function addTwice(db, a, b) {\n  await insertClient(db, a, b);\n}\n' });
    expect(writeQueries(added).get("db/queries/wrapper.ts")?.has("addTwice")).toBe(true);
  });
});
