// The OpenAI-compatible provider: the document's text (the PDF's text layer or the OCR text, laid
// out as lines with the cells apart) goes to `{AI_BASE_URL}/chat/completions` with a strict JSON
// schema as response_format; the answer is validated by the zod schema that made it. An invalid
// answer is asked for once more, with what was wrong; a second one, or a provider that is down,
// slow or refuses, is 503 SERVICE_UNAVAILABLE. AI_BASE_URL is the operator's, so the request goes
// out directly, not through the guard for addresses users give.
import { isCurrencyCode } from "../../domain/currencies.ts";
import { readAmount, readQuantity } from "../../domain/decimal-text.ts";
import { AppError } from "../../domain/errors.ts";
import type { AiProviderConfig } from "../../platform/config.ts";
import { AI_ANSWER_JSON_SCHEMA, aiAnswerSchema, type AiAnswer } from "./ai-schema.ts";
import { readDate } from "./dates.ts";
import { layoutText } from "./layout.ts";
import type { ExtractedInvoice, Extractor, ProviderAnswer } from "./result.ts";
import type { SourceDocument } from "./source.ts";
import { itemFigures } from "./table.ts";

/** One request's time limit; two attempts at most. */
export const AI_TIMEOUT_MS = 60_000;

const INSTRUCTIONS = [
  "You read invoices. The user gives the text of one document, laid out line by line with table cells separated by spaces.",
  "Answer with the invoice's facts in the JSON schema given. Use null for anything the document does not state; never invent values.",
  "Copy amounts, quantities and rates as plain decimals with a point and no grouping (1.234,50 € is 1234.50). Dates as YYYY-MM-DD.",
  "The seller issues the invoice; the buyer is billed. Items are the line-item table's rows, in order.",
].join("\n");

type Message = { role: "system" | "user" | "assistant"; content: string };

export function aiExtractor(config: AiProviderConfig, fetcher: typeof fetch = fetch): Extractor {
  return {
    name: "openai-compatible",
    async extract(source) {
      const text = layoutText(source.layout);
      const messages: Message[] = [
        { role: "system", content: INSTRUCTIONS },
        { role: "user", content: `Document (${source.kind}${source.text_layer ? ", text layer" : source.kind === "text" ? "" : ", OCR"}):\n\n${text}` },
      ];
      const first = await complete(config, fetcher, messages);
      let answer = validated(first);
      if (!answer.ok) {
        messages.push({ role: "assistant", content: first }, { role: "user", content: `That answer is not valid: ${answer.problem}. Answer again with JSON that matches the schema exactly.` });
        answer = validated(await complete(config, fetcher, messages));
        if (!answer.ok) throw new AppError("SERVICE_UNAVAILABLE", `The AI provider answered with invalid output twice (${answer.problem}); retry later or use provider "builtin"`, { provider: "openai-compatible" });
      }
      return fromAnswer(answer.value, source);
    },
  };
}

function unavailable(reason: string): AppError {
  return new AppError("SERVICE_UNAVAILABLE", `The AI provider is unavailable: ${reason}; retry later or use provider "builtin"`, { provider: "openai-compatible" });
}

