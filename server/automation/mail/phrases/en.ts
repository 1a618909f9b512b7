// The service's e-mails in English: `MailPhrases` (index.ts) holds it to every key.
import type { MailPhrases } from "./index.ts";

export const en: MailPhrases = {
  ours: { invoice: "our invoice", credit_note: "our credit note", quote: "our quote", purchase_order: "our purchase order" },
  greeting: (name) => `Hello ${name},`,
  subject: (title, number, from) => `${title} ${number} from ${from}`,
  sent: ({ ours, number, amount, due }) => `Here is ${ours} ${number} for ${amount}${due ? `, due on ${due}` : ""}.`,
  reminderSubject: (title, number, due, overdue) => (overdue ? `Overdue: ${title} ${number} was due on ${due}` : `Reminder: ${title} ${number} is due on ${due}`),
  dueSoon: ({ ours, number, amount, due }) => `This is a friendly reminder that ${ours} ${number} for ${amount} is due on ${due}.`,
  overdue: ({ ours, number, amount, due }) =>
    `According to our records, ${ours} ${number} for ${amount} was due on ${due} and has not been paid yet. If you have already paid, please disregard this message.`,
  viewOnline: "View and download it online:",
  closing: "Kind regards,",
};
