import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { operation } from "../../helpers/factories.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, invoicePath, setProfile, steppedAccount, type Invoice, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: SteppedAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await steppedAccount(server);
});
afterAll(() => server.close());

const finalize = (account: SteppedAccount, invoice: Invoice, body: Record<string, unknown> = {}) =>
  account.client.post(invoicePath(invoice.id, "/finalize"), { ...operation(invoice.revision), ...body });

/** Finalizes a new document of `account` and returns its number. */
async function numberOf(account: SteppedAccount, overrides: Record<string, unknown> = {}): Promise<string | null> {
  return (await account.steps.finalize(await account.steps.create(overrides))).number;
}

describe("POST /api/invoices/{id}/finalize: happy", () => {
  test("locks the invoice and assigns the next number; the status stays", async () => {
    const account = await steppedAccount(server);
    const draft = await account.steps.create();
    const reply = await finalize(account, draft);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ number: "INV-2026-0001", locked: true, status: "draft", revision: 2, finalized_at: server.clock.now().toISOString() });
    expect(await account.steps.get(draft.id)).toEqual(reply.body);
  });

  test("numbers are gapless per account, type and year of issue_date", async () => {
    const account = await steppedAccount(server);
    const numbers = [
      await numberOf(account),
      await numberOf(account, { type: "credit_note" }),
      await numberOf(account, { type: "quote" }),
      await numberOf(account, { type: "purchase_order" }),
      await numberOf(account, { issue_date: "2027-01-02", due_date: "2027-02-01" }),
      await numberOf(account),
      await numberOf(account, { type: "credit_note" }),
    ];
    expect(numbers).toEqual(["INV-2026-0001", "CN-2026-0001", "QUO-2026-0001", "PO-2026-0001", "INV-2027-0001", "INV-2026-0002", "CN-2026-0002"]);
    const sequences = expectStatus(await account.client.get("/api/account"), 200).numbering.sequences;
    expect(sequences).toContainEqual({ type: "invoice", year: 2026, next: 3 });
  });

  test("20 parallel finalizations take 0001 to 0020, each once", async () => {
    const account = await steppedAccount(server);
    const drafts = await Promise.all(Array.from({ length: 20 }, () => account.steps.create()));
    const finalized = await Promise.all(drafts.map((draft) => account.steps.finalize(draft)));
    const numbers = finalized.map((invoice) => invoice.number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => `INV-2026-${String(index + 1).padStart(4, "0")}`));
  });

  test("the account's prefixes replace the defaults", async () => {
    const account = await steppedAccount(server);
    await setProfile(account.client, { numbering: { prefixes: { invoice: "RE", credit_note: "GS" } } });
    expect(await numberOf(account)).toBe("RE-2026-0001");
    expect(await numberOf(account, { type: "credit_note" })).toBe("GS-2026-0001");
    expect(await numberOf(account, { type: "quote" })).toBe("QUO-2026-0001");
  });

  test("the account may set where a sequence continues", async () => {
    const account = await steppedAccount(server);
    await setProfile(account.client, { numbering: { sequences: [{ type: "invoice", year: 2026, next: 120 }] } });
    expect(await numberOf(account)).toBe("INV-2026-0120");
    expect(await numberOf(account)).toBe("INV-2026-0121");
  });

  test("a number given in the body is used, and the sequence skips it", async () => {
    const account = await steppedAccount(server);
    const mine = await account.steps.finalize(await account.steps.create(), "INV-2026-0001");
    expect(mine).toMatchObject({ number: "INV-2026-0001", locked: true });
    expect(await numberOf(account)).toBe("INV-2026-0002");
    expect((await account.steps.finalize(await account.steps.create(), "2026/CUSTOM-7")).number).toBe("2026/CUSTOM-7");
  });

  test("a number given on create is kept", async () => {
    expect(await numberOf(owner, { number: "OWN-42" })).toBe("OWN-42");
  });

  test("a retry of a lost response returns the same body and takes no second number", async () => {
    const account = await steppedAccount(server);
    const draft = await account.steps.create();
    const body = operation(1);
    const first = expectStatus(await account.client.post(invoicePath(draft.id, "/finalize"), body), 200);
    expect(await account.client.post(invoicePath(draft.id, "/finalize"), body)).toMatchObject({ status: 200, body: first });
    expect(await numberOf(account)).toBe("INV-2026-0002");
  });
});

