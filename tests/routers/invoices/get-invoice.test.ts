import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api } from "../../helpers/http.ts";
import { expectError, invoicePath, steppedAccount, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

// Every face returns exactly these fields: docs/openapi.json's Invoice.
const RECORD_FIELDS = [
  "id", "type", "status", "number", "locked", "revision", "from_name", "from_email", "from_address", "from_tax_id",
  "bill_to_name", "bill_to_email", "bill_to_address", "bill_to_tax_id", "buyer_reference", "client_id", "template_id",
  "currency", "locale", "issue_date", "due_date", "delivery_date", "payment_terms", "payment", "notes", "tax_rate",
  "tax_exemption_reason", "preceding_invoice", "items", "tax_breakdown", "subtotal", "tax", "total", "amount_paid",
  "amount_due", "share_url", "finalized_at", "sent_at", "paid_at", "voided_at", "created_at", "updated_at",
];
const ITEM_FIELDS = ["id", "description", "quantity", "unit", "rate", "tax_rate", "tax_category", "tax_exemption_reason", "amount"];

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

describe("GET /api/invoices/{id}: happy", () => {
  test("returns the whole record with every line item", async () => {
    const created = await owner.steps.create({
      items: [
        { description: "Design", quantity: 2.5, unit: "HUR", rate: 8_000 },
        { description: "Hosting", quantity: 1, rate: 1_999 },
        { description: "Discount", quantity: -1, rate: 1_000 },
      ],
    });
    const reply = await owner.client.get(invoicePath(created.id));
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual([...RECORD_FIELDS].sort());
    expect(reply.body.items).toHaveLength(3);
    for (const item of reply.body.items) expect(Object.keys(item).sort()).toEqual([...ITEM_FIELDS].sort());
    expect(reply.body.items.map((item: { amount: number }) => item.amount)).toEqual([20_000, 1_999, -1_000]);
    expect(reply.body.items[0].unit).toBe("HUR");
    expect(reply.body.items[1].unit).toBe("C62");
    expect(reply.body).toEqual(created);
  });

  test("shows the latest revision after writes", async () => {
    const created = await owner.steps.create();
    const updated = await owner.steps.update(created, { notes: "second thoughts" });
    const moved = await owner.steps.transition(updated, "review");
    const read = await owner.steps.get(created.id);
    expect(read).toEqual(moved);
    expect(read).toMatchObject({ revision: 3, status: "review", notes: "second thoughts" });
  });
});

describe("GET /api/invoices/{id}: errors", () => {
  test("an unknown id is 404 NOT_FOUND", async () => {
    const reply = await owner.client.get(invoicePath("inv_00000000000000000000000000"));
    expectError(reply, 404, "NOT_FOUND");
    expect(reply.body.error).toBeString();
  });

  test("a deleted invoice is 404", async () => {
    const created = await owner.steps.create();
    expect((await owner.client.delete(invoicePath(created.id))).status).toBe(200);
    expectError(await owner.client.get(invoicePath(created.id)), 404, "NOT_FOUND");
  });

  test("an unknown query parameter is 422", async () => {
    const created = await owner.steps.create();
    const reply = await owner.client.get(`${invoicePath(created.id)}?expand=items`);
    expectError(reply, 422, "VALIDATION_ERROR");
    expect(reply.body.details).toMatchObject({ field: "expand", issue: "unknown field" });
  });
});

describe("GET /api/invoices/{id}: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account", async () => {
    const created = await owner.steps.create();
    await expectSecurityCases({
      server,
      owner,
      scope: "invoices:read",
      call: (key) => api(server.url).get(invoicePath(created.id), key),
    });
  });
});
