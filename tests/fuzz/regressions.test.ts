// What the fuzzer found, pinned: each case the smallest call that showed it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { files } from "../../db/schema/index.ts";
import { api } from "../helpers/http.ts";
import { expectError, invoicePath, invoiceSteps } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test("a multi-format export refused for one format (an unnumbered invoice's e-invoice) stores none of the others", async () => {
  const { key } = await server.account();
  const client = api(server.url, key);
  const draft = await invoiceSteps(client).create();
  const reply = await client.post(invoicePath(draft.id, "/exports"), { formats: ["svg", "json", "facturx"] });
  expectError(reply, 422, "VALIDATION_ERROR");
  expect(reply.body.details).toMatchObject({ business_term: "BT-1" });
  expect(await server.services.database.db.select().from(files)).toEqual([]);
});
