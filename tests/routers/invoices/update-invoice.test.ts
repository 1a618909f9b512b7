import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { operation } from "../../helpers/factories.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, invoicePath, steppedAccount, type Invoice, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";
import { SCOPES } from "../../../server/domain/scopes.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

const put = (invoice: Pick<Invoice, "id">, body: Record<string, unknown>) => owner.client.put(invoicePath(invoice.id), body);

/** A refused write leaves the invoice exactly as it was (same revision, same content). */
async function expectUnchanged(before: Invoice): Promise<void> {
  expect(await owner.steps.get(before.id)).toEqual(before);
}

describe("PUT /api/invoices/{id}: happy", () => {
  test("merges the given fields and leaves the others; the revision goes up by one", async () => {
    const created = await owner.steps.create({ notes: "old", payment_terms: "Net 30" });
    server.clock.advance(60_000);
    const reply = await put(created, { ...operation(1), notes: "new", bill_to_address: "Rue 1" });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      ...created,
      notes: "new",
      bill_to_address: { line1: "Rue 1", line2: null, city: null, postal_code: null, region: null, country: null },
      revision: 2,
      updated_at: server.clock.now().toISOString(),
    });
    expect(await owner.steps.get(created.id)).toEqual(reply.body);
  });

  test("items replace the whole list and totals are recalculated", async () => {
    const created = await owner.steps.create({ tax_rate: 19 });
    const kept = created.items[1];
    const reply = await put(created, {
      ...operation(1),
      items: [
        { id: kept.id, description: kept.description, quantity: 2, rate: kept.rate },
        { description: "New line", quantity: 3, rate: 1_000, tax_rate: 7 },
      ],
    });
    expect(reply.status).toBe(200);
    expect(reply.body.items).toHaveLength(2);
    expect(reply.body.items[0]).toMatchObject({ id: kept.id, quantity: 2, amount: 9_100 });
    expect(reply.body.items[1].id).not.toBe(created.items[0].id);
    expect(reply.body.items[1]).toMatchObject({ description: "New line", amount: 3_000, tax_rate: 7 });
    expect(reply.body.tax_breakdown).toEqual([
      { category: "S", rate: 7, taxable: 3_000, tax: 210 },
      { category: "S", rate: 19, taxable: 9_100, tax: 1_729 },
    ]);
    expect(reply.body).toMatchObject({ subtotal: 12_100, tax: 1_939, total: 14_039, amount_due: 14_039 });
  });

  test("a new tax_rate alone recalculates the totals", async () => {
    const created = await owner.steps.create({ tax_rate: 19 });
    const updated = await owner.steps.update(created, { tax_rate: 7 });
    expect(updated).toMatchObject({ subtotal: 124_550, tax: 8_719, total: 133_269, amount_due: 133_269 });
  });

  test("null clears due_date, client_id and template_id (and other optional fields)", async () => {
    const client = expectStatus(await owner.client.post("/api/clients", { name: "Client Co", email: "co@example.com" }), 201);
    const created = await owner.steps.create({ client_id: client.id, template_id: "classic", notes: "note" });
    expect(created).toMatchObject({ client_id: client.id, template_id: "classic", due_date: "2026-12-01" });
    const cleared = await owner.steps.update(created, { due_date: null, client_id: null, template_id: null, notes: null });
    expect(cleared).toMatchObject({ due_date: null, client_id: null, template_id: null, notes: null });
    // The bill-to snapshot stays: clearing the link does not erase the buyer.
    expect(cleared).toMatchObject({ bill_to_name: created.bill_to_name, bill_to_email: created.bill_to_email });
  });

  test("setting client_id copies the client into bill_to", async () => {
    const client = expectStatus(await owner.client.post("/api/clients", { name: "Ångström AB", email: "a@example.se", tax_id: "SE556677889901" }), 201);
    const updated = await owner.steps.update(await owner.steps.create(), { client_id: client.id });
    expect(updated).toMatchObject({ client_id: client.id, bill_to_name: "Ångström AB", bill_to_email: "a@example.se", bill_to_tax_id: "SE556677889901" });
  });

  test("a status in the body moves through the lifecycle", async () => {
    const updated = await owner.steps.update(await owner.steps.create(), { status: "review", notes: "please check" });
    expect(updated).toMatchObject({ status: "review", notes: "please check", revision: 2 });
    const approved = await owner.steps.update(updated, { status: "approved" });
    const sent = await owner.steps.update(approved, { status: "sent" });
    expect(sent).toMatchObject({ status: "sent", locked: true, number: expect.stringMatching(/^INV-2026-\d{4}$/) });
  });

  test("operation ids are per account: another account may use the same one", async () => {
    const stranger = await steppedAccount(server);
    const mine = await owner.steps.create();
    const theirs = await stranger.steps.create();
    const shared = operation(1);
    expect((await put(mine, { ...shared, notes: "mine" })).status).toBe(200);
    expect(await stranger.client.put(invoicePath(theirs.id), { ...shared, notes: "theirs" })).toMatchObject({ status: 200, body: { notes: "theirs" } });
  });

  test("a retry of a lost response returns the same body without a second write", async () => {
    const created = await owner.steps.create();
    const body = { ...operation(1), notes: "once", due_date: "2026-12-15" };
    const first = await put(created, body);
    server.clock.advance(1_000);
    // Same operation, base revision and payload, keys in another order.
    const retry = await put(created, { due_date: "2026-12-15", notes: "once", operation_id: body.operation_id, base_revision: 1 });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect((await owner.steps.get(created.id)).revision).toBe(2);
    expect(await owner.steps.history(created.id)).toHaveLength(2);
  });

  test("50 parallel saves on one base revision: exactly one wins, the others get 409", async () => {
    const created = await owner.steps.create();
    const replies = await Promise.all(Array.from({ length: 50 }, (_, index) => put(created, { ...operation(1), notes: `writer ${index}` })));
    const winners = replies.filter((reply) => reply.status === 200);
    const losers = replies.filter((reply) => reply.status !== 200);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(49);
    for (const loser of losers) {
      expect(loser.status).toBe(409);
      expect(loser.body).toMatchObject({ code: "REVISION_CONFLICT", details: { current_revision: 2 } });
    }
    expect(await owner.steps.get(created.id)).toEqual(winners[0]?.body);
    expect(await owner.steps.history(created.id)).toHaveLength(2);
  });
});

