import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, invoicePath, setProfile, steppedAccount, type Invoice, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer({ now: "2026-11-21T10:00:00Z" });
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

const duplicate = (invoice: Pick<Invoice, "id">, headers: Record<string, string> = {}, account: SteppedAccount = owner) =>
  account.client.post(invoicePath(invoice.id, "/duplicate"), undefined, undefined, headers);

/** Fields a copy gets anew; everything else (parties, client, template, lines, totals) is copied. */
const PER_COPY = ["id", "status", "number", "locked", "revision", "issue_date", "due_date", "amount_paid", "amount_due", "share_url", "finalized_at", "sent_at", "paid_at", "voided_at", "created_at", "updated_at"];

function content(invoice: Invoice): Record<string, unknown> {
  const copied = Object.fromEntries(Object.entries(invoice).filter(([field]) => !PER_COPY.includes(field)));
  return { ...copied, items: invoice.items.map(({ id: _id, ...item }: Record<string, unknown>) => item) };
}

describe("POST /api/invoices/{id}/duplicate: happy", () => {
  test("copies into a new draft without a number, issued today, due after the same term", async () => {
    const client = expectStatus(await owner.client.post("/api/clients", { name: "Repeat Buyer GmbH", email: "ap@repeat.example" }), 201);
    const source = await owner.steps.create({ bill_to_name: undefined, bill_to_email: undefined, client_id: client.id, template_id: "modern", issue_date: "2026-10-01", due_date: "2026-10-15", notes: "monthly" });
    const reply = await duplicate(source);
    expect(reply.status).toBe(201);
    expect(reply.headers.get("location")).toBe(`/api/invoices/${reply.body.id}`);
    const copy = reply.body as Invoice;
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({ status: "draft", number: null, locked: false, revision: 1, issue_date: "2026-11-21", due_date: "2026-12-05", amount_paid: 0, amount_due: source.total });
    expect(copy).toMatchObject({ client_id: client.id, template_id: "modern", bill_to_name: "Repeat Buyer GmbH" });
    expect(content(copy)).toEqual(content(source));
    const sourceItemIds = new Set(source.items.map((item: { id: string }) => item.id));
    for (const item of copy.items) expect(sourceItemIds.has(item.id)).toBe(false);
    expect(await owner.steps.get(copy.id)).toEqual(copy);
    expect(await owner.steps.get(source.id)).toEqual(source);
  });

  test("a paid, numbered source gives a fresh unpaid draft", async () => {
    const paid = await owner.steps.transition(await owner.steps.sent(), "paid");
    const copy = expectStatus(await duplicate(paid), 201);
    expect(copy).toMatchObject({ status: "draft", number: null, locked: false, amount_paid: 0, amount_due: paid.total, finalized_at: null, sent_at: null, paid_at: null });
    expect(await owner.steps.history(copy.id)).toEqual([expect.objectContaining({ revision: 1, action: "created", to_status: "draft" })]);
    expect(await owner.steps.payments(copy.id)).toEqual([]);
  });

  test("without a due date the copy has none", async () => {
    const source = await owner.steps.create({ due_date: undefined });
    expect(expectStatus(await duplicate(source), 201).due_date).toBeNull();
  });

  test("today is the manual clock's date in the account's time zone", async () => {
    const tokyo = await steppedAccount(server);
    await setProfile(tokyo.client, { timezone: "Asia/Tokyo" });
    const losAngeles = await steppedAccount(server);
    await setProfile(losAngeles.client, { timezone: "America/Los_Angeles" });
    server.clock.set("2026-11-21T20:00:00Z"); // Tokyo: 22 Nov 05:00; Los Angeles: 21 Nov 12:00
    const east = expectStatus(await duplicate(await tokyo.steps.create({ issue_date: "2026-11-01", due_date: "2026-12-01" }), {}, tokyo), 201);
    expect(east).toMatchObject({ issue_date: "2026-11-22", due_date: "2026-12-22" });
    server.clock.set("2026-11-22T06:00:00Z"); // Los Angeles: 21 Nov 22:00
    const west = expectStatus(await duplicate(await losAngeles.steps.create({ issue_date: "2026-11-01", due_date: "2026-12-01" }), {}, losAngeles), 201);
    expect(west).toMatchObject({ issue_date: "2026-11-21", due_date: "2026-12-21" });
  });

  test("the same Idempotency-Key returns the stored copy; on another invoice it is 409 OPERATION_REUSED", async () => {
    const source = await owner.steps.create({ bill_to_name: `Buyer ${crypto.randomUUID()}` });
    const key = crypto.randomUUID();
    const first = await duplicate(source, { "idempotency-key": key });
    expect(first.status).toBe(201);
    const again = await duplicate(source, { "idempotency-key": key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const copies = expectStatus(await owner.client.get(`/api/invoices?q=${encodeURIComponent(source.bill_to_name)}`), 200);
    expect(copies.total).toBe(2);
    expectError(await duplicate(await owner.steps.create(), { "idempotency-key": key }), 409, "OPERATION_REUSED");
  });

  test("10 parallel retries with one Idempotency-Key make one copy", async () => {
    const source = await owner.steps.create({ bill_to_name: `Buyer ${crypto.randomUUID()}` });
    const key = crypto.randomUUID();
    const replies = await Promise.all(Array.from({ length: 10 }, () => duplicate(source, { "idempotency-key": key })));
    expect(replies.map((reply) => reply.status)).toEqual(Array(10).fill(201));
    expect(new Set(replies.map((reply) => reply.body.id)).size).toBe(1);
    expect(expectStatus(await owner.client.get(`/api/invoices?q=${encodeURIComponent(source.bill_to_name)}`), 200).total).toBe(2);
  });
});

describe("POST /api/invoices/{id}/duplicate: errors", () => {
  test("an unknown invoice is 404", async () => {
    expectError(await duplicate({ id: "inv_missing" }), 404, "NOT_FOUND");
  });

  test("an unknown field in the body is 422", async () => {
    const source = await owner.steps.create();
    const reply = await owner.client.post(invoicePath(source.id, "/duplicate"), { issue_date: "2026-12-01" });
    expectError(reply, 422, "VALIDATION_ERROR");
    expect(reply.body.details.field).toBe("issue_date");
  });
});

describe("POST /api/invoices/{id}/duplicate: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account", async () => {
    const source = await owner.steps.create({ bill_to_name: `Buyer ${crypto.randomUUID()}` });
    await expectSecurityCases({
      server,
      owner,
      scope: "invoices:write",
      call: (key) => api(server.url).post(invoicePath(source.id, "/duplicate"), undefined, key),
    });
    const listed = expectStatus(await owner.client.get(`/api/invoices?q=${encodeURIComponent(source.bill_to_name)}`), 200);
    expect(listed.total).toBe(1);
  });
});
