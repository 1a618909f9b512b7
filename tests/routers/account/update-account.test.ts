import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api, type Api } from "../../helpers/http.ts";
import { invoiceInput } from "../../helpers/factories.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestAccount, type TestServer } from "../../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;
let client: Api;

/** A fresh account, so every test starts from the empty profile. */
async function freshAccount(): Promise<{ account: TestAccount; client: Api }> {
  const account = await server.account();
  return { account, client: api(server.url, account.key) };
}

async function finalize(caller: Api, overrides: Record<string, unknown>): Promise<Record<string, any>> {
  const invoice = await caller.post("/api/invoices", invoiceInput(overrides));
  expect(invoice.status).toBe(201);
  const finalized = await caller.post(`/api/invoices/${invoice.body.id}/finalize`, { base_revision: invoice.body.revision, operation_id: crypto.randomUUID() });
  expect(finalized.status).toBe(200);
  return finalized.body;
}

const PROFILE = {
  legal_name: "Acme GmbH",
  address: { line1: "Hauptstr. 1", line2: null, city: "Berlin", postal_code: "10115", region: null, country: "DE" },
  tax_id: "DE123456789",
  registration_id: "HRB 12345 B",
  contact: { name: "Ada Lovelace", phone: "+49 30 1", email: "billing@acme.example" },
  payment: { means: "58", iban: "DE89370400440532013000", bic: "COBADEFFXXX", reference: "Acme" },
  logo: "https://acme.example/logo.png",
  currency: "EUR",
  locale: "de-DE",
  timezone: "Europe/Berlin",
};

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
  client = api(server.url, owner.key);
});
afterAll(() => server.close());

