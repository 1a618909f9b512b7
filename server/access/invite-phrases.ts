// The words of the invitation e-mail, in the eight languages the labels speak (the inviting account
// profile's language, as the sign-in link's e-mail). `InvitePhrases` is the key set, so a language
// that misses a sentence fails tsc.
import { readerFor } from "../../render/summary/invoice.ts";
import type { Role } from "../domain/access.ts";

export type InvitePhrases = {
  subject(account: string): string;
  /** `as` is the role with its article ("an admin"), `until` the last day, formatted. */
  body(account: string, as: string, until: string): string;
  roles: Record<Role, string>;
  linkLabel: string;
  ignore: string;
};

const en: InvitePhrases = {
  subject: (account) => `You are invited to ${account}`,
  body: (account, as, until) => `You are invited to join ${account} as ${as}. Sign in and accept through the link below; it works once, until ${until}.`,
  roles: { owner: "an owner", admin: "an admin", member: "a member" },
  linkLabel: "Accept the invitation:",
  ignore: "If you did not expect this invitation, ignore this e-mail: nothing happens without the link.",
};

const de: InvitePhrases = {
  subject: (account) => `Einladung zu ${account}`,
  body: (account, as, until) => `Sie sind eingeladen, ${account} als ${as} beizutreten. Melden Sie sich an und nehmen Sie die Einladung über den Link unten an; er funktioniert einmal, bis zum ${until}.`,
  roles: { owner: "Inhaber", admin: "Administrator", member: "Mitglied" },
  linkLabel: "Einladung annehmen:",
  ignore: "Falls Sie diese Einladung nicht erwartet haben, ignorieren Sie diese E-Mail: Ohne den Link geschieht nichts.",
};

const fr: InvitePhrases = {
  subject: (account) => `Invitation à rejoindre ${account}`,
  body: (account, as, until) => `Vous êtes invité à rejoindre ${account} en tant que ${as}. Connectez-vous et acceptez par le lien ci-dessous ; il ne fonctionne qu’une fois, jusqu’au ${until}.`,
  roles: { owner: "propriétaire", admin: "administrateur", member: "membre" },
  linkLabel: "Accepter l’invitation :",
  ignore: "Si vous n’attendiez pas cette invitation, ignorez cet e-mail : rien ne se passe sans le lien.",
};

const es: InvitePhrases = {
  subject: (account) => `Invitación a ${account}`,
  body: (account, as, until) => `Le invitan a unirse a ${account} como ${as}. Inicie sesión y acepte con el enlace de abajo; solo funciona una vez, hasta el ${until}.`,
  roles: { owner: "propietario", admin: "administrador", member: "miembro" },
  linkLabel: "Aceptar la invitación:",
  ignore: "Si no esperaba esta invitación, ignore este correo: sin el enlace no ocurre nada.",
};

const it: InvitePhrases = {
  subject: (account) => `Invito a ${account}`,
  body: (account, as, until) => `Sei invitato a unirti a ${account} come ${as}. Accedi e accetta tramite il link qui sotto; funziona una sola volta, fino al ${until}.`,
  roles: { owner: "proprietario", admin: "amministratore", member: "membro" },
  linkLabel: "Accetta l’invito:",
  ignore: "Se non aspettavi questo invito, ignora questa e-mail: senza il link non succede nulla.",
};

const nl: InvitePhrases = {
  subject: (account) => `Uitnodiging voor ${account}`,
  body: (account, as, until) => `U bent uitgenodigd om lid te worden van ${account} als ${as}. Meld u aan en accepteer via de link hieronder; die werkt één keer, tot ${until}.`,
  roles: { owner: "eigenaar", admin: "beheerder", member: "lid" },
  linkLabel: "Uitnodiging accepteren:",
  ignore: "Als u deze uitnodiging niet verwachtte, negeer dan deze e-mail: zonder de link gebeurt er niets.",
};

const pt: InvitePhrases = {
  subject: (account) => `Convite para ${account}`,
  body: (account, as, until) => `Foi convidado a juntar-se a ${account} como ${as}. Inicie sessão e aceite através da ligação abaixo; funciona uma única vez, até ${until}.`,
  roles: { owner: "proprietário", admin: "administrador", member: "membro" },
  linkLabel: "Aceitar o convite:",
  ignore: "Se não esperava este convite, ignore este e-mail: sem a ligação nada acontece.",
};

const ja: InvitePhrases = {
  subject: (account) => `${account} への招待`,
  body: (account, as, until) => `${account} に${as}として招待されました。サインインして下のリンクから承認してください。リンクは1回のみ、${until}まで有効です。`,
  roles: { owner: "オーナー", admin: "管理者", member: "メンバー" },
  linkLabel: "招待を承認する：",
  ignore: "お心当たりのない場合は、このメールを破棄してください。リンクを開かない限り何も起こりません。",
};

const INVITE_PHRASES = { en, de, fr, es, it, nl, pt, ja } satisfies Record<string, InvitePhrases>;

/** The phrases, language and a date formatter for a locale (English when it is none of the eight). */
export function invitePhrases(tag: string | null): { language: string; phrases: InvitePhrases; date(isoDate: string): string } {
  const reader = readerFor(tag ?? "en", tag ?? "en");
  return { language: reader.language, phrases: INVITE_PHRASES[reader.language], date: (isoDate) => reader.date(isoDate) };
}
