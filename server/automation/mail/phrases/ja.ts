// The service's e-mails in Japanese: `MailPhrases` (index.ts) holds it to every key.
import type { MailPhrases } from "./index.ts";

export const ja: MailPhrases = {
  ours: { invoice: "請求書", credit_note: "訂正請求書", quote: "見積書", purchase_order: "注文書" },
  greeting: (name) => `${name} 様`,
  subject: (title, number, from) => `【${from}】${title}（${number}）のご送付`,
  sent: ({ ours, number, amount, due }) => `${ours}（${number}）をお送りいたします。金額：${amount}${due ? `、お支払期限：${due}` : ""}。`,
  reminderSubject: (title, number, due, overdue) => (overdue ? `【お支払いのお願い】${title}（${number}）期限：${due}` : `【お支払期限のお知らせ】${title}（${number}）期限：${due}`),
  dueSoon: ({ ours, number, amount, due }) => `${ours}（${number}、金額：${amount}）のお支払期限は${due}です。`,
  overdue: ({ ours, number, amount, due }) =>
    `${ours}（${number}、金額：${amount}）のお支払期限（${due}）を過ぎておりますが、まだご入金を確認できておりません。すでにお支払い済みの場合は、本メールを破棄してください。`,
  viewOnline: "オンラインで表示・ダウンロード：",
  closing: "よろしくお願いいたします。",
};
