// The words of the invitation e-mail, in the eight languages the labels speak (en.ts, de.ts …; the
// inviting account profile's language, as the sign-in link's e-mail). `InvitePhrases` is the key set,
// so a language that misses a sentence fails tsc.
import { readerFor } from "../../../render/summary/invoice.ts";
import type { Role } from "../../domain/access.ts";
import { de } from "./de.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { it } from "./it.ts";
import { ja } from "./ja.ts";
import { nl } from "./nl.ts";
import { pt } from "./pt.ts";

export type InvitePhrases = {
  subject(account: string): string;
  /** `as` is the role with its article ("an admin"), `until` the last day, formatted. */
  body(account: string, as: string, until: string): string;
  roles: Record<Role, string>;
  linkLabel: string;
  ignore: string;
};

const INVITE_PHRASES = { en, de, fr, es, it, nl, pt, ja } satisfies Record<string, InvitePhrases>;

/** The phrases, language and a date formatter for a locale (English when it is none of the eight). */
export function invitePhrases(tag: string | null): { language: string; phrases: InvitePhrases; date(isoDate: string): string } {
  const reader = readerFor(tag ?? "en", tag ?? "en");
  return { language: reader.language, phrases: INVITE_PHRASES[reader.language], date: (isoDate) => reader.date(isoDate) };
}
