// HTTP plumbing every face shares: the request context, body reading under the size limits of
// server/domain/wire.ts (every body any face reads comes through here: a 413 is always JSON naming
// its limit), and error responses in the spec's body.
import type { Context } from "../../routers/context.ts";
import type { Presented } from "../access/credentials.ts";
import { cookieValue, sessionCookieName, type Face } from "../domain/access.ts";
import type { Scope } from "../domain/scopes.ts";
import { AppError, type ErrorBody } from "../domain/errors.ts";
import { v1Body, type PaymentRequired } from "../domain/x402.ts";
import type { Services } from "../services.ts";
import type { Catalog } from "../domain/catalog.ts";
import { SIZE_LIMITS, type SizeLimit } from "../domain/wire.ts";
import { readAtMost } from "../platform/bounded-read.ts";


/** What the app knows about a request before a face takes it. */
export type RequestInfo = { requestId: string; clientIp: string; log: { accountId?: string } };

/** The credentials a request carries: its Authorization header and its session cookie. */
export function presentedBy(services: Services, request: Request): Presented {
  return {
    authorization: request.headers.get("authorization"),
    sessionToken: cookieValue(request.headers.get("cookie"), sessionCookieName(services.config.publicUrl)),
  };
}

/** The x402 payment an HTTP request carries: PAYMENT-SIGNATURE (v2) or X-PAYMENT (v1), base64 JSON. */
export function paymentHeaderOf(request: Request): string | null {
  return request.headers.get("payment-signature") ?? request.headers.get("x-payment");
}

export function contextFor(services: Services, catalog: Catalog, request: Request, info: RequestInfo, face: Face = "api"): Context {
  const { authorization, sessionToken } = presentedBy(services, request);
  return {
    services,
    catalog,
    authorization,
    sessionToken,
    face,
    clientIp: info.clientIp,
    requestId: info.requestId,
    responseHeaders: {},
    log: info.log,
    progress: () => undefined,
    payment: { presented: face === "mcp" ? null : paymentHeaderOf(request), receipt: null },
  };
}

/** The media type a request declares, without parameters, lower-cased ("" when none). */
export function mediaTypeOf(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

function isJsonType(type: string): boolean {
  return type === "application/json" || type.endsWith("+json");
}

/** The 413 for a body over `limit`: its name (as svc.capabilities announces it) and its bytes. */
function tooLarge(limit: SizeLimit): AppError {
  const max = SIZE_LIMITS[limit];
  return new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than ${max} bytes (${limit})`, { limit, max });
}

/**
 * A raw body as bytes under `limit`: 413 beyond, from its declared length before reading any of
 * it, or as soon as the stream passes the limit.
 */
export async function readBytesBody(request: Request, limit: SizeLimit): Promise<Uint8Array> {
  if (Number(request.headers.get("content-length") ?? "0") > SIZE_LIMITS[limit]) throw tooLarge(limit);
  const bytes = await readAtMost(request.body, SIZE_LIMITS[limit]);
  if (bytes === null) throw tooLarge(limit);
  return bytes;
}

/**
 * The JSON body of a request: `{}` when empty (whatever the content type), 413 over `limit` (1 MiB
 * unless told; checked before parsing), 415 when non-empty and not JSON, 400 when it does not parse.
 */
export async function readJsonBody(request: Request, limit: SizeLimit = "body_bytes"): Promise<unknown> {
  const text = await readTextBody(request, limit);
  if (text.trim() === "") return {};
  if (!isJsonType(mediaTypeOf(request))) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json");
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", "The body is not valid JSON");
  }
}

/** Whether the request declares a text/plain body. */
export function isPlainText(request: Request): boolean {
  return mediaTypeOf(request) === "text/plain";
}

/** A body as text under `limit` (1 MiB unless told): 413 beyond, from its declared length before reading any of it. */
export async function readTextBody(request: Request, limit: SizeLimit = "body_bytes"): Promise<string> {
  return new TextDecoder().decode(await readBytesBody(request, limit));
}

/** The request with its body read under `limit` (1 MiB unless told), for handlers that would read it unbounded. */
export async function withLimitedBody(request: Request, limit: SizeLimit = "body_bytes"): Promise<Request> {
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return request;
  return new Request(request.url, { method: request.method, headers: request.headers, body: await readTextBody(request, limit) });
}

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/**
 * An error in the spec's REST body. A 401 carries its Bearer challenge (RFC 6750: `invalid_token`
 * when a credential was sent, the operation's scope when known), and a bearer call refused for want
 * of a scope its `insufficient_scope` one; app.ts then adds where the resource metadata is (RFC 9728).
 */
export function errorResponse(error: AppError, headers: Record<string, string> = {}, credentialSent = true, scope: Scope | null = null): Response {
  const challenge = bearerChallenge(error, credentialSent, scope);
  const required = paymentRequiredOf(error);
  // A 402 body also reads as x402 v1's (x402Version, accepts), so v1 clients can pay; v2 ones read the header.
  const body: ErrorBody = required ? { ...v1Body(required), ...error.toBody() } : error.toBody();
  return jsonResponse(body, error.status, { ...error.headers, ...headers, ...(challenge === null ? {} : { "www-authenticate": challenge }) });
}

/** The x402 requirements a 402 carries (none when payments are not configured). */
export function paymentRequiredOf(error: AppError): PaymentRequired | null {
  return error.code === "PAYMENT_REQUIRED" ? ((error.details?.x402 as PaymentRequired | undefined) ?? null) : null;
}

/** The Bearer challenge (RFC 6750) a refused call's response carries, or null when its error is no such refusal. */
export function bearerChallenge(error: AppError, credentialSent: boolean, scope: Scope | null): string | null {
  if (error.code === "UNAUTHORIZED") {
    const params = [credentialSent ? 'error="invalid_token"' : null, scope ? `scope="${scope}"` : null].filter((param) => param !== null);
    return params.length ? `Bearer ${params.join(", ")}` : "Bearer";
  }
  const required = error.details?.required_scope;
  if (error.code === "FORBIDDEN" && credentialSent && typeof required === "string") return `Bearer error="insufficient_scope", scope="${required}"`;
  return null;
}

/**
 * The most wanted of `spoken` languages in an Accept-Language header (RFC 9110 §12.5.4: q-values,
 * then order; only the primary subtag counts), or null when it asks for none of them.
 */
export function acceptedLanguage<Language extends string>(acceptLanguage: string | null, spoken: readonly Language[]): Language | null {
  const wanted = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { primary: tag.trim().toLowerCase().split("-")[0] ?? "", q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && (spoken as readonly string[]).includes(entry.primary))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (wanted[0]?.primary as Language | undefined) ?? null;
}
