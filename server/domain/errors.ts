// The one error table. Every face (REST, tRPC, JSON-RPC/MCP) maps failures through it, so a code
// always means the same HTTP status, tRPC code and JSON-RPC code wherever it surfaces.

export type TrpcErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "PAYMENT_REQUIRED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "METHOD_NOT_SUPPORTED"
  | "CONFLICT"
  | "PRECONDITION_REQUIRED"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "UNPROCESSABLE_CONTENT"
  | "TOO_MANY_REQUESTS"
  | "CLIENT_CLOSED_REQUEST"
  | "INTERNAL_SERVER_ERROR"
  | "SERVICE_UNAVAILABLE";

type ErrorRow = { status: number; trpc: TrpcErrorCode; message: string };

export const ERROR_TABLE = {
  BAD_REQUEST: { status: 400, trpc: "BAD_REQUEST", message: "The request is malformed" },
  UNAUTHORIZED: { status: 401, trpc: "UNAUTHORIZED", message: "A valid API key is required" },
  PAYMENT_REQUIRED: { status: 402, trpc: "PAYMENT_REQUIRED", message: "Payment is required" },
  FORBIDDEN: { status: 403, trpc: "FORBIDDEN", message: "You do not have access to this resource" },
  NOT_FOUND: { status: 404, trpc: "NOT_FOUND", message: "The resource does not exist" },
  METHOD_NOT_ALLOWED: { status: 405, trpc: "METHOD_NOT_SUPPORTED", message: "Method not allowed" },
  REVISION_CONFLICT: { status: 409, trpc: "CONFLICT", message: "A newer version exists; review it before saving again" },
  OPERATION_REUSED: { status: 409, trpc: "CONFLICT", message: "This operation id was already used with different changes" },
  INVOICE_LOCKED: { status: 409, trpc: "CONFLICT", message: "The invoice is locked" },
  INVALID_TRANSITION: { status: 409, trpc: "CONFLICT", message: "That status change is not allowed" },
  NUMBER_TAKEN: { status: 409, trpc: "CONFLICT", message: "That invoice number is already used" },
  RESOURCE_IN_USE: { status: 409, trpc: "CONFLICT", message: "The resource is in use" },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: "PAYLOAD_TOO_LARGE", message: "The request body is too large" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, trpc: "UNSUPPORTED_MEDIA_TYPE", message: "The request body must be JSON" },
  VALIDATION_ERROR: { status: 422, trpc: "UNPROCESSABLE_CONTENT", message: "The request is invalid" },
  INVALID_AMOUNT: { status: 422, trpc: "UNPROCESSABLE_CONTENT", message: "Not a valid whole-minor-unit amount" },
  REVISION_REQUIRED: { status: 428, trpc: "PRECONDITION_REQUIRED", message: "base_revision and operation_id are required" },
  RATE_LIMITED: { status: 429, trpc: "TOO_MANY_REQUESTS", message: "Rate limit exceeded" },
  /** A storage quota of the caller's tier is used up (ADR 0037): details name it, what is used and the limit. */
  QUOTA_EXCEEDED: { status: 429, trpc: "TOO_MANY_REQUESTS", message: "A storage quota is used up" },
  /** The caller cancelled (MCP notifications/cancelled) or went away: nobody reads the answer. */
  CANCELLED: { status: 499, trpc: "CLIENT_CLOSED_REQUEST", message: "The request was cancelled" },
  INTERNAL_ERROR: { status: 500, trpc: "INTERNAL_SERVER_ERROR", message: "Internal server error" },
  /** A part the service relies on (a payment facilitator, an extraction provider) did not answer: retry later. */
  SERVICE_UNAVAILABLE: { status: 503, trpc: "SERVICE_UNAVAILABLE", message: "A service this operation relies on is unavailable; retry later" },
} as const satisfies Record<string, ErrorRow>;

export type ErrorCode = keyof typeof ERROR_TABLE;

export type ErrorDetails = Record<string, unknown>;

/** The error body every face shows: REST as the response, MCP in the text block, JSON-RPC in `data`. */
export type ErrorBody = { error: string; code: ErrorCode; details?: ErrorDetails };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails | undefined;
  /** Response headers the refusal brings on every face (Retry-After, RateLimit). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message?: string, details?: ErrorDetails, headers: Record<string, string> = {}) {
    super(message ?? ERROR_TABLE[code].message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_TABLE[this.code].status;
  }

  toBody(): ErrorBody {
    return this.details === undefined
      ? { error: this.message, code: this.code }
      : { error: this.message, code: this.code, details: this.details };
  }
}

const CODE_BY_TRPC: Partial<Record<string, ErrorCode>> = {
  BAD_REQUEST: "BAD_REQUEST",
  PARSE_ERROR: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  PAYMENT_REQUIRED: "PAYMENT_REQUIRED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  METHOD_NOT_SUPPORTED: "METHOD_NOT_ALLOWED",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  UNPROCESSABLE_CONTENT: "VALIDATION_ERROR",
  PRECONDITION_REQUIRED: "REVISION_REQUIRED",
  TOO_MANY_REQUESTS: "RATE_LIMITED",
  CLIENT_CLOSED_REQUEST: "CANCELLED",
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
};

/** The spec code for a tRPC error code that did not come from our own AppError. */
export function codeForTrpcCode(trpcCode: string): ErrorCode {
  return CODE_BY_TRPC[trpcCode] ?? "INTERNAL_ERROR";
}
