// The payment facilitator's HTTP API (x402; ADR 0023): POST /verify, then POST /settle with
// the same body. A facilitator that does not answer, or answers nonsense, is 503 with Retry-After:
// the caller's payment is untouched and may be sent again.
import { AppError } from "../domain/errors.ts";
import type { PaymentPayload, PaymentRequirements, SettleResponse } from "../domain/x402.ts";

export type VerifyResponse = { isValid: boolean; invalidReason?: string; invalidMessage?: string; payer?: string };

export type FacilitatorRequest = { x402Version: 1 | 2; paymentPayload: PaymentPayload; paymentRequirements: PaymentRequirements | Record<string, unknown> };

export type Facilitator = {
  verify(request: FacilitatorRequest): Promise<VerifyResponse>;
  settle(request: FacilitatorRequest): Promise<SettleResponse>;
};

/** Seconds a caller is told to wait when the facilitator is down. */
export const FACILITATOR_RETRY_AFTER = 5;

const TIMEOUT_MS = 15_000;

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
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (body === null || typeof body !== "object" || (response.status >= 500 && !("isValid" in body || "success" in body))) {
      throw new FacilitatorUnavailable(`${path} answered ${response.status}`);
    }
    return body;
  }
  return {
    async verify(request) {
      const body = await post("/verify", request);
      if (typeof body.isValid !== "boolean") throw new FacilitatorUnavailable("/verify answered without isValid");
      return body as VerifyResponse;
    },
    async settle(request) {
      const body = await post("/settle", request);
      if (typeof body.success !== "boolean") throw new FacilitatorUnavailable("/settle answered without success");
      return { transaction: "", network: request.paymentRequirements.network as string, ...body } as SettleResponse;
    },
  };
}
