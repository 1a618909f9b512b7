// The one way to make HTTP requests to URLs users give us (webhooks now, brand extraction later),
// guarded against server-side request forgery: https only (http when configured for development),
// no credentials in the URL, ordinary ports; every address the host resolves to checked against the
// refused ranges (server/domain/network.ts); the connection pinned to the checked address so a DNS
// answer that changes between check and connect (rebinding) cannot slip through; redirects never
// followed; time and response size bounded. Built on node:http(s), whose `lookup` option does the
// pinning with Host and TLS SNI still the name (checked to work under Bun and Deno alike).
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIpLiteral, refusedAddressReason } from "../domain/network.ts";

export type ResolvedAddress = { address: string; family: number };
/** Resolves a host name to all its addresses; tests inject one, production asks DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type OutboundPolicy = {
  /** Plain http:// too (WEBHOOK_ALLOW_HTTP, development only). */
  allowHttp: boolean;
  /** Private and loopback addresses too (WEBHOOK_ALLOW_PRIVATE_NETWORKS, tests only). */
  allowPrivateNetworks: boolean;
  resolve?: Resolver;
};

export type OutboundRequest = {
  method: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange, connect to last byte kept. */
  timeoutMs?: number;
  /** Body bytes kept; the rest is not read. */
  maxBytes?: number;
};

export type OutboundResponse = { status: number; headers: Record<string, string>; body: Uint8Array; truncated: boolean };

/** Why a request was not made or did not complete: `refused` by the guard, or the exchange `failed`. */
export class OutboundError extends Error {
  constructor(
    readonly kind: "refused" | "failed",
    message: string,
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

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

const refuse = (reason: string): OutboundError => new OutboundError("refused", reason);

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
      throw refuse(`${host} does not resolve (${(error as { code?: string }).code ?? "lookup failed"})`);
    }
  }
  const [first] = addresses;
  if (!first) throw refuse(`${host} does not resolve`);
  for (const { address } of addresses) {
    const reason = refusedAddressReason(address);
    if (reason && !(policy.allowPrivateNetworks && reason !== "not an IP address")) {
      throw refuse(literal ? `${address} is a refused address (${reason})` : `${host} resolves to ${address} (${reason})`);
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

/**
 * Makes one request to a user-given URL under the guard: refused (OutboundError "refused") before
 * any connection when the URL or an address fails the checks; any answer, 3xx included, is returned
 * as it is; a timeout or network error is OutboundError "failed".
 */
export async function guardedFetch(text: string, request: OutboundRequest, policy: OutboundPolicy): Promise<OutboundResponse> {
  const url = checkUrlForm(text, policy);
  const pinned = await checkDestination(url, policy);
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = request.maxBytes ?? DEFAULT_MAX_BYTES;
  const transport = url.protocol === "https:" ? https : http;
  return new Promise<OutboundResponse>((resolve, reject) => {
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
        const chunks: Uint8Array[] = [];
        let kept = 0;
        let truncated = false;
        const finish = (): void => {
          clearTimeout(timer);
          const headers = Object.fromEntries(Object.entries(incoming.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : (value ?? "")]));
          const body = new Uint8Array(kept);
          let at = 0;
          for (const chunk of chunks) {
            body.set(chunk, at);
            at += chunk.length;
          }
          resolve({ status: incoming.statusCode ?? 0, headers, body, truncated });
        };
        incoming.on("data", (chunk: Uint8Array) => {
          const room = maxBytes - kept;
          if (chunk.length > room) {
            // More than we keep: stop reading rather than let an endless body hold the connection.
            chunks.push(chunk.subarray(0, room));
            kept = maxBytes;
            truncated = true;
            incoming.removeAllListeners();
            incoming.destroy();
            finish();
            return;
          }
          chunks.push(chunk);
          kept += chunk.length;
        });
        incoming.on("end", finish);
        incoming.on("error", (error) => fail(error));
      },
    );
    const fail = (error: Error): void => {
      clearTimeout(timer);
      reject(error instanceof OutboundError ? error : new OutboundError("failed", `connection failed: ${(error as { code?: string }).code ?? error.message}`));
    };
    const timer = setTimeout(() => outgoing.destroy(new OutboundError("failed", `no complete answer within ${timeoutMs} ms`)), timeoutMs);
    outgoing.on("error", fail);
    outgoing.end(request.body);
  });
}
