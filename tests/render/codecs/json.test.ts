// JSON export: the stored record, indented, is byte for byte the API's reply re-indented; the same
// holds for records built in memory, checked against the API's own output schema.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { findInvoice } from "../../../db/queries/invoices.ts";
import { toJson } from "../../../render/codecs/json.ts";
import { invoiceOutput } from "../../../routers/invoices/invoice.schema.ts";
import { invoiceInput } from "../../helpers/factories.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";
import { ALL } from "../../../scripts/samples/invoices.ts";

const reindented = (json: string): string => JSON.stringify(JSON.parse(json), null, 2);

describe("JSON export against the API's output schema", () => {
  for (const [name, record] of ALL) {
    test(`${name}: same keys, order and values as the schema's output`, () => {
      expect(toJson(record)).toBe(JSON.stringify(invoiceOutput.parse(record), null, 2));
    });
  }
});

describe("JSON export against a live reply", () => {
  let server: TestServer;
  let account: TestAccount;

  beforeAll(async () => {
    server = await startTestServer();
    account = await server.account();
  });
  afterAll(() => server.close());

  test("the stored record renders to the GET reply's bytes, re-indented", async () => {
    const headers = { authorization: `Bearer ${account.key}`, "content-type": "application/json" };
    const body = invoiceInput({
      from_name: 'Acme, "Best" | *Widgets*',
      notes: "Zeile 1\nZeile 2 — ünïcødé ✓ 😀",
      items: [{ description: "Widget <b>", quantity: 1.25, rate: 1_999, tax_rate: 7 }],
    });
    const created = await fetch(`${server.url}/api/invoices`, { method: "POST", headers, body: JSON.stringify(body) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const reply = await fetch(`${server.url}/api/invoices/${id}`, { headers });
    expect(reply.status).toBe(200);
    const stored = await findInvoice(server.services.database.db, id);
    if (!stored) throw new Error(`invoice ${id} is not stored`);
    expect(toJson(stored.record)).toBe(reindented(await reply.text()));
  });
});
