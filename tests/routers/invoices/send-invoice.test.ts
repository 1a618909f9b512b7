// POST /api/invoices/{id}/send (invoices.send): finalize, move to sent, queue the e-mail in the same
// transaction; the delivery job hands it to a real SMTP server in this process, and each message is
// read back with mailparser (headers, both bodies, the attachments; the PDF through pdftotext).
// Attachments are checked before the send changes anything: one the invoice cannot be made into is
// its export's 422 with the format named, on every face.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTRPCClient, httpLink, type TRPCClientError } from "@trpc/client";
import type { AppRouter } from "../../../routers/index.ts";
import { operation } from "../../helpers/factories.ts";
import { deliverMail, outboxOf, startTestSmtp, type Received, type TestSmtp } from "../../helpers/mail.ts";
import { expectError, expectStatus, invoicePath, setProfile, steppedAccount, type Invoice, type SteppedAccount } from "../../helpers/invoices.ts";
import { expectSecurityCases } from "../../helpers/security.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";
import { pdfFile, pdfText, skipPoppler } from "../../render/templates/poppler.ts";
import { BUYER_FIELDS, SELLER_PROFILE } from "./export-helpers.ts";

let server: TestServer;
let smtp: TestSmtp;
let owner: SteppedAccount;
let clientId: string;

const MAIL_FROM = "Zoë Müller Billing <invoices@zoe-mueller.example>";

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM } });
  owner = await steppedAccount(server);
  await setProfile(owner.client, SELLER_PROFILE);
  const client = expectStatus(await owner.client.post("/api/clients", { name: "Beispiel AG", email: "rechnungen@beispiel.example", locale: "de-DE" }), 201);
  clientId = client.id;
});

afterAll(async () => {
  await server.close();
  await smtp.close();
});

const send = (invoice: Invoice, body: Record<string, unknown> = {}, account: SteppedAccount = owner) =>
  account.client.post(invoicePath(invoice.id, "/send"), { ...operation(invoice.revision), ...body });

/** A draft billed to the account's client (whose e-mail is the default recipient), complete enough for e-invoices. */
const draft = (overrides: Record<string, unknown> = {}): Promise<Invoice> => owner.steps.create({ from_name: undefined, ...BUYER_FIELDS, client_id: clientId, ...overrides });

/** Delivers what is due and returns the messages the SMTP server got meanwhile. */
async function delivered(): Promise<Received[]> {
  const before = smtp.received.length;
  await deliverMail(server);
  return smtp.received.slice(before);
}

