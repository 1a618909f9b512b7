// The service's e-mails in French: `MailPhrases` (index.ts) holds it to every key.
import type { MailPhrases } from "./index.ts";

export const fr: MailPhrases = {
  ours: { invoice: "notre facture", credit_note: "notre avoir", quote: "notre devis", purchase_order: "notre bon de commande" },
  greeting: (name) => `Bonjour ${name},`,
  subject: (title, number, from) => `${title} ${number} de ${from}`,
  sent: ({ ours, number, amount, due }) => `Voici ${ours} ${number} d’un montant de ${amount}${due ? `, à régler au plus tard le ${due}` : ""}.`,
  reminderSubject: (title, number, due, overdue) => (overdue ? `Relance : ${title} ${number}, échéance du ${due} dépassée` : `Rappel : ${title} ${number}, échéance le ${due}`),
  dueSoon: ({ ours, number, amount, due }) => `Nous vous rappelons que ${ours} ${number} d’un montant de ${amount} arrive à échéance le ${due}.`,
  overdue: ({ ours, number, amount, due }) =>
    `Sauf erreur de notre part, ${ours} ${number} d’un montant de ${amount}, échue le ${due}, reste impayée. Si vous avez déjà effectué le règlement, merci de ne pas tenir compte de ce message.`,
  viewOnline: "Consulter et télécharger en ligne :",
  closing: "Cordialement,",
};