describe("PUT /api/invoices/{id}: errors", () => {
  let invoice: Invoice;
  beforeAll(async () => {
    invoice = await owner.steps.create();
  });

  test.each([
    ["no base_revision", { operation_id: crypto.randomUUID(), notes: "x" }, "base_revision"],
    ["no operation_id", { base_revision: 1, notes: "x" }, "operation_id"],
    ["an empty body", {}, undefined],
    ["a bad field and no base_revision", { operation_id: crypto.randomUUID(), currency: "XYZ", items: [{ description: "x", rate: 1.5 }], colour: "red" }, "base_revision"],
  ])("%s → 428 REVISION_REQUIRED", async (_name, body, field) => {
    const reply = await put(invoice, body);
    expectError(reply, 428, "REVISION_REQUIRED");
    if (field) expect(reply.body.details.field).toBe(field);
    await expectUnchanged(invoice);
  });

  test.each([
    ["fractional rate", { items: [{ description: "x", rate: 10.5 }] }, "items.0.rate"],
    ["rate as a string", { items: [{ description: "x", rate: "100" }] }, "items.0.rate"],
    ["rate beyond 2^53", { items: [{ description: "x", rate: 2 ** 53 }] }, "items.0.rate"],
    ["an unsafe calculated total", { items: [{ description: "x", quantity: 1000, rate: 2 ** 52 }] }, "items.0.amount"],
  ])("%s → 422 INVALID_AMOUNT", async (_name, fields, field) => {
    const reply = await put(invoice, { ...operation(1), ...fields });
    expectError(reply, 422, "INVALID_AMOUNT");
    expect(reply.body.details.field).toBe(field);
    await expectUnchanged(invoice);
  });

  test.each([
    ["unknown field", { colour: "red" }, "colour"],
    ["impossible due_date", { due_date: "2026-02-30" }, "due_date"],
    ["due_date before issue_date", { due_date: "2026-10-01" }, "due_date"],
    ["a required field cleared", { bill_to_name: null }, "bill_to_name"],
    ["unknown currency", { currency: "XYZ" }, "currency"],
    ["operation_id not a UUID", { operation_id: "op-1" }, "operation_id"],
    ["base_revision not an integer", { base_revision: "one" }, "base_revision"],
    ["unknown status", { status: "archived" }, "status"],
    ["five decimals in a quantity", { items: [{ description: "x", quantity: 1.00001, rate: 1 }] }, "items.0.quantity"],
  ])("%s → 422 VALIDATION_ERROR", async (_name, fields, field) => {
    const reply = await put(invoice, { ...operation(1), ...fields });
    expectError(reply, 422, "VALIDATION_ERROR");
    expect(reply.body.details.field).toBe(field);
    await expectUnchanged(invoice);
  });

  test("a stale base_revision is 409 REVISION_CONFLICT with the current revision", async () => {
    const created = await owner.steps.create();
    const updated = await owner.steps.update(created, { notes: "first" });
    const stale = await put(created, { ...operation(1), notes: "second" });
    expectError(stale, 409, "REVISION_CONFLICT");
    expect(stale.body.details.current_revision).toBe(2);
    const ahead = await put(created, { ...operation(7), notes: "second" });
    expect(ahead.body).toMatchObject({ code: "REVISION_CONFLICT", details: { current_revision: 2 } });
    await expectUnchanged(updated);
  });

  test("an operation_id reused with other changes or another base is 409 OPERATION_REUSED", async () => {
    const created = await owner.steps.create();
    const first = { ...operation(1), notes: "first" };
    const done = expectStatus(await put(created, first), 200);
    expectError(await put(created, { ...first, notes: "other" }), 409, "OPERATION_REUSED");
    expectError(await put(created, { ...first, base_revision: 2 }), 409, "OPERATION_REUSED");
    const elsewhere = await owner.steps.create();
    expectError(await put(elsewhere, { ...first }), 409, "OPERATION_REUSED");
    await expectUnchanged(done);
    await expectUnchanged(elsewhere);
  });

  test("content edits to a finalized, paid or void invoice are 409 INVOICE_LOCKED", async () => {
    const finalized = await owner.steps.finalize(await owner.steps.create());
    const paid = await owner.steps.transition(await owner.steps.sent(), "paid");
    const voided = await owner.steps.transition(await owner.steps.create(), "void");
    for (const locked of [finalized, paid, voided]) {
      expectError(await put(locked, { ...operation(locked.revision), notes: "late edit" }), 409, "INVOICE_LOCKED");
      await expectUnchanged(locked);
    }
    // A status move is not a content edit.
    expect(await owner.steps.update(finalized, { status: "void" })).toMatchObject({ status: "void", locked: true });
  });

  test("a refused status move is 409 INVALID_TRANSITION and nothing else is saved", async () => {
    const created = await owner.steps.create();
    expectError(await put(created, { ...operation(1), status: "paid", notes: "with a move" }), 409, "INVALID_TRANSITION");
    await expectUnchanged(created);
  });

  test("a status needing approval is 403 for a key without invoices:approve", async () => {
    const agentKey = await server.key(owner.accountId, SCOPES.filter((scope) => scope !== "invoices:approve"));
    const review = await owner.steps.transition(await owner.steps.create(), "review");
    expectError(await owner.client.put(invoicePath(review.id), { ...operation(2), status: "approved" }, agentKey), 403, "FORBIDDEN");
    const draft = await owner.steps.create();
    expectError(await owner.client.put(invoicePath(draft.id), { ...operation(1), status: "sent" }, agentKey), 403, "FORBIDDEN");
    await expectUnchanged(review);
    await expectUnchanged(draft);
  });

  test("another account's client_id in the body is 403 naming the field", async () => {
    const stranger = await steppedAccount(server);
    const theirs = expectStatus(await stranger.client.post("/api/clients", { name: "Theirs" }), 201);
    const reply = await put(invoice, { ...operation(1), client_id: theirs.id });
    expectError(reply, 403, "FORBIDDEN");
    expect(reply.body.details.field).toBe("client_id");
    await expectUnchanged(invoice);
  });

  test("precedence: 401, then 403 tenancy, 404 before 428, 428 before 422, 422 before 409", async () => {
    const noKey = await owner.client.raw(invoicePath(invoice.id), { method: "PUT", headers: { "content-type": "application/json" }, body: "{oops" });
    expectError(noKey, 401, "UNAUTHORIZED");
    const stranger = await steppedAccount(server);
    const strangerReadOnly = await server.key(stranger.accountId, ["invoices:read"]);
    const scope = await owner.client.put(invoicePath(invoice.id), { notes: 5 }, strangerReadOnly);
    expectError(scope, 403, "FORBIDDEN");
    expect(scope.body.details).toEqual({ required_scope: "invoices:write" });
    const tenancy = await stranger.client.put(invoicePath(invoice.id), { notes: 5 });
    expectError(tenancy, 403, "FORBIDDEN");
    expect(tenancy.body.details).toEqual({ field: "id" });
    expectError(await put({ id: "inv_missing" }, {}), 404, "NOT_FOUND");
    const created = await owner.steps.create();
    const updated = await owner.steps.update(created, { notes: "moved on" });
    expectError(await put(created, { operation_id: crypto.randomUUID(), notes: 5 }), 428, "REVISION_REQUIRED");
    expectError(await put(created, { ...operation(1), notes: 5 }), 422, "VALIDATION_ERROR");
    expectError(await put(created, { ...operation(1), items: [{ description: "x", rate: 0.5 }] }), 422, "INVALID_AMOUNT");
    const finalized = await owner.steps.finalize(updated);
    expectError(await put(finalized, { ...operation(2), notes: "both stale and locked" }), 409, "REVISION_CONFLICT");
  });

  test("an unsafe line amount (quantity × rate, known from the input alone) is 422 before a stale revision's 409", async () => {
    const created = await owner.steps.create();
    const updated = await owner.steps.update(created, { notes: "moved on" });
    const reply = await put(created, { ...operation(1), items: [{ description: "x", quantity: 1000, rate: 2 ** 52 }] });
    expectError(reply, 422, "INVALID_AMOUNT");
    expect(reply.body.details.field).toBe("items.0.amount");
    await expectUnchanged(updated);
  });

  test("a number another invoice of the type already carries is 409 NUMBER_TAKEN", async () => {
    const holder = await owner.steps.create({ number: `HAND-${crypto.randomUUID()}` });
    const draft = await owner.steps.create();
    const reply = await put(draft, { ...operation(1), number: holder.number });
    expectError(reply, 409, "NUMBER_TAKEN");
    await expectUnchanged(draft);
  });

  test("no refused input changed the revision of the shared invoice", async () => {
    const read = await owner.steps.get(invoice.id);
    expect(read.revision).toBe(1);
    expect(await owner.steps.history(invoice.id)).toHaveLength(1);
  });
});

describe("PUT /api/invoices/{id}: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account", async () => {
    const created = await owner.steps.create();
    await expectSecurityCases({
      server,
      owner,
      scope: "invoices:write",
      call: (key) => api(server.url).put(invoicePath(created.id), { ...operation(1), notes: "intruder" }, key),
    });
    await expectUnchanged(created);
  });
});
