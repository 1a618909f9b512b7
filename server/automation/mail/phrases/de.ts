// The service's e-mails in German: `MailPhrases` (index.ts) holds it to every key.
import type { MailPhrases } from "./index.ts";

// German business letters go on in lower case after the comma of the greeting.
export const de: MailPhrases = {
  ours: { invoice: "unsere Rechnung", credit_note: "unsere Rechnungskorrektur", quote: "unser Angebot", purchase_order: "unsere Bestellung" },
  greeting: (name) => `Guten Tag ${name},`,
  subject: (title, number, from) => `${title} ${number} von ${from}`,
  sent: ({ ours, number, amount, due }) => `hiermit erhalten Sie ${ours} ${number} über ${amount}${due ? `, fällig am ${due}` : ""}.`,
  reminderSubject: (title, number, due, overdue) => (overdue ? `Zahlungserinnerung: ${title} ${number}, fällig seit ${due}` : `Erinnerung: ${title} ${number}, fällig am ${due}`),
  dueSoon: ({ ours, number, amount, due }) => `wir möchten Sie freundlich daran erinnern, dass ${ours} ${number} über ${amount} am ${due} fällig ist.`,
  overdue: ({ ours, number, amount, due }) =>
    `laut unseren Unterlagen ist ${ours} ${number} über ${amount} seit dem ${due} fällig und noch nicht beglichen. Sollten Sie bereits bezahlt haben, betrachten Sie diese Nachricht bitte als gegenstandslos.`,
  viewOnline: "Online ansehen und herunterladen:",
  closing: "Mit freundlichen Grüßen",
};
