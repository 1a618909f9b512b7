// The spec's price list (README "Payments"). The four paid operations are priced in USD as decimal
// strings (USDC has 6 decimals, so "0.01" is 10000 atomic units); svc.capabilities marks each row
// available by looking up the REST operation ids it covers.

/**
 * The operations a caller without a credential pays for per call (x402), and a key counts as usage.
 * `metered`: with a credential the call also counts against the tier's monthly allowance (beyond
 * it, the call is paid per call); the server-side render is not, as rendering with a key was free
 * before prices existed and stays so (issue 10), counted for the record only.
 */
export const PAID_OPERATIONS = {
  brand_extraction: { usd: "0.01", title: "Brand extraction", metered: true },
  ocr: { usd: "0.005", title: "OCR (text from invoice images)", metered: true },
  ai_extract: { usd: "0.01", title: "AI extract (structured data from documents)", metered: true },
  pdf_render: { usd: "0.005", title: "PDF render (server-side)", metered: false },
} as const satisfies Record<string, { usd: string; title: string; metered: boolean }>;

export type PaidOperation = keyof typeof PAID_OPERATIONS;
export const PAID_OPERATION_NAMES = Object.keys(PAID_OPERATIONS) as PaidOperation[];

export type PriceRow = { operation: string; usd: number; paid_operation: PaidOperation | null; operation_ids: readonly string[] };

const paid = (operation: PaidOperation, operationIds: readonly string[]): PriceRow => ({
  operation: PAID_OPERATIONS[operation].title,
  usd: Number(PAID_OPERATIONS[operation].usd),
  paid_operation: operation,
  operation_ids: operationIds,
});

export const PRICES: readonly PriceRow[] = [
  { operation: "Create, update, delete invoice", usd: 0, paid_operation: null, operation_ids: ["createInvoice", "updateInvoice", "deleteInvoice"] },
  { operation: "List, get invoices", usd: 0, paid_operation: null, operation_ids: ["listInvoices", "getInvoice"] },
  { operation: "PDF generation (REST export; browser PDF download)", usd: 0, paid_operation: null, operation_ids: ["exportInvoice"] },
  { operation: "Client management", usd: 0, paid_operation: null, operation_ids: ["createClient", "listClients", "updateClient", "deleteClient"] },
  paid("brand_extraction", ["extractBrand"]),
  paid("ocr", ["ocrDocument"]),
  paid("ai_extract", ["extractDocument"]),
  paid("pdf_render", ["renderInvoice", "exportInlineInvoice"]),
];

/** A USD price as USDC atomic units (6 decimals), exactly: "0.005" → "5000". */
export function usdcAtomic(usd: string): string {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(usd);
  if (!match) throw new Error(`Not a USD price with at most 6 decimals: ${usd}`);
  const whole = BigInt(match[1] ?? "0");
  const fraction = BigInt((match[2] ?? "").padEnd(6, "0"));
  return (whole * 1_000_000n + fraction).toString();
}
