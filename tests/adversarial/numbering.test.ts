// Numbering as a demanding user sees it: gapless numbers under concurrency and across a year
// boundary, and a number kept through undo (ADR 0008 "Numbers", "Changing invoices": numbers run
// per account, type and year; a numbered invoice keeps its number for good and is voided, never
// deleted).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { operation } from "../helpers/factories.ts";
import { expectError, expectStatus, invoicePath, steppedAccount, withQuery } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const sequence = (year: number, count: number): string[] =>
  Array.from({ length: count }, (_, index) => `INV-${year}-${String(index + 1).padStart(4, "0")}`);

describe("numbers under concurrency", () => {
  test("20 parallel sends straddling new year take gapless numbers per year of issue_date", async () => {
    const account = await steppedAccount(server);
    const drafts = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        account.steps.create({ issue_date: index % 2 ? "2026-12-31" : "2027-01-01", due_date: "2027-02-01" }),
      ),
    );
    const sent = await Promise.all(drafts.map((draft) => account.steps.transition(draft, "sent")));
    const numbers = sent.map((invoice) => invoice.number as string);
    expect(numbers.filter((number) => number.startsWith("INV-2026-")).sort()).toEqual(sequence(2026, 10));
    expect(numbers.filter((number) => number.startsWith("INV-2027-")).sort()).toEqual(sequence(2027, 10));
    for (const invoice of sent) expect(invoice.number?.slice(4, 8)).toBe(invoice.issue_date.slice(0, 4));
  });
});

describe("a number kept through undo", () => {
  test("cannot be cleared with PUT number: null, so the invoice can still not be deleted", async () => {
    const account = await steppedAccount(server);
    const finalized = await account.steps.finalize(await account.steps.create());
    expect(finalized.number).toBe("INV-2026-0001");
    const unlocked = await account.steps.undoFinalize(finalized);
    expect(unlocked.number).toBe("INV-2026-0001");

    await account.client.put(invoicePath(finalized.id), { ...operation(unlocked.revision), number: null });
    expectError(await account.client.delete(invoicePath(finalized.id)), 409, "INVOICE_LOCKED");
    const kept = await account.client.get(invoicePath(finalized.id));
    expect({ status: kept.status, number: kept.body?.number }).toEqual({ status: 200, number: "INV-2026-0001" });
  });

  test("cannot be replaced by another number, which would leave a gap in the sequence", async () => {
    const account = await steppedAccount(server);
    const finalized = await account.steps.finalize(await account.steps.create());
    const unlocked = await account.steps.undoFinalize(finalized);

    await account.client.put(invoicePath(finalized.id), { ...operation(unlocked.revision), number: "MY-OWN-1" });
    const next = await account.steps.finalize(await account.steps.create());
    expect(next.number).toBe("INV-2026-0002");

    // INV-2026-0001 must still be carried by an invoice of the account.
    const listed = expectStatus(await account.client.get(withQuery("/api/invoices", { q: "INV-2026-0001" })), 200);
    expect(listed.data.map((invoice: { number: string }) => invoice.number)).toEqual(["INV-2026-0001"]);
  });

  test("is not replaced by a number given when finalizing again", async () => {
    const account = await steppedAccount(server);
    const finalized = await account.steps.finalize(await account.steps.create());
    const unlocked = await account.steps.undoFinalize(finalized);

    await account.client.post(invoicePath(finalized.id, "/finalize"), { ...operation(unlocked.revision), number: "MY-OWN-2" });
    expect((await account.steps.get(finalized.id)).number).toBe("INV-2026-0001");
  });
});
