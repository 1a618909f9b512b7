// The consent page's words in the eight label languages (en.ts, de.ts …): `ConsentPhrases` is the key
// set, so a language that misses a phrase fails tsc. The language comes from Accept-Language.
import { acceptedLanguage } from "../../requests.ts";
import type { Role } from "../../../domain/access.ts";
import type { Scope } from "../../../domain/scopes.ts";
import { de } from "./de.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { it } from "./it.ts";
import { ja } from "./ja.ts";
import { nl } from "./nl.ts";
import { pt } from "./pt.ts";

export type ConsentPhrases = {
  title: string;
  heading(agent: string): string;
  intro: string;
  agent: string;
  returnsTo: string;
  signedInAs: string;
  reaches: string;
  resourceApi: string;
  resourceMcp: string;
  account: string;
  switchAccount: string;
  roles: Record<Role, string>;
  permissions: string;
  scopes: Record<Scope, string>;
  beyondRole: string;
  approveNote: string;
  allow: string;
  deny: string;
  errorTitle: string;
  unknownClient: string;
  badRedirect: string;
  staleForm: string;
  notMember: string;
};

export const CONSENT_PHRASES = { en, de, fr, es, it, nl, pt, ja } as const satisfies Record<string, ConsentPhrases>;
export type ConsentLanguage = keyof typeof CONSENT_PHRASES;

/** The most wanted language of an Accept-Language header (RFC 9110 §12.5.4) that the page speaks; English otherwise. */
export function languageOf(acceptLanguage: string | null): ConsentLanguage {
  return acceptedLanguage(acceptLanguage, Object.keys(CONSENT_PHRASES) as ConsentLanguage[]) ?? "en";
}
