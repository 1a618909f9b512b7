// invoices.suggest: line items, rates and terms from the account's own history. A client's newest
// lines (a stored client by id, e-mail or name; else a buyer billed by that name); a client without
// history learns from the account's newest lines instead. Bounded: the newest HISTORY_LINES lines
// (a few hundred invoices) are plenty to know what is usual, whatever the size of the account (ADR 0012).
import type { Executor } from "../../db/client.ts";
import type { ClientRecord } from "../../db/queries/clients.ts";
import { findClientByEmailOrName } from "../../db/queries/clients.ts";
import { recentLines } from "../../db/queries/invoice-lines.ts";
import { invoiceCount, suggestLines, usualCurrency, usualTerms, type LineSuggestion, type TermsSuggestion } from "../domain/suggestions.ts";
import { ownedClient } from "./ownership.ts";
import { loadProfile, todayFor } from "../accounts/profile.ts";

export const HISTORY_LINES = 1000;

export type SuggestRequest = { client?: string | undefined; description?: string | undefined; currency?: string | undefined; limit: number; now: Date };

export type Suggestions = {
  client: { id: string; name: string } | null;
  /** Whose history the suggestions come from, and how many of its invoices were read. */
  source: "client" | "account";
  invoices_considered: number;
  currency: string | null;
  items: LineSuggestion[];
  terms: TermsSuggestion;
};

/** The client named by id (403/404 when not the account's), e-mail or name; null when no client matches. */
async function clientNamed(db: Executor, accountId: string, named: string): Promise<ClientRecord | null> {
  if (/^cli_/.test(named)) return ownedClient(db, accountId, named, "client");
  const client = await findClientByEmailOrName(db, accountId, named.includes("@") ? { email: named, name: "" } : { email: null, name: named });
  return client ?? null;
}

export async function suggest(db: Executor, accountId: string, request: SuggestRequest): Promise<Suggestions> {
  const named = request.client;
  const byId = named !== undefined && /^cli_/.test(named);
  // A client id is its own key: its lines are read while its ownership is checked (the read is the
  // account's own either way, and a foreign id fails the check before anything is answered).
  const [profile, client, linesById] = await Promise.all([
    loadProfile(db, accountId),
    named ? clientNamed(db, accountId, named) : Promise.resolve(null),
    byId ? recentLines(db, accountId, { clientKey: named, limit: HISTORY_LINES }) : Promise.resolve(null),
  ]);
  // A buyer the account has no client record for is still known by the name it was billed to.
  const clientKey = client ? client.id : named && !named.includes("@") ? `name:${named}` : null;
  const own = linesById ?? (clientKey ? await recentLines(db, accountId, { clientKey, limit: HISTORY_LINES }) : []);
  const history = own.length ? own : await recentLines(db, accountId, { clientKey: null, limit: HISTORY_LINES });
  const today = todayFor(profile, request.now);
  return {
    client: client ? { id: client.id, name: client.name } : null,
    source: own.length ? "client" : "account",
    invoices_considered: invoiceCount(history),
    currency: usualCurrency(history),
    items: suggestLines(history, { today, query: request.description, currency: request.currency, limit: request.limit }),
    terms: usualTerms(own),
  };
}
