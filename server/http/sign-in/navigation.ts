// What the sign-in routes share about HTTP: where a sign-in may go next, redirects with cookies, and
// telling a browser's navigation (pages, redirects) from a script's call (JSON).
import { mediaTypeOf, readJsonBody, readTextBody } from "../requests.ts";
import { DEFAULT_NEXT } from "../../domain/access.ts";

export const SIGN_IN_PAGE = "/app/sign-in";


/** The sign-in page's address with these parameters, `next` left out when it is the default. */
export function signInPage(params: Record<string, string>, next: string = DEFAULT_NEXT): string {
  return `${SIGN_IN_PAGE}?${new URLSearchParams({ ...params, ...(next !== DEFAULT_NEXT ? { next } : {}) })}`;
}

export function redirect(location: string, cookies: readonly string[], status: 302 | 303 = 303): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return new Response(null, { status, headers });
}

function isForm(request: Request): boolean {
  return mediaTypeOf(request) === "application/x-www-form-urlencoded";
}

/** A browser navigating (a form post, a followed link) gets pages and redirects; a script gets JSON. */
export function wantsPage(request: Request): boolean {
  return request.headers.get("sec-fetch-mode") === "navigate" || (request.headers.get("accept") ?? "").includes("text/html") || isForm(request);
}

/** A form post's fields, or a JSON body's. */
export async function readFields(request: Request): Promise<Record<string, unknown>> {
  if (isForm(request)) return Object.fromEntries(new URLSearchParams(await readTextBody(request)));
  const body = await readJsonBody(request);
  return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}
