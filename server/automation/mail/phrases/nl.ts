// The service's e-mails in Dutch: `MailPhrases` (index.ts) holds it to every key.
import type { MailPhrases } from "./index.ts";

export const nl: MailPhrases = {
  ours: { invoice: "onze factuur", credit_note: "onze creditnota", quote: "onze offerte", purchase_order: "onze inkooporder" },
  greeting: (name) => `Beste ${name},`,
  subject: (title, number, from) => `${title} ${number} van ${from}`,
  sent: ({ ours, number, amount, due }) => `Hierbij ontvangt u ${ours} ${number} van ${amount}${due ? `, te betalen uiterlijk ${due}` : ""}.`,
  reminderSubject: (title, number, due, overdue) => (overdue ? `Betalingsherinnering: ${title} ${number}, vervallen op ${due}` : `Herinnering: ${title} ${number} vervalt op ${due}`),
  dueSoon: ({ ours, number, amount, due }) => `Graag herinneren wij u eraan dat ${ours} ${number} van ${amount} op ${due} vervalt.`,
  overdue: ({ ours, number, amount, due }) =>
    `Volgens onze administratie is ${ours} ${number} van ${amount} op ${due} vervallen en nog niet betaald. Heeft u inmiddels betaald, dan kunt u dit bericht als niet verzonden beschouwen.`,
  viewOnline: "Online bekijken en downloaden:",
  closing: "Met vriendelijke groet,",
};
