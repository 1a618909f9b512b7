// A provider sign-in's secrets between its start and the provider's callback: state, PKCE verifier
// and nonce travel in a short-lived HttpOnly cookie (10 minutes), so the callback proves it belongs
// to the browser that started it (the state matches), and only that browser can finish the code
// exchange (the verifier never leaves it but for our own origin). SameSite=Lax still sends it on the
// provider's redirect back, a top-level GET navigation.
import { cookieValue, isLoopbackHttp } from "../../domain/access.ts";
import type { Attempt, ProviderId } from "../../access/sign-in/providers.ts";
import { cookieHeader } from "./cookies.ts";

const ATTEMPT_SECONDS = 600;

/** An attempt as the cookie carries it: its provider, where to go after, and until when it holds. */
export type PendingAttempt = Attempt & { provider: ProviderId; next: string; expiresAt: number };

function cookieName(publicUrl: string): string {
  return isLoopbackHttp(publicUrl) ? "svc_sign_in" : "__Host-svc_sign_in";
}

export function attemptCookie(publicUrl: string, attempt: Omit<PendingAttempt, "expiresAt">, now: Date): string {
  const value: PendingAttempt = { ...attempt, expiresAt: now.getTime() + ATTEMPT_SECONDS * 1000 };
  return cookieHeader(cookieName(publicUrl), encodeURIComponent(JSON.stringify(value)), { maxAgeSeconds: ATTEMPT_SECONDS, secure: !isLoopbackHttp(publicUrl) });
}

export function clearedAttemptCookie(publicUrl: string): string {
  return cookieHeader(cookieName(publicUrl), "", { maxAgeSeconds: 0, secure: !isLoopbackHttp(publicUrl) });
}

/** The attempt the request's cookie carries, if it is well formed and still current. */
export function pendingAttempt(request: Request, publicUrl: string, now: Date): PendingAttempt | null {
  const raw = cookieValue(request.headers.get("cookie"), cookieName(publicUrl));
  if (!raw) return null;
  try {
    const attempt = JSON.parse(raw) as PendingAttempt;
    const fields = [attempt.provider, attempt.state, attempt.codeVerifier, attempt.nonce, attempt.next];
    if (fields.some((field) => typeof field !== "string") || typeof attempt.expiresAt !== "number") return null;
    return attempt.expiresAt > now.getTime() ? attempt : null;
  } catch {
    return null;
  }
}
