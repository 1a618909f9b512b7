// The service's e-mails in Portuguese: `MailPhrases` (index.ts) holds it to every key.
import type { MailPhrases } from "./index.ts";

// European Portuguese, like the labels and the summaries (fatura, descarregar).
export const pt: MailPhrases = {
  ours: { invoice: "a nossa fatura", credit_note: "a nossa nota de crédito", quote: "o nosso orçamento", purchase_order: "a nossa nota de encomenda" },
  greeting: (name) => `Caro(a) ${name},`,
  subject: (title, number, from) => `${title} ${number} de ${from}`,
  sent: ({ ours, number, amount, due }) => `Enviamos ${ours} ${number} no valor de ${amount}${due ? `, com vencimento a ${due}` : ""}.`,
  reminderSubject: (title, number, due, overdue) => (overdue ? `Pagamento em atraso: ${title} ${number}, vencida a ${due}` : `Lembrete: ${title} ${number} vence a ${due}`),
  dueSoon: ({ ours, number, amount, due }) => `Lembramos que ${ours} ${number} no valor de ${amount} vence a ${due}.`,
  overdue: ({ ours, number, amount, due }) =>
    `Segundo os nossos registos, ${ours} ${number} no valor de ${amount} venceu a ${due} e ainda não foi paga. Se já efetuou o pagamento, por favor ignore esta mensagem.`,
  viewOnline: "Ver e descarregar online:",
  closing: "Com os melhores cumprimentos,",
};
