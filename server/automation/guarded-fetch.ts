// The one way to make HTTP requests to URLs users give us (webhook deliveries, brand extraction),
// guarded against server-side request forgery: https only (http when the caller's policy allows it),
// no credentials in the URL, ordinary ports; every address the host resolves to checked against the
// refused ranges (server/domain/network.ts); the connection pinned to the checked address so a DNS
// answer that changes between check and connect (rebinding) cannot slip through; redirects returned
// as answers, or followed when asked (each new URL checked again, as the first was); the whole
// exchange bounded in time, the body in size, the answer's media type by an allow-list when given.
// No cookie jar and no stored credentials: a request carries only the headers its caller passes.
// Built on node:http(s), whose `lookup` option does the pinning with Host and TLS SNI still the
// name (checked to work under Bun and Deno alike).
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { canonicalAddress, isIpLiteral, refusedAddressReason } from "../domain/network.ts";

export type ResolvedAddress = { address: string; family: number };
/** Resolves a host name to all its addresses; tests inject one, production asks DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type OutboundPolicy = {
  /** Plain http:// too (webhooks: WEBHOOK_ALLOW_HTTP, development only; brand extraction: always). */
  allowHttp: boolean;
  /** Private and loopback addresses too (WEBHOOK_ALLOW_PRIVATE_NETWORKS, tests only). */
  allowPrivateNetworks: boolean;
  /**
   * Single addresses reachable although a refused range holds them (OUTBOUND_ALLOW_ADDRESSES, tests
   * only): 127.0.0.1 opens that address and no other, not ::1, not 10.0.0.1.
   */
  allowAddresses?: readonly string[];
  resolve?: Resolver;
};

export type OutboundRequest = {
  method: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange, every lookup and redirect included, connect to last byte kept. */
  timeoutMs?: number;
  /** Body bytes kept; the rest is not read. */
  maxBytes?: number;
  /**
   * Redirects followed, each Location checked like the first URL (form, then every address); more
   * fail. 0 (the default): a 3xx is the answer. 307 and 308 repeat the request; the others GET.
   */
  maxRedirects?: number;
  /** Media types a successful (2xx) answer may have; another fails before its body is read. */
  acceptTypes?: readonly string[];
};

export type OutboundResponse = {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
  truncated: boolean;
  /** The URL that gave this answer: the request's own, or the last redirect's. */
  url: string;
};

/**
 * What stopped a request: the URL's form (`url`), a refused `address`, a host that does not resolve
 * or a connection that failed (`unreachable`), the time limit (`timeout`), one redirect too many
 * (`redirects`), an answer of a type not asked for (`content_type`).
 */
export type OutboundIssue = "url" | "address" | "unreachable" | "timeout" | "redirects" | "content_type";

/** Why a request was not made or did not complete: `refused` by the guard, or the exchange `failed`. */
export class OutboundError extends Error {
  constructor(
    readonly kind: "refused" | "failed",
    message: string,
    readonly issue: OutboundIssue,
  ) {
    super(message);
    this.name = "OutboundError";
  }
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 64 * 1024;
const MAX_URL_LENGTH = 2048;
/** Below 1024 only the web's own ports: nobody's SMTP, SSH or database is a webhook. */
const FIRST_FREE_PORT = 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

const refuse = (reason: string, issue: OutboundIssue = "url"): OutboundError => new OutboundError("refused", reason, issue);

/** The URL if its form is acceptable (scheme, credentials, port); an OutboundError("refused") otherwise. */
export function checkUrlForm(text: string, policy: OutboundPolicy): URL {
  if (text.length > MAX_URL_LENGTH) throw refuse(`URL longer than ${MAX_URL_LENGTH} characters`);
  if (!URL.canParse(text)) throw refuse("not a valid URL");
  const url = new URL(text);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && policy.allowHttp)) {
    throw refuse(policy.allowHttp ? "only http and https URLs" : "only https URLs");
  }
  if (url.username || url.password) throw refuse("credentials in the URL");
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  if (port < FIRST_FREE_PORT && port !== 80 && port !== 443) throw refuse(`port ${port}: only 80, 443 or 1024 and above`);
  return url;
}

/** The hostname without IPv6 brackets, as sockets and DNS take it. */
const bare = (hostname: string): string => hostname.replace(/^\[|\]$/g, "");

function allowedByPolicy(address: string, reason: string, policy: OutboundPolicy): boolean {
  if (reason === "not an IP address") return false;
  if (policy.allowPrivateNetworks) return true;
  const key = canonicalAddress(address);
  return key !== null && (policy.allowAddresses ?? []).some((allowed) => canonicalAddress(allowed) === key);
}

/**
 * Resolves the URL's host and checks every address (a name with one good and one private address
 * is refused: which one a connection gets is not ours to choose). Returns the address to connect to.
 */
export async function checkDestination(url: URL, policy: OutboundPolicy): Promise<ResolvedAddress> {
  const host = bare(url.hostname);
  const literal = isIpLiteral(url.hostname);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  } else {
    try {
      addresses = await (policy.resolve ?? systemResolver)(host);
    } catch (error) {
      throw refuse(`${host} does not resolve (${(error as { code?: string }).code ?? "lookup failed"})`, "unreachable");
    }
  }
  const [first] = addresses;
  if (!first) throw refuse(`${host} does not resolve`, "unreachable");
  for (const { address } of addresses) {
    const reason = refusedAddressReason(address);
    if (reason && !allowedByPolicy(address, reason, policy)) {
      throw refuse(literal ? `${address} is a refused address (${reason})` : `${host} resolves to ${address} (${reason})`, "address");
    }
  }
  return first;
}

