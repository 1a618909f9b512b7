// The invitation e-mail in Dutch: `InvitePhrases` (index.ts) holds it to every key.
import type { InvitePhrases } from "./index.ts";

export const nl: InvitePhrases = {
  subject: (account) => `Uitnodiging voor ${account}`,
  body: (account, as, until) => `U bent uitgenodigd om lid te worden van ${account} als ${as}. Meld u aan en accepteer via de link hieronder; die werkt één keer, tot ${until}.`,
  roles: { owner: "eigenaar", admin: "beheerder", member: "lid" },
  linkLabel: "Uitnodiging accepteren:",
  ignore: "Als u deze uitnodiging niet verwachtte, negeer dan deze e-mail: zonder de link gebeurt er niets.",
};
