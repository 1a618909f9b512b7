// POST /api/invoices/{id}/exports: one invoice to several formats at once, each behind its own link.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTRPCClient, httpLink } from "@trpc/client";
import { eq } from "drizzle-orm";
import { files } from "../../../db/schema/index.ts";
import type { AppRouter } from "../../../routers/index.ts";
import { api } from "../../helpers/http.ts";
import { expectError, expectStatus, invoicePath, steppedAccount, type Invoice, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";
import { exportableInvoice } from "./export-helpers.ts";

let server: TestServer;
let owner: SteppedAccount;
let invoice: Invoice;

beforeAll(async () => {
  server = await startTestServer();
  owner = await steppedAccount(server);
  invoice = await owner.steps.finalize(await owner.steps.create());
});
afterAll(() => server.close());

describe("POST /api/invoices/{id}/exports: happy", () => {
  test("each format once, in the order asked, each a signed link; small text inline; the same files a single export reuses", async () => {
    const body = expectStatus(await owner.client.post(invoicePath(invoice.id, "/exports"), { formats: ["pdf", "csv", "dsl"] }), 200);
    expect(body.files.map((file: { format: string; file_name: string }) => [file.format, file.file_name])).toEqual([
      ["pdf", `${invoice.number}.pdf`],
      ["csv", `${invoice.number}.csv`],
      ["dsl", `${invoice.number}.txt`],
    ]);
    expect(body.files[0].text).toBeNull();
    expect(body.files[2].text).toStartWith(`INVOICE ${invoice.number}`);
    const pdf = await fetch(body.files[0].url);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    const single = expectStatus(await owner.client.post(invoicePath(invoice.id, "/export"), { format: "pdf" }), 200);
    expect(single.sha256).toBe(body.files[0].sha256);
  });

  test("through tRPC", async () => {
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${owner.key}` } })] });
    expect((await trpc.invoices.exportFormats.mutate({ id: invoice.id, formats: ["json", "md"] })).files.map((file) => file.format)).toEqual(["json", "md"]);
  });
});

describe("POST /api/invoices/{id}/exports: errors", () => {
  test.each([
    ["no format", { formats: [] }, "formats"],
    ["a format twice", { formats: ["pdf", "pdf"] }, "formats"],
    ["an unknown format", { formats: ["gif"] }, "formats.0"],
  ])("%s → 422", async (_name, body, field) => {
    const reply = await owner.client.post(invoicePath(invoice.id, "/exports"), body);
    expectError(reply, 422, "VALIDATION_ERROR");
    expect(reply.body.details.field).toBe(field);
  });

  test("a format the invoice cannot be made in stops the call with that format's 422; a missing invoice is 404", async () => {
    const draft = await owner.steps.create();
    const reply = await owner.client.post(invoicePath(draft.id, "/exports"), { formats: ["json", "ubl"] });
    expectError(reply, 422, "VALIDATION_ERROR");
    expect(reply.body.details.business_term).toBe("BT-1");
    expectError(await owner.client.post(invoicePath("inv_missing", "/exports"), { formats: ["pdf"] }), 404, "NOT_FOUND");
  });

  test("UBL's own Peppol requirement (a buyer reference, BT-10) is checked before any format is stored too", async () => {
    const seller = await steppedAccount(server);
    const noReference = await exportableInvoice(seller.client, seller.steps, { buyer_reference: undefined });
    const reply = await seller.client.post(invoicePath(noReference.id, "/exports"), { formats: ["json", "ubl"] });
    expectError(reply, 422, "VALIDATION_ERROR");
    expect(reply.body).toMatchObject({ error: expect.stringContaining("PEPPOL-EN16931-R003"), details: { business_term: "BT-10" } });
    expect(await server.services.database.db.select().from(files).where(eq(files.invoiceId, noReference.id))).toEqual([]);
  });
});

describe("POST /api/invoices/{id}/exports: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account's invoice", async () => {
    await expectSecurityCases({ server, owner, scope: "invoices:read", call: (key) => api(server.url).post(invoicePath(invoice.id, "/exports"), { formats: ["json"] }, key) });
  });
});
