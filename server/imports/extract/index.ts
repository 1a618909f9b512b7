// Extraction: a PDF, an image or text in, an invoice draft in invoices.create's shape out, with a
// confidence per field, the totals the document states and whether the draft adds up to them.
// The text comes from the PDF's text layer or OCR (source.ts); a provider reads it (the built-in
// rules, or an OpenAI-compatible model when configured); the draft is then held to the create
// schema and its totals checked by the service's money rules, the same for every provider.
import type { Config } from "../../platform/config.ts";
import { AppError } from "../../domain/errors.ts";
import type { OcrCall, OcrEngine } from "../ocr/engine.ts";
import { aiExtractor } from "./ai.ts";
import { builtinExtractor } from "./builtin.ts";
import { checkTotals } from "./consistency.ts";
import { cleanDraft, hoistTaxRate, type DraftSchema } from "./draft.ts";
import type { ExtractionResult, Extractor } from "./result.ts";
import { readSource, type SourceKind } from "./source.ts";

export type { DocumentTotals, ExtractedInvoice, ExtractionResult, ProviderName } from "./result.ts";
export type { DraftSchema } from "./draft.ts";

export type ExtractDeps = {
  ocr: OcrEngine;
  config: Config;
  fetch?: typeof fetch;
  /** The schema the draft is held to, the router's (routers/imports/draft.schema.ts). */
  draftSchema: DraftSchema;
};

export type ExtractDocumentOptions = {
  /** BCP 47: settles what the document leaves open (a numeric date's day-month order, a shared "$"). */
  locale?: string;
  /** "ai" needs AI_BASE_URL and AI_MODEL; by default ai when configured, else builtin. */
  provider?: "builtin" | "ai";
  /** Whose document it is and when to give up, for the OCR workers that read it. */
  call?: OcrCall;
};

function extractorFor(deps: ExtractDeps, provider: ExtractDocumentOptions["provider"]): Extractor {
  const choice = provider ?? (deps.config.ai ? "ai" : "builtin");
  if (choice === "builtin") return builtinExtractor;
  if (!deps.config.ai) throw new AppError("VALIDATION_ERROR", "No AI provider is configured (AI_BASE_URL, AI_MODEL): use provider \"builtin\"", { field: "provider", issue: "not configured" });
  return aiExtractor(deps.config.ai, deps.fetch);
}

export async function extractDocument(deps: ExtractDeps, bytes: Uint8Array, kind: SourceKind, options: ExtractDocumentOptions = {}): Promise<ExtractionResult> {
  const extractor = extractorFor(deps, options.provider);
  const source = await readSource(deps.ocr, bytes, kind, options.call);
  if (source.layout.lines.length === 0) throw new AppError("VALIDATION_ERROR", "No text was found in the document", { field: "content", issue: "no text found" });
  const answer = await extractor.extract(source, { locale: options.locale });
  hoistTaxRate(answer.invoice, answer.confidence);
  const draft = cleanDraft(answer.invoice, answer.confidence, deps.draftSchema);
  const check = checkTotals(draft.invoice, answer.document_totals);
  return {
    invoice: draft.invoice,
    confidence: draft.confidence,
    document_totals: answer.document_totals,
    consistent: check.consistent,
    warnings: [...answer.warnings, ...draft.warnings, ...check.warnings],
    source: { kind: source.kind, text_layer: source.text_layer, ocr_confidence: source.ocr_confidence },
    provider: extractor.name,
  };
}