describe("PUT /api/account: happy", () => {
  test("stores every profile field and returns the account as GET shows it", async () => {
    const { client: caller } = await freshAccount();
    const reply = await caller.put("/api/account", PROFILE);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject(PROFILE);
    const read = await caller.get("/api/account");
    expect(read.body).toEqual(reply.body);
  });

  test("merges: fields left out are kept, nested contact and payment merge per field", async () => {
    const { client: caller } = await freshAccount();
    await caller.put("/api/account", PROFILE);
    const reply = await caller.put("/api/account", { tax_id: "DE999999999", contact: { phone: "+49 30 2" }, payment: { reference: "Acme Ref" } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      ...PROFILE,
      tax_id: "DE999999999",
      contact: { ...PROFILE.contact, phone: "+49 30 2" },
      payment: { ...PROFILE.payment, reference: "Acme Ref" },
    });
  });

  test("null clears optional fields, nested ones included", async () => {
    const { client: caller } = await freshAccount();
    await caller.put("/api/account", PROFILE);
    const reply = await caller.put("/api/account", {
      legal_name: null,
      address: null,
      tax_id: null,
      logo: null,
      currency: null,
      locale: null,
      contact: { email: null },
      payment: { iban: null, bic: null },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      legal_name: null,
      address: null,
      tax_id: null,
      logo: null,
      currency: null,
      locale: null,
      timezone: PROFILE.timezone,
      contact: { name: PROFILE.contact.name, phone: PROFILE.contact.phone, email: null },
      payment: { means: "58", iban: null, bic: null, reference: "Acme" },
    });
  });

  test("the account's own name is renamed, trimmed, and leaves the seller's legal name alone", async () => {
    const { client: caller } = await freshAccount();
    const renamed = await caller.put("/api/account", { name: "  Acme Berlin  " });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Acme Berlin", legal_name: null });
    expect((await caller.get("/api/account")).body.name).toBe("Acme Berlin");
  });

  test("a string address is taken as line1", async () => {
    const { client: caller } = await freshAccount();
    const reply = await caller.put("/api/account", { address: "1 Main St" });
    expect(reply.body.address).toEqual({ line1: "1 Main St", line2: null, city: null, postal_code: null, region: null, country: null });
  });

  test.each([["Europe/Berlin"], ["America/Argentina/Buenos_Aires"], ["Pacific/Chatham"], ["UTC"], ["Asia/Kolkata"]])("timezone %s (IANA) is accepted", async (timezone) => {
    const { client: caller } = await freshAccount();
    const reply = await caller.put("/api/account", { timezone });
    expect(reply.status).toBe(200);
    expect(reply.body.timezone).toBe(timezone);
  });

  test("the profile becomes the seller on new invoices; invoices keep their copy afterwards", async () => {
    const { client: caller } = await freshAccount();
    await caller.put("/api/account", PROFILE);
    const invoice = await caller.post("/api/invoices", { bill_to_name: "Buyer", issue_date: "2026-11-02", items: [{ description: "x", rate: 100 }] });
    expect(invoice.status).toBe(201);
    expect(invoice.body).toMatchObject({ from_name: "Acme GmbH", from_email: "billing@acme.example", from_tax_id: "DE123456789", currency: "EUR", locale: "de-DE" });
    expect(invoice.body.payment).toEqual(PROFILE.payment);
    await caller.put("/api/account", { legal_name: "Renamed AG", contact: { email: "new@acme.example" } });
    const read = await caller.get(`/api/invoices/${invoice.body.id}`);
    expect(read.body).toMatchObject({ from_name: "Acme GmbH", from_email: "billing@acme.example" });
  });

  test("sequences next=42 for invoice 2026: finalizing an invoice dated 2026 gives INV-2026-0042, then 0043", async () => {
    const { client: caller } = await freshAccount();
    const reply = await caller.put("/api/account", { numbering: { sequences: [{ type: "invoice", year: 2026, next: 42 }] } });
    expect(reply.status).toBe(200);
    expect(reply.body.numbering.sequences).toEqual([{ type: "invoice", year: 2026, next: 42 }]);
    expect((await finalize(caller, { issue_date: "2026-03-15", due_date: "2026-04-15" })).number).toBe("INV-2026-0042");
    expect((await finalize(caller, { issue_date: "2026-12-31", due_date: "2027-01-31" })).number).toBe("INV-2026-0043");
    const account = await caller.get("/api/account");
    expect(account.body.numbering.sequences).toEqual([{ type: "invoice", year: 2026, next: 44 }]);
  });

  test("a sequence is per type and year: other years and types start at 1", async () => {
    const { client: caller } = await freshAccount();
    await caller.put("/api/account", { numbering: { sequences: [{ type: "invoice", year: 2026, next: 42 }] } });
    expect((await finalize(caller, { issue_date: "2025-06-01", due_date: "2025-07-01" })).number).toBe("INV-2025-0001");
    expect((await finalize(caller, { type: "quote", issue_date: "2026-06-01", due_date: "2026-07-01" })).number).toBe("QUO-2026-0001");
  });

  test("prefixes per type are used by finalize and merge with the defaults", async () => {
    const { client: caller } = await freshAccount();
    const reply = await caller.put("/api/account", { numbering: { prefixes: { invoice: "RE" }, sequences: [{ type: "invoice", year: 2026, next: 7 }] } });
    expect(reply.status).toBe(200);
    expect(reply.body.numbering.prefixes).toEqual({ invoice: "RE", credit_note: "CN", quote: "QUO", purchase_order: "PO" });
    expect((await finalize(caller, { issue_date: "2026-02-01", due_date: "2026-03-01" })).number).toBe("RE-2026-0007");
    const again = await caller.put("/api/account", { numbering: { prefixes: { quote: "ANG" } } });
    expect(again.body.numbering.prefixes).toEqual({ invoice: "RE", credit_note: "CN", quote: "ANG", purchase_order: "PO" });
  });

  test("setting a sequence back never hands out a number twice", async () => {
    const { client: caller } = await freshAccount();
    await caller.put("/api/account", { numbering: { sequences: [{ type: "invoice", year: 2026, next: 42 }] } });
    const first = await finalize(caller, { issue_date: "2026-03-01", due_date: "2026-04-01" });
    await caller.put("/api/account", { numbering: { sequences: [{ type: "invoice", year: 2026, next: 42 }] } });
    const second = await finalize(caller, { issue_date: "2026-03-02", due_date: "2026-04-02" });
    expect(first.number).toBe("INV-2026-0042");
    expect(second.number).toBe("INV-2026-0043");
  });
});

