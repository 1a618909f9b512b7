// The consent page, rendered on the server with no script: who asks (the agent's name and where it
// returns to), in which account, for what (one checkbox per requested scope), and two buttons.
// Semantic HTML (a fieldset per choice, every control labelled), AA contrast, focus always visible,
// one column that fits a phone. It never loads in a frame (clickjacking) and is never cached.
import { element, fragment, text, trusted, type Html } from "../../../render/html/markup.ts";
import type { Role } from "../../domain/access.ts";
import { base64Url } from "../../domain/signing.ts";
import { CONSENT_PHRASES, type ConsentLanguage, type ConsentPhrases } from "./consent-phrases/index.ts";
import { OAUTH_PATHS } from "./metadata.ts";
import type { ScopeChoice } from "../../domain/oauth.ts";

export type ConsentView = {
  language: ConsentLanguage;
  agentName: string;
  redirectUri: string;
  email: string;
  /** True when the tokens will reach the MCP endpoint only. */
  mcpOnly: boolean;
  accounts: Array<{ id: string; name: string; role: Role }>;
  accountId: string;
  choices: ScopeChoice[];
  /** The authorization request's own parameters, carried through both forms unchanged. */
  carried: Array<[name: string, value: string]>;
  csrfToken: string;
};

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f5f7;line-height:1.5}
body{margin:0;padding:1rem}
main{max-width:36rem;margin:2rem auto;background:#fff;border:1px solid #c9ccd1;border-radius:.5rem;padding:1.5rem}
h1{font-size:1.4rem;margin:0 0 .75rem;overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:1rem 0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
fieldset{border:1px solid #c9ccd1;border-radius:.375rem;margin:1rem 0;padding:.75rem 1rem}
legend{font-weight:600;padding:0 .25rem}
.choice{display:flex;gap:.5rem;align-items:flex-start;margin:.5rem 0}
.choice input{margin-top:.3rem;width:1.1rem;height:1.1rem;flex:none}
.muted{color:#4a4f57}
code{font-size:.85em;color:#4a4f57}
.row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
select,button{font:inherit;padding:.5rem .9rem;border-radius:.375rem;border:1px solid #5b6169;background:#fff;color:#1a1a1a;min-height:2.75rem}
button.primary{background:#0b5394;border-color:#0b5394;color:#fff}
:focus-visible{outline:3px solid #b45309;outline-offset:2px}
@media (max-width:30rem){main{margin:0;padding:1rem}dl{grid-template-columns:1fr}dd{margin-bottom:.5rem}}
`;

function hidden(carried: ConsentView["carried"]): Html {
  return fragment(...carried.map(([name, value]) => element("input", { type: "hidden", name, value })));
}

function page(language: ConsentLanguage, title: string, body: Html, nonce: string): string {
  return (
    "<!doctype html>" +
    element(
      "html",
      { lang: language },
      element(
        "head",
        {},
        element("meta", { charset: "utf-8" }),
        element("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
        element("meta", { name: "robots", content: "noindex, nofollow" }),
        element("title", {}, text(title)),
        element("style", { nonce }, trusted(STYLE)),
      ),
      element("body", {}, element("main", {}, body)),
    )
  );
}

function accountChoice(view: ConsentView, phrases: ConsentPhrases): Html | null {
  if (view.accounts.length < 2) return null;
  // A plain GET form: the page is drawn again for the chosen account, whose role decides what can be granted.
  return element(
    "form",
    { method: "get", action: OAUTH_PATHS.authorize, class: "row" },
    hidden(view.carried),
    element("label", { for: "account" }, text(phrases.account)),
    element(
      "select",
      { id: "account", name: "account_id" },
      ...view.accounts.map((account) => element("option", { value: account.id, selected: account.id === view.accountId }, text(`${account.name} (${phrases.roles[account.role]})`))),
    ),
    element("button", { type: "submit" }, text(phrases.switchAccount)),
  );
}

function scopeChoice(choice: ScopeChoice, phrases: ConsentPhrases): Html {
  const id = `scope-${choice.scope.replace(":", "-")}`;
  return element(
    "div",
    { class: "choice" },
    element("input", { type: "checkbox", id, name: "granted", value: choice.scope, checked: choice.checked, disabled: choice.disabled }),
    element(
      "label",
      { for: id },
      text(phrases.scopes[choice.scope]),
      text(" "),
      element("code", {}, text(choice.scope)),
      choice.disabled ? element("span", { class: "muted" }, text(` (${phrases.beyondRole})`)) : null,
    ),
  );
}

export function consentPage(view: ConsentView, nonce: string): string {
  const phrases = CONSENT_PHRASES[view.language];
  const account = view.accounts.find((candidate) => candidate.id === view.accountId);
  const asksApproval = view.choices.some((choice) => choice.scope === "invoices:approve");
  const body = fragment(
    element("h1", {}, text(phrases.heading(view.agentName))),
    element("p", {}, text(phrases.intro)),
    element(
      "dl",
      {},
      element("dt", {}, text(phrases.agent)),
      element("dd", {}, text(view.agentName)),
      element("dt", {}, text(phrases.returnsTo)),
      element("dd", {}, text(new URL(view.redirectUri).host)),
      element("dt", {}, text(phrases.signedInAs)),
      element("dd", {}, text(view.email)),
      element("dt", {}, text(phrases.account)),
      element("dd", {}, text(account ? `${account.name} (${phrases.roles[account.role]})` : view.accountId)),
      element("dt", {}, text(phrases.reaches)),
      element("dd", {}, text(view.mcpOnly ? phrases.resourceMcp : phrases.resourceApi)),
    ),
    accountChoice(view, phrases),
    element(
      "form",
      { method: "post", action: OAUTH_PATHS.authorize },
      hidden(view.carried),
      element("input", { type: "hidden", name: "account_id", value: view.accountId }),
      element("input", { type: "hidden", name: "csrf_token", value: view.csrfToken }),
      element("fieldset", {}, element("legend", {}, text(phrases.permissions)), ...view.choices.map((choice) => scopeChoice(choice, phrases))),
      asksApproval ? element("p", { class: "muted" }, text(phrases.approveNote)) : null,
      element(
        "div",
        { class: "row" },
        element("button", { type: "submit", name: "decision", value: "allow", class: "primary" }, text(phrases.allow)),
        element("button", { type: "submit", name: "decision", value: "deny" }, text(phrases.deny)),
      ),
    ),
  );
  return page(view.language, phrases.title, body, nonce);
}

export function problemPage(language: ConsentLanguage, problem: Exclude<keyof ConsentPhrases, "heading" | "roles" | "scopes">, nonce: string): string {
  const phrases = CONSENT_PHRASES[language];
  return page(language, phrases.errorTitle, fragment(element("h1", {}, text(phrases.errorTitle)), element("p", {}, text(phrases[problem]))), nonce);
}

/** The page's headers: its own style only, forms to itself (and on to the agent's redirect), never framed or cached. */
export function pageHeaders(nonce: string, redirectUri: string | null): Record<string, string> {
  const formTargets = ["'self'", redirectUri === null ? null : new URL(redirectUri).origin].filter((target) => target !== null).join(" ");
  return {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": `default-src 'none'; style-src 'nonce-${nonce}'; form-action ${formTargets}; frame-ancestors 'none'; base-uri 'none'`,
    "x-frame-options": "DENY",
    "cache-control": "no-store",
    // Not no-referrer: Chromium then posts the form with `Origin: null`, which the Origin check refuses.
    "referrer-policy": "same-origin",
    "x-content-type-options": "nosniff",
  };
}

export function newNonce(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(16)));
}
