// The one page sign-in serves itself: a sign-in link's confirmation, whose button posts the token.
// No script, no styles to load; the browser's language picks the words.
import { element, fragment, text, trusted, type Html } from "../../../render/html/markup.ts";
import { acceptedLanguage } from "../requests.ts";
import { SIGN_IN_LANGUAGES, signInPhrases } from "../../access/sign-in/phrases/index.ts";

const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
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
      element("head", {}, element("meta", { charset: "utf-8" }), element("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }), element("title", {}, text(title))),
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
