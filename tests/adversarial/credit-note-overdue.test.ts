// ADR 0008: the scheduler moves sent|viewed to overdue when due_date is before today in the
// account's time zone; only quotes and purchase orders never become paid or overdue. Credit notes
// are paid like invoices (ADR 0008 records payments on credit notes), so they also go overdue.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { steppedAccount } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ now: "2026-11-20T12:00:00Z" });
});
afterAll(() => server.close());

describe("scheduler: overdue job and credit notes", () => {
  test("a sent credit note due before today becomes overdue, like an invoice", async () => {
    const account = await steppedAccount(server);
    const invoice = await account.steps.sent({ issue_date: "2026-11-01", due_date: "2026-11-10" });
    const creditNote = await account.steps.sent({
      type: "credit_note",
      issue_date: "2026-11-01",
      due_date: "2026-11-10",
      preceding_invoice: { id: invoice.id },
    });

    server.clock.set("2026-11-21T00:01:00Z");
    expect(await server.scheduler.runDue()).toContain("mark-overdue");

    expect((await account.steps.get(invoice.id)).status).toBe("overdue");
    expect(await account.steps.get(creditNote.id)).toMatchObject({ status: "overdue", revision: creditNote.revision + 1 });
  });
});