/** One chat completion; the answer's message content, or 503 for anything but an answer. */
async function complete(config: AiProviderConfig, fetcher: typeof fetch, messages: Message[]): Promise<string> {
  let response: Response;
  try {
    response = await fetcher(`${config.baseUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify({
        model: config.model,
        messages,
        temperature: 0,
        response_format: { type: "json_schema", json_schema: { name: "invoice_extraction", strict: true, schema: AI_ANSWER_JSON_SCHEMA } },
      }),
      signal: AbortSignal.timeout(AI_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    throw unavailable(timedOut ? `no answer within ${AI_TIMEOUT_MS / 1000} s` : "it could not be reached");
  }
  const body = (await response.json().catch(() => null)) as { choices?: Array<{ message?: { content?: unknown; refusal?: unknown } }> } | null;
  if (!response.ok) throw unavailable(`it answered HTTP ${response.status}`);
  const message = body?.choices?.[0]?.message;
  if (typeof message?.refusal === "string" && message.refusal) throw unavailable(`the model refused (${message.refusal.slice(0, 200)})`);
  return typeof message?.content === "string" ? message.content : "";
}

function validated(content: string): { ok: true; value: AiAnswer } | { ok: false; problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false, problem: "it is not JSON" };
  }
  const parsed = aiAnswerSchema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, problem: `${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}` };
}

/**
 * A value the model gave is trusted as far as the document shows it: found in the text (a name, a
 * number, an amount's digits, a date in any format) it is likely right; not found, it may be made up.
 */
class Grounding {
  private readonly text: string;
  private readonly digits: string[];
  private readonly dates: Set<string>;

  constructor(source: SourceDocument) {
    const cells = source.layout.lines.flatMap((line) => line.cells.map((cell) => cell.text));
    this.text = cells.join("\n").normalize("NFKC").toLowerCase();
    this.digits = cells.map((cell) => cell.replace(/\D/g, ""));
    this.dates = new Set(cells.flatMap((cell) => readDate(cell)?.date ?? []));
  }

  phrase(value: string): number {
    return this.text.includes(value.normalize("NFKC").toLowerCase().trim()) ? 0.9 : 0.5;
  }

  amount(decimal: string): number {
    const digits = decimal.replace(/\D/g, "").replace(/^0+(?=\d)/, "");
    return this.digits.some((cell) => cell.includes(digits)) ? 0.9 : 0.5;
  }

  date(iso: string): number {
    return this.dates.has(iso) ? 0.9 : 0.6;
  }
}

function fromAnswer(answer: AiAnswer, source: SourceDocument): ProviderAnswer {
  const ground = new Grounding(source);
  const invoice: ExtractedInvoice = {};
  const confidence: Record<string, number> = {};
  const warnings: string[] = [];
  const put = <Key extends keyof ExtractedInvoice>(field: Key, value: ExtractedInvoice[Key] | null | undefined, sure: number): void => {
    if (value === null || value === undefined || value === "") return;
    invoice[field] = value;
    confidence[field] = sure;
  };
  put("type", answer.type, 0.8);
  put("number", answer.number, answer.number ? ground.phrase(answer.number) : 0);
  const currency = answer.currency && isCurrencyCode(answer.currency) ? answer.currency : null;
  put("currency", currency, 0.85);
  for (const field of ["issue_date", "due_date", "delivery_date"] as const) put(field, answer[field], answer[field] ? ground.date(answer[field]) : 0);
  for (const [prefix, party] of [["from", answer.seller], ["bill_to", answer.buyer]] as const) {
    if (!party.name) continue;
    const sure = ground.phrase(party.name);
    put(`${prefix}_name`, party.name, sure);
    put(`${prefix}_email`, party.email, sure);
    put(`${prefix}_tax_id`, party.tax_id, sure);
    if (party.address) put(`${prefix}_address`, party.address, sure * 0.9);
  }
  put("payment_terms", answer.payment_terms, 0.8);
  put("notes", answer.notes, 0.8);
  const iban = answer.iban?.replace(/\s/g, "").toUpperCase() || null;
  const bic = answer.bic?.replace(/\s/g, "").toUpperCase() || null;
  if (iban || bic || answer.payment_reference) invoice.payment = { iban, bic, reference: answer.payment_reference };
  if (!currency) {
    warnings.push("The AI provider named no ISO 4217 currency: amounts not read");
    return { invoice, confidence, document_totals: { subtotal: null, tax: null, total: null }, warnings };
  }
  const money = (value: string | null): number | null => {
    if (value === null) return null;
    const reading = readAmount(value, { currency });
    return reading.ok ? reading.value : null;
  };
  let kept = 0;
  invoice.items = answer.items.flatMap((item, index) => {
    const quantity = item.quantity === null ? null : readQuantity(item.quantity);
    const taxRate = item.tax_rate === null ? null : readQuantity(item.tax_rate);
    const row = { description: item.description, quantity: quantity?.ok ? quantity.value : null, unit: null, unitPrice: money(item.unit_price), taxRate: taxRate?.ok ? taxRate.value : null, amount: money(item.amount), confidence: 1 };
    const figures = itemFigures(row);
    if (!figures) {
      warnings.push(`Line ${index + 1} has no price the service could read: left out`);
      return [];
    }
    const printed = [item.unit_price, item.amount].flatMap((value) => (value === null ? [] : [ground.amount(value)]));
    const sure = Math.min(0.9, ...printed) * (figures.checked ? 1 : 0.7);
    const path = `items[${kept++}]`;
    confidence[`${path}.description`] = ground.phrase(item.description);
    confidence[`${path}.quantity`] = sure;
    confidence[`${path}.rate`] = sure;
    return [{ description: item.description, quantity: figures.quantity, rate: figures.rate, ...(row.taxRate !== null ? { tax_rate: row.taxRate } : {}) }];
  });
  const document_totals = { subtotal: money(answer.subtotal), tax: money(answer.tax), total: money(answer.total) };
  for (const key of ["subtotal", "tax", "total"] as const) {
    const value = answer[key];
    if (value !== null && document_totals[key] !== null) confidence[key] = ground.amount(value);
  }
  return { invoice, confidence, document_totals, warnings };
}
