// POST /api/exports/bulk: many invoices, by ids or by the list's filters, in one format, in one ZIP.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { unzipSync } from "fflate";
import { insertInvoices } from "../../../db/queries/invoices.ts";
import { newInvoice } from "../../../server/domain/invoice.ts";
import { emptyProfile } from "../../../server/domain/profile.ts";
import { api } from "../../helpers/http.ts";
import { invoiceInput } from "../../helpers/factories.ts";
import { expectError, expectStatus, setProfile, steppedAccount, type Invoice, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: SteppedAccount;
let invoices: Invoice[];

const unzip = async (url: string): Promise<Record<string, Uint8Array>> => unzipSync(new Uint8Array(await (await fetch(url)).arrayBuffer()));

beforeAll(async () => {
  server = await startTestServer({ now: "2026-11-21T10:00:00Z" });
  owner = await steppedAccount(server);
  // A seller and buyers complete enough for e-invoices (EN 16931), so only the draft is refused.
  await setProfile(owner.client, { legal_name: "Acme GmbH", tax_id: "DE123456789", address: { line1: "Hauptstr. 1", city: "Berlin", postal_code: "10115", country: "DE" }, payment: { iban: "DE89370400440532013000" } });
  const buyer = { bill_to_address: { line1: "Marktplatz 5", city: "München", postal_code: "80331", country: "DE" } };
  invoices = [
    await owner.steps.finalize(await owner.steps.create({ ...buyer, issue_date: "2026-10-01" })),
    await owner.steps.finalize(await owner.steps.create({ ...buyer, issue_date: "2026-10-02" })),
    await owner.steps.create({ ...buyer, issue_date: "2026-10-03" }),
  ];
});
afterAll(() => server.close());

describe("POST /api/exports/bulk: happy", () => {
  test("by ids: one file per invoice in the ZIP, named as a single export names it", async () => {
    const body = expectStatus(await owner.client.post("/api/exports/bulk", { ids: invoices.map((invoice) => invoice.id), format: "pdf" }), 200);
    expect(body).toMatchObject({ format: "zip", content_type: "application/zip", file_name: "invoices-pdf-2026-11-21.zip", count: 3, skipped: [] });
    const zip = await unzip(body.url);
    expect(Object.keys(zip).sort()).toEqual([`${invoices[0]!.number}.pdf`, `${invoices[1]!.number}.pdf`, `draft-${invoices[2]!.id}.pdf`].sort());
    for (const bytes of Object.values(zip)) expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  });

  test("by the list's filters; invoices a format cannot be made of are skipped with why", async () => {
    const body = expectStatus(await owner.client.post("/api/exports/bulk", { filter: { from_date: "2026-10-01", to_date: "2026-10-31" }, format: "md" }), 200);
    expect(body.count).toBe(3);
    const einvoices = expectStatus(await owner.client.post("/api/exports/bulk", { filter: { from_date: "2026-10-01" }, format: "cii" }), 200);
    expect(einvoices.count).toBe(2);
    expect(einvoices.skipped).toEqual([{ id: invoices[2]!.id, number: null, code: "VALIDATION_ERROR", error: expect.stringContaining("BT-1") }]);
    expect(Object.keys(await unzip(einvoices.url)).sort()).toEqual([`${invoices[0]!.number}-cii.xml`, `${invoices[1]!.number}-cii.xml`]);
  });
});

describe("POST /api/exports/bulk: errors", () => {
  test.each([
    ["neither ids nor filter", { format: "pdf" }, "ids"],
    ["both ids and filter", { ids: ["inv_x"], filter: {}, format: "pdf" }, "ids"],
    ["no ids", { ids: [], format: "pdf" }, "ids"],
    ["an unknown filter field", { filter: { colour: "red" }, format: "pdf" }, "filter.colour"],
  ])("%s → 422", async (_name, body, field) => {
    const reply = await owner.client.post("/api/exports/bulk", body);
    expectError(reply, 422, "VALIDATION_ERROR");
    expect(reply.body.details.field).toBe(field);
  });

  test("a missing id is 404 and another account's 403, naming its place; nothing is stored", async () => {
    const missing = await owner.client.post("/api/exports/bulk", { ids: [invoices[0]!.id, "inv_missing"], format: "json" });
    expectError(missing, 404, "NOT_FOUND");
    expect(missing.body.details.field).toBe("ids.1");
  });

  test("every invoice refused is a 422; filters choosing more than 1,000 invoices are a 422 with the count", async () => {
    const drafts = await steppedAccount(server);
    await drafts.steps.create();
    expectError(await drafts.client.post("/api/exports/bulk", { filter: {}, format: "ubl" }), 422, "VALIDATION_ERROR");
    const many = await steppedAccount(server);
    const now = new Date("2026-11-21T10:00:00Z");
    const records = Array.from({ length: 1001 }, (_, index) => newInvoice({ id: `inv_bulk${String(index).padStart(6, "0")}`, input: invoiceInput(), profile: emptyProfile(), resolved: {}, now }));
    await server.services.database.write((tx) => insertInvoices(tx, many.accountId, records));
    const reply = await many.client.post("/api/exports/bulk", { filter: {}, format: "json" });
    expectError(reply, 422, "VALIDATION_ERROR");
    expect(reply.body.details).toMatchObject({ field: "filter", count: 1001 });
  });
});

describe("POST /api/exports/bulk: security", () => {
  test("no key, unknown key, revoked key, wrong scope, another account's invoice id", async () => {
    await expectSecurityCases({ server, owner, scope: "invoices:read", call: (key) => api(server.url).post("/api/exports/bulk", { ids: [invoices[0]!.id], format: "json" }, key) });
  });

  test("filters only ever choose the caller's own invoices", async () => {
    const stranger = await steppedAccount(server);
    await stranger.steps.create();
    const body = expectStatus(await stranger.client.post("/api/exports/bulk", { filter: {}, format: "json" }), 200);
    expect(body.count).toBe(1);
  });
});