describe("POST /api/invoices/{id}/finalize: errors", () => {
  test("content edits after finalizing are 409 INVOICE_LOCKED; moves still work", async () => {
    const finalized = await owner.steps.finalize(await owner.steps.create());
    for (const fields of [{ notes: "late" }, { items: [{ description: "x", rate: 1 }] }, { due_date: null }, { number: "OTHER-1" }]) {
      expectError(await owner.client.put(invoicePath(finalized.id), { ...operation(finalized.revision), ...fields }), 409, "INVOICE_LOCKED");
    }
    expect(await owner.steps.get(finalized.id)).toEqual(finalized);
    expect(await owner.steps.transition(finalized, "review")).toMatchObject({ status: "review", locked: true });
  });

  test("finalizing twice is 409 INVOICE_LOCKED", async () => {
    const finalized = await owner.steps.finalize(await owner.steps.create());
    expectError(await finalize(owner, finalized), 409, "INVOICE_LOCKED");
    expect(await owner.steps.get(finalized.id)).toEqual(finalized);
  });

  test("a number another invoice carries is 409 NUMBER_TAKEN", async () => {
    const taken = await owner.steps.finalize(await owner.steps.create(), "TAKEN-1");
    const draft = await owner.steps.create();
    const reply = await finalize(owner, draft, { number: taken.number });
    expectError(reply, 409, "NUMBER_TAKEN");
    expect(await owner.steps.get(draft.id)).toEqual(draft);
    // Another account may use the same number.
    const stranger = await steppedAccount(server);
    expect((await stranger.steps.finalize(await stranger.steps.create(), "TAKEN-1")).number).toBe("TAKEN-1");
  });

  test("an invoice without lines is 422 and takes no number", async () => {
    const account = await steppedAccount(server);
    const empty = await account.steps.create({ items: [] });
    const reply = await finalize(account, empty);
    expectError(reply, 422, "VALIDATION_ERROR");
    expect(reply.body.details.field).toBe("items");
    expect(await numberOf(account)).toBe("INV-2026-0001");
  });

  test("a void invoice is 409 INVALID_TRANSITION", async () => {
    const voided = await owner.steps.transition(await owner.steps.create(), "void");
    expectError(await finalize(owner, voided), 409, "INVALID_TRANSITION");
  });

  test("revision rules and input checks", async () => {
    const draft = await owner.steps.create();
    const path = invoicePath(draft.id, "/finalize");
    expectError(await owner.client.post(path, {}), 428, "REVISION_REQUIRED");
    expectError(await owner.client.post(path, { operation_id: crypto.randomUUID(), number: "" }), 428, "REVISION_REQUIRED");
    expectError(await owner.client.post(path, { ...operation(1), number: "" }), 422, "VALIDATION_ERROR");
    expectError(await owner.client.post(path, { ...operation(1), lock: true }), 422, "VALIDATION_ERROR");
    const stale = await owner.client.post(path, operation(2));
    expectError(stale, 409, "REVISION_CONFLICT");
    expect(stale.body.details.current_revision).toBe(1);
    expect(await owner.steps.get(draft.id)).toEqual(draft);
    expectError(await owner.client.post(invoicePath("inv_missing", "/finalize"), operation(1)), 404, "NOT_FOUND");
  });
});

describe("POST /api/invoices/{id}/finalize: who may spend a number (ADR 0038)", () => {
  test("a key without invoices:approve finalizes an approved invoice, not a draft or one in review: those are 403 and take no number", async () => {
    const account = await steppedAccount(server);
    const writer = { ...account, client: api(server.url, await server.key(account.accountId, ["invoices:read", "invoices:write"])) };
    const draft = await account.steps.create();
    const inReview = await account.steps.transition(await account.steps.create(), "review");
    for (const invoice of [draft, inReview]) {
      const refused = await finalize(writer, invoice);
      expectError(refused, 403, "FORBIDDEN");
      expect(refused.body.details).toEqual({ required_scope: "invoices:approve" });
      expect(await account.steps.get(invoice.id)).toEqual(invoice);
    }
    const approved = await account.steps.transition(inReview, "approved");
    expect(expectStatus(await finalize(writer, approved), 200)).toMatchObject({ number: "INV-2026-0001", locked: true, status: "approved" });
    // The owner's key holds invoices:approve: a draft is finalized straight away, with the next number.
    expect(expectStatus(await finalize(account, draft), 200).number).toBe("INV-2026-0002");
  });
});

describe("POST /api/invoices/{id}/finalize: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account", async () => {
    const draft = await owner.steps.create();
    await expectSecurityCases({
      server,
      owner,
      scope: "invoices:write",
      call: (key) => api(server.url).post(invoicePath(draft.id, "/finalize"), operation(1), key),
    });
    expect(await owner.steps.get(draft.id)).toEqual(draft);
  });
});
