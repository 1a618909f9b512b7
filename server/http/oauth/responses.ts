// What the OAuth endpoints share: their error (RFC 6749 §5.2: `{error, error_description}` with 400
// or 401, never cached) and the form body they read.
import { AppError } from "../../domain/errors.ts";
import { mediaTypeOf, readTextBody } from "../requests.ts";

/** Token responses and errors carry secrets or say something about them: never stored by a cache (RFC 6749 §5.1). */
export const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "invalid_target"
  | "invalid_redirect_uri"
  | "invalid_client_metadata";

/** An OAuth endpoint's refusal, thrown within the endpoint and answered by `oauthErrorResponse`. */
export class OAuthFailure extends Error {
  readonly error: OAuthErrorCode;
  readonly status: 400 | 401;

  constructor(error: OAuthErrorCode, description: string, status: 400 | 401 = 400) {
    super(description);
    this.name = "OAuthFailure";
    this.error = error;
    this.status = status;
  }
}

export function oauthJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", ...NO_STORE, ...headers } });
}

export function oauthErrorResponse(failure: OAuthFailure): Response {
  return oauthJson({ error: failure.error, error_description: failure.message }, failure.status);
}

/** The consent form's checkboxes: the one field that is a list by design. */
const REPEATABLE = "granted";

/**
 * An `application/x-www-form-urlencoded` body (RFC 6749 §3.2) under the 1 MiB limit. A parameter
 * given twice is refused (§3.1): which of the two counts would otherwise be anyone's guess.
 */
export async function readForm(request: Request): Promise<URLSearchParams> {
  if (mediaTypeOf(request) !== "application/x-www-form-urlencoded") throw new OAuthFailure("invalid_request", "Send the parameters as application/x-www-form-urlencoded");
  const body = await readTextBody(request).catch((error: unknown) => {
    throw error instanceof AppError ? new OAuthFailure("invalid_request", error.message) : error;
  });
  const form = new URLSearchParams(body);
  const seen = new Set<string>();
  for (const name of form.keys()) {
    if (seen.has(name) && name !== REPEATABLE) throw new OAuthFailure("invalid_request", `The parameter ${name} is given more than once`);
    seen.add(name);
  }
  return form;
}

/** A parameter the request must carry. */
export function required(form: URLSearchParams, name: string): string {
  const value = form.get(name);
  if (value === null || value === "") throw new OAuthFailure("invalid_request", `${name} is required`);
  return value;
}