describe("sending by e-mail", () => {
  let sent: { invoice: Invoice; share: { url: string }; mail: Record<string, any> };
  let message: Received;

  beforeAll(async () => {
    const invoice = await draft();
    sent = expectStatus(await send(invoice, { cc: ["cfo@beispiel.example"], message: "Vielen Dank für den Auftrag!" }), 200);
    [message] = (await delivered()) as [Received];
  });

  test("finalizes the draft, moves it to sent and queues one e-mail to the client, copying the reply-to from the profile", async () => {
    expect(sent.invoice).toMatchObject({ status: "sent", locked: true, number: "INV-2026-0001", share_url: sent.share.url });
    expect(sent.mail).toEqual({
      id: expect.stringMatching(/^msg_/),
      status: "pending",
      to: ["rechnungen@beispiel.example"],
      cc: ["cfo@beispiel.example"],
      reply_to: "billing@zoe-mueller.example",
      subject: "Rechnung INV-2026-0001 von Zoë Müller Beratung GmbH",
      attachments: ["pdf"],
    });
    expect(expectStatus(await owner.client.get(invoicePath(sent.invoice.id)), 200)).toEqual(sent.invoice);
    const [row] = await outboxOf(server, owner.accountId, sent.invoice.id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null, tries: [expect.objectContaining({ ok: true })] });
  });

  test("the message: From, To, Cc, Reply-To, a localized Subject and the outbox row's Message-ID", () => {
    const { parsed, envelope } = message;
    expect(parsed.from?.value).toEqual([{ address: "invoices@zoe-mueller.example", name: "Zoë Müller Billing" }]);
    expect(parsed.to).toMatchObject({ value: [{ address: "rechnungen@beispiel.example" }] });
    expect(parsed.cc).toMatchObject({ value: [{ address: "cfo@beispiel.example" }] });
    expect(parsed.replyTo).toMatchObject({ value: [{ address: "billing@zoe-mueller.example" }] });
    expect(parsed.subject).toBe("Rechnung INV-2026-0001 von Zoë Müller Beratung GmbH");
    expect(parsed.messageId).toBe(`<${sent.mail.id}@zoe-mueller.example>`);
    expect(envelope).toEqual({ from: "invoices@zoe-mueller.example", to: ["rechnungen@beispiel.example", "cfo@beispiel.example"] });
  });

  test("plain text and HTML say the same in German, with the sender's words and the share link", () => {
    const { text, html } = message.parsed;
    expect(text).toContain("Guten Tag Beispiel AG,");
    expect(text).toContain("Vielen Dank für den Auftrag!");
    expect(text).toContain("hiermit erhalten Sie unsere Rechnung INV-2026-0001 über 1.482,15\u00a0€, fällig am 1. Dezember 2026.");
    expect(text).toContain(`Online ansehen und herunterladen:\n${sent.share.url}`);
    expect(text).toContain("Mit freundlichen Grüßen\nZoë Müller Beratung GmbH");
    expect(html).toContain('<html lang="de">');
    expect(html).toContain(`<a href="${sent.share.url}">`);
    expect(html).toContain("hiermit erhalten Sie unsere Rechnung INV-2026-0001 über 1.482,15\u00a0€");
  });

  test.skipIf(skipPoppler)("the PDF is attached under the invoice's number, and pdftotext reads the invoice from it", () => {
    const [pdf, ...others] = message.parsed.attachments;
    expect(others).toEqual([]);
    expect(pdf).toMatchObject({ filename: "INV-2026-0001.pdf", contentType: "application/pdf" });
    const file = pdfFile(new Uint8Array(pdf!.content));
    try {
      const text = pdfText(file);
      expect(text).toContain("INV-2026-0001");
      expect(text).toContain("Beispiel AG");
    } finally {
      file.dispose();
    }
  });

  test("history records the send with its recipients, and events announce finalized then sent", async () => {
    const history = await owner.steps.history(sent.invoice.id);
    expect(history.at(-1)).toMatchObject({ action: "sent", from_status: "draft", to_status: "sent", note: "e-mailed to rechnungen@beispiel.example, cfo@beispiel.example" });
    expect(history.at(-1)!.changes).toEqual(expect.arrayContaining(["status", "approval", "locked", "number"]));
    const events = expectStatus(await owner.client.get(`/api/events?resource_id=${sent.invoice.id}`), 200).data;
    expect(events.map((event: { type: string }) => event.type).reverse()).toEqual(["invoice.created", "invoice.finalized", "invoice.sent"]);
  });
});

