// CORS (ADR 0019 "CSRF"): bearer-authenticated APIs answer any origin, since a browser never sends a
// bearer key on its own. Cookies are what a browser does send on a user's behalf, so a request that
// carries cookies from an origin outside PUBLIC_URL and CORS_ORIGINS is refused (403), and only the
// listed origins get credentialed CORS answers.
import type { Config } from "../platform/config.ts";

export type CorsPolicy = {
  /** Response headers for this request's origin. */
  headersFor(request: Request): Record<string, string>;
  /** True for a cookie-carrying request from an origin that may not use cookies here. */
  refuses(request: Request): boolean;
  /** Whether an origin may act with a person's cookies here: PUBLIC_URL's own or one of CORS_ORIGINS. */
  trusts(origin: string): boolean;
};

const EXPOSED_HEADERS = "X-Request-Id, RateLimit, RateLimit-Policy, Retry-After, Location, WWW-Authenticate, MCP-Protocol-Version, PAYMENT-REQUIRED, PAYMENT-RESPONSE, X-PAYMENT-RESPONSE";

export function corsPolicy(config: Pick<Config, "publicUrl" | "corsOrigins">): CorsPolicy {
  // Built again when PUBLIC_URL changes: a test server learns its own only once it listens.
  let known = { publicUrl: "", origins: new Set<string>() };
  const trusted = (): Set<string> => {
    if (known.publicUrl !== config.publicUrl) {
      known = { publicUrl: config.publicUrl, origins: new Set([new URL(config.publicUrl).origin, ...config.corsOrigins.map((origin) => origin.replace(/\/$/, ""))]) };
    }
    return known.origins;
  };
  const open = { "access-control-allow-origin": "*", "access-control-expose-headers": EXPOSED_HEADERS };
  return {
    headersFor(request) {
      const origin = request.headers.get("origin");
      if (origin === null || !trusted().has(origin)) return open;
      return {
        "access-control-allow-origin": origin,
        "access-control-allow-credentials": "true",
        "access-control-expose-headers": EXPOSED_HEADERS,
        vary: "Origin",
      };
    },
    refuses(request) {
      const origin = request.headers.get("origin");
      return origin !== null && request.headers.has("cookie") && !trusted().has(origin);
    },
    trusts: (origin) => trusted().has(origin),
  };
}
