// The authorization server's rules, without I/O (ADR 0021): lifetimes,
// which redirect URIs a client may register, PKCE S256, scopes as requested, shown and granted, and
// which resource (RFC 8707) a request names.
import { resourcesOf } from "./access.ts";
import { base64Url } from "./signing.ts";
import { isScope, SCOPES, type Scope } from "./scopes.ts";

/** Access tokens are short-lived: a stolen one works for minutes; revocation is instant anyway (ADR 0021). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 86_400;
/** An authorization code lives a minute, long enough for a client to exchange it, and works once. */
export const CODE_SECONDS = 60;

export const AUTHORIZATION_CODE_PREFIX = "sac_";

/** What an agent asks for when it names no scope: everything but approving and managing the account. */
export const DEFAULT_AGENT_SCOPES: Scope[] = SCOPES.filter((scope) => scope !== "invoices:approve" && scope !== "account:admin");

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * Why a redirect URI may not be registered, or null when it may: https anywhere, plain http only back
 * to this machine (a native agent's loopback listener, RFC 8252 §7.3), never a fragment (RFC 6749 §3.1.2).
 */
export function redirectUriProblem(uri: string): string | null {
  if (!URL.canParse(uri)) return `${uri} is not an absolute URL`;
  const url = new URL(uri);
  if (url.hash !== "" || uri.includes("#")) return `${uri} has a fragment`;
  if (url.username !== "" || url.password !== "") return `${uri} carries credentials`;
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return `${uri} must use https, or http on a loopback host (127.0.0.1, [::1], localhost)`;
}

/** The hosts an agent's redirect URIs lead to, as a person reads them on the consent page and in the console. */
export function redirectHostsOf(uris: readonly string[]): string {
  return [...new Set(uris.map((uri) => new URL(uri).host))].join(", ");
}

/** A space-separated scope parameter: the scopes, or the words that are not scopes of this service. */
export function parseScopes(value: string): { scopes: Scope[]; unknown: string[] } {
  const words = [...new Set(value.split(" ").filter((word) => word !== ""))];
  return { scopes: SCOPES.filter((scope) => words.includes(scope)), unknown: words.filter((word) => !isScope(word)) };
}

/** RFC 7636 §4.1: 43 to 128 unreserved characters; an S256 challenge is the 43-character base64url SHA-256. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const S256_CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

export function isS256Challenge(challenge: string): boolean {
  return S256_CHALLENGE.test(challenge);
}

/** Whether `verifier` is the one whose SHA-256 the client sent as its challenge (RFC 7636 §4.6). */
export async function verifierMatches(verifier: string, challenge: string): Promise<boolean> {
  if (!VERIFIER.test(verifier)) return false;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest)) === challenge;
}

/**
 * The resource a request names (RFC 8707), one of this service's: the whole API (every face) or its
 * MCP endpoint alone; the API when none is named; null for anything else (invalid_target).
 */
export function resourceOf(requested: string | null, publicUrl: string): string | null {
  const resources = resourcesOf(publicUrl);
  if (requested === null || requested === "") return resources.api;
  const given = requested.replace(/\/$/, "");
  return given === resources.api || given === resources.mcp ? given : null;
}

export type ScopeChoice = { scope: Scope; checked: boolean; disabled: boolean };

/**
 * The checkboxes of the consent page: each requested scope, ticked unless it is approval (a person
 * ticks that one themselves), disabled when the person's role does not hold it.
 */
export function scopeChoices(requested: readonly Scope[], allowed: readonly Scope[]): ScopeChoice[] {
  return requested.map((scope) => {
    const disabled = !allowed.includes(scope);
    return { scope, disabled, checked: !disabled && scope !== "invoices:approve" };
  });
}

/** What a consent grants: the ticked scopes the agent asked for and the person may hold. */
export function grantedScopes(requested: readonly Scope[], allowed: readonly Scope[], ticked: readonly string[]): Scope[] {
  return requested.filter((scope) => allowed.includes(scope) && ticked.includes(scope));
}
