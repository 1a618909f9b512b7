// What extraction answers, and the one interface its providers share: the built-in rules and an
// OpenAI-compatible model both turn a document's text into a draft, its per-field confidence and
// the totals the document states; the totals check and the answer's shape are the caller's, the
// same for every provider.
import type { InvoiceFieldsInput } from "../../domain/invoice.ts";
import type { SourceDocument, SourceKind } from "./source.ts";

/** The fields invoices.create takes, as far as the document gave them (nothing stored is named). */
export type ExtractedInvoice = Omit<InvoiceFieldsInput, "client_id" | "template_id">;

/** The totals printed on the document, in minor units; null where it states none. */
export type DocumentTotals = { subtotal: number | null; tax: number | null; total: number | null };

export type ProviderName = "builtin" | "openai-compatible";

export type ExtractionResult = {
  invoice: ExtractedInvoice;
  /** 0..1 per field path found: "invoice_number", "issue_date", "from_name", "items[3].rate", "total"… */
  confidence: Record<string, number>;
  document_totals: DocumentTotals;
  /** The draft's totals, computed by the service's money rules, equal every total the document states. */
  consistent: boolean;
  warnings: string[];
  source: { kind: SourceKind; text_layer: boolean; ocr_confidence: number | null };
  provider: ProviderName;
};

/** What a provider hands back; the caller checks the totals and cleans the draft. */
export type ProviderAnswer = Pick<ExtractionResult, "invoice" | "confidence" | "document_totals" | "warnings">;

export type ExtractOptions = {
  /** BCP 47: how to read what the document leaves open (day-month order, a shared "$"). */
  locale?: string | undefined;
};

export type Extractor = {
  name: ProviderName;
  extract(source: SourceDocument, options: ExtractOptions): Promise<ProviderAnswer>;
};
