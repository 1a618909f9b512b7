// Who is calling (ADR 0019): an API key, a person's session, or an agent holding a person's
// OAuth grant. Each resolves to one Principal; the procedures only ever see that.
import { SCOPES, type Scope } from "./scopes.ts";
import type { TierName } from "./tiers.ts";

export const ROLES = ["owner", "admin", "member"] as const;
export type Role = (typeof ROLES)[number];

export type PrincipalKind = "key" | "session" | "agent";

export type Principal = {
  kind: PrincipalKind;
  /** The credential's own id: `key_…` for a key, `ses_…` for a session, `grt_…` for an agent's grant. */
  id: string;
  accountId: string;
  tier: TierName;
  scopes: Scope[];
  /** The person behind a session or a grant; null for an API key. */
  userId: string | null;
  role: Role | null;
};

/**
 * What a member may do by role: owners and admins everything; members everything but managing the
 * account (keys, members) and approving, unless an owner granted them approval.
 */
export function scopesForRole(role: Role, canApprove: boolean): Scope[] {
  if (role !== "member") return [...SCOPES];
  return SCOPES.filter((scope) => scope !== "account:admin" && (scope !== "invoices:approve" || canApprove));
}

/** An agent reaches what its grant says, and never more than its person may still do. */
export function agentScopes(granted: readonly string[], role: Role, canApprove: boolean): Scope[] {
  const allowed = new Set(granted);
  return scopesForRole(role, canApprove).filter((scope) => allowed.has(scope));
}

/** How history names who acted: `key:key_…`, `user:usr_…` (a person) or `agent:grt_…` (an agent's grant). */
export function actorOf(principal: Principal): string {
  if (principal.kind === "session") return `user:${principal.userId}`;
  return `${principal.kind}:${principal.id}`;
}

export function mayApprove(principal: Principal): boolean {
  return principal.scopes.includes("invoices:approve");
}

/** The protected resources a token may be bound to (RFC 8707): the whole API, or its MCP endpoint only. */
export type Face = "api" | "mcp";

export function resourcesOf(publicUrl: string): { api: string; mcp: string } {
  return { api: publicUrl, mcp: `${publicUrl}/api/mcp` };
}

/** Whether a token bound to `resource` may be used on `face`: the API's audience covers every face. */
export function audienceAllows(resource: string, face: Face, publicUrl: string): boolean {
  const resources = resourcesOf(publicUrl);
  return resource === resources.api || (face === "mcp" && resource === resources.mcp);
}

/** Sessions slide: each use (written at most once a minute) extends them to 30 days from then. */
export const SESSION_DAYS = 30;

/**
 * The session cookie's name. `__Host-` makes the browser insist on Secure, path / and no Domain; on
 * a loopback http PUBLIC_URL there is no TLS, so the cookie cannot be Secure and drops the prefix.
 */
export function sessionCookieName(publicUrl: string): string {
  return isLoopbackHttp(publicUrl) ? "svc_session" : "__Host-svc_session";
}

export function isLoopbackHttp(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

/** One cookie's value from a Cookie header, or null. */
export function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return null;
}

/** Where a person goes after signing in when nothing else is asked: the console's home. */
export const DEFAULT_NEXT = "/app";

/** Where to go after signing in: a path on this origin (one leading "/"), else the console's home. */
export function safeNext(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return DEFAULT_NEXT;
  const base = "http://next.invalid";
  const url = URL.canParse(value, base) ? new URL(value, base) : null;
  return url?.origin === base ? `${url.pathname}${url.search}${url.hash}` : DEFAULT_NEXT;
}
