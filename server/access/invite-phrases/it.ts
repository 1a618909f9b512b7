// The invitation e-mail in Italian: `InvitePhrases` (index.ts) holds it to every key.
import type { InvitePhrases } from "./index.ts";

export const it: InvitePhrases = {
  subject: (account) => `Invito a ${account}`,
  body: (account, as, until) => `Sei invitato a unirti a ${account} come ${as}. Accedi e accetta tramite il link qui sotto; funziona una sola volta, fino al ${until}.`,
  roles: { owner: "proprietario", admin: "amministratore", member: "membro" },
  linkLabel: "Accetta l’invito:",
  ignore: "Se non aspettavi questo invito, ignora questa e-mail: senza il link non succede nulla.",
};
