// Which page each /app path shows, what a person needs to see it, and the navigation built from it.
// Pages are chunks of their own: the first load carries the shell, and each page comes when opened.
import type { JSX } from "preact";
import type { Scope } from "../../../domain/scopes.ts";
import type { PhraseKey } from "./i18n/index.ts";
import { SIGN_IN } from "./paths.ts";

export type PageProps = { params: Record<string, string>; query: URLSearchParams };
export type PageModule = { Page(props: PageProps): JSX.Element };

export type Route = {
  pattern: string;
  load(): Promise<PageModule>;
  /** Open to a visitor who is not signed in. */
  open?: boolean;
  /** The scope the person's role must hold; without it the page is neither listed nor shown. */
  scope?: Scope;
  /** Listed in the navigation under this name. */
  nav?: PhraseKey;
};

/** The editor's one loader: a draft created at /new goes on at its own address in the same page. */
const editor = (): Promise<PageModule> => import("./pages/editor.tsx");

export const ROUTES: Route[] = [
  { pattern: SIGN_IN, load: () => import("./pages/sign-in.tsx"), open: true },
  { pattern: "/app/invite", load: () => import("./pages/invite.tsx"), open: true },
  { pattern: "/app/dashboard", load: () => import("./pages/dashboard.tsx"), scope: "invoices:read", nav: "nav.dashboard" },
  { pattern: "/app/invoices", load: () => import("./pages/invoices.tsx"), scope: "invoices:read", nav: "nav.invoices" },
  { pattern: "/app/invoices/new", load: editor, scope: "invoices:write" },
  { pattern: "/app/invoices/:id/edit", load: editor, scope: "invoices:write" },
  { pattern: "/app/invoices/:id", load: () => import("./pages/invoice.tsx"), scope: "invoices:read" },
  { pattern: "/app/approvals", load: () => import("./pages/approvals.tsx"), scope: "invoices:read", nav: "nav.approvals" },
  { pattern: "/app/recurring", load: () => import("./pages/recurring.tsx"), scope: "invoices:read", nav: "nav.recurring" },
  { pattern: "/app/reminders", load: () => import("./pages/reminders.tsx"), scope: "invoices:read", nav: "nav.reminders" },
  { pattern: "/app/clients", load: () => import("./pages/clients.tsx"), scope: "entities:read", nav: "nav.clients" },
  { pattern: "/app/products", load: () => import("./pages/products.tsx"), scope: "entities:read", nav: "nav.products" },
  { pattern: "/app/templates", load: () => import("./pages/templates.tsx"), scope: "templates:read", nav: "nav.templates" },
  { pattern: "/app/import", load: () => import("./pages/import.tsx"), scope: "invoices:write", nav: "nav.import" },
  { pattern: "/app/outbox", load: () => import("./pages/outbox.tsx"), scope: "invoices:read", nav: "nav.outbox" },
  { pattern: "/app/webhooks", load: () => import("./pages/webhooks.tsx"), scope: "account:admin", nav: "nav.webhooks" },
  { pattern: "/app/keys", load: () => import("./pages/keys.tsx"), scope: "account:admin", nav: "nav.keys" },
  { pattern: "/app/agents", load: () => import("./pages/agents.tsx"), nav: "nav.agents" },
  { pattern: "/app/account", load: () => import("./pages/account.tsx"), nav: "nav.account" },
  { pattern: "/app/sessions", load: () => import("./pages/sessions.tsx") },
];
