// The service's e-mails in Italian: `MailPhrases` (index.ts) holds it to every key.
import type { MailPhrases } from "./index.ts";

export const it: MailPhrases = {
  ours: { invoice: "la nostra fattura", credit_note: "la nostra nota di credito", quote: "il nostro preventivo", purchase_order: "il nostro ordine d’acquisto" },
  greeting: (name) => `Gentile ${name},`,
  subject: (title, number, from) => `${title} ${number} da ${from}`,
  sent: ({ ours, number, amount, due }) => `Le inviamo ${ours} ${number} di ${amount}${due ? `, con scadenza il ${due}` : ""}.`,
  reminderSubject: (title, number, due, overdue) => (overdue ? `Sollecito: ${title} ${number} scaduta il ${due}` : `Promemoria: ${title} ${number} in scadenza il ${due}`),
  dueSoon: ({ ours, number, amount, due }) => `Le ricordiamo che ${ours} ${number} di ${amount} scade il ${due}.`,
  overdue: ({ ours, number, amount, due }) =>
    `Dai nostri registri risulta che ${ours} ${number} di ${amount}, scaduta il ${due}, non è ancora stata pagata. Se ha già provveduto al pagamento, La preghiamo di ignorare questo messaggio.`,
  viewOnline: "Visualizza e scarica online:",
  closing: "Cordiali saluti,",
};