describe("options and repeats", () => {
  test("attach adds the UBL and XRechnung e-invoices beside the PDF", async () => {
    const reply = expectStatus(await send(await draft(), { attach: ["pdf", "ubl", "xrechnung"] }), 200);
    const [message] = await delivered();
    const files = message!.parsed.attachments.map((file) => ({ name: file.filename, type: file.contentType }));
    const number = reply.invoice.number;
    expect(files).toEqual([
      { name: `${number}.pdf`, type: "application/pdf" },
      { name: `${number}-ubl.xml`, type: "application/xml" },
      { name: `${number}-xrechnung.xml`, type: "application/xml" },
    ]);
    const [, ubl, xrechnung] = message!.parsed.attachments.map((file) => file.content.toString("utf8"));
    expect(ubl).toContain(`<cbc:ID>${number}</cbc:ID>`);
    expect(xrechnung).toContain("urn:xeinkauf.de:kosit:xrechnung");
  });

  test("to, subject and attach: [] send only the link to whom the caller names", async () => {
    const reply = expectStatus(await send(await draft(), { to: ["someone@else.example"], subject: "Your invoice", attach: [] }), 200);
    const [message] = await delivered();
    expect(message!.envelope.to).toEqual(["someone@else.example"]);
    expect(message!.parsed.subject).toBe("Your invoice");
    expect(message!.parsed.attachments).toEqual([]);
    expect(message!.parsed.text).toContain(reply.share.url);
  });

  test("via link makes the share link and marks it sent, queuing no e-mail", async () => {
    const invoice = await draft();
    const reply = expectStatus(await send(invoice, { via: "link" }), 200);
    expect(reply).toMatchObject({ via: "link", mail: null, invoice: { status: "sent", locked: true } });
    expect(reply.invoice.share_url).toBe(reply.share.url);
    expect((await fetch(reply.share.url)).status).toBe(200);
    expect(await outboxOf(server, owner.accountId, invoice.id)).toEqual([]);
    expect((await owner.steps.history(invoice.id)).at(-1)).toMatchObject({ action: "sent", note: "sent by link" });
  });

  test("an invoice already sent (or paid) is e-mailed again without a status change, announced as a send", async () => {
    const first = expectStatus(await send(await draft()), 200);
    const again = expectStatus(await send(first.invoice), 200);
    expect(again.invoice).toMatchObject({ status: "sent", number: first.invoice.number, revision: first.invoice.revision + 1 });
    expect(again.share).toEqual(first.share);
    const paid = await owner.steps.pay(again.invoice, again.invoice.amount_due);
    const copy = expectStatus(await send(paid), 200);
    expect(copy.invoice.status).toBe("paid");
    expect(await delivered()).toHaveLength(3);
    const history = await owner.steps.history(first.invoice.id);
    expect(history.filter((entry) => entry.action === "sent").map((entry) => [entry.from_status, entry.to_status])).toEqual([
      ["draft", "sent"],
      ["sent", "sent"],
      ["paid", "paid"],
    ]);
    const events = expectStatus(await owner.client.get(`/api/events?resource_id=${first.invoice.id}&type=invoice.sent`), 200);
    expect(events.total).toBe(3);
  });

  test("a review invoice is approved on the way by a key that may approve", async () => {
    const review = await owner.steps.transition(await draft(), "review");
    const reply = expectStatus(await send(review), 200);
    expect(reply.invoice.status).toBe("sent");
    expect((await owner.steps.history(review.id)).at(-1)!.changes).toContain("approval");
    await delivered();
  });

  test("a retry with the same operation id answers the same and queues no second e-mail", async () => {
    const invoice = await draft();
    const body = { ...operation(invoice.revision), cc: ["cfo@beispiel.example"] };
    const first = expectStatus(await owner.client.post(invoicePath(invoice.id, "/send"), body), 200);
    const retry = expectStatus(await owner.client.post(invoicePath(invoice.id, "/send"), body), 200);
    expect(retry).toEqual(first);
    expect(await outboxOf(server, owner.accountId, invoice.id)).toHaveLength(1);
    expectError(await owner.client.post(invoicePath(invoice.id, "/send"), { ...body, cc: [] }), 409, "OPERATION_REUSED");
    expect(await delivered()).toHaveLength(1);
  });
});

