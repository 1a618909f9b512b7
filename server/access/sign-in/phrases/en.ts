// The sign-in link's e-mail and page in English: `SignInPhrases` (index.ts) holds it to every key.
import type { SignInPhrases } from "./index.ts";

export const en: SignInPhrases = {
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
