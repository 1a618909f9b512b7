// The one page sign-in serves itself: a sign-in link's confirmation, whose button posts the token.
// No script and nothing to load: its few styles are inline, allowed by their hash alone, and look
// like the console's (the same type, colours and button); the browser's language picks the words.
import { createHash } from "node:crypto";
import { element, fragment, text, trusted, type Html } from "../../../render/html/markup.ts";
import { acceptedLanguage } from "../requests.ts";
import { SIGN_IN_LANGUAGES, signInPhrases } from "../../access/sign-in/phrases/index.ts";

/** The console's look in a few rules (server/http/console/ui/styles.css keeps the same colours). */
const STYLE = [
  ":root{font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,\"Noto Sans\",\"Noto Sans JP\",sans-serif;color:#1b1f24;background:#f6f8fa;line-height:1.5}",
  "body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1rem;box-sizing:border-box}",
  "main{background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:1.5rem 2rem;max-width:32rem;width:100%;box-sizing:border-box}",
  "h1{font-size:1.4rem;margin:0 0 1rem}a{color:#0a55c4}",
  "button{font:inherit;font-weight:600;padding:.5rem 1.25rem;min-height:2.75rem;border-radius:6px;border:1px solid #0a55c4;background:#0a55c4;color:#fff;cursor:pointer}",
  "button:hover{background:#08449d}:focus-visible{outline:3px solid #8a4b00;outline-offset:2px}",
].join("");
const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");

const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  "cache-control": "no-store",
  // The address holds the token: never hand it on to another site. Not no-referrer: under it a
  // browser posts the form with `Origin: null`, which the same-origin check refuses.
  "referrer-policy": "same-origin",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "x-robots-tag": "noindex, nofollow",
};

function page(language: string, title: string, status: number, ...body: Html[]): Response {
  const html = fragment(
    trusted("<!doctype html>"),
    element(
      "html",
      { lang: language },
      element("head", {}, element("meta", { charset: "utf-8" }), element("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }), element("title", {}, text(title)), element("style", {}, trusted(STYLE))),
      element("body", {}, element("main", {}, element("h1", {}, text(title)), ...body)),
    ),
  );
  return new Response(html, { status, headers: PAGE_HEADERS });
}

/** The language the browser wants most among those the pages speak. */
function browserLanguage(request: Request): string | null {
  return acceptedLanguage(request.headers.get("accept-language"), SIGN_IN_LANGUAGES);
}

/** The link's confirmation: a form that posts the token (and where to go after) back to /auth/link. */
export function linkConfirmationPage(request: Request, fields: { token: string; next: string; email: string }): Response {
  const { language, phrases } = signInPhrases(browserLanguage(request));
  return page(
    language,
    phrases.title,
    200,
    element(
      "form",
      { method: "post", action: "/auth/link" },
      element("p", {}, text(phrases.confirm(fields.email))),
      element("input", { type: "hidden", name: "token", value: fields.token }),
      element("input", { type: "hidden", name: "next", value: fields.next }),
      element("button", { type: "submit" }, text(phrases.button)),
    ),
  );
}

/** A link that no longer works (used, expired or unknown), with the way to a new one. */
export function spentLinkPage(request: Request): Response {
  const { language, phrases } = signInPhrases(browserLanguage(request));
  return page(language, phrases.title, 410, element("p", {}, text(phrases.spent)), element("p", {}, element("a", { href: "/app/sign-in" }, text(phrases.again))));
}
