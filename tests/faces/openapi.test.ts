import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { Validator } from "@seriousme/openapi-schema-validator";
import { appRouter } from "../../routers/index.ts";
import { generatedOpenApi, OPENAPI_PATH } from "../../scripts/openapi.ts";
import { listProcedures } from "../../server/http/procedures.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("OpenAPI 3.1 document", () => {
  test("the committed docs/openapi.json is what the code generates (run `npm run openapi` after changing a procedure)", async () => {
    expect(await readFile(OPENAPI_PATH, "utf8")).toBe(generatedOpenApi());
  });

  test("GET /api/openapi.json serves the same document, without a key", async () => {
    const response = await fetch(`${server.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(generatedOpenApi()));
  });

  test("passes an OpenAPI 3.1 validator", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(generatedOpenApi()));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  test("has a relative server URL, the bearer scheme, our error body and every REST route", () => {
    const document = JSON.parse(generatedOpenApi());
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: "/api" }]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.components.schemas.Error.required).toEqual(["error", "code"]);
    const routes = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`));
    for (const route of [
      "GET /health",
      "GET /invoices",
      "POST /invoices",
      "GET /invoices/{id}",
      "PUT /invoices/{id}",
      "DELETE /invoices/{id}",
      "POST /invoices/{id}/transition",
      "POST /invoices/{id}/payments",
      "GET /invoices/{id}/history",
      "POST /invoices/{id}/finalize",
      "DELETE /invoices/{id}/finalize",
      "POST /invoices/{id}/duplicate",
      "GET /clients",
      "POST /clients",
      "GET /products",
      "GET /account",
      "PUT /account",
      "GET /dashboard",
      "POST /feedback",
    ]) {
      expect(routes).toContain(route);
    }
  });

  test("creates answer 201 with Location, errors use the Error schema, protected routes need the bearer key", () => {
    const document = JSON.parse(generatedOpenApi());
    const create = document.paths["/invoices"].post;
    expect(Object.keys(create.responses)).toContain("201");
    expect(create.responses["201"].headers.Location).toBeDefined();
    expect(create.responses["422"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
    expect(create.security).toEqual([{ bearerAuth: [] }]);
    expect(create.parameters.some((parameter: { name: string }) => parameter.name === "Idempotency-Key")).toBe(true);
    expect(document.paths["/health"].get.security).toEqual([]);
    expect(Object.keys(document.paths["/invoices/{id}"].put.responses)).toContain("428");
  });
});

describe("OpenAPI security: who may call each operation", () => {
  const document = JSON.parse(generatedOpenApi());
  const operations = Object.entries(document.paths as Record<string, Record<string, { security?: unknown }>>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
      .map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, security: operation.security })),
  );

  test("an operation whose procedure needs no credential declares security: [], every keyed one the bearer scheme", () => {
    const routed = listProcedures(appRouter).filter((entry) => entry.meta.openapi);
    expect(routed.length).toBeGreaterThan(50);
    const declared = new Map(operations.map((operation) => [operation.route, operation.security]));
    for (const entry of routed) {
      const route = `${entry.meta.openapi!.method} ${entry.meta.openapi!.path}`;
      expect({ route, security: declared.get(route) }).toEqual({ route, security: entry.meta.keyRequired ? [{ bearerAuth: [] }] : [] });
    }
    expect(Object.keys(document.components.securitySchemes)).toEqual(["bearerAuth"]);
  });

  test("the open operations a newcomer tries first say so; every operation states its security", () => {
    for (const route of ["GET /health", "GET /capabilities", "POST /feedback", "GET /shared/{share_token}", "GET /.well-known/mcp.json"]) {
      expect(operations.find((operation) => operation.route === route)?.security).toEqual([]);
    }
    expect(operations.find((operation) => operation.route === "GET /invoices/{id}")?.security).toEqual([{ bearerAuth: [] }]);
    expect(operations.filter((operation) => operation.security === undefined)).toEqual([]);
  });
});

describe("@redocly/cli lint, recommended rules", () => {
  test("docs/openapi.json has no error; each warning's rule is one docs/api-guide.md keeps on purpose", async () => {
    // Its update notice and telemetry are off: the lint runs offline.
    const run = Bun.spawnSync([process.execPath, Bun.resolveSync("@redocly/cli/bin/cli.js", import.meta.dir), "lint", "--extends=recommended", "--format=json", fileURLToPath(OPENAPI_PATH)], {
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    });
    const report = JSON.parse(run.stdout.toString()) as { totals: { errors: number }; problems: { ruleId: string; severity: string; message: string }[] };
    expect(report.problems.filter((problem) => problem.severity === "error")).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(run.exitCode).toBe(0);
    const guide = await readFile(new URL("../../docs/api-guide.md", import.meta.url), "utf8");
    const section = guide.indexOf("\n## OpenAPI\n");
    expect(section).toBeGreaterThan(-1);
    const kept = guide.slice(section, guide.indexOf("\n## ", section + 1));
    const rules = [...new Set(report.problems.map((problem) => problem.ruleId))];
    expect(rules.filter((rule) => !kept.includes(`\`${rule}\``))).toEqual([]);
  });
});
