// The sign-in link's e-mail and page in French: `SignInPhrases` (index.ts) holds it to every key.
import type { SignInPhrases } from "./index.ts";

export const fr: SignInPhrases = {
  subject: (account) => `Connexion à ${account}`,
  body: (account) => `Voici votre lien pour vous connecter à ${account}. Il ne fonctionne qu’une fois et expire dans 15 minutes.`,
  linkLabel: "Se connecter :",
  ignore: "Si vous n’avez pas demandé à vous connecter, ignorez cet e-mail : rien ne se passe sans le lien.",
  title: "Connexion",
  confirm: (email) => `Continuez pour vous connecter en tant que ${email}.`,
  button: "Se connecter",
  spent: "Ce lien de connexion a expiré ou a déjà été utilisé.",
  again: "Demander un nouveau lien",
};
