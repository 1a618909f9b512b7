// The sign-in link's e-mail and page in Dutch: `SignInPhrases` (index.ts) holds it to every key.
import type { SignInPhrases } from "./index.ts";

export const nl: SignInPhrases = {
  subject: (account) => `Inloggen bij ${account}`,
  body: (account) => `Hier is uw link om in te loggen bij ${account}. Hij werkt één keer en verloopt na 15 minuten.`,
  linkLabel: "Inloggen:",
  ignore: "Heeft u niet gevraagd om in te loggen? Negeer dan deze e-mail: zonder de link gebeurt er niets.",
  title: "Inloggen",
  confirm: (email) => `Ga verder om in te loggen als ${email}.`,
  button: "Inloggen",
  spent: "Deze inloglink is verlopen of al gebruikt.",
  again: "Vraag een nieuwe link aan",
};