describe("PUT /api/account: errors", () => {
  test.each([
    ["unknown time zone", { timezone: "Mars/Olympus" }, "timezone"],
    ["time zone as free text", { timezone: "Berlin time" }, "timezone"],
    ["empty time zone", { timezone: "" }, "timezone"],
    ["empty legal name", { legal_name: "" }, "legal_name"],
    ["blank account name", { name: "   " }, "name"],
    ["account name cleared", { name: null }, "name"],
    ["legal name over 500", { legal_name: "x".repeat(501) }, "legal_name"],
    ["unknown currency", { currency: "XYZ" }, "currency"],
    ["bad locale", { locale: "not a locale!" }, "locale"],
    ["a well-formed locale no one formats in", { locale: "klingon" }, "locale"],
    ["Klingon's own code", { locale: "tlh" }, "locale"],
    ["a locale in no country", { locale: "de-XX" }, "locale"],
    ["an address in no country", { address: { city: "Berlin", country: "XX" } }, "address"],
    ["bad contact e-mail", { contact: { email: "nope" } }, "contact.email"],
    ["unknown contact field", { contact: { fax: "1" } }, "contact.fax"],
    ["bad IBAN", { payment: { iban: "DE89 3704 0044" } }, "payment.iban"],
    ["bad BIC", { payment: { bic: "COBA" } }, "payment.bic"],
    ["bad payment means", { payment: { means: "sepa" } }, "payment.means"],
    ["prefix with a space", { numbering: { prefixes: { invoice: "R E" } } }, "numbering.prefixes.invoice"],
    ["empty prefix", { numbering: { prefixes: { invoice: "" } } }, "numbering.prefixes.invoice"],
    ["prefix for an unknown type", { numbering: { prefixes: { receipt: "RC" } } }, "numbering.prefixes"],
    ["sequence next 0", { numbering: { sequences: [{ type: "invoice", year: 2026, next: 0 }] } }, "numbering.sequences.0.next"],
    ["sequence next fractional", { numbering: { sequences: [{ type: "invoice", year: 2026, next: 1.5 }] } }, "numbering.sequences.0.next"],
    ["sequence year 1800", { numbering: { sequences: [{ type: "invoice", year: 1800, next: 1 }] } }, "numbering.sequences.0.year"],
    ["sequence of an unknown type", { numbering: { sequences: [{ type: "receipt", year: 2026, next: 1 }] } }, "numbering.sequences.0.type"],
    ["sequence without a year", { numbering: { sequences: [{ type: "invoice", next: 5 }] } }, "numbering.sequences.0.year"],
    ["unknown field", { colour: "red" }, "colour"],
    ["tier is not self-service", { tier: "business" }, "tier"],
  ])("%s → 422 VALIDATION_ERROR, nothing stored", async (_name, body, field) => {
    const { client: caller } = await freshAccount();
    const before = await caller.get("/api/account");
    const reply = await caller.put("/api/account", { legal_name: "Should Not Stick", ...body });
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe("VALIDATION_ERROR");
    expect(reply.body.details.field).toStartWith(field);
    const after = await caller.get("/api/account");
    expect(after.body).toEqual(before.body);
  });

  test.each([["+01:00"], ["-05:00"]])("timezone %s (a UTC offset, not an IANA zone) → 422", async (timezone) => {
    const { client: caller } = await freshAccount();
    const reply = await caller.put("/api/account", { timezone });
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe("VALIDATION_ERROR");
    expect(reply.body.details.field).toBe("timezone");
  });

  test("a bad sequence rolls back the profile change in the same request", async () => {
    const { client: caller } = await freshAccount();
    const reply = await caller.put("/api/account", {
      legal_name: "Half Written",
      numbering: { sequences: [{ type: "invoice", year: 2026, next: 5 }, { type: "invoice", year: 2026, next: -1 }] },
    });
    expect(reply.status).toBe(422);
    const after = await caller.get("/api/account");
    expect(after.body.legal_name).toBeNull();
    expect(after.body.numbering.sequences).toEqual([]);
  });
});

describe("PUT /api/account: security", () => {
  test("no key, unknown key, revoked key, a key without account:admin", async () => {
    await expectSecurityCases({
      server,
      owner,
      scope: "account:admin",
      ownsResource: false,
      call: (key) => api(server.url).put("/api/account", { legal_name: "Intruder" }, key),
    });
    const read = await client.get("/api/account");
    expect(read.body.legal_name).toBeNull();
  });

  test("a key with every scope but account:admin can read the account, not change it", async () => {
    const narrow = await server.key(owner.accountId, ["invoices:read", "invoices:write", "entities:read", "entities:write"]);
    const narrowApi = api(server.url, narrow);
    expect((await narrowApi.get("/api/account")).status).toBe(200);
    const reply = await narrowApi.put("/api/account", { numbering: { sequences: [{ type: "invoice", year: 2026, next: 1000 }] } });
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe("FORBIDDEN");
    expect((await client.get("/api/account")).body.numbering.sequences).toEqual([]);
  });

  test("a PUT changes only the caller's own account", async () => {
    const { account: other, client: otherApi } = await freshAccount();
    await otherApi.put("/api/account", { legal_name: "Other Ltd" });
    const mine = await client.get("/api/account");
    expect(mine.body.legal_name).toBeNull();
    expect((await otherApi.get("/api/account")).body).toMatchObject({ id: other.accountId, legal_name: "Other Ltd" });
  });
});
