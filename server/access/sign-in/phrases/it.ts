// The sign-in link's e-mail and page in Italian: `SignInPhrases` (index.ts) holds it to every key.
import type { SignInPhrases } from "./index.ts";

export const it: SignInPhrases = {
  subject: (account) => `Accesso a ${account}`,
  body: (account) => `Ecco il link per accedere a ${account}. Funziona una sola volta e scade tra 15 minuti.`,
  linkLabel: "Accedi:",
  ignore: "Se non ha richiesto l’accesso, ignori questa e-mail: senza il link non succede nulla.",
  title: "Accedi",
  confirm: (email) => `Prosegua per accedere come ${email}.`,
  button: "Accedi",
  spent: "Questo link di accesso è scaduto o è già stato usato.",
  again: "Richiedi un nuovo link",
};
