// The sign-in link's e-mail and page in Spanish: `SignInPhrases` (index.ts) holds it to every key.
import type { SignInPhrases } from "./index.ts";

export const es: SignInPhrases = {
  subject: (account) => `Iniciar sesión en ${account}`,
  body: (account) => `Este es su enlace para iniciar sesión en ${account}. Solo funciona una vez y caduca en 15 minutos.`,
  linkLabel: "Iniciar sesión:",
  ignore: "Si no ha solicitado iniciar sesión, ignore este correo: sin el enlace no ocurre nada.",
  title: "Iniciar sesión",
  confirm: (email) => `Continúe para iniciar sesión como ${email}.`,
  button: "Iniciar sesión",
  spent: "Este enlace de inicio de sesión ha caducado o ya se ha utilizado.",
  again: "Solicitar un enlace nuevo",
};