/** Checks a URL as a delivery would (form, then every resolved address) without requesting it. */
export async function checkOutboundUrl(text: string, policy: OutboundPolicy): Promise<void> {
  await checkDestination(checkUrlForm(text, policy), policy);
}

type LookupCallback = (error: Error | null, address: string | ResolvedAddress[], family?: number) => void;

/** A socket lookup that answers the checked address whatever the name, so the connection goes where the check said. */
function pinnedLookup(pinned: ResolvedAddress) {
  return (_hostname: string, options: { all?: boolean } | undefined, callback: LookupCallback): void => {
    if (options?.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

/** The media type of a Content-Type header, lower case, without parameters. */
const mediaTypeOf = (contentType: string | undefined): string => (contentType ?? "").split(";")[0]!.trim().toLowerCase();

/** What one hop needs besides its URL and address: the deadline, and whether a redirect will be followed. */
type Hop = { request: OutboundRequest; deadline: number; tooSlow: () => OutboundError; following: boolean };

/** One request to one checked address; a redirect that will be followed comes back without its body. */
function exchange(url: URL, pinned: ResolvedAddress, { request, deadline, tooSlow, following }: Hop): Promise<OutboundResponse> {
  const maxBytes = request.maxBytes ?? DEFAULT_MAX_BYTES;
  const transport = url.protocol === "https:" ? https : http;
  return new Promise<OutboundResponse>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const fail = (error: Error): void =>
      settle(() => reject(error instanceof OutboundError ? error : new OutboundError("failed", `connection failed: ${(error as { code?: string }).code ?? error.message}`, "unreachable")));
    const outgoing = transport.request(
      {
        protocol: url.protocol,
        host: bare(url.hostname),
        port: url.port || undefined,
        path: url.pathname + url.search,
        method: request.method,
        headers: request.headers,
        agent: false,
        lookup: pinnedLookup(pinned) as never,
      },
      (incoming) => {
        const status = incoming.statusCode ?? 0;
        const headers = Object.fromEntries(Object.entries(incoming.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : (value ?? "")]));
        const answer = (body: Uint8Array, truncated: boolean): void => settle(() => resolve({ status, headers, body, truncated, url: url.href }));
        const stop = (): void => {
          incoming.removeAllListeners();
          incoming.on("error", () => undefined);
          incoming.destroy();
        };
        if (following && REDIRECTS.has(status) && headers.location) {
          stop();
          answer(new Uint8Array(0), false);
          return;
        }
        const type = mediaTypeOf(headers["content-type"]);
        if (request.acceptTypes && status >= 200 && status < 300 && !request.acceptTypes.includes(type)) {
          stop();
          fail(new OutboundError("failed", `the answer is ${type || "untyped"}, not ${request.acceptTypes.join(" or ")}`, "content_type"));
          return;
        }
        const chunks: Uint8Array[] = [];
        let kept = 0;
        const finish = (truncated: boolean): void => {
          const body = new Uint8Array(kept);
          let at = 0;
          for (const chunk of chunks) {
            body.set(chunk, at);
            at += chunk.length;
          }
          answer(body, truncated);
        };
        incoming.on("data", (chunk: Uint8Array) => {
          const room = maxBytes - kept;
          if (chunk.length > room) {
            // More than we keep: stop reading rather than let an endless body hold the connection.
            chunks.push(chunk.subarray(0, room));
            kept = maxBytes;
            stop();
            finish(true);
            return;
          }
          chunks.push(chunk);
          kept += chunk.length;
        });
        incoming.on("end", () => finish(false));
        incoming.on("error", fail);
      },
    );
    const timer = setTimeout(() => {
      fail(tooSlow());
      outgoing.destroy();
    }, Math.max(0, deadline - performance.now()));
    outgoing.on("error", fail);
    outgoing.end(request.body);
  });
}

/** `work`, or the time-limit failure when the deadline comes first. */
async function beforeDeadline<T>(work: Promise<T>, deadline: number, tooSlow: () => OutboundError): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(tooSlow()), Math.max(0, deadline - performance.now()));
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Makes a request to a user-given URL under the guard: refused (OutboundError "refused") before
 * any connection when the URL or an address fails the checks; any answer, a 3xx included unless
 * `maxRedirects` asks to follow it, is returned as it is; a timeout, a network error, too many
 * redirects or a type not accepted is OutboundError "failed".
 */
export async function guardedFetch(text: string, request: OutboundRequest, policy: OutboundPolicy): Promise<OutboundResponse> {
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRedirects = request.maxRedirects ?? 0;
  const deadline = performance.now() + timeoutMs;
  const tooSlow = (): OutboundError => new OutboundError("failed", `no complete answer within ${timeoutMs} ms`, "timeout");
  let url = checkUrlForm(text, policy);
  let hopRequest = request;
  for (let redirects = 0; ; redirects++) {
    const pinned = await beforeDeadline(checkDestination(url, policy), deadline, tooSlow);
    const response = await exchange(url, pinned, { request: hopRequest, deadline, tooSlow, following: maxRedirects > 0 });
    const location = response.headers.location;
    if (maxRedirects === 0 || !REDIRECTS.has(response.status) || !location) return response;
    if (redirects === maxRedirects) throw new OutboundError("failed", `more than ${maxRedirects} redirects`, "redirects");
    if (!URL.canParse(location, url)) throw refuse(`redirect to an invalid URL (${location.slice(0, 200)})`);
    url = checkUrlForm(new URL(location, url).href, policy);
    if (response.status !== 307 && response.status !== 308) hopRequest = { ...hopRequest, method: "GET", body: undefined };
  }
}
