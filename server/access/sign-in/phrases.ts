// The words of the sign-in link, in the eight languages the labels speak: the e-mail (in the account
// profile's language) and the confirmation page (in the browser's). `SignInPhrases` is the key set,
// so a language that misses a sentence fails tsc.
import { readerFor } from "../../../render/summary/invoice.ts";

export type SignInPhrases = {
  subject(account: string): string;
  /** What the link is for and how long it works (LINK_MINUTES). */
  body(account: string): string;
  linkLabel: string;
  /** For someone who did not ask: nothing happens without the link. */
  ignore: string;
  title: string;
  confirm(email: string): string;
  button: string;
  spent: string;
  again: string;
};

const en: SignInPhrases = {
  subject: (account) => `Sign in to ${account}`,
  body: (account) => `Here is your link to sign in to ${account}. It works once and expires in 15 minutes.`,
  linkLabel: "Sign in:",
  ignore: "If you did not ask to sign in, ignore this e-mail: nothing happens without the link.",
  title: "Sign in",
  confirm: (email) => `Continue to sign in as ${email}.`,
  button: "Sign in",
  spent: "This sign-in link has expired or was already used.",
  again: "Ask for a new link",
};

const de: SignInPhrases = {
  subject: (account) => `Anmeldung bei ${account}`,
  body: (account) => `Hier ist Ihr Link zur Anmeldung bei ${account}. Er funktioniert einmal und läuft nach 15 Minuten ab.`,
  linkLabel: "Anmelden:",
  ignore: "Falls Sie keine Anmeldung angefordert haben, ignorieren Sie diese E-Mail: Ohne den Link geschieht nichts.",
  title: "Anmelden",
  confirm: (email) => `Weiter zur Anmeldung als ${email}.`,
  button: "Anmelden",
  spent: "Dieser Anmeldelink ist abgelaufen oder wurde bereits verwendet.",
  again: "Neuen Link anfordern",
};

const fr: SignInPhrases = {
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

const es: SignInPhrases = {
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

const it: SignInPhrases = {
  subject: (account) => `Accesso a ${account}`,
  body: (account) => `Ecco il link per accedere a ${account}. Funziona una sola volta e scade tra 15 minuti.`,
  linkLabel: "Accedi:",
  ignore: "Se non ha richiesto l’accesso, ignori questa e-mail: senza il link non succede nulla.",
  title: "Accedi",
  confirm: (email) => `Prosegua per accedere come ${email}.`,
  button: "Accedi",
  spent: "Questo link di accesso è scaduto o è già stato usato.",
  again: "Richiedi un nuovo link",
};

const nl: SignInPhrases = {
  subject: (account) => `Inloggen bij ${account}`,
  body: (account) => `Hier is uw link om in te loggen bij ${account}. Hij werkt één keer en verloopt na 15 minuten.`,
  linkLabel: "Inloggen:",
  ignore: "Heeft u niet gevraagd om in te loggen? Negeer dan deze e-mail: zonder de link gebeurt er niets.",
  title: "Inloggen",
  confirm: (email) => `Ga verder om in te loggen als ${email}.`,
  button: "Inloggen",
  spent: "Deze inloglink is verlopen of al gebruikt.",
  again: "Vraag een nieuwe link aan",
};

// European Portuguese, like the labels and the invoice mail (ligação, iniciar sessão).
const pt: SignInPhrases = {
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

const ja: SignInPhrases = {
  subject: (account) => `${account} へのサインイン`,
  body: (account) => `${account} にサインインするためのリンクです。1回のみ有効で、15分後に失効します。`,
  linkLabel: "サインイン：",
  ignore: "お心当たりのない場合は、このメールを破棄してください。リンクを開かない限り何も起こりません。",
  title: "サインイン",
  confirm: (email) => `${email} としてサインインします。`,
  button: "サインイン",
  spent: "このサインインリンクは期限切れか、すでに使用されています。",
  again: "新しいリンクを請求する",
};

const SIGN_IN_PHRASES = { en, de, fr, es, it, nl, pt, ja } satisfies Record<string, SignInPhrases>;

/** The languages the sign-in pages and mail speak. */
export const SIGN_IN_LANGUAGES = Object.keys(SIGN_IN_PHRASES) as Array<keyof typeof SIGN_IN_PHRASES>;

/** The phrases and language for a locale or language tag (English when it is none of the eight). */
export function signInPhrases(tag: string | null): { language: string; phrases: SignInPhrases } {
  const { language } = readerFor(tag ?? "en", tag ?? "en");
  return { language, phrases: SIGN_IN_PHRASES[language] };
}
