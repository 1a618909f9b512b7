// European Portuguese, like the labels (fatura, IVA, NIF): impersonal phrasing, no você.
import { isPayable, type InvoiceType } from "../../../server/domain/lifecycle.ts";
import { pt as labels } from "../../labels/pt.ts";
import { plural, stop } from "./grammar.ts";
import type { Count, DueAhead, SetGroup, SetOverdue, Standing, SummaryPhrases } from "./index.ts";

const { title } = labels;
const noun = (type: InvoiceType): string => title[type].toLowerCase();

// Fatura, nota de crédito and ordem de compra are feminine, orçamento masculine.
const MASCULINE: ReadonlySet<InvoiceType> = new Set(["quote"]);
/** The article, the participle's ending and the object pronoun all agree with the document: "a", "enviada", "já a consultou". */
const a = (type: InvoiceType): string => (MASCULINE.has(type) ? "o" : "a");
const the = (type: InvoiceType): string => `${a(type)} ${noun(type)}`;
const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const days = (count: Count): string => `${count.text} ${plural(count, { one: "dia", other: "dias" })}`;
const invoices = (count: Count): string => `${count.text} ${plural(count, { one: "fatura", other: "faturas" })}`;

function identity(type: InvoiceType, number: string | null, from: string, to: string, item: string | null, more: Count | null): string {
  const subject = number === null ? `O rascunho de ${noun(type)} de ${from} para ${to}` : `${capital(the(type))} ${number} de ${from} para ${to}`;
  if (item === null) return `${subject} ainda não tem linhas.`;
  const others = more ? ` e a mais ${more.text} ${plural(more, { one: "linha", other: "linhas" })}` : "";
  return `${subject} refere-se a «${item}»${others}.`;
}

// In Portugal a date takes "a": "vence a 1 de dezembro".
function dueAhead(type: InvoiceType, due: DueAhead): string {
  if (!isPayable(type)) return due.days ? `A data de vencimento é ${due.date}, daqui a ${days(due.days)}.` : `A data de vencimento é hoje, ${due.date}.`;
  return due.days ? `Vence a ${due.date}, daqui a ${days(due.days)}.` : `Vence hoje, ${due.date}.`;
}

function whereItStands(type: InvoiceType, standing: Standing): string {
  const agree = a(type);
  switch (standing.kind) {
    case "draft":
      return standing.finalized ? `Está finalizad${agree}, mas ainda não foi enviad${agree}.` : "Ainda é um rascunho.";
    case "review":
      return "Aguarda aprovação.";
    case "approved":
      return `Está aprovad${agree}, mas ainda não foi enviad${agree}.`;
    case "open": {
      const sent = `Foi enviad${agree}${standing.viewed ? ` e o destinatário já ${agree} consultou` : ""}.`;
      return standing.due ? `${sent} ${dueAhead(type, standing.due)}` : sent;
    }
    case "overdue":
      if (standing.due && standing.days) return `Venceu a ${standing.due} e tem ${days(standing.days)} de atraso.`;
      return standing.due ? `Está em atraso; a data de vencimento é ${standing.due}.` : "Está em atraso.";
    case "lapsed":
      return `Foi enviad${agree}, mas a data de vencimento (${standing.due}) já passou.`;
    case "paid":
      return type === "credit_note" ? `Está totalmente liquidad${agree}.` : `Está totalmente pag${agree}.`;
    case "void":
      return `Foi anulad${agree}.`;
  }
}

// Agreeing with "faturas": "1 paga", "2 pagas".
const GROUPS: Record<SetGroup, (count: Count) => string> = {
  draft: (count) => `${count.text} ${plural(count, { one: "rascunho", other: "rascunhos" })}`,
  review: (count) => `${count.text} a aguardar aprovação`,
  approved: (count) => `${count.text} ${plural(count, { one: "aprovada", other: "aprovadas" })}`,
  open: (count) => `${count.text} em aberto`,
  paid: (count) => `${count.text} ${plural(count, { one: "paga", other: "pagas" })}`,
  void: (count) => `${count.text} ${plural(count, { one: "anulada", other: "anuladas" })}`,
};
const ONLY: Record<SetGroup, [one: string, all: string]> = {
  draft: ["rascunho", "todas em rascunho"],
  review: ["a aguardar aprovação", "todas a aguardar aprovação"],
  approved: ["aprovada", "todas aprovadas"],
  open: ["em aberto", "todas em aberto"],
  paid: ["paga", "todas pagas"],
  void: ["anulada", "todas anuladas"],
};

function overdue(figures: SetOverdue): string {
  const { count, amount, oldest } = figures;
  if (count.value === 1) return `${count.text} em atraso no valor de ${amount}${oldest ? `, há ${days(oldest)}` : ""}`;
  return `${count.text} em atraso no valor total de ${amount}${oldest ? `, a mais antiga há ${days(oldest)}` : ""}`;
}

const toClient = (client: string | null): string => (client ? ` do cliente ${client}` : "");
const inParentheses = (groups: string | null): string => (groups ? ` (${groups})` : "");

export const pt: SummaryPhrases = {
  gap: " ",
  identity: ({ type, number, from, to, item, more }) => identity(type, number, from, to, item, more),
  total: ({ total, tax }) => (tax ? `O valor total é de ${total}, incluindo ${tax} de ${labels.tax}.` : `O valor total é de ${total}.`),
  standing: ({ type, standing }) => whereItStands(type, standing),
  // "Um montante de …" keeps the verb singular whatever the amount.
  partlyPaid: ({ paid, due }) => `Até agora foi pago um montante de ${paid}; falta pagar ${due}.`,
  next: ({ type, to, action }) => {
    switch (action) {
      case "finalize":
        return `Próximo passo: finalizar ${the(type)}.`;
      case "approve":
        return `Próximo passo: aprovar ${the(type)}.`;
      case "send":
        return stop(`Próximo passo: enviar ${the(type)} a ${to}`);
      case "await_payment":
        return type === "credit_note" ? `Próximo passo: aguardar a liquidação d${the(type)}.` : stop(`Próximo passo: aguardar o pagamento de ${to}`);
      case "await_response":
        return stop(`Próximo passo: aguardar a resposta de ${to}`);
      case "remind":
        return type === "invoice" ? stop(`Próximo passo: enviar um lembrete de pagamento a ${to}`) : stop(`Próximo passo: voltar a contactar ${to}`);
      case "none":
        return "Não é necessária mais nenhuma ação.";
    }
  },
  set: {
    none: (client) => `Nenhuma fatura${toClient(client)} corresponde aos critérios.`,
    group: (group, count) => GROUPS[group](count),
    only: (group, count) => ONLY[group][count.value === 1 ? 0 : 1],
    single: ({ count, client, groups, overdue: late, due }) => {
      const head = `${invoices(count)}${toClient(client)}${inParentheses(groups)}${late ? `, das quais ${overdue(late)}` : ""}`;
      return `${stop(head)} ${due ? `Falta receber ${due}.` : "Não há nada por receber."}`;
    },
    headline: ({ count, client, groups, currencies }) => `${invoices(count)}${toClient(client)} em ${currencies.text} moedas${inParentheses(groups)}.`,
    currency: ({ currency, count, overdue: late, due }) =>
      `${currency}: ${invoices(count)}, ${due ? `${due} por receber` : "nada por receber"}${late ? `; ${overdue(late)}` : ""}.`,
  },
};
