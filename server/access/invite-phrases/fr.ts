// The invitation e-mail in French: `InvitePhrases` (index.ts) holds it to every key.
import type { InvitePhrases } from "./index.ts";

export const fr: InvitePhrases = {
  subject: (account) => `Invitation à rejoindre ${account}`,
  body: (account, as, until) => `Vous êtes invité à rejoindre ${account} en tant que ${as}. Connectez-vous et acceptez par le lien ci-dessous ; il ne fonctionne qu’une fois, jusqu’au ${until}.`,
  roles: { owner: "propriétaire", admin: "administrateur", member: "membre" },
  linkLabel: "Accepter l’invitation :",
  ignore: "Si vous n’attendiez pas cette invitation, ignorez cet e-mail : rien ne se passe sans le lien.",
};
