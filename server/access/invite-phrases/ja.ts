// The invitation e-mail in Japanese: `InvitePhrases` (index.ts) holds it to every key.
import type { InvitePhrases } from "./index.ts";

export const ja: InvitePhrases = {
  subject: (account) => `${account} への招待`,
  body: (account, as, until) => `${account} に${as}として招待されました。サインインして下のリンクから承認してください。リンクは1回のみ、${until}まで有効です。`,
  roles: { owner: "オーナー", admin: "管理者", member: "メンバー" },
  linkLabel: "招待を承認する：",
  ignore: "お心当たりのない場合は、このメールを破棄してください。リンクを開かない限り何も起こりません。",
};
