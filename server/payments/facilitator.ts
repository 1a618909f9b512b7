// The payment facilitator's HTTP API (x402; ADR 0023): POST /verify, then POST /settle with
// the same body. A facilitator that does not answer, answers nonsense or answers more than 64 KiB
// is 503 with Retry-After: the caller's payment is untouched and may be sent again. What it answers
// is passed on only as bounded fields (its reasons, the receipt), never echoed whole.
import { AppError } from "../domain/errors.ts";
import { facilitatorReason, settleReceipt, type PaymentPayload, type PaymentRequirements, type SettleResponse } from "../domain/x402.ts";
import { readAtMost } from "../platform/bounded-read.ts";

export type VerifyResponse = { isValid: boolean; invalidReason?: string | undefined; invalidMessage?: string | undefined };

export type FacilitatorRequest = { x402Version: 1 | 2; paymentPayload: PaymentPayload; paymentRequirements: PaymentRequirements | Record<string, unknown> };

export type Facilitator = {
  verify(request: FacilitatorRequest): Promise<VerifyResponse>;
  settle(request: FacilitatorRequest): Promise<SettleResponse>;
};

/** Seconds a caller is told to wait when the facilitator is down. */
export const FACILITATOR_RETRY_AFTER = 5;

const TIMEOUT_MS = 15_000;
/** The most of an answer read: facilitators answer a few hundred bytes of JSON. */
export const MAX_FACILITATOR_ANSWER_BYTES = 64 * 1024;

export class FacilitatorUnavailable extends AppError {
  constructor(detail: string) {
    super("SERVICE_UNAVAILABLE", `The payment facilitator is unavailable (${detail}); nothing was charged, retry later`, { retry_after: FACILITATOR_RETRY_AFTER });
  }
}

export function facilitatorAt(baseUrl: string, fetchImpl: typeof fetch = fetch): Facilitator {
  async function post(path: "/verify" | "/settle", request: FacilitatorRequest): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new FacilitatorUnavailable(error instanceof Error && error.name === "TimeoutError" ? `${path} timed out` : `${path} could not be reached`);
    }
    // Facilitators answer a refused payment with 200 or 400 and a body that says why; anything else is theirs to fix.
    const bytes = await readAtMost(response.body, MAX_FACILITATOR_ANSWER_BYTES).catch(() => new Uint8Array(0));
    if (bytes === null) throw new FacilitatorUnavailable(`${path} answered too much: more than ${MAX_FACILITATOR_ANSWER_BYTES} bytes`);
    const body = parsedObject(bytes);
    if (body === null || (response.status >= 500 && !("isValid" in body || "success" in body))) {
      throw new FacilitatorUnavailable(`${path} answered ${response.status}`);
    }
    return body;
  }
  return {
    async verify(request) {
      const body = await post("/verify", request);
      if (typeof body.isValid !== "boolean") throw new FacilitatorUnavailable("/verify answered without isValid");
      return { isValid: body.isValid, invalidReason: facilitatorReason(body.invalidReason), invalidMessage: facilitatorReason(body.invalidMessage) };
    },
    async settle(request) {
      const body = await post("/settle", request);
      if (typeof body.success !== "boolean") throw new FacilitatorUnavailable("/settle answered without success");
      return settleReceipt(body, String(request.paymentRequirements.network));
    },
  };
}

function parsedObject(bytes: Uint8Array): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