describe("refusals", () => {
  test("no base revision is 428; a stale one 409 REVISION_CONFLICT, sending nothing", async () => {
    const invoice = await draft();
    expectError(await owner.client.post(invoicePath(invoice.id, "/send"), {}), 428, "REVISION_REQUIRED");
    const updated = await owner.steps.update(invoice, { notes: "changed" });
    const stale = await send(invoice);
    expectError(stale, 409, "REVISION_CONFLICT");
    expect(stale.body.details.current_revision).toBe(updated.revision);
    expect((await owner.steps.get(invoice.id)).status).toBe("draft");
    expect(await outboxOf(server, owner.accountId, invoice.id)).toEqual([]);
  });

  test("no recipient (no to, no e-mail on client or invoice) is 422 naming to; too many or malformed ones too", async () => {
    const invoice = await owner.steps.create({ bill_to_email: undefined });
    const none = await send(invoice);
    expectError(none, 422, "VALIDATION_ERROR");
    expect(none.body.details.field).toBe("to");
    const many = Array.from({ length: 15 }, (_, index) => `r${index}@example.com`);
    const crowded = await send(invoice, { to: many, cc: many.slice(0, 6) });
    expectError(crowded, 422, "VALIDATION_ERROR");
    expect(crowded.body.details.field).toBe("cc");
    const malformed = await send(invoice, { to: ["not an address"] });
    expectError(malformed, 422, "VALIDATION_ERROR");
    expect(malformed.body.details.field).toMatch(/^to/);
    const unknownFormat = await send(invoice, { to: ["a@example.com"], attach: ["png"] });
    expectError(unknownFormat, 422, "VALIDATION_ERROR");
    expect((await owner.steps.get(invoice.id)).status).toBe("draft");
  });

  test("a void invoice is 409 INVALID_TRANSITION", async () => {
    const voided = await owner.steps.transition(await draft(), "void");
    expectError(await send(voided), 409, "INVALID_TRANSITION");
    expectError(await send(voided, { via: "link" }), 409, "INVALID_TRANSITION");
  });

  test("a key without invoices:approve may not send a draft (403) but may send one approved by someone who may", async () => {
    const agent = { ...owner, client: (await import("../../helpers/http.ts")).api(server.url, await server.key(owner.accountId, ["invoices:read", "invoices:write"])) };
    const invoice = await draft();
    const refused = await send(invoice, {}, agent);
    expectError(refused, 403, "FORBIDDEN");
    expect(refused.body.details.required_scope).toBe("invoices:approve");
    expect(await outboxOf(server, owner.accountId, invoice.id)).toEqual([]);
    const approved = await owner.steps.through(invoice, "review", "approved");
    expect(expectStatus(await send(approved, {}, agent), 200).invoice.status).toBe("sent");
    await delivered();
  });

  test("a missing invoice is 404", async () => {
    expectError(await owner.client.post(invoicePath("inv_01KB4Z2W9X6M3Q7R8T5V0C1NPE", "/send"), operation(1)), 404, "NOT_FOUND");
  });

  test("security: no key, unknown, revoked, wrong scope, another account's invoice", async () => {
    const invoice = await draft();
    await expectSecurityCases({
      server,
      owner,
      scope: "invoices:write",
      call: (key) => owner.client.post(invoicePath(invoice.id, "/send"), operation(invoice.revision), key),
    });
  });
});

describe("attachments are checked before anything changes", () => {
  /** The buyer's address is one line with no country (BT-55): no e-invoice can be made of it, the PDF can. */
  const NO_COUNTRY = { bill_to_address: "Marktplatz 5, 80331 München" };

  /** What a send changed of the invoice: its row, history, events and queued mail. */
  const traceOf = async (id: string) => ({
    invoice: await owner.steps.get(id),
    history: await owner.steps.history(id),
    events: expectStatus(await owner.client.get(`/api/events?resource_id=${id}`), 200).data.map((event: { type: string }) => event.type),
    mail: await outboxOf(server, owner.accountId, id),
  });

  test("each e-invoice format is refused with the 422 its export gives, naming the format; nothing moves, nothing queues, no event", async () => {
    const finalized = await owner.steps.finalize(await draft(NO_COUNTRY));
    const before = await traceOf(finalized.id);
    for (const format of ["ubl", "cii", "facturx", "xrechnung"]) {
      const exported = await owner.client.post(invoicePath(finalized.id, "/export"), { format });
      expectError(exported, 422, "VALIDATION_ERROR");
      expect(exported.body.details.business_term).toBe("BT-55");
      const refused = await send(finalized, { attach: ["pdf", format] });
      expectError(refused, 422, "VALIDATION_ERROR");
      expect(refused.body.error).toBe(`The ${format} attachment cannot be made: ${exported.body.error}`);
      expect(refused.body.details).toEqual({ ...exported.body.details, format });
    }
    expect(await traceOf(finalized.id)).toEqual(before);
    expect(before.invoice).toMatchObject({ status: "draft", share_url: null });
  });

  test("the check is per format, on the record as sent: XRechnung and UBL refuse a draft without a buyer reference, CII sends it, no number burnt", async () => {
    const first = expectStatus(await send(await draft()), 200).invoice.number as string;
    const noReference = await draft({ buyer_reference: undefined });
    const xrechnung = await send(noReference, { attach: ["pdf", "cii", "xrechnung"] });
    expectError(xrechnung, 422, "VALIDATION_ERROR");
    expect(xrechnung.body.details).toEqual({ format: "xrechnung", rule: "BR-DE-15", business_term: "BT-10", field: "buyer_reference", issue: expect.any(String) });
    // Peppol BIS Billing's own requirement, checked by the UBL writer, as its export would.
    const ubl = await send(noReference, { attach: ["ubl"] });
    expectError(ubl, 422, "VALIDATION_ERROR");
    expect(ubl.body.details).toMatchObject({ format: "ubl", business_term: "BT-10" });
    expect(ubl.body.error).toContain("PEPPOL-EN16931-R003");
    expect(await traceOf(noReference.id)).toMatchObject({ invoice: { status: "draft", number: null, revision: noReference.revision }, events: ["invoice.created"], mail: [] });
    const sent = expectStatus(await send(noReference, { attach: ["pdf", "cii"] }), 200);
    const next = `${first.slice(0, -4)}${String(Number(first.slice(-4)) + 1).padStart(4, "0")}`;
    expect(sent.invoice.number).toBe(next);
    expect(await delivered()).toHaveLength(2);
    expect((await outboxOf(server, owner.accountId, noReference.id))[0]).toMatchObject({ status: "sent", lastError: null });
  });

  test("an invoice already sent is not e-mailed again with a file it cannot make; the PDF alone and a link need no e-invoice", async () => {
    const sent = expectStatus(await send(await draft(NO_COUNTRY)), 200).invoice;
    expect(await delivered()).toHaveLength(1);
    const before = await traceOf(sent.id);
    const refused = await send(sent, { attach: ["ubl"] });
    expectError(refused, 422, "VALIDATION_ERROR");
    expect(refused.body.details).toMatchObject({ format: "ubl", business_term: "BT-55" });
    expect(await traceOf(sent.id)).toEqual(before);
    // By link nothing is attached, so nothing is checked.
    expect(expectStatus(await send(sent, { via: "link", attach: ["ubl"] }), 200).mail).toBeNull();
  });
});

