// The cookies sign-in sets: the session's (its secret, HttpOnly, `__Host-` unless PUBLIC_URL is a
// loopback http address) and the attributes every cookie of ours shares. What a session is lives in
// server/access/sessions.ts; this is how a browser carries it.
import { isLoopbackHttp, SESSION_DAYS, sessionCookieName } from "../../domain/access.ts";

/** A Set-Cookie value with the attributes every cookie of ours has: Path=/, HttpOnly, SameSite=Lax. */
export function cookieHeader(name: string, value: string, options: { maxAgeSeconds: number; secure: boolean }): string {
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${options.maxAgeSeconds}${options.secure ? "; Secure" : ""}`;
}

export function sessionCookie(publicUrl: string, token: string): string {
  return cookieHeader(sessionCookieName(publicUrl), token, { maxAgeSeconds: SESSION_DAYS * 86_400, secure: !isLoopbackHttp(publicUrl) });
}

export function clearedSessionCookie(publicUrl: string): string {
  return cookieHeader(sessionCookieName(publicUrl), "", { maxAgeSeconds: 0, secure: !isLoopbackHttp(publicUrl) });
}
