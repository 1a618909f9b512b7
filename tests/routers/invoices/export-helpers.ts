// A seller and a buyer complete enough for every export format, e-invoices and XRechnung included.
import type { InvoiceSteps, Invoice } from "../../helpers/invoices.ts";
import { setProfile } from "../../helpers/invoices.ts";
import type { Api } from "../../helpers/http.ts";

export const SELLER_PROFILE = {
  legal_name: "Zoë Müller Beratung GmbH",
  address: { line1: "Hauptstraße 1", city: "Berlin", postal_code: "10115", country: "DE" },
  tax_id: "DE123456789",
  contact: { name: "Zoë Müller", phone: "+49 30 1234567", email: "billing@zoe-mueller.example" },
  payment: { means: "58", iban: "DE02120300000000202051", bic: "BYLADEM1001" },
};

export const BUYER_FIELDS = {
  bill_to_name: "Beispiel AG",
  bill_to_email: "ap@beispiel.example",
  bill_to_address: { line1: "Marktplatz 5", city: "München", postal_code: "80331", country: "DE" },
  bill_to_tax_id: "DE987654321",
  buyer_reference: "04011000-12345-34",
};

/** The profile set, then a finalized (numbered) invoice ready for every format. */
export async function exportableInvoice(client: Api, steps: InvoiceSteps, overrides: Record<string, unknown> = {}): Promise<Invoice> {
  await setProfile(client, SELLER_PROFILE);
  return steps.finalize(await steps.create({ from_name: undefined, ...BUYER_FIELDS, ...overrides }));
}

export async function download(url: string): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

export const sha256 = (bytes: Uint8Array): string => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
