// The spec's price list (§8), in USD per request. An operation is offered only when the code has
// it: svc.capabilities marks each row available by looking up the operation ids it covers.

export type PriceRow = { operation: string; usd: number; operation_ids: readonly string[] };

export const PRICES: readonly PriceRow[] = [
  { operation: "Create, update, delete invoice", usd: 0, operation_ids: ["createInvoice", "updateInvoice", "deleteInvoice"] },
  { operation: "List, get invoices", usd: 0, operation_ids: ["listInvoices", "getInvoice"] },
  { operation: "PDF generation (REST export; browser PDF download)", usd: 0, operation_ids: ["exportInvoice"] },
  { operation: "Client management", usd: 0, operation_ids: ["createClient", "listClients", "updateClient", "deleteClient"] },
  { operation: "Brand extraction", usd: 0.01, operation_ids: ["extractBrand"] },
  { operation: "OCR (text from invoice images)", usd: 0.005, operation_ids: ["ocr"] },
  { operation: "AI extract (structured data from documents)", usd: 0.01, operation_ids: ["aiExtract"] },
  { operation: "PDF render (server-side)", usd: 0.005, operation_ids: ["renderPdf"] },
];
