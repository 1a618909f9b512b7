// A failure in the person's language: the service's code picks the sentence, and its own message
// (English, as the API speaks) follows when it says more, such as which field or why.
import { TRPCClientError } from "@trpc/client";
import { appCodeOf } from "./api.ts";
import { t, type PhraseKey } from "./i18n/index.ts";

const KNOWN: Record<string, PhraseKey> = {
  UNAUTHORIZED: "error.unauthorized",
  FORBIDDEN: "error.forbidden",
  NOT_FOUND: "error.notFound",
  REVISION_CONFLICT: "error.conflict",
  INVALID_TRANSITION: "error.transition",
  INVOICE_LOCKED: "error.locked",
  RESOURCE_IN_USE: "error.inUse",
  VALIDATION_ERROR: "error.validation",
  INVALID_AMOUNT: "error.validation",
  RATE_LIMITED: "error.rateLimited",
  QUOTA_EXCEEDED: "error.quota",
  PAYMENT_REQUIRED: "error.paymentRequired",
  PAYLOAD_TOO_LARGE: "error.tooLarge",
  UNSUPPORTED_MEDIA_TYPE: "error.unsupportedType",
  NUMBER_TAKEN: "error.numberTaken",
  SERVICE_UNAVAILABLE: "error.unavailable",
};

/** A value the page itself could not read, named as the service names its field (`items.2.rate`), so one mechanism marks both. */
export class UnreadableField extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The input field a refusal names (`locale`, `address.country`, `items.0.rate`), the service's or the page's own; or null. */
export function fieldOf(error: unknown): string | null {
  if (error instanceof UnreadableField) return error.field;
  if (!(error instanceof TRPCClientError)) return null;
  const field = (error.data as { details?: { field?: unknown } } | undefined)?.details?.field;
  return typeof field === "string" && field !== "" ? field : null;
}

/** A failure in words; the field it names is marked on the form itself (useInvalidField), not spelled out here. */
export function describeError(error: unknown): string {
  // A check made in the page itself (an amount that does not read) says what it expected.
  if (!(error instanceof TRPCClientError)) return error instanceof Error ? error.message : t("error.generic");
  const code = appCodeOf(error);
  const summary = t(code ? (KNOWN[code] ?? "error.generic") : "error.network");
  if (!code) return summary;
  const explained = error.message && error.message !== summary ? error.message : "";
  return [summary, explained].filter(Boolean).join(" ");
}
