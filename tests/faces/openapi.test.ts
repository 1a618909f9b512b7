import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFile } from "node:fs/promises";
import { Validator } from "@seriousme/openapi-schema-validator";
import { generatedOpenApi, OPENAPI_PATH } from "../../scripts/openapi.ts";
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
    expect(document.paths["/health"].get.security).toBeUndefined();
    expect(Object.keys(document.paths["/invoices/{id}"].put.responses)).toContain("428");
  });
});
