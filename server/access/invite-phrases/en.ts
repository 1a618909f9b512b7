// The invitation e-mail in English: `InvitePhrases` (index.ts) holds it to every key.
import type { InvitePhrases } from "./index.ts";

export const en: InvitePhrases = {
  subject: (account) => `You are invited to ${account}`,
  body: (account, as, until) => `You are invited to join ${account} as ${as}. Sign in and accept through the link below; it works once, until ${until}.`,
  roles: { owner: "an owner", admin: "an admin", member: "a member" },
  linkLabel: "Accept the invitation:",
  ignore: "If you did not expect this invitation, ignore this e-mail: nothing happens without the link.",
};
