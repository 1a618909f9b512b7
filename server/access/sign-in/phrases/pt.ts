// The sign-in link's e-mail and page in Portuguese: `SignInPhrases` (index.ts) holds it to every key.
import type { SignInPhrases } from "./index.ts";

// European Portuguese, like the labels and the invoice mail (ligação, iniciar sessão).
export const pt: SignInPhrases = {
  subject: (account) => `Iniciar sessão em ${account}`,
  body: (account) => `Eis a sua ligação para iniciar sessão em ${account}. Funciona uma única vez e expira ao fim de 15 minutos.`,
  linkLabel: "Iniciar sessão:",
  ignore: "Se não pediu para iniciar sessão, ignore este e-mail: sem a ligação nada acontece.",
  title: "Iniciar sessão",
  confirm: (email) => `Continue para iniciar sessão como ${email}.`,
  button: "Iniciar sessão",
  spent: "Esta ligação de início de sessão expirou ou já foi utilizada.",
  again: "Pedir uma nova ligação",
};
