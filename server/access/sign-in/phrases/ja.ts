// The sign-in link's e-mail and page in Japanese: `SignInPhrases` (index.ts) holds it to every key.
import type { SignInPhrases } from "./index.ts";

export const ja: SignInPhrases = {
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