describe("other faces", () => {
  test("the MCP tool invoices.send and the typed tRPC client send the same way", async () => {
    const invoice = await draft();
    const mcp = await owner.client.post("/api/mcp", {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "invoices.send", arguments: { id: invoice.id, ...operation(invoice.revision), via: "email", attach: ["pdf"] } },
    });
    expect(mcp.body.result.isError).toBeFalsy();
    const byTool = mcp.body.result.structuredContent;
    expect(byTool).toMatchObject({ via: "email", invoice: { status: "sent" }, mail: { status: "pending", to: ["rechnungen@beispiel.example"] } });
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${owner.key}` } })] });
    const again = await trpc.invoices.send.mutate({ id: invoice.id, base_revision: byTool.invoice.revision, operation_id: crypto.randomUUID(), via: "link" });
    expect(again).toMatchObject({ via: "link", mail: null, share: byTool.share, invoice: { status: "sent", revision: byTool.invoice.revision + 1 } });
    expect(await delivered()).toHaveLength(1);
  });

  test("an attachment the invoice cannot make is the same 422 on MCP and tRPC, and sends nothing", async () => {
    const invoice = await draft({ bill_to_address: "Marktplatz 5, 80331 München" });
    const mcp = await owner.client.post("/api/mcp", {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "invoices.send", arguments: { id: invoice.id, ...operation(invoice.revision), via: "email", attach: ["pdf", "facturx"] } },
    });
    expect(mcp.body.result.isError).toBe(true);
    expect(JSON.parse(mcp.body.result.content[0].text)).toMatchObject({ code: "VALIDATION_ERROR", details: { format: "facturx", business_term: "BT-55" } });
    const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${owner.key}` } })] });
    const refused = await trpc.invoices.send.mutate({ id: invoice.id, ...operation(invoice.revision), via: "email", attach: ["cii"] }).catch((error: unknown) => error);
    expect((refused as TRPCClientError<AppRouter>).data).toMatchObject({ httpStatus: 422, appCode: "VALIDATION_ERROR", details: { format: "cii", business_term: "BT-55" } });
    expect(await owner.steps.get(invoice.id)).toMatchObject({ status: "draft", revision: invoice.revision });
    expect(await outboxOf(server, owner.accountId, invoice.id)).toEqual([]);
  });
});
