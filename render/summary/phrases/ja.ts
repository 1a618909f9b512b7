// Japanese in です・ます: no spaces between sentences, counts with 件 and 日 (Japanese has no plural
// forms), quoted text in 「」, and "次は…" for what to do next.
import { isPayable, type InvoiceType } from "../../../server/domain/lifecycle.ts";
import { ja as labels } from "../../labels/ja.ts";
import type { Count, DueAhead, SetGroup, SetOverdue, Standing, SummaryPhrases } from "./index.ts";

const { title } = labels;

function identity(type: InvoiceType, number: string | null, from: string, to: string, item: string | null, more: Count | null): string {
  const subject = `${from}から${to}宛ての${title[type]}${number === null ? `の${labels.draft}` : `（${number}）`}`;
  if (item === null) return `${subject}で、明細はまだありません。`;
  return `${subject}で、内容は「${item}」${more ? `ほか${more.text}件` : ""}です。`;
}

/** Invoices and credit notes have a payment date (the label's 支払期日); quotes and orders just a date. */
function dueAhead(type: InvoiceType, due: DueAhead): string {
  const word = isPayable(type) ? labels.dueDate : "期日";
  return due.days ? `${word}は${due.date}（あと${due.days.text}日）です。` : `本日${due.date}が${word}です。`;
}

function whereItStands(type: InvoiceType, standing: Standing): string {
  switch (standing.kind) {
    case "draft":
      return standing.finalized ? "確定済みですが、まだ送付していません。" : "まだ下書きの段階です。";
    case "review":
      return "承認待ちです。";
    case "approved":
      return "承認済みですが、まだ送付していません。";
    case "open": {
      const sent = standing.viewed ? "送付済みで、先方が閲覧済みです。" : "送付済みです。";
      return standing.due ? `${sent}${dueAhead(type, standing.due)}` : sent;
    }
    case "overdue":
      if (standing.due && standing.days) return `${labels.dueDate}（${standing.due}）を${standing.days.text}日過ぎています。`;
      return standing.due ? `支払期限を過ぎています（${labels.dueDate}：${standing.due}）。` : "支払期限を過ぎています。";
    case "lapsed":
      return `送付済みですが、期日（${standing.due}）を過ぎています。`;
    case "paid":
      return type === "credit_note" ? "全額精算済みです。" : "全額入金済みです。";
    case "void":
      return "取り消し済みです。";
  }
}

const GROUP_NAMES: Record<SetGroup, string> = {
  draft: "下書き",
  review: "承認待ち",
  approved: "承認済み",
  open: "未入金",
  paid: "入金済み",
  void: "取消済み",
};

function overdue(figures: SetOverdue): string {
  const { count, amount, oldest } = figures;
  if (count.value === 1) return `うち1件（${amount}）が${labels.dueDate}を${oldest ? `${oldest.text}日` : ""}過ぎています。`;
  const since = oldest ? `過ぎており、最も古いものは${oldest.text}日超過しています` : "過ぎています";
  return `うち${count.text}件（計${amount}）が${labels.dueDate}を${since}。`;
}

const toClient = (client: string | null): string => (client ? `${client}宛ての` : "");
const inParentheses = (groups: string | null): string => (groups ? `（${groups}）` : "");

export const ja: SummaryPhrases = {
  gap: "",
  identity: ({ type, number, from, to, item, more }) => identity(type, number, from, to, item, more),
  total: ({ total, tax }) => (tax ? `合計金額は${total}（うち${labels.tax}${tax}）です。` : `合計金額は${total}です。`),
  standing: ({ type, standing }) => whereItStands(type, standing),
  partlyPaid: ({ paid, due }) => `これまでに${paid}が支払われ、残額は${due}です。`,
  next: ({ type, to, action }) => {
    switch (action) {
      case "finalize":
        return "次は確定が必要です。";
      case "approve":
        return "次は承認が必要です。";
      case "send":
        return `次は${to}への送付が必要です。`;
      case "await_payment":
        return type === "credit_note" ? "現在は精算待ちです。" : `現在は${to}からの入金待ちです。`;
      case "await_response":
        return `現在は${to}からの回答待ちです。`;
      case "remind":
        return type === "invoice" ? `${to}へ支払いの督促をおすすめします。` : `${to}への確認をおすすめします。`;
      case "none":
        return "これ以上の対応は必要ありません。";
    }
  },
  set: {
    none: (client) => `${toClient(client)}該当する請求書はありません。`,
    group: (group, count) => `${GROUP_NAMES[group]}${count.text}件`,
    only: (group, count) => (count.value === 1 ? GROUP_NAMES[group] : `すべて${GROUP_NAMES[group]}`),
    single: ({ count, client, groups, overdue: late, due }) =>
      `${toClient(client)}請求書は${count.text}件${inParentheses(groups)}です。${late ? overdue(late) : ""}${due ? `未回収額は${due}です。` : "未回収額はありません。"}`,
    headline: ({ count, client, groups, currencies }) => `${toClient(client)}請求書は${count.text}件${inParentheses(groups)}で、${currencies.text}通貨にわたります。`,
    currency: ({ currency, count, overdue: late, due }) =>
      `${currency}建ては${count.text}件で、${due ? `未回収額は${due}です。` : "未回収額はありません。"}${late ? overdue(late) : ""}`,
  },
};
