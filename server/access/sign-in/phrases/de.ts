// The sign-in link's e-mail and page in German: `SignInPhrases` (index.ts) holds it to every key.
import type { SignInPhrases } from "./index.ts";

export const de: SignInPhrases = {
  subject: (account) => `Anmeldung bei ${account}`,
  body: (account) => `Hier ist Ihr Link zur Anmeldung bei ${account}. Er funktioniert einmal und läuft nach 15 Minuten ab.`,
  linkLabel: "Anmelden:",
  ignore: "Falls Sie keine Anmeldung angefordert haben, ignorieren Sie diese E-Mail: Ohne den Link geschieht nichts.",
  title: "Anmelden",
  confirm: (email) => `Weiter zur Anmeldung als ${email}.`,
  button: "Anmelden",
  spent: "Dieser Anmeldelink ist abgelaufen oder wurde bereits verwendet.",
  again: "Neuen Link anfordern",
};
