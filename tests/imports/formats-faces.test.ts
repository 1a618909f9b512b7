// Each of the 16 formats through all three faces: a file of that format, its format left for the
// service to tell, previewed over REST, tRPC and the MCP tool — the same answer on each (the import
// id is the account's, the file's and the options' own), the right format detected, and the
// records it holds found. Then each is committed once over REST and read back.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { createTRPCClient, httpLink } from "@trpc/client";
import { toDocx } from "../../render/codecs/docx.ts";
import { toHtml } from "../../render/codecs/html.ts";
import { toJson } from "../../render/codecs/json.ts";
import { toMarkdown } from "../../render/codecs/markdown.ts";
import { exportInvoice } from "../../render/export.ts";
import { type ExportFormat } from "../../server/domain/formats.ts";
import { layoutInvoice } from "../../render/templates/index.ts";
import { builtInTemplate } from "../../render/templates/template.ts";
import { renderPdf, renderPng } from "../../render/visual.ts";
import type { AppRouter } from "../../routers/index.ts";
import { DSL_EXAMPLE } from "../../server/invoices/dsl.ts";
import type { ImportFormat } from "../../server/imports/model.ts";
import { api, type Api } from "../helpers/http.ts";
import { expectStatus, setProfile } from "../helpers/invoices.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";
import { withMcpClient } from "../helpers/tools.ts";
import { caseNamed, SELLER } from "../render/einvoice/fixtures.ts";
import { GERMAN } from "../../scripts/samples/invoices.ts";

const fixture = (path: string): Uint8Array => new Uint8Array(readFileSync(new URL(`../fixtures/imports/${path}`, import.meta.url)));
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

const TABLE = [
  ["number", "issue_date", "bill_to_name", "bill_to_email", "description", "quantity", "unit_price", "tax_rate"],
  ["T-1", "2026-10-01", "Globex Corporation", "ap@globex.example", "Consulting", "10", "120.00", "19"],
  ["T-1", "2026-10-01", "Globex Corporation", "ap@globex.example", "Travel", "1", "89.50", "19"],
];

const TEXT_INVOICE = `Acme Widgets Ltd
12 Harbour Road
Bristol BS1 4DJ

Invoice INV-7
Invoice date: 05/11/2026

Bill to: Globex Corporation

Description          Qty    Unit price    Amount
Widget, blue           4        £12.50    £50.00

Total    £50.00
`;

async function exported(format: ExportFormat): Promise<Uint8Array> {
  const record = caseNamed("several VAT rates");
  return (await exportInvoice({ record, profile: SELLER, template: builtInTemplate("classic"), format, syntax: "cii", createdAt: "2026-11-01T09:00:00.000Z" })).bytes;
}

/** `ocr`: read by Tesseract, a whole A4 page four times over (three previews and the commit): about 20 s with two CPU burners, far more under heavier load. */
type Sample = { format: ImportFormat; bytes: () => Promise<Uint8Array>; holds: { invoices?: number; clients?: number }; ocr?: true };

const SAMPLES: Sample[] = [
  { format: "csv", bytes: async () => utf8(TABLE.map((row) => row.join(",")).join("\r\n")), holds: { invoices: 1 } },
  { format: "tsv", bytes: async () => utf8(TABLE.map((row) => row.join("\t")).join("\n")), holds: { invoices: 1 } },
  { format: "xlsx", bytes: () => exported("xlsx"), holds: { invoices: 1 } },
  { format: "json", bytes: async () => utf8(toJson(GERMAN)), holds: { invoices: 1 } },
  { format: "ubl", bytes: async () => fixture("einvoice/ubl/ubl-tc434-example1.xml"), holds: { invoices: 1 } },
  { format: "cii", bytes: async () => fixture("einvoice/cii/CII_example1.xml"), holds: { invoices: 1 } },
  { format: "xrechnung", bytes: () => exported("xrechnung"), holds: { invoices: 1 } },
  { format: "facturx", bytes: () => exported("facturx"), holds: { invoices: 1 } },
  { format: "pdf", bytes: () => renderPdf(layoutInvoice(GERMAN, builtInTemplate("classic"))), holds: { invoices: 1 } },
  { format: "docx", bytes: () => toDocx(GERMAN), holds: { invoices: 1 } },
  { format: "vcard", bytes: async () => fixture("vcard/google-contacts.vcf"), holds: { clients: 2 } },
  { format: "dsl", bytes: async () => utf8(DSL_EXAMPLE), holds: { invoices: 1 } },
  { format: "md", bytes: async () => utf8(toMarkdown(GERMAN)), holds: { invoices: 1 } },
  { format: "html", bytes: async () => utf8(toHtml(GERMAN, builtInTemplate("classic"))), holds: { invoices: 1 } },
  { format: "image", bytes: () => renderPng(layoutInvoice(GERMAN, builtInTemplate("classic"))), holds: { invoices: 1 }, ocr: true },
  { format: "text", bytes: async () => utf8(TEXT_INVOICE), holds: { invoices: 1 } },
];

let server: TestServer;

/** An account of its own per format: the same invoice in two formats would otherwise take one number twice. */
async function seller(): Promise<{ owner: TestAccount; rest: Api }> {
  const owner = await server.account({ tier: "pro" });
  const rest = api(server.url, owner.key);
  await setProfile(rest, { legal_name: "Acme GmbH", currency: "EUR", locale: "de-DE" });
  return { owner, rest };
}

beforeAll(async () => {
  server = await startTestServer({ env: { OCR_WORKERS: "1" } });
});
afterAll(() => server.close());

test("the samples cover the 16 formats", async () => {
  const { IMPORT_FORMATS } = await import("../../server/imports/model.ts");
  expect(SAMPLES.map((sample) => sample.format).sort()).toEqual([...IMPORT_FORMATS].sort());
});

describe("every format, detected and previewed alike on REST, tRPC and MCP, then committed", () => {
  for (const sample of SAMPLES) {
    test(sample.format, async () => {
      const { owner, rest } = await seller();
      const content = Buffer.from(await sample.bytes()).toString("base64");
      const body = { content, options: { dry_run: true } };
      const viaRest = expectStatus(await rest.post("/api/import", body), 200);
      expect({ format: viaRest.format, status: viaRest.status }).toEqual({ format: sample.format, status: "previewed" });
      const { invoices, clients } = viaRest.summary;
      // The problems ride along, so a failure shows why a record was refused.
      expect({ invoices: invoices.create, clients: clients.create, problems: viaRest.problems }).toMatchObject(sample.holds);
      const trpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: { authorization: `Bearer ${owner.key}` } })] });
      expect(await trpc.imports.import.mutate({ content, options: { dry_run: true, partial: false, status: "draft", wait: true } })).toEqual(viaRest);
      await withMcpClient(server.url, owner.key, async (tools) => {
        expect(await tools.call("import", body)).toEqual(viaRest);
      });
      const committed = expectStatus(await rest.post("/api/import", { content, options: { partial: true } }), 201);
      expect(committed.status).toBe("completed");
      const made = committed.invoices.filter((invoice: { action: string }) => invoice.action === "create");
      for (const invoice of made) expect(expectStatus(await rest.get(`/api/invoices/${invoice.id}`), 200).number).toBe(invoice.number);
    }, sample.ocr ? 240_000 : 60_000);
  }
});
