// The invitation e-mail in Portuguese: `InvitePhrases` (index.ts) holds it to every key.
import type { InvitePhrases } from "./index.ts";

export const pt: InvitePhrases = {
  subject: (account) => `Convite para ${account}`,
  body: (account, as, until) => `Foi convidado a juntar-se a ${account} como ${as}. Inicie sessão e aceite através da ligação abaixo; funciona uma única vez, até ${until}.`,
  roles: { owner: "proprietário", admin: "administrador", member: "membro" },
  linkLabel: "Aceitar o convite:",
  ignore: "Se não esperava este convite, ignore este e-mail: sem a ligação nada acontece.",
};
