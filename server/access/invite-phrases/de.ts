// The invitation e-mail in German: `InvitePhrases` (index.ts) holds it to every key.
import type { InvitePhrases } from "./index.ts";

export const de: InvitePhrases = {
  subject: (account) => `Einladung zu ${account}`,
  body: (account, as, until) => `Sie sind eingeladen, ${account} als ${as} beizutreten. Melden Sie sich an und nehmen Sie die Einladung über den Link unten an; er funktioniert einmal, bis zum ${until}.`,
  roles: { owner: "Inhaber", admin: "Administrator", member: "Mitglied" },
  linkLabel: "Einladung annehmen:",
  ignore: "Falls Sie diese Einladung nicht erwartet haben, ignorieren Sie diese E-Mail: Ohne den Link geschieht nichts.",
};
